/**
 * Backup and restore of PGlite's data folder (DATA_DIR/pglite), offline: both take the folder's
 * lock (src/server/data/folder-lock.ts), so they refuse while the store runs, and the store
 * refuses to start while they run. A copy of a folder that a running server writes would not be
 * consistent, and only the server process may open it; stopping the store for the second or two
 * a backup takes is the price of having no database server. docs/operations.md has the rest.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from '../../src/server/data/db';
import { hasDatabase, lockDataFolder, tidyBesideFolder } from '../../src/server/data/folder-lock';
import {
  BackupError,
  SUMMARY_SQL,
  isDataFolderTarball,
  timestamp,
  writeBytes,
  writeWhole,
  type StoreSummary,
} from './common';

export interface PgliteBackup {
  summary: StoreSummary | null;
}

/**
 * Writes PGlite's tarball of the folder (`dumpDataDir('gzip')`) to `file`, after a checkpoint so
 * the copy needs no recovery when it is restored.
 */
export async function backupPglite(dataDir: string, file: string): Promise<PgliteBackup> {
  if (!existsSync(dirname(dataDir))) {
    throw new BackupError(`No database to back up: ${dirname(dataDir)} does not exist (DATA_DIR).`);
  }
  const lock = lockDataFolder(dataDir, {
    purpose: 'a backup',
    action: 'back up the database (the store must be stopped first)',
  });
  try {
    tidyBesideFolder(dataDir);
    if (!hasDatabase(dataDir)) throw new BackupError(`No database to back up at ${dataDir}.`);
    const db = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
    let bytes: Buffer;
    let summary: StoreSummary | null = null;
    try {
      await db.waitReady;
      await db.exec('checkpoint');
      summary = await summarise(db);
      bytes = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await db.close();
    }
    await writeWhole(file, (temporary) => {
      writeBytes(temporary, bytes);
    });
    return { summary };
  } finally {
    lock.release();
  }
}

export interface PgliteRestore {
  summary: StoreSummary;
  /** Where the folder that was replaced now is, or null if there was none. */
  previous: string | null;
}

/**
 * Replaces the data folder with the one in `file`. The backup is unpacked and opened in a
 * staging folder beside the data folder first (PGlite's `loadDataDir`), and checked to be a
 * store's database; only then is the current folder moved aside, to
 * `<dataDir>.before-restore-<time>`, and the restored one moved into its place. A restore that
 * fails leaves the data folder as it was; one interrupted between the two moves is finished by
 * the next process that takes the lock (tidyBesideFolder), so the store never starts on a half-
 * restored folder nor on a new, empty one.
 */
export async function restorePglite(dataDir: string, file: string): Promise<PgliteRestore> {
  const bytes = readFileSync(file);
  if (!isDataFolderTarball(bytes)) {
    throw new BackupError(`${file} is a gzip file but not a PGlite data folder backup.`);
  }
  const lock = lockDataFolder(dataDir, {
    purpose: 'a restore',
    action: 'restore the database (the store must be stopped first)',
  });
  try {
    tidyBesideFolder(dataDir);
    const staging = `${dataDir}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    let summary: StoreSummary;
    try {
      const db = new PGlite(staging, {
        loadDataDir: new Blob([bytes]),
        startParams: PGLITE_START_PARAMS,
      });
      try {
        await db.waitReady;
        summary = await summarise(db).then((found) => {
          if (!found) throw new Error('it holds no store database (no users, orders, products)');
          return found;
        });
        await db.exec('checkpoint');
      } finally {
        await db.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupError(`Could not restore ${file}: ${reason}. ${dataDir} is unchanged.`);
    }

    // Named as complete before anything moves: what tidyBesideFolder moves into place if the
    // process dies between the two renames below.
    const ready = `${dataDir}.restored-${process.pid}`;
    renameSync(staging, ready);
    let previous: string | null = null;
    if (existsSync(dataDir)) {
      if (readdirSync(dataDir).length === 0) {
        rmdirSync(dataDir);
      } else {
        previous = `${dataDir}.before-restore-${timestamp()}`;
        if (existsSync(previous)) {
          rmSync(ready, { recursive: true, force: true });
          throw new BackupError(`${previous} exists already: wait a second and restore again.`);
        }
        renameSync(dataDir, previous);
      }
    }
    renameSync(ready, dataDir);
    return { summary, previous };
  } finally {
    lock.release();
  }
}

/** The store's counts, or null when the database has no store tables (not migrated). */
async function summarise(db: PGlite): Promise<StoreSummary | null> {
  const found = await db.query<{ tables: number }>(
    `select count(*)::int as tables from information_schema.tables
     where table_schema = current_schema() and table_name in ('users', 'orders', 'products')`,
  );
  if (found.rows[0]?.tables !== 3) return null;
  return (await db.query<StoreSummary>(SUMMARY_SQL)).rows[0] ?? null;
}
