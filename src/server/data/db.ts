/**
 * The data layer's contract with the database. Read this before writing a repository.
 *
 * - Nothing waits forever. On Postgres, opening a connection gives up after
 *   DB_CONNECT_TIMEOUT_MS (start-up fails with a clear message instead of hanging), the server
 *   cancels a statement after DB_STATEMENT_TIMEOUT_MS and ends a session left idle inside a
 *   transaction after DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, and the client stops waiting for an
 *   answer after DB_QUERY_TIMEOUT_MS (a server that accepts TCP but never answers).
 * - A lost connection never ends the process: the pool drops it and opens a new one on the next
 *   query. The request that was using it fails (503, `isDatabaseUnavailable`); the next one
 *   succeeds.
 * - Transactions are short and touch only the database: no HTTP calls, emails or payments inside
 *   `transaction()`, because a transaction may run more than once (below).
 * - Lock order: a write that touches several rows locks them parent first (the cart row, then its
 *   lines; later an order, then its items), every path in the same order, so two requests cannot
 *   each hold the lock the other waits for.
 * - A transaction that still loses a deadlock (40P01) or a serialisation race (40001) is rolled
 *   back by the server and run again whole, TRANSACTION_ATTEMPTS attempts in all.
 * - LISTEN: on Postgres each `listen()` holds one connection of its own, outside the pool (a
 *   pooled connection is handed to other queries and would drop the LISTEN). When that connection
 *   is lost it is opened again with a bounded backoff; a NOTIFY sent meanwhile is lost for good,
 *   so the caller is told when it is back (`onReconnect`) and reads what it missed from its table.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgliteWasm } from './pglite-wasm';
import { DEFAULT_DATABASE_LIMITS, type DatabaseConfig, type DatabaseLimits } from '../config';
import { lockDataFolder, tidyBesideFolder, type FolderLock } from './folder-lock';

/** What repositories need: parameterised SQL ($1, $2, ...) returning rows. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** One database, embedded (PGlite) or a server (a pool of connections); same SQL on both. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: all of it commits or none of it does. On Postgres `work` may
   * run again after a deadlock or serialisation failure, so it must have no other effects.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (sent when, and only if, the
   * notifying transaction commits), in this process, from any connection to the same database.
   * Resolves once listening; rejects only if it cannot start. Afterwards a lost connection never
   * throws: it is reopened and `onReconnect` is called, because notifies sent while it was down
   * are gone. `onLost` is called when the connection is found lost, before the reconnecting
   * starts (a cache that relies on the notifies stops trusting itself until `onReconnect`).
   * Resolves to the function that stops listening; `close()` stops every listener.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Stops a `listen()`; calling it again does nothing. */
export type Unlisten = () => Promise<void>;

/** Where the data layer reports what the process survived (the app passes its pino logger). */
export interface DatabaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface OpenOptions {
  log?: DatabaseLog;
}

const silentLog: DatabaseLog = { info: () => undefined, warn: () => undefined };

export async function openDatabase(
  config: DatabaseConfig,
  options: OpenOptions = {},
): Promise<Database> {
  return config.kind === 'pglite'
    ? openPglite(config.dataDir, options.log ?? silentLog)
    : openPostgres(config, options.log ?? silentLog);
}

/** Rejects with `message` if `promise` has not settled within `ms`; the timer never outlives it. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PGlite's own start parameters plus ours. shared_buffers: Postgres's default 128 MB is set
 * aside and touched whole inside the WebAssembly memory, which is never given back; a store's
 * whole database is a few MB, and the operating system caches the files under it anyway.
 * 16 MB keeps an existing folder's open at ~160 MiB of RSS instead of ~280.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A folder is locked by the process that opens it (folder-lock.ts) before anything touches it,
 * creation included, and unlocked when the database closes: a second process is refused at start
 * instead of both acknowledging writes that one of them then loses.
 */
