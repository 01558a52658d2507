/**
 * One process at a time on a PGlite data folder. PGlite is Postgres compiled to WebAssembly with
 * no postmaster: nothing stops a second process opening the same files, and two processes that
 * each believe they own them overwrite each other's writes (issue 12, finding 4: all six
 * registrations acknowledged by one of two servers were gone after a restart).
 *
 * The lock is a file beside the folder, `<dataDir>.lock`, holding who took it. It is created by
 * hard-linking a complete temporary file to that name, which the file system does atomically and
 * refuses when the name exists, so of two processes starting at once exactly one gets it, and a
 * reader never sees a half-written lock. It is taken before the folder is created or opened and
 * given back when the database closes (or the process exits).
 *
 * A lock whose holder is gone (SIGKILL, power cut) is taken over. "Gone" is judged on this
 * machine only: the pid no longer exists, or (Linux) the machine restarted since (boot id), or
 * the pid now belongs to a process that started later than the holder did (pid reuse, /proc
 * start time). A lock taken on another machine or in another pid namespace (another container)
 * cannot be judged, so it is honoured: the message says which file to remove once nothing uses
 * the folder. Node has no flock(); a kernel lock would free itself on death and need none of
 * this, at the cost of a native dependency.
 */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** What a lock file holds: enough to tell whether its holder still runs. */
export interface LockHolder {
  pid: number;
  /** Why the folder is held: the server, a backup, a restore. */
  purpose: string;
  /** When the lock was taken (ISO 8601), for the message. */
  since: string;
  host: string;
  /** Linux: /proc/sys/kernel/random/boot_id; changes when the machine restarts. */
  bootId?: string;
  /** Linux: the holder's start time in clock ticks since boot; tells a reused pid apart. */
  startTime?: string;
  /** Linux: the pid namespace, `pid:[n]`; a pid means nothing outside its own. */
  pidNamespace?: string;
}

export interface FolderLock {
  readonly path: string;
  /** The holder whose lock was taken over because it was gone, if any (for the log). */
  readonly tookOverFrom: LockHolder | null;
  /** Gives the lock back; harmless to call again. Leaves a lock that is no longer ours alone. */
  release(): void;
}

/** The folder is held by a process that is (or may be) still running. */
export class DataFolderInUseError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = 'DataFolderInUseError';
  }
}

export const lockPathOf = (dataDir: string): string => `${dataDir}.lock`;

/**
 * Takes the folder's lock for `purpose`, or throws DataFolderInUseError saying who holds it and
 * what to do. `action` words the message ("open the database", "back up the database").
 */
export function lockDataFolder(
  dataDir: string,
  { purpose, action }: { purpose: string; action: string },
): FolderLock {
  const path = lockPathOf(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const mine = describeProcess(process.pid, purpose);
  const text = `${JSON.stringify(mine)}\n`;
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, text);
  let tookOverFrom: LockHolder | null = null;
  try {
    // Each pass either takes the lock, refuses, or removes a dead holder's lock and tries again;
    // more passes than that mean other processes keep racing for it.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temporary, path);
        return held(path, text, tookOverFrom);
      } catch (error) {
        if (!hasCode(error, 'EEXIST')) throw error;
      }
      const found = readIfExists(path);
      if (found === null) continue; // released meanwhile
      const holder = parseHolder(found);
      const verdict = holder ? judge(holder) : 'unreadable';
      if (verdict !== 'gone') {
        throw new DataFolderInUseError(
          inUseMessage(dataDir, path, action, holder, verdict),
          holder,
        );
      }
      removeStaleLock(path, found);
      tookOverFrom = holder;
    }
    throw new DataFolderInUseError(
      `Cannot ${action}: other processes keep taking and dropping the lock ${path} on ${dataDir}; try again.`,
      null,
    );
  } finally {
    rmSync(temporary, { force: true });
  }
}

function held(path: string, text: string, tookOverFrom: LockHolder | null): FolderLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Someone may have removed our lock by hand and another process taken it: not ours to drop.
    if (readIfExists(path) === text) rmSync(path, { force: true });
  };
  // A process that exits without closing its database (process.exit after a failed start) gives
  // the lock back too; one that is killed leaves it, and the next start takes it over.
  process.on('exit', release);
  return { path, tookOverFrom, release };
}

/**
 * Removes the dead holder's lock that read `expected`. Two processes may judge the same stale
 * lock at once: each moves the lock aside under a name of its own and checks that what it moved
 * is the stale one. If it moved a fresh lock instead (the other process was quicker), it links
 * it back before trying again, and then finds it held.
 */
function removeStaleLock(path: string, expected: string): void {
  const aside = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    if (readIfExists(aside) !== expected) linkSync(aside, path);
  } finally {
    rmSync(aside, { force: true });
  }
}

type Verdict = 'alive' | 'gone' | 'elsewhere' | 'unreadable';

function judge(holder: LockHolder): Verdict {
  const here = describeProcess(process.pid, '');
  if (holder.bootId && here.bootId && holder.bootId !== here.bootId) return 'gone';
  if (holder.host !== here.host) return 'elsewhere';
  if (holder.pidNamespace && here.pidNamespace && holder.pidNamespace !== here.pidNamespace) {
    return 'elsewhere';
  }
  if (!processExists(holder.pid)) return 'gone';
  const now = procStat(holder.pid);
  if (now?.state === 'Z') return 'gone'; // killed, not yet reaped by its parent
  if (holder.startTime && now && now.startTime !== holder.startTime) return 'gone'; // pid reused
  return 'alive';
}

