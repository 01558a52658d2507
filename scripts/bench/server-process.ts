/**
 * The app under a bench, in a child process of its own: the load generator must not share the
 * server's event loop (or its heap, when memory is what is measured). The parent starts it with
 * `BenchServer.start`, talks to it over the IPC channel and stops it.
 *
 * The child can also do, on request, what a bench needs done inside the server's database:
 * create many signed-in customers at once (`customers`), each with an order, and commit one
 * order event per such customer in one transaction (`burst`), which the process's hub then
 * reads and hands to the open streams as it would any event (decision 10).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { EventsConfig } from '../../src/server/config';
import type { Database } from '../../src/server/data/db';

export type BenchDatabase = { kind: 'pglite' } | { kind: 'postgres'; url: string; schema: string };

/** How the app's connections name themselves in pg_stat_activity: after its own schema. */
const applicationNameOf = (database: BenchDatabase): string =>
  database.kind === 'postgres' ? `bench-${database.schema}` : '';

export interface BenchServerOptions {
  database: BenchDatabase;
  /** The staff account ensured at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: { email: string; password: string };
  /**
   * Behind a proxy, as a deployment behind a load balancer runs: each simulated customer then
   * comes from an address of its own (X-Forwarded-For), so the per-address sign-in limits apply
   * to each as they would to real customers, not to the bench's one address as a whole.
   */
  trustProxy?: boolean;
  events?: Partial<EventsConfig>;
}

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** A customer made by `customers`: its id and the value of its session cookie. */
export interface MadeCustomer {
  id: string;
  cookie: string;
}

type ToServer =
  | { type: 'memory'; gc: boolean }
  | { type: 'customers'; count: number }
  | { type: 'burst' }
  | { type: 'stop' };

type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'memory'; memory: Memory }
  | { type: 'customers'; customers: MadeCustomer[] }
  | { type: 'burst'; events: number; committedAt: number }
  | { type: 'failed'; message: string };

