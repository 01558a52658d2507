import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  type ApiLoginAnswer,
  type ApiMeAnswer,
  type ApiRegisterAnswer,
} from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { DEFAULT_RATE_RULES, PASSWORD_COST } from '../../src/server/config';
import { createTestApp, createTestDatabase, testConfig } from '../support/test-app';
import { storeTest } from '../support/store-test';
import { TEST_PASSWORD, registerUser } from '../support/users';

const clock = fixedClock('2026-11-23T23:00:00Z');
const t = storeTest({ clock });

const GUELPH = '50 Stone Rd E, Guelph, ON N1G 2W1';
let ipCounter = 0;
/** A fresh source address per call, so only the test about limits meets them. */
const freshIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function sidOf(response: { cookies: { name: string; value: string }[] }): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('no sid cookie');
  return `sid=${sid.value}`;
}

const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

/** Who /me says the cookie belongs to: a user id, or null for a guest. */
async function meUserId(cookie?: string): Promise<string | null> {
  const response = await me(cookie);
  expect(response.statusCode).toBe(200);
  return response.json<ApiMeAnswer>().user?._id ?? null;
}

const login = (email: string, password: string, remoteAddress = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password },
  });

const register = (payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload });

const countRows = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(sql, params))[0]?.n;

describe('register, sessions and me', () => {
  it('registers, sets an HttpOnly session cookie and restores the user with /me', async () => {
    const response = await register({
      name: 'Ada',
      email: 'Ada.Lovelace@Example.com',
      password: 'analytical engine',
      contacts: [{ phone: '519-555-0100', address: GUELPH, isDefault: true }],
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json<ApiRegisterAnswer>();
    expect(Object.keys(answer).sort()).toEqual(['message', 'user']);
    expect(answer.message).toBe('Registration Successful');
    const { user } = answer;
    expect(Object.keys(user).sort()).toEqual(['_id', 'contacts', 'email', 'name']);
    expect(user).toMatchObject({ name: 'Ada', email: 'Ada.Lovelace@Example.com' });
    expect(user.contacts).toEqual([
      {
        _id: expect.any(String) as unknown,
        phone: '519-555-0100',
        address: GUELPH,
        isDefault: true,
      },
    ]);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const restored = await me(sidOf(response));
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ user });

    const stored = await t.db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [user._id],
    );
    expect(stored[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(stored[0]?.password_hash).not.toContain('analytical engine');
  });

  it('answers /me without a session (or with a made-up one) with 200 and no user: a guest is no error', async () => {
    const anonymous = await me();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const madeUp = await me('sid=not-a-real-token');
    expect(madeUp.statusCode).toBe(200);
    expect(madeUp.json()).toEqual({ user: null });
  });

  it('refuses a duplicate email in any letter case with 409', async () => {
    const { user } = await registerUser(t.app, { email: 'dup@example.com' });
    const response = await register({
      name: 'Other',
      email: 'DUP@Example.COM',
      password: 'long enough',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'email_taken',
      message: 'An account with this email already exists.',
    });
    expect(
      await countRows('select count(*)::int as n from users where lower(email) = $1', [
        'dup@example.com',
      ]),
    ).toBe(1);
    expect(user.email).toBe('dup@example.com');
  });

  it('does not store a blank contact entry', async () => {
    const response = await register({
      name: 'Blank',
      email: 'blank@example.com',
      password: 'long enough',
      contacts: [{ phone: '', address: '  ', isDefault: true }],
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json<ApiRegisterAnswer>();
    expect(user.contacts).toEqual([]);
    expect(
      await countRows('select count(*)::int as n from contacts where user_id = $1', [user._id]),
    ).toBe(0);
  });

  it.each([
    [{ phone: '519-555-0100', address: '' }, 'Phone and address are required.'],
    [
      { phone: '519-555-0100', address: '1 Yonge St, Toronto, ON' },
      'Please enter a valid address within Guelph, Ontario.',
    ],
    [{ phone: 'call me', address: GUELPH }, 'Please enter a valid phone number.'],
  ])('rejects an invalid contact %j with 400 and writes nothing', async (contact, message) => {
    const email = `invalid-${message.length}@example.com`;
    const response = await register({
      name: 'Invalid',
      email,
      password: 'long enough',
      contacts: [{ ...contact, isDefault: true }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'invalid_input', message });
    expect(await countRows('select count(*)::int as n from users where email = $1', [email])).toBe(
      0,
    );
  });

  it('explains a short password and a bad email', async () => {
    const short = await register({ name: 'S', email: 's@example.com', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Password must be at least 8 characters.' });
    const email = await register({ name: 'S', email: 'not-an-email', password: 'long enough' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ message: 'Please enter a valid email address.' });
  });
});

describe('login and logout', () => {
  it('signs in with any letter case of the email and answers the same 401 for every failure', async () => {
    const { user } = await registerUser(t.app, { email: 'grace@example.com' });

    const ok = await login('GRACE@example.com', TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ApiLoginAnswer>()).toEqual({ user });
    expect((await me(sidOf(ok))).json<ApiMeAnswer>()).toEqual({ user });

    const wrongPassword = await login('grace@example.com', 'not the password');
    const unknownEmail = await login('nobody@example.com', 'not the password');
    for (const failure of [wrongPassword, unknownEmail]) {
      expect(failure.statusCode).toBe(401);
      expect(failure.json()).toEqual({
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'Invalid email or password.',
      });
      expect(failure.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('logout deletes the session server-side: the old cookie no longer works', async () => {
    const { user, cookie } = await registerUser(t.app);
    expect(await meUserId(cookie)).toBe(user._id);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');

    // Replaying the old token (as a stolen copy would) fails: the session row is gone.
    expect(await meUserId(cookie)).toBeNull();
  });
});

describe('rate limits', () => {
  it('limits login attempts per account and address with 429 and Retry-After, and lets them through after the window', async () => {
    await registerUser(t.app, { email: 'limited@example.com' });
    const attacker = '203.0.113.66';
    const { limit, windowMs } = DEFAULT_RATE_RULES.loginAccountIp;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await login('limited@example.com', 'wrong password', attacker)).statusCode).toBe(401);
    }
    // Past the limit even the right password is refused from that address...
    const blocked = await login('LIMITED@example.com', TEST_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      code: 'rate_limited',
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    // ...while the owner, elsewhere, is not locked out by someone else's guesses.
    expect((await login('limited@example.com', TEST_PASSWORD)).statusCode).toBe(200);

    clock.advance(windowMs);
    expect((await login('limited@example.com', TEST_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('caps the attempts on one account from many addresses together', async () => {
    // The ceiling's default (hundreds) costs a password hash per attempt; the rule is the same
    // at any size, so this app holds a small one.
    const ceiling = { limit: 4, windowMs: DEFAULT_RATE_RULES.loginAccount.windowMs };
    const crowd = await createTestApp({
      clock,
      config: { rateRules: { ...DEFAULT_RATE_RULES, loginAccount: ceiling } },
    });
    try {
      await registerUser(crowd.app, { email: 'crowded@example.com' });
      const attempt = (password: string) =>
        crowd.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: freshIp(),
          payload: { email: 'crowded@example.com', password },
        });
      // Each address stays under its own limits; the account's ceiling still stops the crowd.
      for (let n = 0; n < ceiling.limit; n++) {
        expect((await attempt('wrong password')).statusCode).toBe(401);
      }
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      clock.advance(ceiling.windowMs);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await crowd.close();
    }
  }, 90_000);

  it('limits login attempts per IP across different accounts', async () => {
    const ip = '198.51.100.7';
    const { limit, windowMs } = DEFAULT_RATE_RULES.loginIp;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await login(`nobody-${attempt}@example.com`, 'whatever1', ip)).statusCode).toBe(401);
    }
    expect((await login('someone-else@example.com', 'whatever1', ip)).statusCode).toBe(429);
    clock.advance(windowMs);
    expect((await login('someone-else@example.com', 'whatever1', ip)).statusCode).toBe(401);
  });

  it('limits registrations per account email', async () => {
    const { limit } = DEFAULT_RATE_RULES.registerAccount;
    const payload = { name: 'R', email: 'racer@example.com', password: 'long enough' };
    const answers: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt++) {
      answers.push((await register(payload)).statusCode);
    }
    expect(answers).toEqual([201, ...Array<number>(limit - 1).fill(409), 429]);
  });
});

describe('session expiry', () => {
  it('ends a session after 30 days and sweeps it at the next sign-in', async () => {
    const email = `expiry-${Date.now()}@example.test`;
    const first = await register({ name: 'Expiry', email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(201);
    const oldCookie = sidOf(first);
    const userId = first.json<ApiRegisterAnswer>().user._id;
    const start = clock.now();
    try {
      clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
      expect(await meUserId(oldCookie)).toBeNull();
      const again = await login(email, TEST_PASSWORD);
      expect(again.statusCode).toBe(200);
      expect(
        await countRows('select count(*)::int as n from sessions where user_id = $1', [userId]),
      ).toBe(1);
      expect(await meUserId(sidOf(again))).toBe(userId);
    } finally {
      clock.set(start);
    }
  });
});

describe('password checks under load', () => {
  it('answers 503 busy with Retry-After once the queue of password checks is full, checking nothing more', async () => {
    const limits = { concurrency: 1, queue: 2, retryAfterSeconds: 2 };
    // A store's own hash cost: the queue fills only while a check takes its real time.
    const narrow = await createTestApp({
      clock,
      config: { passwordChecks: limits, passwordCost: PASSWORD_COST },
    });
    try {
      await registerUser(narrow.app, { email: 'queued@example.com' });
      const attempt = (password: string) =>
        narrow.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: freshIp(),
          payload: { email: 'queued@example.com', password },
        });
      // One hash running, two waiting, the rest refused at once.
      const answers = await Promise.all(Array.from({ length: 6 }, () => attempt('wrong password')));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([401, 401, 401, 503, 503, 503]);
      for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
        expect(refused.json()).toEqual({
          statusCode: 503,
          code: 'busy',
          message: ACCOUNT_MESSAGES.passwordChecksBusy,
        });
        expect(refused.headers['retry-after']).toBe('2');
        expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      }
      // Once the queue has drained, the owner signs in as usual.
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await narrow.close();
    }
  }, 90_000);
});

describe('device cookies: a crowd at the account ceiling does not lock out a browser that signed in before', () => {
  /** The `Cookie` header value of the device cookie an answer set (one `dev_` cookie). */
  function deviceCookieOf(response: {
    cookies: {
      name: string;
      value: string;
      path?: string;
      httpOnly?: boolean;
      sameSite?: string;
    }[];
  }): { header: string; name: string; value: string } {
    const found = response.cookies.filter((cookie) => cookie.name.startsWith('dev_'));
    expect(found).toHaveLength(1);
    const [cookie] = found;
    if (!cookie) throw new Error('no device cookie');
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    return { header: `${cookie.name}=${cookie.value}`, name: cookie.name, value: cookie.value };
  }

  // Small ceilings: the rule is the same at any size, and each attempt costs a password hash.
  const windowMs = DEFAULT_RATE_RULES.loginAccount.windowMs;
  const smallRules = {
    ...DEFAULT_RATE_RULES,
    loginAccount: { limit: 4, windowMs },
    loginDevice: { limit: 3, windowMs },
  };

  it('lets the device in past the ceiling, limits it on its own, and trusts no other cookie', async () => {
    const crowd = await createTestApp({ clock, config: { rateRules: smallRules } });
    const start = clock.now();
    try {
      const owner = 'owner@example.com';
      await registerUser(crowd.app, { email: owner });
      await registerUser(crowd.app, { email: 'other@example.com' });
      const attempt = (email: string, password: string, cookie?: string) =>
        crowd.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: freshIp(),
          headers: cookie ? { cookie } : {},
          payload: { email, password },
        });
      // Every attempt counts, successful or not: strangers guess until the ceiling answers.
      const fillCeiling = async () => {
        for (let n = 0; n <= smallRules.loginAccount.limit; n++) {
          const status = (await attempt(owner, 'wrong password')).statusCode;
          if (status === 429) break;
          expect(status).toBe(401);
        }
        expect((await attempt(owner, TEST_PASSWORD)).statusCode).toBe(429);
      };

      const signedIn = await attempt(owner, TEST_PASSWORD);
      expect(signedIn.statusCode).toBe(200);
      const device = deviceCookieOf(signedIn);
      // The name does not say whose account it is.
      expect(device.name).not.toMatch(/owner/i);
      const otherDevice = deviceCookieOf(await attempt('other@example.com', TEST_PASSWORD));
      expect(otherDevice.name).not.toBe(device.name);

      // The crowd reaches the ceiling: a stranger with the right password is refused...
      await fillCeiling();
      // ...the owner's browser, from any address, is not, and gets a fresh device cookie.
      const trusted = await attempt(owner, TEST_PASSWORD, device.header);
      expect(trusted.statusCode).toBe(200);
      deviceCookieOf(trusted);
      // A tampered cookie, or another account's signature under this account's name, is nothing.
      const tampered = `${device.name}=${device.value.slice(0, -2)}${device.value.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await attempt(owner, TEST_PASSWORD, tampered)).statusCode).toBe(429);
      const borrowed = `${device.name}=${otherDevice.value}`;
      expect((await attempt(owner, TEST_PASSWORD, borrowed)).statusCode).toBe(429);
      expect((await attempt(owner, TEST_PASSWORD, otherDevice.header)).statusCode).toBe(429);

      // The device has a limit of its own: guessing with it stops it too.
      for (let n = 0; n < smallRules.loginDevice.limit - 1; n++) {
        expect((await attempt(owner, 'wrong password', device.header)).statusCode).toBe(401);
      }
      expect((await attempt(owner, TEST_PASSWORD, device.header)).statusCode).toBe(429);

      // An expired device cookie is an unknown device again.
      clock.advance(181 * 24 * 60 * 60 * 1000);
      await fillCeiling();
      expect((await attempt(owner, TEST_PASSWORD, device.header)).statusCode).toBe(429);
    } finally {
      clock.set(start);
      await crowd.close();
    }
  }, 90_000);

  it("gives the owner a way back from the machine itself: a restart with ADMIN_PASSWORD, the devices' key kept", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'device-key-'));
    const database = await createTestDatabase();
    const admin = { email: 'boss@example.com', password: 'the owner password' };
    const config = testConfig({
      rateRules: smallRules,
      admin,
      secretFile: join(folder, 'session-secret'),
    });
    const start = clock.now();
    const started: { close: () => Promise<unknown> }[] = [];
    try {
      const boot = async () => {
        const app = await buildApp(config, { db: database.db, clock });
        started.push(app);
        await app.ready();
        return app;
      };
      let app = await boot();
      const attempt = (password: string, cookie?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: freshIp(),
          headers: cookie ? { cookie } : {},
          payload: { email: admin.email, password },
        });
      // Every attempt counts, successful or not: strangers guess until the ceiling answers.
      const fillCeiling = async () => {
        for (let n = 0; n <= smallRules.loginAccount.limit; n++) {
          const status = (await attempt('wrong password')).statusCode;
          if (status === 429) break;
          expect(status).toBe(401);
        }
        expect((await attempt(admin.password)).statusCode).toBe(429);
      };
      const laptop = deviceCookieOf(await attempt(admin.password)).header;
      await fillCeiling();

      // Restarting the server (with ADMIN_EMAIL/ADMIN_PASSWORD, which also resets the password)
      // starts every count afresh: the owner signs in from anywhere.
      await app.close();
      started.length = 0;
      app = await boot();
      expect((await attempt(admin.password)).statusCode).toBe(200);
      // The key stayed in the data folder: the laptop is still a known device after the restart.
      await fillCeiling();
      expect((await attempt(admin.password, laptop)).statusCode).toBe(200);
      expect((await readFile(join(folder, 'session-secret'), 'utf8')).trim().length).toBe(43);
    } finally {
      clock.set(start);
      for (const app of started) await app.close();
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
