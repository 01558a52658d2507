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
 *
 * This file is the data layer's one entry point; the adapters and their parts live in db/.
 */
import type { DatabaseConfig } from '../config';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';

export { isDatabaseUnavailable } from './db/errors';
export { PGLITE_START_PARAMS } from './db/pglite';
export { withTimeout } from './db/timeout';

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
