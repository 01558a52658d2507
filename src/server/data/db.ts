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
import type { Database, DatabaseLog } from './db/types';

export { isDatabaseUnavailable } from './db/errors';
export { PGLITE_START_PARAMS, dumpFreshCluster } from './db/pglite';
export { withTimeout } from './db/timeout';

export type { Database, DatabaseLog, Queryable, Unlisten } from './db/types';

export interface OpenOptions {
  log?: DatabaseLog;
}

const silentLog: DatabaseLog = { info: () => undefined, warn: () => undefined };

export async function openDatabase(
  config: DatabaseConfig,
  options: OpenOptions = {},
): Promise<Database> {
  return config.kind === 'pglite'
    ? openPglite(config.dataDir, options.log ?? silentLog, config.freshCluster)
    : openPostgres(config, options.log ?? silentLog);
}
