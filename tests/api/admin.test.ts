import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-app';
import { logIn } from '../support/users';

const EMAIL = 'owner@example.test';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** Starts the app on the shared database as a restart would, with this admin password. */
async function startWith(password: string) {
  const app = await buildApp(testConfig({ admin: { email: EMAIL, password } }), {
    db: database.db,
  });
  await app.ready();
  return app;
}

const login = (app: FastifyInstance, password: string) => logIn(app, { email: EMAIL, password });

describe('admin account from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let cookie = '';

  it('is created at start with the admin role', async () => {
    const app = await startWith('first-password');
    const response = await login(app, 'first-password');
    expect(response.statusCode).toBe(200);
    cookie = `sid=${response.cookies.find((c) => c.name === 'sid')?.value ?? ''}`;
    const rows = await database.db.query<{ role: string }>(
      'select role from users where lower(email) = $1',
      [EMAIL],
    );
    expect(rows).toEqual([{ role: 'admin' }]);
    await app.close();
  });

  it('changes nothing on a restart with the same password: the session lives on', async () => {
    const app = await startWith('first-password');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: EMAIL } });
    await app.close();
  });

  it('resets the password on a restart with a new one and ends the old sessions', async () => {
    const app = await startWith('second-password');
    expect((await login(app, 'first-password')).statusCode).toBe(401);
    expect((await login(app, 'second-password')).statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: null });
    const count = await database.db.query<{ n: number }>(
      'select count(*)::int as n from users where lower(email) = $1',
      [EMAIL],
    );
    expect(count).toEqual([{ n: 1 }]);
    await app.close();
  });
});
