import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWTPayload } from 'jose';
import { buildApp } from '../../src/server/app';
import { createTestApp, testConfig, type TestApp } from '../support/test-app';
import { TEST_GOOGLE_ISSUER, startJwksServer, type JwksServer } from '../support/jwks-server';
import type {
  ApiAccountExport,
  ApiMeAnswer,
  ApiOrder,
  ApiSocialLoginAnswer,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import type { AppConfig } from '../../src/server/config';
import { OPEN_TUESDAY, call, confirm, fillCart, placeOrder } from '../support/orders';
import { logIn, registerUser, TEST_PASSWORD } from '../support/users';

let keys: JwksServer;
let t: TestApp & { googleConfig: AppConfig['google'] };
beforeAll(async () => {
  keys = await startJwksServer();
  t = { ...(await createTestApp({ config: { google: keys.google } })), googleConfig: keys.google };
});

const sidCookie = (response: { cookies: { name: string; value: string }[] }) =>
  `sid=${response.cookies.find((c) => c.name === 'sid')?.value ?? ''}`;
afterAll(async () => {
  await t.close();
  await keys.close();
});

const socialLogin = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload });

const signInWithGoogle = async (claims: JWTPayload = {}) =>
  socialLogin({ credential: await keys.signIdToken(claims) });

