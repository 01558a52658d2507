/**
 * Issue 45, item 1: the request logger wrote the full URL, so opening a reset link put a live
 * token in the server's log (journald) for 30 minutes. The log is read here as the server writes
 * it (pino's lines, at info) after a whole reset: no token, no cookie, no other secret in it.
 * And the reset page sends no Referer: its token cannot leave in one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { queuedMailsTo } from '../support/mails';
import {
  createTestDatabase,
  settleInjects,
  testConfig,
  type TestDatabase,
} from '../support/test-app';
import { registerUser } from '../support/users';

const HTML = '<!doctype html><title>Royal City Pizza</title><div id="root"></div>';
const EMAIL = 'logged-reset@example.com';

let database: TestDatabase;
let app: FastifyInstance;
let webDir: string;
const lines: string[] = [];

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(webDir, 'index.html'), HTML);
  database = await createTestDatabase();
  app = await buildApp(
    testConfig({ webDir, logLevel: 'info', publicOrigin: 'https://pizza.example.com' }),
    {
      db: database.db,
      clock: fixedClock('2026-03-03T15:00:00Z'),
      logStream: { write: (line) => lines.push(line) },
    },
  );
  // An unexpected error whose message quotes the URL it failed on, as a library's might.
  app.get('/test-only/fails', (request) => {
    throw new Error(`could not load ${request.url}`);
  });
  await app.ready();
  // The reset's mail is queued after the answer (issue 45, item 6): each inject waits for it.
  settleInjects(app);
});
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(webDir, { recursive: true, force: true });
});

async function resetToken(): Promise<string> {
  await registerUser(app, { email: EMAIL });
  const asked = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: EMAIL },
  });
  expect(asked.statusCode).toBe(200);
  const text = (await queuedMailsTo(database.db, EMAIL)).at(-1)?.text_body ?? '';
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No reset link in the mail: ${text}`);
  return token;
}

describe('the server log', () => {
  it('holds no reset token, cookie or other secret after a whole reset', async () => {
    const token = await resetToken();
    const secrets = {
      cookie: 'sid=cookie-secret-4d1c',
      authorization: 'Bearer authorization-secret-77aa',
      'idempotency-key': 'idempotency-secret-9f3e',
    };
    // The link as the mail has it, opened in a browser; then in other spellings and places.
    const page = await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    expect(page.statusCode).toBe(200);
    for (const url of [
      `/Reset-Password?lang=en&Token=${token}`,
      `/reset-password?%74oken=${token}`,
      `/api/auth/reset-password?token=${token}`,
      `/api/auth/login?password=${token}&email=someone%40example.com`,
      `/?code=${token}&state=${token}&id_token=${token}`,
      `/test-only/fails?token=${token}`,
    ]) {
      await app.inject({ method: 'GET', url, headers: secrets });
    }
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: secrets,
      payload: { token, password: 'a new password 123' },
    });
    expect(reset.statusCode).toBe(200);

    const log = lines.join('');
    // The requests and the error were logged, with the path and what is not secret.
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/Reset-Password?lang=en&Token=[redacted]');
    expect(log).toContain('could not load /test-only/fails?token=[redacted]');
    expect(log).toContain('unexpected error');
    for (const secret of [token, 'someone%40example.com', ...Object.values(secrets)]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('secret-');
  });
});

describe('the reset page', () => {
  it('sends no Referer anywhere (Referrer-Policy: no-referrer); other pages keep the origin', async () => {
    const page = await app.inject({ method: 'GET', url: '/reset-password?token=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const menu = await app.inject({ method: 'GET', url: '/menu?category=Pizza' });
    expect(menu.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
