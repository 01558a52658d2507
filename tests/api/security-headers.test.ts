import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../../scripts/precompress';
import { buildApp } from '../../src/server/app';
import { TEST_GOOGLE_CLIENT_ID } from '../support/jwks-server';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-app';

/**
 * Security headers come from helmet with our Content-Security-Policy (worked out once at start,
 * set on every answer). Google's hosts appear only when the deployment turns Google on; the
 * browser tests check that the built app runs under the policy without a violation.
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
        'frame-src': ["'self'"],
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
      expect(policy['frame-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
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
      expect(policy['frame-src']).toEqual(["'self'"]);
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

/** Helmet's other headers, as decision 9 keeps them (the policy itself is pinned above). */
const HARDENING = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The status and the raw header lines of an answer over a real socket (repeats kept). */
function rawAnswer(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; lines: [string, string][] }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const lines: [string, string][] = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        lines.push([
          (response.rawHeaders[i] ?? '').toLowerCase(),
          response.rawHeaders[i + 1] ?? '',
        ]);
      }
      // An event stream never ends by itself: the headers are what this test reads.
      request.destroy();
      resolve({ status: response.statusCode ?? 0, lines });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
}

describe('security headers on every kind of answer', () => {
  it('once each, with the same values: JSON, 304, HTML, static file, 4xx, event stream', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), `<!doctype html><title>x</title>${' '.repeat(2000)}`);
    writeFileSync(join(webDir, 'assets/app-1a2b3c4d.js'), 'export const x = 1;\n'.repeat(200));
    await precompressDir(webDir);
    try {
      await withApp({ webDir }, async (app) => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const port = (app.server.address() as AddressInfo).port;
        const browser = { 'accept-encoding': 'gzip, deflate, br' };
        const products = await rawAnswer(port, '/api/products', browser);
        const etag = products.lines.find(([name]) => name === 'etag')?.[1] ?? '';
        const answers = {
          json: products,
          notModified: await rawAnswer(port, '/api/products', {
            ...browser,
            'if-none-match': etag,
          }),
          status: await rawAnswer(port, '/api/store/status', browser),
          html: await rawAnswer(port, '/menu/pizzas', browser),
          asset: await rawAnswer(port, '/assets/app-1a2b3c4d.js', browser),
          badRequest: await rawAnswer(port, '/api/products/not-an-id'),
          notFound: await rawAnswer(port, '/api/nothing-here'),
          crossSite: await rawAnswer(port, '/api/products', { 'sec-fetch-site': 'cross-site' }),
          stream: await rawAnswer(port, '/api/store/events'),
        };
        expect(
          Object.fromEntries(
            Object.entries(answers).map(([kind, answer]) => [kind, answer.status]),
          ),
        ).toEqual({
          json: 200,
          notModified: 304,
          status: 200,
          html: 200,
          asset: 200,
          badRequest: 400,
          notFound: 404,
          crossSite: 403,
          stream: 200,
        });
        const policy = products.lines.find(([name]) => name === 'content-security-policy')?.[1];
        expect(policy).toContain("default-src 'self'");
        for (const [kind, answer] of Object.entries(answers)) {
          for (const [name, value] of Object.entries({
            ...HARDENING,
            'content-security-policy': policy,
          })) {
            const found = answer.lines.filter(([line]) => line === name).map(([, v]) => v);
            expect(found, `${kind}: ${name}`).toEqual([value]);
          }
          expect(
            answer.lines.some(([name]) => name === 'strict-transport-security'),
            kind,
          ).toBe(false);
        }
      });
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
