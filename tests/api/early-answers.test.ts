/**
 * The catalogue's hottest reads answered in a request's first step (catalogue/early-answers.ts):
 * byte for byte what the routes answer, headers included, in every encoding and as a 304; taken
 * only when the snapshot has the answer built, and never for what the routes must judge (HEAD,
 * a query, unknown or malformed ids, a cross-site request). Whether a request got there is told
 * by a hook added after the app's own: the early answer ends the request before it runs.
 * Runs on both databases.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiProduct } from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { OPEN_TUESDAY, call, registerStaff, type Account } from '../support/orders';
import { createTestDatabase, testConfig, testDbKind, type TestDatabase } from '../support/test-app';

const kind = testDbKind();
const clock = fixedClock(OPEN_TUESDAY);
/** The same Tuesday at 05:00: before the seeded hours. */
const CLOSED_TUESDAY = '2026-11-24T05:00:00-05:00';
const BROWSER = 'gzip, deflate, br, zstd';

let database: TestDatabase;
let app: FastifyInstance;
let staff: Account;
let productIds: string[];
/** The URLs that reached the routes' part of the request's life. */
let reached: string[] = [];

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** Everything about an answer but the date it was sent. */
function answer(response: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...response.headers };
  delete headers.date;
  return { status: response.statusCode, headers, body: response.rawPayload.toString('base64') };
}

/**
 * `ask`'s answer once a request was answered early (nothing reached the routes). Until the
 * snapshot has rebuilt after a change it goes to the routes, and on the Postgres server every
 * test file's menu writes, in their own schemas, make this app's snapshot forget too (NOTIFY is
 * per database, decision 11): so it asks again, for at most 5 s.
 */
