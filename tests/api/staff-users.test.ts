import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiStaffUser } from '../../src/domain';
import { call, placeOrder, signInAs } from '../support/orders';
import { queuedMailsTo } from '../support/mails';
import { TEST_ADMIN, logIn } from '../support/users';
import { storeTest } from '../support/store-test';

/**
 * The staff's accounts, managed by the admin (issue 9): list, add, remove (sessions end at
 * once, no more sign-in) and password reset. Staff members and customers are refused.
 */

let counter = 0;

const t = storeTest({ accounts: { admin: 'owner', staff: 'staff', customer: 'customer' } });
const { admin, staff, customer } = t.accounts;

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;
const uniqueEmail = () => `staff-${(counter += 1)}-${Date.now()}@example.com`;

async function addStaff(
  fields: Partial<{ name: string; email: string; password: string }> = {},
): Promise<{ user: ApiStaffUser; email: string; password: string }> {
  const body = {
    name: 'Sam Staff',
    email: uniqueEmail(),
    password: 'kitchen password 1',
    ...fields,
  };
  const response = await call(t.app, admin, 'POST', '/api/staff/users', body);
  expect(response.statusCode, response.body).toBe(201);
  return { user: response.json<ApiStaffUser>(), email: body.email, password: body.password };
}

describe('guards', () => {
  it('answers 401 anonymously and 403 to a customer and to a staff member', async () => {
    const id = staff.id;
    const routes = [
      { method: 'GET', url: '/api/staff/users' },
      {
        method: 'POST',
        url: '/api/staff/users',
        body: { name: 'X', email: uniqueEmail(), password: 'long enough 1' },
      },
      { method: 'DELETE', url: `/api/staff/users/${id}` },
      {
        method: 'POST',
        url: `/api/staff/users/${id}/password`,
        body: { password: 'long enough 2' },
      },
    ] as const;
    const before = await t.db.query('select id, role, password_hash from users order by id');
    for (const route of routes) {
      const body = 'body' in route ? route.body : undefined;
      expect((await call(t.app, null, route.method, route.url, body)).statusCode).toBe(401);
      for (const who of [customer, staff]) {
        const refused = await call(t.app, who, route.method, route.url, body);
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(error(refused).code).toBe('forbidden');
      }
    }
    expect(await t.db.query('select id, role, password_hash from users order by id')).toEqual(
      before,
    );
    // The staff member still works: nothing above touched the account.
    expect((await call(t.app, staff, 'GET', '/api/staff/orders')).statusCode).toBe(200);
  });
});

describe('GET and POST /api/staff/users', () => {
  it('adds a staff account that can sign in and use the staff routes at once', async () => {
    const { user, email, password } = await addStaff({ name: '  Priya  ' });
    expect(user).toEqual({
      _id: expect.any(String) as string,
      name: 'Priya',
      email,
      role: 'staff',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
    const rows = await t.db.query<{ password_hash: string; role: string }>(
      'select password_hash, role from users where id = $1',
      [user._id],
    );
    expect(rows[0]?.role).toBe('staff');
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]?.password_hash).not.toContain(password);

    const session = await signInAs(t.app, { email, password });
    expect((await call(t.app, session, 'GET', '/api/staff/orders')).statusCode).toBe(200);
    expect((await call(t.app, session, 'GET', '/api/staff/users')).statusCode).toBe(403);
  });

  it('lists staff and admin accounts, never customers', async () => {
    const { user } = await addStaff();
    const list = (await call(t.app, admin, 'GET', '/api/staff/users')).json<ApiStaffUser[]>();
    const ids = list.map((entry) => entry._id);
    expect(ids).toContain(user._id);
    expect(ids).toContain(staff.id);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(customer.id);
    expect(list.find((entry) => entry._id === admin.id)).toMatchObject({
      email: TEST_ADMIN.email,
      role: 'admin',
    });
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['_id', 'createdAt', 'email', 'name', 'role']);
    }
  });

  it('answers 409 for an email already used, in any case, and creates nothing', async () => {
    const { email } = await addStaff();
    const before = await t.db.query('select id from users');
    for (const taken of [email, email.toUpperCase(), TEST_ADMIN.email]) {
      const response = await call(t.app, admin, 'POST', '/api/staff/users', {
        name: 'Twin',
        email: taken,
        password: 'another password',
      });
      expect(response.statusCode).toBe(409);
      expect(error(response)).toMatchObject({ code: 'email_taken' });
      expect(error(response).message).toMatch(/already exists/);
    }
    expect(await t.db.query('select id from users')).toHaveLength(before.length);
  });

  it('applies registration’s rules to name, email and password', async () => {
    const good = { name: 'Ok', email: uniqueEmail(), password: 'long enough 1' };
    const before = await t.db.query('select id from users');
    const cases: [unknown, string][] = [
      [{ ...good, password: 'short' }, 'Password must be at least 8 characters.'],
      [{ ...good, password: undefined }, 'Please enter your password.'],
      [{ ...good, email: 'not-an-email' }, ''],
      [{ ...good, name: '   ' }, ''],
      [{ ...good, name: 'a\u0000b' }, ''],
      [{ ...good, password: 'x'.repeat(201) }, ''],
      [[], ''],
      [{}, ''],
    ];
    for (const [body, message] of cases) {
      const response = await call(t.app, admin, 'POST', '/api/staff/users', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(error(response).message).toBe(message);
      else expect(error(response).message).toMatch(/^[A-Z].*\.$/);
    }
    expect(await t.db.query('select id from users')).toHaveLength(before.length);
  });
});

