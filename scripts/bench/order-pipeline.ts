/**
 * The order pipeline under load: simulated customers, all at once, each signed in and holding
 * its own order stream, add to the cart, confirm and complete orders one after another, while a
 * simulated store holds the staff board's stream open and accepts every order as it arrives on
 * it. Each customer waits for the acceptance on its stream before its next order. The real HTTP
 * routes the web client uses (docs/api.md), against the app in a process of its own.
 *
 * Measured, after a warm-up: sustained orders per second (orders whose acceptance reached the
 * customer within the window), p50 / p99 from complete-order's answer to the order's
 * `order-created` on the staff stream, and from accept's answer to `order-accepted` on the
 * customer's stream. An event can arrive before the answer that caused it (both leave the
 * server at about the same moment); such a wait counts as 0 ms. Also the app process's CPU time
 * per measured order over the window (Linux's /proc): the machine's pace swings, and orders per
 * second with it, while the work an order costs the app stays put, so a change to the order
 * paths is judged by that figure. On a Postgres server on this machine, the same for the
 * server's processes that serve the app (its backends, found by the app's application_name):
 * a change can move work from the app into the database, and only both figures show it.
 *
 * The store is set to "open" by the staff control (PUT /api/staff/store), so the run does not
 * depend on the hour. The customers register once beforehand, then sign in, each from an
 * address of its own (the server trusts X-Forwarded-For as behind a load balancer): the
 * per-address limits are unchanged and apply to each simulated customer.
 *
 * BENCH_PIPELINE_CUSTOMERS (32), BENCH_PIPELINE_MS: the measured window (10000),
 * BENCH_PIPELINE_WARMUP_MS (2000), BENCH_PIPELINE_ORDERS: stop after this many measured orders
 * (no limit), TEST_DATABASE_URL or DATABASE_URL: the Postgres server,
 * BENCH_PIPELINE_POSTGRES_ONLY=1: skip PGlite (for comparing builds on the Postgres server).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { BenchServer, type BenchDatabase } from './server-process';

export interface PipelineResult {
  database: 'pglite' | 'postgres';
  customers: number;
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  placedToBoardMs: { p50: number; p99: number };
  acceptedToCustomerMs: { p50: number; p99: number };
  /** The app process's CPU (user and system) over the window, per measured order; null off Linux. */
  appCpuMsPerOrder: number | null;
  /**
   * The Postgres backends' CPU serving the app over the window, per measured order; null on
   * PGlite (inside the app's process) and for a server elsewhere.
   */
  dbCpuMsPerOrder: number | null;
  errors: number;
}

/**
 * The backends of the app's connections (pool and LISTEN), named by its application_name, when
 * the Postgres server runs on this machine (their /proc entries readable); else empty.
 */