async function openPglite(dataDir: string | null, log: DatabaseLog): Promise<Database> {
  let lock: FolderLock | null = null;
  let db: PGlite;
  try {
    if (dataDir) {
      lock = lockDataFolder(dataDir, { purpose: 'the store server', action: 'open the database' });
      if (lock.tookOverFrom) {
        log.warn(
          { dataDir, previous: lock.tookOverFrom },
          'took over the database folder lock of a process that is gone',
        );
      }
      for (const note of tidyBesideFolder(dataDir)) log.info({ dataDir }, note);
      await createPgliteFolder(dataDir);
    }
    const pgliteWasmModule = await pgliteWasm();
    const options = {
      startParams: PGLITE_START_PARAMS,
      ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    };
    db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
    await db.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  // One in-process connection: nothing to lose, time out or deadlock, so no retry either.
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, [...params])).rows;
          },
        }),
      );
    },
    async listen(channel, onNotify) {
      // In process: nothing to lose, so never a reconnect to report.
      const stop = await db.listen(channel, onNotify);
      let stopped = false;
      return async () => {
        if (stopped || db.closed) return;
        stopped = true;
        await stop();
      };
    },
    async close() {
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

// Run by `node -e` in a process of its own: argv[1] is PGlite's entry point, argv[2] the folder.
// Its stdin is a pipe from the parent that ends when the parent dies, even by SIGKILL: it then
// exits (between initdb's long synchronous stretches) rather than finish a folder nobody will
// move into place; the next start removes what it wrote.
const CREATE_PGLITE_FOLDER = `
process.stdin.on('end', () => process.exit(1)).resume();
const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).then(
  () => process.exit(0),
  (error) => { console.error(error); process.exit(1); },
);`;

/**
 * Creates a new PGlite data folder in a short-lived child process. Creating one (initdb) grows
 * the WebAssembly memory to ~780 MiB, which is never given back: done in the serving process,
 * a first start would serve at ~850 MiB from then on; opening the folder the child made costs
 * what any later start costs. The child works in a folder of its own, renamed into place once
 * complete, so an interrupted creation leaves no half-made data folder behind (the next start,
 * holding the lock, removes what it left). A folder that exists with something in it is left to
 * PGlite, as before. The caller holds the folder's lock, so no other process creates it meanwhile.
 */
async function createPgliteFolder(dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  mkdirSync(dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.creating-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', CREATE_PGLITE_FOLDER, entry, staging], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  child.stdin.end();
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Could not create the database folder ${dataDir}: ${stderr.trim()}`);
  }
  if (existsSync(dataDir)) rmdirSync(dataDir); // empty (checked above); rename needs it gone
  renameSync(staging, dataDir);
}

type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/**
 * Deadlocks and serialisation failures are the server telling us another transaction won a race;
 * the loser's work is undone and running it again normally succeeds. No other error is retried:
 * a constraint violation or a timeout would fail the same way again, only slower.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const TRANSACTION_ATTEMPTS = 3;

async function openPostgres(config: PostgresConfig, log: DatabaseLog): Promise<Database> {
  const limits = { ...DEFAULT_DATABASE_LIMITS, ...config.limits };
  const server = describeServer(config.url);
  const listeners = new Set<Unlisten>();
  const prepared = preparedStatements();
  const pool = new pg.Pool({
    connectionString: config.url,
    max: limits.poolMax,
    application_name: config.applicationName ?? 'pizza-store',
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    // Finds a peer that vanished without closing (failover, dropped NAT entry) on idle sockets.
    keepAlive: true,
    // Tests give every run its own schema; production uses the default search path.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  // An idle connection the server ended (restart, failover, pg_terminate_backend) is reported
  // here; pg has already discarded it. Without a listener Node treats it as an uncaught error
  // and ends the process.
  pool.on('error', (error) => {
    log.warn({ err: error, server }, 'idle database connection lost; the next query opens another');
  });

  // Fail fast at start if the server is unreachable or silent, rather than on the first request.
  const seconds = limits.connectTimeoutMs / 1000;
  log.info({ server }, 'connecting to the database');
  try {
    await withTimeout(pool.query('select 1'), limits.connectTimeoutMs, 'no answer');
  } catch (error) {
    // Not awaited: a connection attempt still pending ends by its own timeout.
    pool.end().catch(() => undefined);
    const reason = scrub(describeError(error), config.url);
    throw new Error(
      `Could not connect to the database at ${server} within ${seconds} s: ${reason}`,
      {
        cause: error,
      },
    );
  }
  log.info({ server }, 'database connected');

  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(prepared(sql, params));
      return result.rows as Row[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await runTransaction(pool, prepared, work);
        } catch (error) {
          if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
          log.warn({ err: error, attempt }, 'transaction lost a lock race; retrying it');
          // Jittered, so the two losers of one deadlock do not collide again in step.
          await sleep(20 * 2 ** (attempt - 1) * (0.5 + Math.random()));
        }
      }
    },
    async listen(channel, onNotify, onReconnect, onLost) {
      const stop = await listenPostgres(config, limits, log, channel, {
        onNotify,
        onReconnect,
        onLost,
      });
      const unlisten: Unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

/** The listener's first wait before reopening a lost connection, doubled up to the second. */
export const LISTEN_BACKOFF_MS = { first: 250, max: 5_000 } as const;

/**
 * One LISTEN on a connection of its own, named `<application_name>-listen` so operators (and
 * tests) can tell it from the pool's. Lost (server restart, failover, pg_terminate_backend): it
 * is reopened after 250 ms, then 500 ms, ... at most 5 s apart, until it is back or stopped.
 */
async function listenPostgres(
  config: PostgresConfig,
  limits: DatabaseLimits,
  log: DatabaseLog,
  channel: string,
  {
    onNotify,
    onReconnect,
    onLost,
  }: {
    onNotify: (payload: string) => void;
    onReconnect: (() => void) | undefined;
    onLost: (() => void) | undefined;
  },
): Promise<Unlisten> {
  const server = describeServer(config.url);
  let current: pg.Client | null = null;
  let stopped = false;
  // Read through a function: the flag changes in callbacks, between the awaits below.
  const isStopped = () => stopped;
  let timer: NodeJS.Timeout | undefined;
  let delay: number = LISTEN_BACKOFF_MS.first;

  const lost = (client: pg.Client, error?: Error) => {
    // 'error' and 'end' both come for one loss; and a replaced client's news is old news.
    if (client !== current) return;
    current = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: error, server, channel }, 'database listener lost; reconnecting');
    onLost?.();
    retryLater();
  };

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: config.url,
      application_name: `${config.applicationName ?? 'pizza-store'}-listen`,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      query_timeout: limits.queryTimeoutMs,
      keepAlive: true,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    const connection = { dead: false };
    // Listened to before connecting: an unhandled 'error' on a client would end the process.
    client.on('error', (error) => {
      connection.dead = true;
      lost(client, error);
    });
    client.on('end', () => {
      connection.dead = true;
      lost(client);
    });
    client.on('notification', (message) => {
      if (!stopped && client === current && message.channel === channel) {
        onNotify(message.payload ?? '');
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    // Lost between the LISTEN and here: report it as a failed attempt, not a live listener.
    if (connection.dead) throw new Error('the listener connection closed while starting');
    return client;
  };

  const retryLater = () => {
    timer = setTimeout(() => void reconnect(), delay);
    // A listener waiting to reconnect must not keep a finished process alive.
    timer.unref();
    delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
  };

  const reconnect = async () => {
    timer = undefined;
    if (stopped) return;
    let client: pg.Client;
    try {
      client = await open();
    } catch (error) {
      if (isStopped()) return;
      log.warn({ err: error, server, channel }, 'database listener could not reconnect; retrying');
      retryLater();
      return;
    }
    if (isStopped()) {
      client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = LISTEN_BACKOFF_MS.first;
    log.info({ server, channel }, 'database listener reconnected');
    onReconnect?.();
  };

  current = await open();
  return async () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    if (client) {
      await withTimeout(client.end(), limits.connectTimeoutMs, 'listener did not close').catch(
        () => undefined,
      );
    }
  };
}

async function runTransaction<T>(
  pool: pg.Pool,
  prepared: Prepare,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // The pool stops listening to a client while it is checked out: a connection dropped between
  // two statements would emit an unhandled 'error' and end the process.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  const tx: Queryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await client.query(prepared(sql, params));
        return result.rows as Row[];
      } catch (error) {
        // After a client-side timeout or a lost socket the connection's state is unknown: an
        // answer may still arrive and be taken for the next statement's.
        if (connectionLost(error)) broken ??= error instanceof Error ? error : new Error('lost');
        throw error;
      }
    },
  };
  try {
    await tx.query('begin');
    const result = await work(tx);
    await tx.query('commit');
    return result;
  } catch (error) {
    if (!broken) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error('rollback failed');
      });
    }
    throw error;
  } finally {
    client.off('error', onError);
    // A broken client is closed, never handed to the next request.
    client.release(broken);
  }
}

type Prepare = (sql: string, params: readonly unknown[]) => pg.QueryConfig;

/**
 * Distinct statements named (prepared) per pool at most. The app's statements are fixed texts
 * (a few dozen), so the cap is only a guard against a future statement built with a varying
 * text, which would otherwise leave a prepared statement per variant on every connection.
 */
const MAX_PREPARED = 300;

/**
 * A statement with parameters gets a name, so each connection parses and plans it once and then
 * only binds and executes it (node-postgres prepares a named statement on a connection the first
 * time it runs there). Statements without parameters stay unnamed: they are the migrations' DDL
 * and a few fixed reads, and a prepared `select *` would fail once a migration adds a column.
 */
function preparedStatements(): Prepare {
  const names = new Map<string, string>();
  return (sql, params) => {
    if (params.length === 0) return { text: sql };
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `q${names.size + 1}`;
      names.set(sql, name);
    }
    return { text: sql, values: [...params], ...(name ? { name } : {}) };
  };
}

/** An error from the server about the statement (SQLSTATE) leaves the connection usable. */
function connectionLost(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  // 08: connection exception; 57P: the server is shutting the session down.
  return /^(08|57P)/.test(error.code ?? '');
}

/**
 * Whether `error` says the database cannot be reached right now (dropped or refused connection,
 * a timeout, the server shutting down or full), as opposed to a fault in our SQL. Such a request
 * is answered 503 so a client knows that trying again shortly is the right thing to do.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, cannot connect
    // now), 57014 (our statement timeout), 53300 (too many connections); and the socket's own.
    if (/^08|^57P0[1-3]$|^57014$|^53300$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code)) {
      return true;
    }
  }
  // node-postgres reports a lost or silent connection by message only.
  return /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

function isRetryable(error: unknown): boolean {
  return error instanceof pg.DatabaseError && RETRYABLE_CODES.has(error.code ?? '');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** host:port/database, never the user or password. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describeError).join('; ');
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}

/** Keeps the password out of a message even if a driver ever echoes the URL. */
function scrub(message: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return message;
  }
  return password ? message.split(password).join('***') : message;
}
