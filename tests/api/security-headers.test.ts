import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { TEST_GOOGLE_CLIENT_ID } from '../support/jwks-server';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-app';

/**
 * Security headers come from @fastify/helmet with our Content-Security-Policy. Google's hosts
 * appear only when the deployment turns Google on; the browser tests check that the built app
 * runs under the policy without a violation.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function withApp<T>(
  config: Parameters<typeof testConfig>[0],
  run: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await buildApp(testConfig(config), { db: database.db });
  try {
    await app.ready();
    return await run(app);
  } finally {
    await app.close();
  }
}

/** The policy as directive -> sources. */
function policyOf(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

const google = {
  google: {
    clientId: TEST_GOOGLE_CLIENT_ID,
    jwksUrl: 'http://127.0.0.1:1/keys',
    issuers: ['https://accounts.google.com'],
  },
};

describe('security headers', () => {
  it('without Google: our own origin only, and the usual hardening headers', async () => {
    await withApp({}, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/store/status' });
      expect(response.statusCode).toBe(200);
      expect(policyOf(response.headers['content-security-policy'])).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
      });
      expect(response.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      });
      // Not pinned to https outside production: a developer's http://localhost must keep working.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('with GOOGLE_CLIENT_ID: Google Identity Services’ script, style, frame and calls, nothing wider', async () => {
    await withApp(google, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/store/status' });
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
      expect(policy['style-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
      expect(policy['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
      expect(policy['default-src']).toEqual(["'self'"]);
      // Google's popup hands the credential back to its opener.
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });
  });

  it('with GOOGLE_MAPS_API_KEY: the Maps script host, and no Google sign-in host', async () => {
    await withApp({ mapsApiKey: 'test-maps-key' }, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/store/status' });
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'", 'https://maps.googleapis.com']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://maps.googleapis.com']);
      expect(policy['frame-src']).toEqual(["'none'"]);
    });
  });

  it('in production: https only (HSTS, upgraded requests)', async () => {
    await withApp({ env: 'production' }, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/store/status' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(policyOf(response.headers['content-security-policy'])).toHaveProperty(
        'upgrade-insecure-requests',
      );
    });
  });

  it('are on refusals and unknown paths too', async () => {
    await withApp({}, async (app) => {
      const answers = [
        await app.inject({ method: 'GET', url: '/api/nothing-here' }),
        await app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { origin: 'https://evil.example' },
        }),
        await app.inject({ method: 'GET', url: '/api/user/someone/contacts' }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 403, 401]);
      for (const answer of answers) {
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
        expect(answer.headers['x-frame-options']).toBe('DENY');
      }
    });
  });
});
