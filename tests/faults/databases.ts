import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/data/db';
import { TEST_DATABASE_URL } from '../support/test-app';

/**
 * The data a server process runs on in a fault test, as an operator configures it (DATA_DIR or
 * DATABASE_URL), and a way for the test to read it afterwards.
 */
export interface FaultDatabase {
  kind: 'pglite' | 'postgres';
  /** What the server process gets in its environment. */
  env: Record<string, string>;
  /**
   * Opens the data for the test's own reads. On PGlite only while no server runs on the folder
   * (one process per folder); on Postgres at any time.
   */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export type FaultDatabaseKind = FaultDatabase['kind'];

/** A copy of the global setup's folder: migrated, seeded, with the admin account. */
export function pgliteFolder(): FaultDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-data-'));
  cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
    drop: () => {
      rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/**
 * A database of its own on the Postgres server: the app takes only DATABASE_URL (no schema), and
 * NOTIFY channels are per database, so a test's listeners hear no other test's notifies and its
 * pg_terminate_backend can pick this database's connections only.
 */
export async function postgresDatabase(): Promise<FaultDatabase & { url: string; name: string }> {
  const name = `faults_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    name,
    url: url.toString(),
    env: { DATABASE_URL: url.toString() },
    open: () =>
      openDatabase({ kind: 'postgres', url: url.toString(), applicationName: 'faults-check' }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export function faultDatabase(kind: FaultDatabaseKind): Promise<FaultDatabase> | FaultDatabase {
  return kind === 'pglite' ? pgliteFolder() : postgresDatabase();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