async function untilEarly<T>(what: string, ask: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    reached = [];
    const response = await ask();
    if (reached.length === 0) return response;
    if (Date.now() > deadline) throw new Error(`${what} never answered early: ${reached.join()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const early = (url: string, headers: Record<string, string> = {}) =>
  untilEarly(url, () => get(url, headers));

/**
 * The early answer to `url` and, for the same request with a query the routes ignore (a request
 * with a query is theirs alone), the routes' answer, which must have reached them.
 */
async function earlyAndRoutes(url: string, headers: Record<string, string> = {}) {
  const first = await early(url, headers);
  reached = [];
  const routes = await get(`${url}?v=1`, headers);
  expect(reached, `${url}?v=1`).toEqual([`${url}?v=1`]);
  return { early: first, routes };
}

beforeAll(async () => {
  database = await createTestDatabase(kind, {
    applicationName: `early-${randomBytes(4).toString('hex')}`,
  });
  app = await buildApp(testConfig(), { db: database.db, clock });
  app.addHook('onRequest', (request, _reply, done) => {
    reached.push(request.url);
    done();
  });
  await app.ready();
  staff = await registerStaff(app, database.db);
  const products = JSON.parse((await get('/api/products')).body) as ApiProduct[];
  productIds = products.slice(0, 3).map((product) => product._id);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(() => clock.set(OPEN_TUESDAY));

const routes = () => [
  '/api/store/status',
  '/api/products',
  '/api/toppings',
  ...productIds.map((id) => `/api/products/${id}`),
];

describe('the early answer is the routes’ answer', () => {
  it('for every route and encoding: same status, headers and bytes, without the routes', async () => {
    for (const url of routes()) {
      await get(url); // the snapshot builds the answer on the first request
      for (const accept of [undefined, 'gzip', BROWSER, 'identity']) {
        const headers: Record<string, string> =
          accept === undefined ? {} : { 'accept-encoding': accept };
        const both = await earlyAndRoutes(url, headers);
        expect(both.early.statusCode).toBe(200);
        expect(answer(both.early), `${url} ${accept}`).toEqual(answer(both.routes));
        // The security headers are there, as on every other answer.
        expect(both.early.headers['content-security-policy']).toBeTruthy();
        expect(both.early.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('a 304 for a current copy, in any encoding, with the routes’ headers', async () => {
    for (const url of routes()) {
      const first = await get(url, { 'accept-encoding': BROWSER });
      const etag = String(first.headers.etag);
      for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const both = await earlyAndRoutes(url, {
          'accept-encoding': BROWSER,
          'if-none-match': tag,
        });
        expect(both.early.statusCode, `${url} ${tag}`).toBe(304);
        expect(both.early.rawPayload.length).toBe(0);
        expect(answer(both.early)).toEqual(answer(both.routes));
      }
      const stale = await earlyAndRoutes(url, { 'if-none-match': '"not-this-one"' });
      expect(stale.early.statusCode).toBe(200);
      expect(answer(stale.early)).toEqual(answer(stale.routes));
    }
  });

  it('a product id in capitals is the same product', async () => {
    const id = productIds[0] ?? '';
    const lower = await early(`/api/products/${id}`);
    const upper = await early(`/api/products/${id.toUpperCase()}`);
    expect(answer(upper)).toEqual(answer(lower));
  });

  it('the store’s status follows the clock, request by request', async () => {
    const open = await earlyAndRoutes('/api/store/status');
    expect(JSON.parse(open.early.body)).toEqual({
      storeOpen: true,
      status: 'open',
      resumesAt: null,
    });
    clock.set(CLOSED_TUESDAY);
    const closed = await earlyAndRoutes('/api/store/status');
    expect(JSON.parse(closed.early.body)).toEqual({
      storeOpen: false,
      status: 'closed',
      resumesAt: null,
    });
    expect(answer(closed.early)).toEqual(answer(closed.routes));
  });

  it('over a real connection, kept alive across answers', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    try {
      for (const url of [...routes(), ...routes()]) {
        const expected = await get(url);
        const { status, body } = await untilEarly(
          url,
          () =>
            new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
              const request = http.get(
                { host: '127.0.0.1', port, path: url, agent },
                (response) => {
                  sockets.add(response.socket);
                  const chunks: Buffer[] = [];
                  response.on('data', (chunk: Buffer) => chunks.push(chunk));
                  response.on('end', () =>
                    resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
                  );
                },
              );
              request.on('error', reject);
            }),
        );
        expect(status).toBe(200);
        expect(body.toString()).toBe(expected.body);
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('what goes on to the routes', () => {
  it('HEAD, a query, another spelling, bad and unknown ids', async () => {
    const unknown = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    const cases: [string, string, number][] = [
      ['HEAD', '/api/products', 200],
      ['GET', '/api/products?category=Wings', 200],
      ['GET', '/api/products/beverages', 200],
      ['GET', '/api/products/not-a-uuid', 400],
      ['GET', `/api/products/${unknown}`, 404],
      ['GET', `/api/products/${productIds[0] ?? ''}/`, 404],
      ['GET', '/api//products', 404],
    ];
    for (const [method, url, status] of cases) {
      reached = [];
      const response = await app.inject({ method: method as 'GET' | 'HEAD', url });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(reached, `${method} ${url}`).toEqual([url]);
    }
  });

  it('a cross-site request, which the API guard refuses', async () => {
    reached = [];
    const response = await get('/api/products', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_site' });
    expect(reached).toEqual(['/api/products']);
    // The same site's request is answered early.
    expect((await early('/api/products', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    );
  });

  it('the first request after a change, while the snapshot builds; then early again', async () => {
    const id = productIds[1] ?? '';
    const before = await get(`/api/products/${id}`);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/staff/products/${id}`,
      headers: { cookie: staff.cookie },
      payload: { available: false },
    });
    expect(response.statusCode).toBe(200);
    try {
      reached = [];
      const after = await get(`/api/products/${id}`);
      expect(reached).toEqual([`/api/products/${id}`]);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(answer(await early(`/api/products/${id}`))).toEqual(answer(after));

      expect(
        (await call(app, staff, 'PUT', '/api/staff/store', { mode: 'closed' })).statusCode,
      ).toBe(200);
      reached = [];
      expect(JSON.parse((await get('/api/store/status')).body)).toEqual({
        storeOpen: false,
        status: 'closed',
        resumesAt: null,
      });
      expect(reached).toEqual(['/api/store/status']);
      expect(JSON.parse((await early('/api/store/status')).body)).toEqual({
        storeOpen: false,
        status: 'closed',
        resumesAt: null,
      });
    } finally {
      await app.inject({
        method: 'PATCH',
        url: `/api/staff/products/${id}`,
        headers: { cookie: staff.cookie },
        payload: { available: true },
      });
      await call(app, staff, 'PUT', '/api/staff/store', { mode: 'auto' });
    }
  });
});
