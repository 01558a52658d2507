/**
 * `npm run bench:order-loop`: how long the store and the customer wait for each other, measured
 * over real HTTP and the real streams, on PGlite and (when reachable) on the Postgres server.
 *
 *  - placed → board: from complete-order's answer reaching the customer to the order's
 *    `order-created` event reaching the staff stream;
 *  - accepted → customer: from accept's answer reaching the staff member to `order-accepted`
 *    reaching the customer's stream.
 *
 * An event can arrive before the answer that caused it (both leave the server at about the same
 * moment); such a wait counts as 0 ms. Numbers, not a pass/fail test: run it before and after a
 * change. BENCH_ORDERS sets how many orders (default 100).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig, type DatabaseConfig } from '../src/server/config';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100);
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 1' };

interface StreamEvent {
  data: Record<string, unknown>;
  at: number;
}

/** Reads a server-sent event stream, calling `onEvent` with each data event and its arrival. */
async function readStream(
  url: string,
  cookie: string,
  signal: AbortSignal,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal });
  if (!response.ok || !response.body) throw new Error(`stream ${url}: ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (!data || /^event:/m.test(block)) continue;
          onEvent({ data: JSON.parse(data) as Record<string, unknown>, at });
        }
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  })();
}

/** Resolves with the arrival time of the first event matching `match` (seen before or later). */
function waiter(events: StreamEvent[]) {
  const pending: {
    match: (data: Record<string, unknown>) => boolean;
    resolve: (at: number) => void;
  }[] = [];
  return {
    push: (event: StreamEvent) => {
      events.push(event);
      for (const entry of [...pending]) {
        if (entry.match(event.data)) {
          pending.splice(pending.indexOf(entry), 1);
          entry.resolve(event.at);
        }
      }
    },
    wait: (match: (data: Record<string, unknown>) => boolean): Promise<number> => {
      const seen = events.find((event) => match(event.data));
      if (seen) return Promise.resolve(seen.at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('event did not arrive in 10 s')), 10_000);
        pending.push({
          match,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        });
      });
    },
  };
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
}

async function run(database: DatabaseConfig, label: string): Promise<void> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    webDir: null,
    database,
    admin: ADMIN,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const streams = new AbortController();

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(base + path, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { json: (text ? JSON.parse(text) : null) as Record<string, unknown>, response };
  };
  const cookieOf = (response: Response) =>
    (response.headers.get('set-cookie') ?? '').split(';')[0]!;

  try {
    const staff = await call('', 'POST', '/api/auth/login', ADMIN);
    const staffCookie = cookieOf(staff.response);
    const customer = await call('', 'POST', '/api/auth/register', {
      name: 'Bench Customer',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'bench customer password',
      contacts: [{ phone: '519-555-0100', address: '1 Gordon St, Guelph, ON', isDefault: true }],
    });
    const customerCookie = cookieOf(customer.response);
    const userId = (customer.json.user as { _id: string })._id;
    // The bench must not depend on the hour it runs at.
    await call(staffCookie, 'PUT', '/api/staff/store', { mode: 'open' });

    const board = waiter([]);
    const phone = waiter([]);
    await readStream(`${base}/api/staff/orders/stream`, staffCookie, streams.signal, board.push);
    await readStream(
      `${base}/api/orders/sse?userId=${userId}`,
      customerCookie,
      streams.signal,
      phone.push,
    );

    const placedToBoard: number[] = [];
    const acceptedToCustomer: number[] = [];
    for (let index = 0; index < ORDERS; index++) {
      await call(customerCookie, 'POST', '/api/cart', { userId, name: 'Coke', quantity: 1 });
      await call(customerCookie, 'POST', '/api/cart/confirm', {
        userId,
        deliveryType: 'pickup',
        contactInfo: { phone: '519-555-0100', address: '' },
        scheduledTime: null,
        instructions: '',
      });
      const placed = await call(customerCookie, 'POST', '/api/orders/complete-order', {
        userId,
        paymentIntentId: null,
        paymentOption: 'pickup',
      });
      const placedAt = performance.now();
      const orderId = (placed.json.order as { _id: string })._id;
      const onBoard = await board.wait(
        (data) => (data.order as { _id?: string } | undefined)?._id === orderId,
      );
      placedToBoard.push(Math.max(0, onBoard - placedAt));

      await call(staffCookie, 'POST', `/api/staff/orders/${orderId}/accept`, { minutes: 25 });
      const acceptedAt = performance.now();
      const heard = await phone.wait(
        (data) => data.type === 'order-accepted' && data.orderId === orderId,
      );
      acceptedToCustomer.push(Math.max(0, heard - acceptedAt));
    }
    console.log(`${label}, ${ORDERS} orders:`);
    console.log(`  placed -> staff board:    ${percentiles(placedToBoard)}`);
    console.log(`  accepted -> customer:     ${percentiles(acceptedToCustomer)}`);
  } finally {
    streams.abort();
    await app.close();
  }
}

await run({ kind: 'pglite', dataDir: null }, 'PGlite (in memory)');

const schema = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });
try {
  await admin.connect();
} catch {
  console.log(`Postgres at ${POSTGRES_URL} not reachable: skipped.`);
  process.exit(0);
}
await admin.query(`create schema ${schema}`);
try {
  await run({ kind: 'postgres', url: POSTGRES_URL, schema }, 'Postgres server');
} finally {
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