describe('DELETE /api/staff/users/{id}', () => {
  it('ends the account’s sessions at once and it can no longer sign in', async () => {
    const { user, email, password } = await addStaff();
    const first = await signInAs(t.app, { email, password });
    const second = await signInAs(t.app, { email, password });
    expect((await call(t.app, first, 'GET', '/api/staff/orders')).statusCode).toBe(200);

    const removed = await call(t.app, admin, 'DELETE', `/api/staff/users/${user._id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');

    for (const session of [first, second]) {
      expect((await call(t.app, session, 'GET', '/api/staff/orders')).statusCode).toBe(401);
      expect((await call(t.app, session, 'GET', '/api/auth/me')).json()).toEqual({ user: null });
    }
    const again = await logIn(t.app, { email, password });
    expect(again.statusCode).toBe(401);
    const list = (await call(t.app, admin, 'GET', '/api/staff/users')).json<ApiStaffUser[]>();
    expect(list.map((entry) => entry._id)).not.toContain(user._id);
    // Removing again: no staff account with this id any more.
    expect((await call(t.app, admin, 'DELETE', `/api/staff/users/${user._id}`)).statusCode).toBe(
      404,
    );
  });

  it('ends the person’s reset links and device cookie too: a removed account can do nothing', async () => {
    const { user, email, password } = await addStaff();
    // Signed in on the counter's tablet (a device cookie), and a reset link asked for before.
    const signedIn = await logIn(t.app, { email, password });
    expect(signedIn.statusCode).toBe(200);
    const deviceCookies = signedIn.cookies
      .filter((cookie) => cookie.name.startsWith('dev_'))
      .map((cookie) => `${cookie.name}=${cookie.value}`);
    expect(deviceCookies).toHaveLength(1);
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: `10.88.0.${(counter += 1)}`,
        payload: { email },
      });
    expect((await forgot()).statusCode).toBe(200);
    const mailed = await queuedMailsTo(t.db, email);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mailed.at(-1)?.text_body ?? '',
    )?.[1];
    expect(token).toBeDefined();

    expect((await call(t.app, admin, 'DELETE', `/api/staff/users/${user._id}`)).statusCode).toBe(
      204,
    );

    // The link mailed before is dead, and gives the account no password.
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '10.88.1.1',
      payload: { token, password: 'a password of my own' },
    });
    expect(used.statusCode, used.body).toBe(400);
    expect(error(used).code).toBe('invalid_reset_token');
    // Asking again mails nothing: no link, and no "you sign in with Google" either.
    expect((await forgot()).statusCode).toBe(200);
    expect(await queuedMailsTo(t.db, email)).toHaveLength(mailed.length);
    expect(
      await t.db.query('select 1 from password_resets where user_id = $1 and used_at is null', [
        user._id,
      ]),
    ).toEqual([]);
    // The old password with the tablet's device cookie opens nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.88.1.2',
      headers: { cookie: deviceCookies.join('; ') },
      payload: { email, password },
    });
    expect(again.statusCode).toBe(401);
    const [row] = await t.db.query('select role, password_hash from users where id = $1', [
      user._id,
    ]);
    expect(row).toEqual({ role: 'customer', password_hash: null });
  });

  it('keeps the orders the person placed as a customer (the account is not deleted)', async () => {
    const { user, email, password } = await addStaff();
    const session = await signInAs(t.app, { email, password });
    const order = await placeOrder(t.app, session);
    expect((await call(t.app, admin, 'DELETE', `/api/staff/users/${user._id}`)).statusCode).toBe(
      204,
    );
    const rows = await t.db.query('select id from orders where id = $1', [order._id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an admin removing themself (409), a customer (404) and bad ids', async () => {
    const self = await call(t.app, admin, 'DELETE', `/api/staff/users/${admin.id}`);
    expect(self.statusCode).toBe(409);
    expect(error(self)).toMatchObject({ code: 'own_account' });
    expect(error(self).message).toMatch(/^You cannot remove your own account\./);
    expect((await call(t.app, admin, 'GET', '/api/staff/users')).statusCode).toBe(200);

    const notStaff = await call(t.app, admin, 'DELETE', `/api/staff/users/${customer.id}`);
    expect(notStaff.statusCode).toBe(404);
    expect((await call(t.app, customer, 'GET', '/api/auth/me')).json()).not.toEqual({ user: null });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await call(t.app, admin, 'DELETE', `/api/staff/users/${id}`)).statusCode).toBe(404);
    }
  });

  it('knows the admin’s own id in any case (the route reads ids canonically)', async () => {
    for (const id of [
      admin.id.toUpperCase(),
      `${admin.id.slice(0, 9)}${admin.id.slice(9).toUpperCase()}`,
    ]) {
      const self = await call(t.app, admin, 'DELETE', `/api/staff/users/${id}`);
      expect({ id, status: self.statusCode }).toEqual({ id, status: 409 });
      expect(error(self)).toMatchObject({ code: 'own_account' });
    }
    expect((await call(t.app, admin, 'GET', '/api/staff/users')).statusCode).toBe(200);
    const rows = await t.db.query<{ role: string }>('select role from users where id = $1', [
      admin.id,
    ]);
    expect(rows).toEqual([{ role: 'admin' }]);
  });
});

describe('POST /api/staff/users/{id}/password', () => {
  it('sets a new password and ends the account’s sessions', async () => {
    const { user, email, password } = await addStaff();
    const session = await signInAs(t.app, { email, password });
    const reset = await call(t.app, admin, 'POST', `/api/staff/users/${user._id}/password`, {
      password: 'brand new password',
    });
    expect(reset.statusCode).toBe(204);
    expect((await call(t.app, session, 'GET', '/api/staff/orders')).statusCode).toBe(401);
    expect((await logIn(t.app, { email, password })).statusCode).toBe(401);
    const fresh = await signInAs(t.app, { email, password: 'brand new password' });
    expect((await call(t.app, fresh, 'GET', '/api/staff/orders')).statusCode).toBe(200);
  });

  it('refuses a short password, a customer’s id and bad ids, changing nothing', async () => {
    const { user, email, password } = await addStaff();
    const short = await call(t.app, admin, 'POST', `/api/staff/users/${user._id}/password`, {
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(error(short).message).toBe('Password must be at least 8 characters.');
    for (const id of [customer.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const response = await call(t.app, admin, 'POST', `/api/staff/users/${id}/password`, {
        password: 'long enough 3',
      });
      expect(response.statusCode, id).toBe(404);
    }
    expect((await logIn(t.app, { email, password })).statusCode).toBe(200);
  });
});
