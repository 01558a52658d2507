/**
 * `npx tsx scripts/bench-events.ts`: how long a committed order event takes to reach a customer's
 * live stream (GET /api/orders/sse) over loopback HTTP, to the moment the event's frame is read
 * off the socket. Counted two ways that bracket the commit: from when the recording transaction's
 * commit returned (a hair low: the NOTIFY can overtake the commit's answer, so a few are below
 * zero) and from when the transaction began (high by the transaction's own round trips). One
 * event at a time, so this is latency, not throughput.
 *
 * Runs on PGlite and, when it answers, on the Postgres server at TEST_DATABASE_URL (a schema of
 * its own, dropped afterwards); there also across two app instances (the stream on one, the
 * commit through the other's connections). BENCH_EVENTS (100) events per run; BENCH_DB picks
 * `pglite`, `postgres` or both (default).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { loadConfig, type DatabaseConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/data/db';
import { orderEventsRepository } from '../src/server/repositories/order-events';
import { openSse } from '../tests/support/sse';
import { registerUser } from '../tests/support/users';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const KINDS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function start(db: Database): Promise<{ app: FastifyInstance; url: string }> {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDir: null };
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

async function placeOrder(db: Database, userId: string): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `with cart as (insert into carts (user_id, status) values ($1, 'completed') returning id)
     insert into orders (user_id, cart_id, delivery_type, payment_option, customer_name,
                         contact_phone, subtotal_cents, hst_cents, tip_percent, tip_cents,
                         delivery_fee_cents, total_cents)
     select $1, id, 'pickup', 'pickup', 'Bench', '519-555-0100', 1000, 130, 0, 0, 0, 1130
       from cart
     returning id`,
    [userId],
  );
  if (!rows[0]) throw new Error('no order');
  return rows[0].id;
}

/** Records EVENTS events through `writer`, each awaited on the stream at `streamUrl`. */
async function measure(
  streamApp: FastifyInstance,
  streamUrl: string,
  writer: Database,
): Promise<{ sinceCommit: number[]; sinceBegin: number[] }> {
  const { user, cookie } = await registerUser(streamApp);
  const orderId = await placeOrder(writer, user._id);
  const stream = await openSse(`${streamUrl}/api/orders/sse?userId=${user._id}`, { cookie });
  for (;;) if ((await stream.nextEvent()).event === 'ready') break;
  const sinceCommit: number[] = [];
  const sinceBegin: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const began = performance.now();
    const id = await writer.transaction((tx) =>
      orderEventsRepository(tx).record({
        orderId,
        userId: user._id,
        type: 'order-status',
        payload: { status: 'ready' },
        at: systemClock.now(),
      }),
    );
    const committed = performance.now();
    const frame = await stream.nextEvent();
    if (frame.id !== id) throw new Error(`expected event ${id}, got ${frame.id ?? 'none'}`);
    sinceCommit.push(frame.receivedAt - committed);
    sinceBegin.push(frame.receivedAt - began);
  }
  stream.close();
  return { sinceCommit, sinceBegin };
}

function report(label: string, runs: { sinceCommit: number[]; sinceBegin: number[] }): void {
  console.log(label);
  line('  since the commit returned', runs.sinceCommit);
  line('  since the transaction began', runs.sinceBegin);
}

function line(label: string, latencies: number[]): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const ms = (value: number | undefined) => `${(value ?? 0).toFixed(2)} ms`;
  console.log(
    `${label.padEnd(34)} n=${sorted.length}  min ${ms(sorted[0])}  p50 ${ms(at(0.5))}  p99 ${ms(at(0.99))}  max ${ms(sorted.at(-1))}`,
  );
}

console.log('Committed order event -> its frame on the customer stream (loopback HTTP):');

if (KINDS.includes('pglite')) {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  const a = await start(db);
  report('PGlite, one process', await measure(a.app, a.url, db));
  await a.app.close();
  await db.close();
}

if (KINDS.includes('postgres')) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`Postgres at ${POSTGRES_URL} not reachable, skipped: ${String(error)}`);
    process.exit(0);
  }
  const schema = `bench_events_${randomBytes(4).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const config: DatabaseConfig = { kind: 'postgres', url: POSTGRES_URL, schema };
  const dbA = await openDatabase({ ...config, applicationName: `${schema}-a` });
  const dbB = await openDatabase({ ...config, applicationName: `${schema}-b` });
  try {
    const a = await start(dbA);
    const b = await start(dbB);
    report('Postgres, same instance', await measure(a.app, a.url, dbA));
    report('Postgres, committed on instance B', await measure(a.app, a.url, dbB));
    await b.app.close();
    await a.app.close();
  } finally {
    await dbA.close();
    await dbB.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