/** Wall-clock milliseconds with a fraction, comparable between processes of one machine. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

const SESSION_DAYS = 30;

/** Many customers at once, straight into the tables, each with one pending order. */
async function makeCustomers(db: Database, count: number): Promise<MadeCustomer[]> {
  const tag = randomBytes(4).toString('hex');
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
  const made: MadeCustomer[] = [];
  await db.transaction(async (tx) => {
    const users = await tx.query<{ id: string; n: number }>(
      `insert into users (name, email)
       select 'Stream customer ' || n, 'stream-' || $1 || '-' || n || '@example.com'
         from generate_series(1, $2::int) as n
       returning id, (regexp_replace(email, '^stream-[^-]+-(\\d+)@.*$', '\\1'))::int as n`,
      [tag, count],
    );
    users.sort((a, b) => a.n - b.n);
    const ids = users.map((user) => user.id);
    await tx.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select hash, user_id, now() + make_interval(days => $3::int)
         from unnest($1::text[], $2::uuid[]) as s(hash, user_id)`,
      [hashes, ids, SESSION_DAYS],
    );
    // Completed carts and their orders: an order event must name an order of its customer.
    await tx.query(`insert into carts (user_id, status) select unnest($1::uuid[]), 'completed'`, [
      ids,
    ]);
    await tx.query(
      `insert into orders (user_id, cart_id, delivery_type, payment_option, customer_name,
                           contact_phone, subtotal_cents, hst_cents, tip_percent, tip_cents,
                           delivery_fee_cents, total_cents, accept_by)
       select c.user_id, c.id, 'pickup', 'pickup', 'Stream customer', '519-555-0100',
              1000, 130, 0, 0, 0, 1130, now() + interval '1 day'
         from carts c where c.user_id = any($1::uuid[])`,
      [ids],
    );
    ids.forEach((id, index) => made.push({ id, cookie: `sid=${tokens[index] ?? ''}` }));
  });
  return made;
}

/**
 * One `order-accepted` for every order of the customers made by `customers`, committed at once,
 * the way `repositories/order-events.ts` records one (the lock, the rows, the notify).
 */
async function burst(db: Database): Promise<{ events: number; committedAt: number }> {
  const events = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727275)');
    const rows = await tx.query<{ id: string }>(
      `insert into order_events (order_id, user_id, type, payload)
       select o.id, o.user_id, 'order-accepted', '{"time": 25}'::jsonb
         from orders o join users u on u.id = o.user_id
        where u.email like 'stream-%' and o.status = 'pending'
        order by o.created_at
       returning id::text as id`,
    );
    const last = rows.reduce((max, row) => (BigInt(row.id) > BigInt(max) ? row.id : max), '0');
    await tx.query(`select pg_notify('order_events', $1)`, [last]);
    return rows.length;
  });
  return { events, committedAt: epochMs() };
}

/**
 * BENCH_SQL_STATS=1: every statement's count and time, printed when the server stops; where the
 * time of a request goes, statement by statement (transactions included). `explainAll` then
 * asks the planner, with sequential scans switched off, for the plan of every statement seen
 * (with the parameters it was first run with): a `Seq Scan` left in a plan is a read no index
 * can serve, whatever the size of the bench's small tables.
 */
function withSqlStats(db: Database): Database & { explainAll(): Promise<void> } {
  const stats = new Map<string, { count: number; ms: number; sql: string; params: unknown[] }>();
  const timed =
    (query: Database['query']): Database['query'] =>
    async (sql: string, params: readonly unknown[] = []) => {
      const started = performance.now();
      try {
        return await query(sql, params);
      } finally {
        const key = sql.replace(/\s+/g, ' ').trim();
        const entry = stats.get(key) ?? { count: 0, ms: 0, sql, params: [...params] };
        entry.count++;
        entry.ms += performance.now() - started;
        stats.set(key, entry);
      }
    };
  process.once('exit', () => {
    const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30);
    for (const [key, { count, ms }] of rows) {
      console.log(
        `${ms.toFixed(0).padStart(7)} ms ${String(count).padStart(6)}× ${key.slice(0, 120)}`,
      );
    }
  });
  return {
    ...db,
    kind: db.kind,
    query: timed(db.query.bind(db)),
    transaction: (work) => db.transaction((tx) => work({ query: timed(tx.query.bind(tx)) })),
    async explainAll() {
      for (const [key, { sql, params }] of stats) {
        if (
          !/^(select|with|update|delete|insert)\b/i.test(key) ||
          /pg_advisory|pg_notify\(\$1/.test(key)
        ) {
          continue;
        }
        try {
          const plan = await db.transaction(async (tx) => {
            await tx.query('set local enable_seqscan = off');
            const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
            return rows.map((row) => row['QUERY PLAN']).join('\n');
          });
          if (/Seq Scan/.test(plan)) console.log(`SEQ SCAN: ${key.slice(0, 160)}\n${plan}\n`);
        } catch (error) {
          console.log(`(no plan for ${key.slice(0, 80)}: ${String(error)})`);
        }
      }
    },
  };
}

async function serve(options: BenchServerOptions): Promise<void> {
  const { buildApp } = await import('../../src/server/app');
  const { loadConfig } = await import('../../src/server/config');
  const { openDatabase } = await import('../../src/server/data/db');
  const base = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const database =
    options.database.kind === 'pglite'
      ? { kind: 'pglite' as const, dataDir: null }
      : {
          kind: 'postgres' as const,
          url: options.database.url,
          schema: options.database.schema,
          applicationName: applicationNameOf(options.database),
        };
  const config = {
    ...base,
    webDir: null,
    database,
    admin: options.admin ?? null,
    // One hop: the bench client plays the load balancer that appends each customer's address.
    trustProxy: options.trustProxy ? 1 : 0,
    events: { ...base.events, ...options.events },
  };
  // Opened here rather than by the app, so the bench's own statements use the same database
  // (PGlite in memory exists only inside this process).
  const opened = await openDatabase(database);
  const stats = process.env.BENCH_SQL_STATS ? withSqlStats(opened) : null;
  const db: Database = stats ?? opened;
  const app: FastifyInstance = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const tell = (message: FromServer) => process.send?.(message);
  process.on('message', (message: ToServer) => {
    const answer = async (): Promise<FromServer | null> => {
      switch (message.type) {
        case 'memory': {
          if (message.gc) {
            // Twice: the first pass may only queue finalisers that free more on the second.
            globalThis.gc?.();
            globalThis.gc?.();
          }
          const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
          return { type: 'memory', memory: { rss, heapUsed, external, arrayBuffers } };
        }
        case 'customers':
          return { type: 'customers', customers: await makeCustomers(db, message.count) };
        case 'burst':
          return { type: 'burst', ...(await burst(db)) };
        case 'stop': {
          // Open streams end in the app's preClose; a socket left over must not hold the exit.
          const forced = setTimeout(() => process.exit(0), 5_000);
          forced.unref();
          await app.close();
          await stats?.explainAll();
          await db.close();
          process.exit(0);
        }
      }
    };
    answer().then(
      (reply) => reply && tell(reply),
      (error: unknown) =>
        tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  });
  tell({ type: 'ready', port: address.port });
}

/** The parent's handle on a server child. */
export class BenchServer {
  private waiting: { resolve: (message: FromServer) => void; reject: (error: Error) => void }[] =
    [];
  private exited = false;

  private constructor(
    private readonly child: ChildProcess,
    /** The app's connections' application_name on Postgres (its LISTEN's adds `-listen`). */
    readonly applicationName: string,
  ) {
    child.on('message', (message: FromServer) => {
      const next = this.waiting.shift();
      if (!next) return;
      if (message.type === 'failed') next.reject(new Error(`bench server: ${message.message}`));
      else next.resolve(message);
    });
    child.once('exit', (code) => {
      this.exited = true;
      for (const next of this.waiting.splice(0)) {
        next.reject(new Error(`bench server exited (${code})`));
      }
    });
  }

  /** Where the app listens (set once it is ready). */
  port = 0;

  get pid(): number {
    return this.child.pid ?? 0;
  }

  static async start(options: BenchServerOptions): Promise<BenchServer> {
    const child = fork(fileURLToPath(import.meta.url), ['bench-server', JSON.stringify(options)], {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the app's process, written when it exits.
        ...(process.env.BENCH_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = new BenchServer(child, applicationNameOf(options.database));
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error(`bench server did not start: ${ready.type}`);
    server.port = ready.port;
    return server;
  }

  private next(): Promise<FromServer> {
    return new Promise((resolve, reject) => {
      if (this.exited) reject(new Error('bench server has exited'));
      else this.waiting.push({ resolve, reject });
    });
  }

  private async ask<T extends FromServer['type']>(
    message: ToServer,
    type: T,
  ): Promise<Extract<FromServer, { type: T }>> {
    const answer = this.next();
    this.child.send(message);
    const got = await answer;
    if (got.type !== type) throw new Error(`bench server answered ${got.type}, not ${type}`);
    return got as Extract<FromServer, { type: T }>;
  }

  async memory(gc = true): Promise<Memory> {
    return (await this.ask({ type: 'memory', gc }, 'memory')).memory;
  }

  async customers(count: number): Promise<MadeCustomer[]> {
    return (await this.ask({ type: 'customers', count }, 'customers')).customers;
  }

  async burst(): Promise<{ events: number; committedAt: number }> {
    const { events, committedAt } = await this.ask({ type: 'burst' }, 'burst');
    return { events, committedAt };
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies ToServer);
    await exited;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'bench-server') {
    serve(JSON.parse(process.argv[3] ?? '{}') as BenchServerOptions).catch((error: unknown) => {
      process.send?.({
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
      } satisfies FromServer);
      process.exit(1);
    });
  }
}
