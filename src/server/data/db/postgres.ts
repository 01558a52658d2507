import pg from 'pg';
import { DEFAULT_DATABASE_LIMITS, type DatabaseConfig } from '../../config';
import type { Database, DatabaseLog, Unlisten } from './types';
import { describeError } from './errors';
import { listenPostgres } from './listen';
import { describeServer, scrub } from './scrub-url';
import { preparedStatements } from './statement-names';
import { withTimeout } from './timeout';
import { retryingTransactions } from './transaction';

type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/** A pool of connections to a Postgres server, each `listen()` on a connection of its own. */
export async function openPostgres(config: PostgresConfig, log: DatabaseLog): Promise<Database> {
  const limits = { ...DEFAULT_DATABASE_LIMITS, ...config.limits };
  const server = describeServer(config.url);
  const listeners = new Set<Unlisten>();
  const prepared = preparedStatements();
  const applicationName = config.applicationName ?? 'pizza-store';
  // The pool's and every listener's connections alike.
  const connection: pg.ClientConfig = {
    connectionString: config.url,
    application_name: applicationName,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    // Finds a peer that vanished without closing (failover, dropped NAT entry) on idle sockets.
    keepAlive: true,
    // Tests give every run its own schema; production uses the default search path.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  };
  const pool = new pg.Pool({
    ...connection,
    max: limits.poolMax,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
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

  const listener = {
    client: { ...connection, application_name: `${applicationName}-listen` },
    server,
    closeTimeoutMs: limits.connectTimeoutMs,
    log,
  };
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(prepared(sql, params));
      return result.rows as Row[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    transaction: retryingTransactions(pool, prepared, log),
    async listen(channel, onNotify, onReconnect, onLost) {
      const stop = await listenPostgres(listener, channel, { onNotify, onReconnect, onLost });
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
