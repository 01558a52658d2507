/**
 * GET /api/store/events: every open storefront hears that the store's settings changed, within
 * moments, over real HTTP, from this process or (on the Postgres server) another one; a change
 * that did not commit says nothing. Runs on both databases.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { DEFAULT_EVENTS_CONFIG } from '../../src/server/config';
import type { Database } from '../../src/server/data/db';
import { announceStoreChange } from '../../src/server/events/store-broadcast';
import { openSse, type SseConnection } from '../support/sse';
import { secondInstance } from '../support/second-instance';
import {
  createTestDatabase,
  productIdsByName,
  testConfig,
  testDbKind,
  type TestDatabase,
} from '../support/test-app';
import { registerStaff, type Account } from '../support/orders';

const kind = testDbKind();
const clock = fixedClock('2026-11-23T23:00:00Z');
const appName = `store-events-${randomBytes(4).toString('hex')}`;

interface Running {
  app: FastifyInstance;
  url: string;
}

let database: TestDatabase;
let a: Running;
let staff: Account;
const connections: SseConnection[] = [];

async function start(on: Database): Promise<Running> {
  const app = await buildApp(
    testConfig({ events: { ...DEFAULT_EVENTS_CONFIG, heartbeatMs: 300 } }),
    { db: on, clock },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

async function storefront(on: Running): Promise<SseConnection> {
  const connection = await openSse(`${on.url}/api/store/events`);
  connections.push(connection);
  expect(connection.status).toBe(200);
  expect(connection.headers.get('content-type')).toContain('text/event-stream');
  // `retry:` first: the stream is open (and subscribed) once it has arrived.
  expect((await connection.next()).retry).toBe(5000);
  return connection;
}

async function setMode(on: Running, mode: string) {
  const response = await on.app.inject({
    method: 'PUT',
    url: '/api/staff/store',
    headers: { cookie: staff.cookie },
    payload: { mode },
  });
  expect(response.statusCode).toBe(200);
}

const payload = (frame: { data?: string }) => JSON.parse(frame.data ?? 'null') as unknown;

beforeAll(async () => {
  database = await createTestDatabase(kind, { applicationName: appName });
  a = await start(database.db);
  staff = await registerStaff(a.app, database.db);
});
afterEach(() => {
  for (const connection of connections.splice(0)) connection.close();
});
afterAll(async () => {
  await a.app.close();
  await database.drop();
});

describe('GET /api/store/events', () => {
  it('tells every open storefront, without an account, when the staff change the store', async () => {
    const first = await storefront(a);
    const second = await storefront(a);
    await setMode(a, 'closed');
    for (const connection of [first, second]) {
      expect(payload(await connection.nextEvent())).toEqual({
        type: 'store-changed',
        what: 'store',
      });
    }
    await setMode(a, 'auto');
    expect(payload(await first.nextEvent())).toEqual({ type: 'store-changed', what: 'store' });
  });

  it('tells them when the staff mark an item sold out or change its price', async () => {
    const connection = await storefront(a);
    const coke = (await productIdsByName(a.app))('Coke');
    for (const body of [{ available: false }, { available: true, price: 1.25 }]) {
      const response = await a.app.inject({
        method: 'PATCH',
        url: `/api/staff/products/${coke}`,
        headers: { cookie: staff.cookie },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      expect(payload(await connection.nextEvent())).toEqual({
        type: 'store-changed',
        what: 'menu',
      });
    }
  });

  it('says nothing for a change that was rolled back, and keeps the stream alive with heartbeats', async () => {
    const connection = await storefront(a);
    await database.db
      .transaction(async (tx) => {
        await announceStoreChange(tx, 'menu');
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(connection.received.filter((frame) => frame.data !== undefined)).toEqual([]);
    expect(connection.received.some((frame) => frame.comments.includes('ping'))).toBe(true);
    await database.db.transaction((tx) => announceStoreChange(tx, 'menu'));
    expect(payload(await connection.nextEvent())).toEqual({ type: 'store-changed', what: 'menu' });
  });

  it('refuses a HEAD and other methods instead of holding a stream open', async () => {
    const head = await a.app.inject({ method: 'HEAD', url: '/api/store/events' });
    expect(head.statusCode).toBe(404);
  });
});

describe.runIf(kind === 'postgres')('two app instances on one Postgres schema', () => {
  const second = secondInstance(
    () => database,
    `${appName}-b`,
    start,
    (b) => b.app.close(),
  );

  it('a storefront on instance B hears a change saved on instance A', async () => {
    const onB = await storefront(second.app);
    await setMode(a, 'open');
    expect(payload(await onB.nextEvent())).toEqual({ type: 'store-changed', what: 'store' });
    await setMode(a, 'auto');
  });
});