function inUseMessage(
  dataDir: string,
  path: string,
  action: string,
  holder: LockHolder | null,
  verdict: Verdict,
): string {
  const removal = `If no process uses ${dataDir}, remove ${path} and try again.`;
  if (!holder) {
    return `Cannot ${action}: ${dataDir} is locked by ${path}, which cannot be read. ${removal}`;
  }
  const who =
    holder.pid === process.pid && verdict === 'alive'
      ? `this process (pid ${holder.pid})`
      : `process ${holder.pid}`;
  const where = verdict === 'elsewhere' ? ` on ${holder.host} (another machine or container)` : '';
  return (
    `Cannot ${action}: the database folder ${dataDir} is in use by ${who}${where} ` +
    `(${holder.purpose}, since ${holder.since}). A PGlite folder serves one process at a time: ` +
    `stop process ${holder.pid} first, or give this one another DATA_DIR ` +
    `(several server processes need a PostgreSQL server: DATABASE_URL). ` +
    (verdict === 'alive' ? `(Lock file: ${path}.)` : removal)
  );
}

/** This process (or `pid`), described as a lock file records it. */
export function describeProcess(pid: number, purpose: string): LockHolder {
  const stat = procStat(pid);
  const bootId = readIfExists('/proc/sys/kernel/random/boot_id')?.trim();
  let pidNamespace: string | undefined;
  try {
    pidNamespace = readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    pidNamespace = undefined; // not Linux, or not allowed to look
  }
  return {
    pid,
    purpose,
    since: new Date().toISOString(),
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(stat ? { startTime: stat.startTime } : {}),
    ...(pidNamespace ? { pidNamespace } : {}),
  };
}

/** State and start time from /proc/<pid>/stat (Linux), or null elsewhere. */
function procStat(pid: number): { state: string; startTime: string } | null {
  const text = readIfExists(`/proc/${pid}/stat`);
  if (!text) return null;
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19]; // field 22 of the whole line
  return state && startTime ? { state, startTime } : null;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it belongs to another user.
    return !hasCode(error, 'ESRCH');
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.pid !== 'number' || !Number.isInteger(record.pid) || record.pid <= 0) {
      return null;
    }
    const text_ = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
    const bootId = text_('bootId');
    const startTime = text_('startTime');
    const pidNamespace = text_('pidNamespace');
    return {
      pid: record.pid,
      purpose: text_('purpose') ?? 'unknown purpose',
      since: text_('since') ?? 'an unknown time',
      host: text_('host') ?? 'an unknown host',
      ...(bootId ? { bootId } : {}),
      ...(startTime ? { startTime } : {}),
      ...(pidNamespace ? { pidNamespace } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Tidies what processes that held the lock before left beside the folder. Call with the lock held.
 *
 * - A restore that was interrupted between moving the old folder aside and moving the restored
 *   one into place left no folder but a complete `<dataDir>.restored-<pid>`: it is moved into
 *   place now, so the store does not start on a new, empty database. Interrupted earlier, while
 *   the folder is still there, the restore did not happen and its copy is removed.
 * - A creation or restore they did not finish (`.creating-<pid>`, `.restoring-<pid>`): while we
 *   hold the lock nobody else works on them.
 * - Temporary lock files of processes that are gone.
 *
 * Best effort: a leftover that cannot be removed now (an orphaned creation still writing into
 * it) is tried again at the next start. Returns what it did, for the log.
 */
export function tidyBesideFolder(dataDir: string): string[] {
  const parent = dirname(dataDir);
  const base = basename(dataDir);
  const done: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(`${base}.`));
  } catch {
    return done;
  }
  for (const name of names.filter((n) => /^restored-\d+$/.test(n.slice(base.length + 1)))) {
    if (!existsSync(dataDir)) {
      renameSync(join(parent, name), dataDir);
      done.push(`finished the interrupted restore: moved ${name} into place`);
    } else if (tryRemove(join(parent, name))) {
      done.push(`removed ${name}: its restore was interrupted before it began`);
    }
  }
  for (const name of names) {
    const rest = name.slice(base.length + 1);
    const staging = /^(creating|restoring)-\d+$/.test(rest);
    const lockLeftover = /^lock\.(\d+)-[0-9a-f]+\.(tmp|stale)$/.exec(rest);
    const deadLockLeftover = lockLeftover && !processExists(Number(lockLeftover[1]));
    if ((staging || deadLockLeftover) && tryRemove(join(parent, name))) {
      done.push(`removed ${name}, left by a process that is gone`);
    }
  }
  return done;
}

function tryRemove(path: string): boolean {
  try {
    rmSync(path, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

/** Whether a data folder holds a database (PGlite writes PG_VERSION when initdb completes). */
export const hasDatabase = (dataDir: string): boolean => existsSync(join(dataDir, 'PG_VERSION'));

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT') || hasCode(error, 'ENOTDIR')) return null;
    throw error;
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