describe('social login with a Google ID token', () => {
  it('creates the user from the token, sets the session cookie, and finds the same user next time', async () => {
    const claims = { sub: 'sub-new', email: 'New.Person@example.com', name: 'New Person' };
    const first = await signInWithGoogle(claims);
    expect(first.statusCode).toBe(200);
    const answer = first.json<ApiSocialLoginAnswer>();
    expect(Object.keys(answer).sort()).toEqual(['isNewUser', 'passwordRemoved', 'user']);
    expect(answer.isNewUser).toBe(true);
    const { user } = answer;
    expect(user).toEqual({
      _id: expect.any(String) as unknown,
      name: 'New Person',
      email: 'New.Person@example.com',
      contacts: [],
    });
    const sid = first.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `sid=${sid?.value ?? ''}` },
    });
    expect(me.json<ApiMeAnswer>()).toEqual({ user });

    const again = await signInWithGoogle(claims);
    expect(again.statusCode).toBe(200);
    expect(again.json<ApiSocialLoginAnswer>()).toEqual({
      isNewUser: false,
      passwordRemoved: false,
      user,
    });
    const rows = await t.db.query<{ n: number }>(
      'select count(*)::int as n from users where google_subject = $1',
      ['sub-new'],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('links to an existing account with the same email, removing a password nobody proved', async () => {
    // Someone registers the victim's address with a password of their own (registration proves
    // no email) and keeps the session it gave them.
    const attacker = await registerUser(t.app, { email: 'linked@example.com' });
    const me = async (cookie: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })
      ).json<ApiMeAnswer>().user?._id ?? null;
    expect(await me(attacker.cookie)).toBe(attacker.user._id);

    // The address's owner signs in with Google: Google proved the address, so the account is
    // theirs, and the password and sessions that came before are not.
    const response = await signInWithGoogle({ sub: 'sub-linked', email: 'LINKED@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiSocialLoginAnswer>()).toMatchObject({
      isNewUser: false,
      passwordRemoved: true,
      user: { _id: attacker.user._id },
    });
    const login = await logIn(t.app, { email: 'linked@example.com', password: TEST_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(await me(attacker.cookie)).toBeNull();
    const owner = `sid=${response.cookies.find((c) => c.name === 'sid')?.value ?? ''}`;
    expect(await me(owner)).toBe(attacker.user._id);

    // Signing in again with Google finds the link and removes nothing more.
    const again = await signInWithGoogle({ sub: 'sub-linked', email: 'linked@example.com' });
    expect(again.json<ApiSocialLoginAnswer>().passwordRemoved).toBe(false);
    expect(await me(owner)).toBe(attacker.user._id);
  });

  it('takes the name and mail choice from the proven side, as the export shows', async () => {
    // The unproven side picks a name the store's mails will greet, and turns the updates off.
    const planted = await registerUser(t.app, {
      email: 'named@example.com',
      name: 'Mallory Planted',
    });
    const off = await call(
      t.app,
      { id: planted.user._id, cookie: planted.cookie },
      'PUT',
      `/api/user/${planted.user._id}/mail-preferences`,
      { orderUpdates: false },
    );
    expect(off.statusCode, off.body).toBe(200);

    const response = await signInWithGoogle({
      sub: 'sub-named',
      email: 'named@example.com',
      name: 'Rightful Owner',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ApiSocialLoginAnswer>();
    expect(answer).toMatchObject({ passwordRemoved: true, user: { name: 'Rightful Owner' } });
    const owner = { id: planted.user._id, cookie: sidCookie(response) };
    const exported = await call(t.app, owner, 'GET', `/api/user/${owner.id}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<ApiAccountExport>().account).toMatchObject({
      name: 'Rightful Owner',
      order_update_mails: true,
    });
    expect(exported.body).not.toContain('Mallory');
  });

  it('gives a removed staff member no way back: neither the linked Google account nor the email', async () => {
    const admin = await registerUser(t.app);
    await t.db.query(`update users set role = 'admin' where id = $1`, [admin.user._id]);
    const member = await registerUser(t.app, { email: 'leaving.staff@example.com' });
    await t.db.query(`update users set role = 'staff' where id = $1`, [member.user._id]);
    // A staff member links Google and keeps the password (the admin made the account).
    const linked = await signInWithGoogle({ sub: 'sub-staff', email: 'leaving.staff@example.com' });
    expect(linked.json<ApiSocialLoginAnswer>()).toMatchObject({ passwordRemoved: false });

    const removed = await call(
      t.app,
      { id: admin.user._id, cookie: admin.cookie },
      'DELETE',
      `/api/staff/users/${member.user._id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    for (const sub of ['sub-staff', 'sub-staff-new']) {
      const again = await signInWithGoogle({ sub, email: 'leaving.staff@example.com' });
      expect(again.statusCode, `${sub}: ${again.body}`).toBe(401);
      expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    const [row] = await t.db.query(
      'select password_hash, google_subject from users where id = $1',
      [member.user._id],
    );
    expect(row).toEqual({ password_hash: null, google_subject: null });
  });

  it('removes the contacts and the cart the unproven registration saved, keeping its orders', async () => {
    // The store open, so the earlier registration can have placed an order.
    const shop = await createTestApp({
      clock: fixedClock(OPEN_TUESDAY),
      config: { google: t.googleConfig },
    });
    try {
      const planted = { phone: '519-555-0199', address: '1 Planted St, Guelph ON' };
      const registered = await registerUser(shop.app, {
        email: 'planted@example.com',
        contacts: [{ ...planted, isDefault: true }],
      });
      const account = { id: registered.user._id, cookie: registered.cookie };
      const order = await placeOrder(shop.app, account);
      // A cart left waiting, through Confirm Order, with the planted contact on it.
      await fillCart(shop.app, account, [{ name: 'Coke' }]);
      expect(
        (await confirm(shop.app, account, { deliveryType: 'delivery', contactInfo: planted }))
          .statusCode,
      ).toBe(200);
      const count = async (sql: string) =>
        (await shop.db.query<{ n: number }>(sql, [account.id]))[0]?.n;
      const activeCarts = `select count(*)::int as n from carts where user_id = $1 and status = 'active'`;
      const contacts = 'select count(*)::int as n from contacts where user_id = $1';
      expect([await count(activeCarts), await count(contacts)]).toEqual([1, 1]);

      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/social-login',
        payload: {
          credential: await keys.signIdToken({ sub: 'sub-planted', email: 'planted@example.com' }),
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<ApiSocialLoginAnswer>()).toMatchObject({
        passwordRemoved: true,
        user: { _id: account.id, contacts: [] },
      });
      expect([await count(activeCarts), await count(contacts)]).toEqual([0, 0]);
      expect(
        await count(
          `select count(*)::int as n from cart_items i join carts c on c.id = i.cart_id
            where c.user_id = $1 and c.status = 'active'`,
        ),
      ).toBe(0);
      // The order placed before stays, as the store's books, and the owner sees it.
      const owner = { id: account.id, cookie: sidCookie(response) };
      const orders = await call(shop.app, owner, 'GET', `/api/orders/${account.id}`);
      expect(orders.statusCode).toBe(200);
      expect(orders.json<ApiOrder[]>().map((listed) => listed._id)).toEqual([order._id]);
    } finally {
      await shop.close();
    }
  }, 60_000);

  it('ignores email and name in the body: the account comes from the token', async () => {
    const credential = await keys.signIdToken({ sub: 'sub-body', email: 'token@example.com' });
    const response = await socialLogin({
      credential,
      email: 'attacker-chosen@example.com',
      name: 'Someone Else',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiSocialLoginAnswer>().user.email).toBe('token@example.com');
    const chosen = await t.db.query('select 1 from users where email = $1', [
      'attacker-chosen@example.com',
    ]);
    expect(chosen).toHaveLength(0);
  });

  it('refuses the spec’s body of only email and name: that would let anyone sign in as anyone', async () => {
    const { user } = await registerUser(t.app, { email: 'victim@example.com' });
    const response = await socialLogin({ email: user.email, name: user.name });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalid_input',
      message: 'Google login failed.',
    });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each<[string, () => Promise<string>]>([
    ['a wrong audience', () => keys.signIdToken({ aud: 'someone-elses-client' })],
    ['a wrong issuer', () => keys.signIdToken({ iss: 'https://evil.example.com' })],
    ['an expired token', () => keys.signIdToken({ iat: now() - 7200, exp: now() - 3600 })],
    ['an unverified email', () => keys.signIdToken({ email_verified: false })],
    ['email_verified as a string', () => keys.signIdToken({ email_verified: 'true' })],
    ['no email', () => keys.signIdToken({ email: undefined })],
    [
      'a signature by another key',
      async () => keys.signIdToken({}, { key: await keys.foreignKey() }),
    ],
    [
      'another key under an unknown key id',
      async () => keys.signIdToken({}, { key: await keys.foreignKey(), kid: 'other' }),
    ],
    ['garbage', () => Promise.resolve('not.a.token')],
  ])('rejects %s with 401 and no session', async (_label, make) => {
    const response = await socialLogin({ credential: await make() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'google_login_failed',
      message: 'Google login failed.',
    });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('accepts the other configured issuer spelling', async () => {
    expect(testConfig().google.issuers).toContain('accounts.google.com');
    expect(TEST_GOOGLE_ISSUER).toBe('https://accounts.google.com');
    const response = await signInWithGoogle({
      iss: 'accounts.google.com',
      sub: 'sub-short-iss',
      email: 'iss@example.com',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('answers 404 with a clear message', async () => {
    // The same database, a second app built without a Google client id.
    const plain = { app: await buildApp(testConfig(), { db: t.db }) };
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/social-login',
        payload: { credential: await keys.signIdToken() },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'not_found',
        message: 'Google sign-in is not set up for this store.',
      });
    } finally {
      await plain.app.close();
    }
  });
});
