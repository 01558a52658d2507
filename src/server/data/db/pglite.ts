import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Database, DatabaseLog } from './types';
import { lockDataFolder, tidyBesideFolder, type FolderLock } from '../folder-lock';
import { pgliteWasm } from '../pglite-wasm';
import { createPgliteFolder } from './pglite-folder';

/**
 * PGlite's own start parameters plus ours. shared_buffers: Postgres's default 128 MB is set
 * aside and touched whole inside the WebAssembly memory, which is never given back; a store's
 * whole database is a few MB, and the operating system caches the files under it anyway.
 * 16 MB keeps an existing folder's open at ~160 MiB of RSS instead of ~280.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Our start parameters and the process's compiled WebAssembly, for every PGlite opened here. */
async function startOptions(): Promise<PGliteOptions> {
  const pgliteWasmModule = await pgliteWasm();
  return { startParams: PGLITE_START_PARAMS, ...(pgliteWasmModule ? { pgliteWasmModule } : {}) };
}

/**
 * A new in-memory database (tests and benches; a store always has a folder) starts from a copy
 * of a fresh cluster instead of running initdb: initdb is ~2 s of a test file's start, loading
 * the copy ~0.5 s. Unless the caller brings one, the copy is made once per process.
 */
let ownCluster: Promise<Blob> | null = null;

/** A fresh cluster, as `dumpDataDir` gives it: what nobody has connected to or written yet. */
export async function dumpFreshCluster(): Promise<Blob> {
  const empty = new PGlite(await startOptions());
  try {
    await empty.waitReady;
    return await empty.dumpDataDir('none');
  } finally {
    await empty.close();
  }
}

async function freshClusterCopy(): Promise<Blob> {
  ownCluster ??= dumpFreshCluster();
  try {
    return await ownCluster;
  } catch (error) {
    // A failed copy is not kept: the next database tries again.
    ownCluster = null;
    throw error;
  }
}

/**
 * A folder is locked by the process that opens it (folder-lock.ts) before anything touches it,
 * creation included, and unlocked when the database closes: a second process is refused at start
 * instead of both acknowledging writes that one of them then loses.
 */
export async function openPglite(
  dataDir: string | null,
  log: DatabaseLog,
  freshCluster?: Blob,
): Promise<Database> {
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
    const options = await startOptions();
    db = dataDir
      ? new PGlite(dataDir, options)
      : new PGlite({ ...options, loadDataDir: freshCluster ?? (await freshClusterCopy()) });
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
