/**
 * What `npm run backup` and `npm run restore` share: the kinds of backup file, their default
 * names, and writing one so that a backup under its final name is always complete.
 * docs/operations.md has the design; scripts/backup/pglite.ts and postgres.ts the two stores.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** A refusal the operator can act on: printed as is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * The two kinds of backup: PGlite's data folder as a gzipped tarball (PGlite's own dumpDataDir,
 * restored with its loadDataDir), and pg_dump's custom format (restored with pg_restore).
 */
export type BackupKind = 'pglite' | 'postgres';

const KIND_NAMES: Record<BackupKind, string> = {
  pglite: 'a PGlite data folder backup (npm run backup without DATABASE_URL)',
  postgres: 'a PostgreSQL backup (pg_dump, custom format)',
};

/**
 * What the file at `path` is, from its first bytes; throws a BackupError for a missing file or
 * one that is neither kind. A gzip file is only said to be PGlite's here; restorePglite looks
 * inside it.
 */
export function backupKindOf(path: string): BackupKind {
  if (!existsSync(path)) throw new BackupError(`No backup file at ${path}.`);
  if (!statSync(path).isFile()) throw new BackupError(`${path} is not a file.`);
  const head = Buffer.alloc(64);
  const fd = openSync(path, 'r');
  const length = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const start = head.subarray(0, length);
  if (start.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (start[0] === 0x1f && start[1] === 0x8b) return 'pglite';
  if (/^(--|SET |CREATE |\\)/.test(start.toString('utf8'))) {
    throw new BackupError(
      `${path} looks like a plain SQL dump: npm run restore takes the files npm run backup writes ` +
        `(pg_dump's custom format or PGlite's tarball). Load a SQL dump with psql yourself.`,
    );
  }
  throw new BackupError(
    `${path} is not a backup npm run restore knows: expected ${KIND_NAMES.pglite} or ${KIND_NAMES.postgres}.`,
  );
}

/** Refuses a backup of the wrong kind for the configured store, saying what to do instead. */
export function expectKind(path: string, found: BackupKind, wanted: BackupKind): void {
  if (found === wanted) return;
  const how =
    wanted === 'postgres'
      ? 'DATABASE_URL is set, so this store is on PostgreSQL; unset DATABASE_URL to restore into DATA_DIR'
      : 'DATABASE_URL is not set, so this store is PGlite in DATA_DIR: a PostgreSQL store cannot move back to PGlite';
  throw new BackupError(`${path} is ${KIND_NAMES[found]}, but ${how}.`);
}

/** Whether a gzipped tarball holds a Postgres data folder (PG_VERSION at its top). */
export function isDataFolderTarball(bytes: Buffer): boolean {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    return false;
  }
  // ustar: a 512-byte header (name in bytes 0-99, size in octal in 124-135), then the contents
  // padded to 512 bytes; two zero blocks end it.
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    if (name === '') return false;
    if (name.replace(/^\.?\//, '') === 'PG_VERSION') return true;
    const size = parseInt(tar.toString('latin1', offset + 124, offset + 136).trim() || '0', 8);
    if (!Number.isFinite(size)) return false;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

/** 2026-11-24T18-00-05Z: sorts by time, and has no ':' (which Windows refuses in names). */
export function timestamp(at: Date = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Puts `write`'s output at `path` only once it is whole: it writes to a temporary name beside
 * it, which is then linked to `path` (refused if `path` exists: a backup is never overwritten)
 * and removed. A backup interrupted midway leaves only the temporary file.
 */
export async function writeWhole(
  path: string,
  write: (temporary: string) => Promise<void> | void,
): Promise<void> {
  if (existsSync(path)) {
    throw new BackupError(`${path} already exists; give another file name.`);
  }
  const temporary = `${path}.partial-${process.pid}`;
  try {
    await write(temporary);
    const fd = openSync(temporary, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    try {
      linkSync(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`${path} already exists; give another file name.`);
      }
      throw error;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Writes `bytes` to `path` and flushes them to disk. */
export function writeBytes(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. Resolves to stdout. */
export async function runTool(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found: install the PostgreSQL client tools.`)
          : error,
      );
    });
    child.on('close', resolve);
  });
  if (code !== 0) {
    throw new BackupError(`${command} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
  }
  return stdout;
}

/** What a store database holds, for the closing line of a backup or restore. */
export interface StoreSummary {
  users: number;
  orders: number;
  products: number;
}

export const SUMMARY_SQL = `select (select count(*) from users)::int as users,
  (select count(*) from orders)::int as orders,
  (select count(*) from products)::int as products`;

export const describeSummary = (s: StoreSummary): string =>
  `${s.users} accounts, ${s.orders} orders, ${s.products} products`;
