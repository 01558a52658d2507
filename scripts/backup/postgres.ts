/**
 * Backup and restore of the store's schema on a PostgreSQL server, online: pg_dump reads one
 * consistent snapshot while the store keeps serving, and a restore replaces the schema in one
 * transaction, which running stores see all at once. They are told to forget the menu and
 * settings they hold in memory, but their order streams remember how far they had read the
 * order log, which the restore took back: the restore prints that they should be restarted.
 *
 * The unit is the store's schema (DATABASE_SCHEMA, or the server's current schema, normally
 * public), not the whole database: that is what the store owns and migrates. A restore drops
 * that schema with everything in it and recreates it from the dump, inside the same transaction,
 * rather than `pg_restore --clean`, which drops only what the dump holds: a table a later
 * migration added would survive, and the next start's migration would then fail to create it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/server/config';
import {
  BackupError,
  SUMMARY_SQL,
  runTool,
  timestamp,
  writeWhole,
  type StoreSummary,
} from './common';

export type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/** The application names the store's own connections carry (src/server/data/db/postgres.ts). */
const STORE_APPLICATION_NAMES = ['pizza-store', 'pizza-store-listen'];

interface Found {
  database: string;
  schema: string;
  exists: boolean;
  summary: StoreSummary | null;
  storeConnections: number;
}

/** The store's schema and what it holds, read the way the server connects. */
async function inspect(config: PostgresConfig, applicationName: string): Promise<Found> {
  const client = new pg.Client({
    connectionString: config.url,
    application_name: applicationName,
    connectionTimeoutMillis: 10_000,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`Could not connect to the database (DATABASE_URL): ${reason}`);
  }
  try {
    const current = await client.query<{ database: string; schema: string | null }>(
      'select current_database() as database, current_schema() as schema',
    );
    const database = current.rows[0]?.database ?? '';
    // current_schema() is null when no schema on the search path exists.
    const schema = config.schema ?? current.rows[0]?.schema;
    if (!schema) throw new BackupError('No schema on the search path of DATABASE_URL exists.');
    const exists = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
    const tables = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema = $1 and table_name in ('users', 'orders', 'products')`,
      [schema],
    );
    const summary =
      tables.rows[0]?.n === 3
        ? ((await client.query<StoreSummary>(SUMMARY_SQL)).rows[0] ?? null)
        : null;
    const connections = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = any($1)`,
      [STORE_APPLICATION_NAMES],
    );
    return {
      database,
      schema,
      exists: exists.rows.length > 0,
      summary,
      storeConnections: connections.rows[0]?.n ?? 0,
    };
  } finally {
    await client.end();
  }
}

/**
 * libpq's view of DATABASE_URL for pg_dump, pg_restore and psql: the URL without its password,
 * which travels in PGPASSWORD instead of on a command line anyone on the machine can read.
 */
function libpq(config: PostgresConfig, applicationName: string) {
  const url = new URL(config.url);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: `--dbname=${url.toString()}`,
    env: {
      ...process.env,
      PGAPPNAME: applicationName,
      ...(password ? { PGPASSWORD: password } : {}),
    },
  };
}

/** A pg_dump pattern matching exactly this name (no case folding, no wildcards). */
const exactly = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteIdent = exactly;

/** The default file name for a backup of this store. */
export async function defaultPostgresName(config: PostgresConfig): Promise<string> {
  const found = await inspect(config, 'pizza-store-backup');
  return `postgres-${found.database}-${found.schema}-${timestamp()}.dump`;
}

export interface PostgresBackup {
  database: string;
  schema: string;
  summary: StoreSummary | null;
}

/** pg_dump of the store's schema, custom format (compressed; pg_restore can list and pick). */
export async function backupPostgres(
  config: PostgresConfig,
  file: string,
): Promise<PostgresBackup> {
  const found = await inspect(config, 'pizza-store-backup');
  if (!found.exists) {
    throw new BackupError(
      `Nothing to back up: database ${found.database} has no schema ${found.schema}.`,
    );
  }
  const { dbname, env } = libpq(config, 'pizza-store-backup');
  await writeWhole(file, async (temporary) => {
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--schema=${exactly(found.schema)}`,
        `--file=${temporary}`,
        '--no-password',
        dbname,
      ],
      env,
    );
  });
  return { database: found.database, schema: found.schema, summary: found.summary };
}

export interface PostgresRestore {
  database: string;
  schema: string;
  summary: StoreSummary | null;
  /** The backup of the schema as it was before, or null when there was no such schema. */
  previous: string | null;
  /** Connections of running store processes, which should be restarted. */
  storeConnections: number;
}

/**
 * Replaces the store's schema with the one in `file`, in one transaction: the schema is dropped
 * and rebuilt from the dump, or, on any error, left exactly as it was. The schema as it was is
 * first backed up into `previousDir`, so a mistaken restore can be undone with another.
 */
export async function restorePostgres(
  config: PostgresConfig,
  file: string,
  previousDir: string,
): Promise<PostgresRestore> {
  const { dbname, env } = libpq(config, 'pizza-store-restore');
  const listing = await runTool('pg_restore', ['--list', file], env);
  // A TOC line per object: "<id>; <oid> <oid> SCHEMA - <name> <owner>".
  const schemas = [...listing.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]);
  const dumped = schemas[0];
  if (schemas.length !== 1 || dumped === undefined) {
    throw new BackupError(
      `${file} holds ${schemas.length} schemas; npm run restore takes one store schema, as npm run backup writes it.`,
    );
  }
  const before = await inspect(config, 'pizza-store-restore');
  if (dumped !== before.schema) {
    throw new BackupError(
      `${file} holds schema ${dumped}, but this store's schema is ${before.schema}: set ` +
        `DATABASE_SCHEMA=${dumped} to restore it as it was, or restore it into a database whose schema is ${dumped}.`,
    );
  }

  let previous: string | null = null;
  if (before.exists) {
    previous = join(
      previousDir,
      `postgres-${before.database}-${before.schema}-before-restore-${timestamp()}.dump`,
    );
    await backupPostgres(config, previous);
  }

  // pg_restore writes the dump as SQL (COPY data inline), which psql then runs with the drop in
  // one transaction. Into a file first, not a pipe: psql would commit whatever it had read if
  // pg_restore failed midway. A private folder: the file holds customers' data.
  const work = mkdtempSync(join(tmpdir(), 'pizza-store-restore-'));
  try {
    const sql = join(work, 'restore.sql');
    await runTool('pg_restore', ['--no-owner', `--file=${sql}`, file], env);
    await runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--no-password',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        // Waits at most this long for running requests' locks, then gives up with nothing changed.
        `--command=set local lock_timeout = '30s'; drop schema if exists ${quoteIdent(before.schema)} cascade`,
        `--file=${sql}`,
        // The restored tables were filled before their triggers existed, so nothing announced
        // the new menu and settings (migration 006): running stores forget theirs on commit.
        `--command=select pg_notify('store_changed', 'menu-rows'), pg_notify('store_changed', 'store-rows')`,
        dbname,
      ],
      env,
    ).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupError(
        `${reason}\nThe restore was rolled back: schema ${before.schema} is unchanged.`,
      );
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const after = await inspect(config, 'pizza-store-restore');
  return {
    database: after.database,
    schema: after.schema,
    summary: after.summary,
    previous,
    storeConnections: after.storeConnections,
  };
}