async function localBackends(url: string, applicationName: string): Promise<number[]> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name in ($1, $1 || '-listen')`,
      [applicationName],
    );
    const pids = rows.map((row) => row.pid);
    return pids.every((pid) => cpuMs(pid) !== null) ? pids : [];
  } finally {
    await probe.end();
  }
}

/** The CPU time so far of all of `pids`, or null when there are none or one is gone. */
function totalCpuMs(pids: readonly number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const ms = cpuMs(pid);
    if (ms === null) return null;
    total += ms;
  }
  return pids.length > 0 ? total : null;
}

/** A process's CPU time so far in ms (user + system), or null where /proc is not there. */
function cpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Linux reports both in clock ticks of 1/100 s (USER_HZ) on every architecture we run.
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

const CUSTOMERS = Number(process.env.BENCH_PIPELINE_CUSTOMERS ?? 32);
const WINDOW_MS = Number(process.env.BENCH_PIPELINE_MS ?? 10_000);
const WARMUP_MS = Number(process.env.BENCH_PIPELINE_WARMUP_MS ?? 2_000);
const MAX_ORDERS = Number(process.env.BENCH_PIPELINE_ORDERS ?? Infinity);
const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 1' };
const PASSWORD = 'bench customer password';
/** How long a customer waits for an answer or an event before counting an error. */
const PATIENCE_MS = 10_000;

interface Answer {
  status: number;
  json: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  at: number;
}

/** A browser's connection pool: keep-alive, a few sockets per client. */
function client(port: number, address: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let cookie = '';
  const call = (method: string, path: string, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            accept: 'application/json',
            'x-forwarded-for': address,
            ...(cookie ? { cookie } : {}),
            ...(payload
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const at = performance.now();
            const text = Buffer.concat(chunks).toString();
            const setCookie = response.headers['set-cookie']?.[0];
            if (setCookie) cookie = setCookie.split(';')[0] ?? '';
            resolve({
              status: response.statusCode ?? 0,
              json: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
              headers: response.headers,
              at,
            });
          });
          response.on('error', reject);
        },
      );
      request.setTimeout(PATIENCE_MS, () =>
        request.destroy(new Error(`${method} ${path}: timeout`)),
      );
      request.on('error', reject);
      request.end(payload);
    });

  /** An event stream on a socket of its own (as EventSource has); `onEvent` gets each data event. */
  const stream = (
    path: string,
    onEvent: (data: Record<string, unknown>, at: number) => void,
  ): Promise<() => void> =>
    new Promise((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path,
          agent: false,
          headers: { accept: 'text/event-stream', cookie, 'x-forwarded-for': address },
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`stream ${path}: ${response.statusCode}`));
            response.resume();
            return;
          }
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            const at = performance.now();
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (/^event:/m.test(block)) continue;
              const data = block
                .split('\n')
                .filter((line) => line.startsWith('data:'))
                .map((line) => line.slice(5).trim())
                .join('\n');
              if (data) onEvent(JSON.parse(data) as Record<string, unknown>, at);
            }
          });
          response.on('error', () => undefined);
          resolve(() => request.destroy());
        },
      );
      request.on('error', (error) => reject(error));
    });

  return { call, stream, close: () => agent.destroy() };
}

/** A value someone will know later, waited for by someone else (either may come first). */
class Later<T> {
  private readonly known = new Map<string, T>();
  private readonly waiting = new Map<string, (value: T) => void>();

  set(key: string, value: T): void {
    const waiter = this.waiting.get(key);
    if (waiter) {
      this.waiting.delete(key);
      waiter(value);
    } else this.known.set(key, value);
  }

  get(key: string): Promise<T> {
    const value = this.known.get(key);
    if (value !== undefined) {
      this.known.delete(key);
      return Promise.resolve(value);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`${key}: nothing in ${PATIENCE_MS} ms`));
      }, PATIENCE_MS);
      this.waiting.set(key, (got) => {
        clearTimeout(timer);
        resolve(got);
      });
    });
  }
}

const percentile = (sorted: number[], q: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

const ok = (answer: Answer, what: string) => {
  if (answer.status >= 300) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
  }
  return answer;
};

async function runPipeline(
  label: 'pglite' | 'postgres',
  database: BenchDatabase,
): Promise<PipelineResult> {
  const server = await BenchServer.start({ database, admin: ADMIN, trustProxy: true });
  const port = server.port;
  const clients: ReturnType<typeof client>[] = [];
  const closers: (() => void)[] = [];
  let errors = 0;
  try {
    const store = client(port, '10.0.0.1');
    clients.push(store);
    ok(await store.call('POST', '/api/auth/login', ADMIN), 'staff sign-in');
    ok(await store.call('PUT', '/api/staff/store', { mode: 'open' }), 'store open');

    // Registered beforehand (a password hash each), then each signs in as the run starts.
    const customers = [];
    for (let index = 0; index < CUSTOMERS; index++) {
      const address = `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const customer = client(port, address);
      clients.push(customer);
      const email = `pipeline-${index}-${randomBytes(3).toString('hex')}@example.com`;
      ok(
        await customer.call('POST', '/api/auth/register', {
          name: `Pipeline Customer ${index}`,
          email,
          password: PASSWORD,
          contacts: [
            { phone: '519-555-0100', address: '1 Gordon St, Guelph, ON', isDefault: true },
          ],
        }),
        'register',
      );
      ok(await customer.call('POST', '/api/auth/logout'), 'sign out');
      customers.push({ customer, email });
    }

    const onBoard = new Later<number>();
    const acceptAnswered = new Later<number>();
    closers.push(
      await store.stream('/api/staff/orders/stream', (data, at) => {
        if (data.type !== 'order-created') return;
        const orderId = (data.order as { _id: string })._id;
        onBoard.set(orderId, at);
        store.call('POST', `/api/staff/orders/${orderId}/accept`, { minutes: 25 }).then(
          (answer) => {
            if (answer.status >= 300) errors++;
            else acceptAnswered.set(orderId, answer.at);
          },
          () => errors++,
        );
      }),
    );

    // Every customer signs in and opens its stream before the clock starts: a sign-in is a
    // password hash, paid once per visit, not per order.
    const shoppers = [];
    for (const { customer, email } of customers) {
      const signedIn = ok(
        await customer.call('POST', '/api/auth/login', { email, password: PASSWORD }),
        'sign-in',
      );
      const userId = (signedIn.json.user as { _id: string })._id;
      const heard = new Later<number>();
      closers.push(
        await customer.stream(`/api/orders/sse?userId=${userId}`, (data, at) => {
          if (data.type === 'order-accepted') heard.set(String(data.orderId), at);
        }),
      );
      shoppers.push({ customer, userId, heard });
    }

    const placedToBoard: number[] = [];
    const acceptedToCustomer: number[] = [];
    const started = performance.now();
    const windowFrom = started + WARMUP_MS;
    const windowTo = windowFrom + WINDOW_MS;
    let measured = 0;
    let lastCounted = windowFrom;
    const running = () => performance.now() < windowTo && measured < MAX_ORDERS;
    // Read by the timers, so an object: TypeScript would narrow plain variables to null.
    const cpu: { from: number | null; to: number | null } = { from: null, to: null };
    // The app's backends are found halfway through the warm-up, when the pool has opened its
    // connections; one that closes within the window (none should, under this load) voids
    // the figure.
    const db: { pids: number[]; from: number | null; to: number | null } = {
      pids: [],
      from: null,
      to: null,
    };
    const cpuTimers = [
      setTimeout(() => {
        cpu.from = cpuMs(server.pid);
        db.from = totalCpuMs(db.pids);
      }, WARMUP_MS),
      setTimeout(() => {
        cpu.to = cpuMs(server.pid);
        db.to = totalCpuMs(db.pids);
      }, WARMUP_MS + WINDOW_MS),
    ];
    if (database.kind === 'postgres') {
      const url = database.url;
      cpuTimers.push(
        setTimeout(() => {
          localBackends(url, server.applicationName).then(
            (pids) => (db.pids = pids),
            () => undefined,
          );
        }, WARMUP_MS / 2),
      );
    }

    await Promise.all(
      shoppers.map(async ({ customer, userId, heard }) => {
        while (running()) {
          try {
            ok(
              await customer.call('POST', '/api/cart', { userId, name: 'Coke', quantity: 2 }),
              'add',
            );
            ok(
              await customer.call('POST', '/api/cart/confirm', {
                userId,
                deliveryType: 'pickup',
                contactInfo: { phone: '519-555-0100', address: '' },
                scheduledTime: null,
                instructions: '',
              }),
              'confirm',
            );
            const placed = ok(
              await customer.call('POST', '/api/orders/complete-order', {
                userId,
                paymentIntentId: null,
                paymentOption: 'pickup',
              }),
              'complete',
            );
            const orderId = (placed.json.order as { _id: string })._id;
            const [boardAt, customerAt, acceptedAt] = await Promise.all([
              onBoard.get(orderId),
              heard.get(orderId),
              acceptAnswered.get(orderId),
            ]);
            if (placed.at < windowFrom || customerAt > windowTo || measured >= MAX_ORDERS) continue;
            measured++;
            lastCounted = Math.max(lastCounted, customerAt);
            placedToBoard.push(Math.max(0, boardAt - placed.at));
            acceptedToCustomer.push(Math.max(0, customerAt - acceptedAt));
          } catch (error) {
            errors++;
            if (errors <= 5) console.warn(`  (${label}) ${String(error)}`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }),
    );
    for (const timer of cpuTimers) clearTimeout(timer);
    const windowCpu = cpu.from !== null && cpu.to !== null ? cpu.to - cpu.from : null;
    const windowDbCpu = db.from !== null && db.to !== null ? db.to - db.from : null;
    const wholeWindow = measured > 0 && measured < MAX_ORDERS;
    // A run stopped by BENCH_PIPELINE_ORDERS counts up to its last order, not the full window.
    const seconds =
      (Math.min(windowTo, measured >= MAX_ORDERS ? lastCounted : windowTo) - windowFrom) / 1000;
    return {
      database: label,
      customers: CUSTOMERS,
      orders: measured,
      seconds: Number(seconds.toFixed(2)),
      ordersPerSecond: Number((measured / seconds).toFixed(1)),
      placedToBoardMs: summary(placedToBoard),
      acceptedToCustomerMs: summary(acceptedToCustomer),
      // Only for a whole window (not one cut short by BENCH_PIPELINE_ORDERS).
      appCpuMsPerOrder:
        windowCpu !== null && wholeWindow ? Number((windowCpu / measured).toFixed(2)) : null,
      dbCpuMsPerOrder:
        windowDbCpu !== null && wholeWindow ? Number((windowDbCpu / measured).toFixed(2)) : null,
      errors,
    };
  } finally {
    for (const close of closers) close();
    for (const each of clients) each.close();
    await server.stop();
  }
}

async function postgresReachable(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** On PGlite, then on the Postgres server when it answers (a schema of its own, dropped after). */
export async function benchOrderPipeline(): Promise<PipelineResult[]> {
  const results: PipelineResult[] =
    process.env.BENCH_PIPELINE_POSTGRES_ONLY === '1'
      ? []
      : [await runPipeline('pglite', { kind: 'pglite' })];
  if (!(await postgresReachable())) {
    console.log(`(Postgres at ${POSTGRES_URL} not reachable: order pipeline on PGlite only)`);
    return results;
  }
  const schema = `bench_pipeline_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    results.push(await runPipeline('postgres', { kind: 'postgres', url: POSTGRES_URL, schema }));
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
  return results;
}

export function printOrderPipeline(rows: PipelineResult[]): void {
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(
    `\nOrder pipeline: simulated customers sign in, add, confirm, complete; the store accepts each from its stream`,
  );
  console.log(
    `${'database'.padEnd(9)} ${pad('customers', 9)} ${pad('orders', 7)} ${pad('s', 6)} ${pad('orders/s', 9)} ${pad('placed→board p50/p99', 21)} ${pad('accepted→customer p50/p99', 26)} ${pad('app CPU/order', 13)} ${pad('db CPU/order', 12)} ${pad('errors', 6)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.database.padEnd(9)} ${pad(row.customers, 9)} ${pad(row.orders, 7)} ${pad(row.seconds, 6)} ${pad(row.ordersPerSecond, 9)} ${pad(`${row.placedToBoardMs.p50} / ${row.placedToBoardMs.p99} ms`, 21)} ${pad(`${row.acceptedToCustomerMs.p50} / ${row.acceptedToCustomerMs.p99} ms`, 26)} ${pad(row.appCpuMsPerOrder === null ? '-' : `${row.appCpuMsPerOrder} ms`, 13)} ${pad(row.dbCpuMsPerOrder === null ? '-' : `${row.dbCpuMsPerOrder} ms`, 12)} ${pad(row.errors, 6)}`,
    );
  }
}
