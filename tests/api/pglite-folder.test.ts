import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/data/db';
import { describeProcess } from '../../src/server/data/folder-lock';
import { migrate } from '../../src/server/data/migrate';
import { seed } from '../../src/server/data/seed';
import { compiledServer } from '../support/server-process';
import { testDbKind } from '../support/test-app';

// A data folder on disk is PGlite's alone (the Postgres project has nothing to add here).
describe.runIf(testDbKind() === 'pglite')('a PGlite data folder', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'pglite-folder-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('is created whole by a child process, then opened, and keeps what was written', async () => {
    const dataDir = join(parent, 'data', 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    // Created in a staging folder and renamed into place: nothing else is left beside it but
    // the lock of the process that has it open.
    expect(readdirSync(join(parent, 'data')).sort()).toEqual(['pglite', 'pglite.lock']);
    await first.exec('create table kept (note text); insert into kept values ($$hello$$);');
    await first.close();
    expect(readdirSync(join(parent, 'data'))).toEqual(['pglite']);

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await second.query('select note from kept')).toEqual([{ note: 'hello' }]);
    expect(await second.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    await second.close();
  }, 120_000);

  it('is created in an empty folder that already exists', async () => {
    const dataDir = join(parent, 'pglite');
    mkdirSync(dataDir);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    await db.close();
    expect(readdirSync(parent)).toEqual(['pglite']);
  }, 120_000);

  it('is created by one of two opens started at once; the other is refused', async () => {
    const dataDir = join(parent, 'pglite');
    const outcomes = await Promise.allSettled([
      openDatabase({ kind: 'pglite', dataDir }),
      openDatabase({ kind: 'pglite', dataDir }),
    ]);
    const opened = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(opened).toHaveLength(1);
    expect(refused[0]).toContain(`${dataDir} is in use by this process`);
    await opened[0]?.close();
    expect(readdirSync(parent)).toEqual(['pglite']);
  }, 120_000);
});

/**
 * Issue 12, finding 4: two processes on one PGlite folder both started and both acknowledged
 * writes, and one's were gone after a restart. The folder is now locked by the process that
 * opens it. These tests start from a copy of one migrated, seeded folder (creating a folder
 * costs an initdb, ~10 s on a busy machine), and spawn real server processes where the finding
 * is about processes.
 */
describe.runIf(testDbKind() === 'pglite')('one process at a time on a PGlite folder', () => {
  let root: string;
  let template: string;
  let parent: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
    template = join(root, 'template');
    const db = await openDatabase({ kind: 'pglite', dataDir: template });
    await migrate(db);
    await seed(db);
    await db.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  beforeEach(() => {
    parent = mkdtempSync(join(root, 'data-'));
  });
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
    children.clear();
  });

  /** DATA_DIR's database folder, copied from the template unless `empty`. */
  const dataFolder = (empty = false) => {
    const dataDir = join(parent, 'pglite');
    if (!empty) cpSync(template, dataDir, { recursive: true });
    return dataDir;
  };

  it('refuses a second open in the same process, naming the folder and the holder, and keeps the first', async () => {
    const dataDir = dataFolder();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const second = openDatabase({ kind: 'pglite', dataDir });
    await expect(second).rejects.toThrow(
      `Cannot open the database: the database folder ${dataDir} is in use by this process (pid ${process.pid})`,
    );
    await expect(second).rejects.toThrow(`stop process ${process.pid} first`);

    await first.exec(`create table kept (note text); insert into kept values ('after refusal');`);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    expect(await reopened.query('select note from kept')).toEqual([{ note: 'after refusal' }]);
    await reopened.close();
  });

  it('takes over the lock of a process that is gone and removes what it left', async () => {
    const dataDir = dataFolder();
    const dead = await deadPid();
    writeFileSync(`${dataDir}.lock`, JSON.stringify(describeProcess(dead, 'the store server')));
    mkdirSync(`${dataDir}.creating-${dead}/base`, { recursive: true });
    mkdirSync(`${dataDir}.restoring-${dead}`);
    writeFileSync(`${dataDir}.lock.${dead}-0a1b2c3d.tmp`, '{}');

    const db = await openDatabase({ kind: 'pglite', dataDir });
    expect(readdirSync(parent).sort()).toEqual(['pglite', 'pglite.lock']);
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    await db.close();
  });

  it('finishes a restore interrupted between its two renames, and drops one interrupted before', async () => {
    // Killed after moving the old folder aside: only the complete restored copy is left.
    const dataDir = join(parent, 'pglite');
    const dead = await deadPid();
    cpSync(template, `${dataDir}.restored-${dead}`, { recursive: true });
    const db = await openDatabase({ kind: 'pglite', dataDir });
    expect(await db.query(`select count(*)::int as n from products`)).toEqual([{ n: 39 }]);
    await db.close();
    expect(readdirSync(parent)).toEqual(['pglite']);

    // Killed before anything moved: the folder is there, so the restore did not happen.
    mkdirSync(`${dataDir}.restored-${dead}`);
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
    expect(readdirSync(parent)).toEqual(['pglite']);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to a process started later (pid reuse)',
    async () => {
      const dataDir = dataFolder();
      // Our own pid, recorded with another start time: the holder that had this pid is gone.
      const reused = { ...describeProcess(process.pid, 'the store server'), startTime: '1' };
      writeFileSync(`${dataDir}.lock`, JSON.stringify(reused));
      const db = await openDatabase({ kind: 'pglite', dataDir });
      await db.close();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    },
  );

  it('refuses a second server on the same DATA_DIR; the first keeps serving and its writes survive', async () => {
    const dataDir = dataFolder();
    const first = await startServer(parent, children);
    const cookies: string[] = [];
    for (let i = 0; i < 6; i++) cookies.push(await register(first.url, `first-${i}`));

    const second = await startServer(parent, children);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toContain(
      `Cannot open the database: the database folder ${dataDir} is in use by process ${first.pid}`,
    );
    expect(second.stderr).toContain(`stop process ${first.pid} first`);

    // The first is untouched: it still knows its sessions and takes new writes.
    const me = await fetch(`${first.url}/api/auth/me`, { headers: { cookie: cookies[0] ?? '' } });
    expect(me.status).toBe(200);
    await register(first.url, 'first-6');
    expect(await first.stop()).toBe(0);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const db = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from users where email like 'first-%@example.com'`,
    );
    expect(rows).toEqual([{ n: 7 }]);
    await db.close();
  }, 180_000);

  it('starts after a server was killed with SIGKILL, taking over the lock it left', async () => {
    const dataDir = dataFolder();
    const killed = await startServer(parent, children);
    await register(killed.url, 'killed-0');
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: killed.pid });

    const next = await startServer(parent, children);
    expect(next.url).toBeTruthy();
    expect(next.stdout).toContain('took over the database folder lock of a process that is gone');
    const login = await fetch(`${next.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'killed-0@example.com', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(await next.stop()).toBe(0);
  }, 180_000);

  it('lets exactly one of two servers started at once on an empty DATA_DIR create and serve it', async () => {
    const dataDir = dataFolder(true);
    const [a, b] = await Promise.all([
      startServer(parent, children),
      startServer(parent, children),
    ]);
    const servers = [a, b];
    const serving = servers.filter((s) => s.url);
    const refused = servers.filter((s) => s.exitCode !== null);
    expect(serving).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.exitCode).toBe(1);
    expect(refused[0]?.stderr).toContain(
      `the database folder ${dataDir} is in use by process ${serving[0]?.pid}`,
    );
    await register(serving[0]?.url ?? '', 'winner-0');
    expect(await serving[0]?.stop()).toBe(0);
    // One creation, renamed into place; nothing half-made beside it, no lock left (only the
    // store's secret, kept in DATA_DIR by the server that started: docs/operations.md).
    expect(readdirSync(parent).sort()).toEqual(['pglite', 'session-secret']);
  }, 180_000);
});

const PASSWORD = 'correct horse battery';

/** Registers `<name>@example.com` through the server's API; the session's Cookie header value. */
async function register(url: string, name: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lock Test',
      email: `${name}@example.com`,
      password: PASSWORD,
      contacts: [],
    }),
  });
  expect(response.status).toBe(201);
  const sid = /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '');
  return sid?.[0] ?? '';
}

/** A pid that just ended (its process has exited and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

interface Server {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The server's own pid (node runs src/server/main.ts itself, no wrapper process). */
  pid: number;
  /** Where it listens, once it does; '' if it exited first. */
  url: string;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code. */
  stop: () => Promise<number | null>;
}

/**
 * The compiled server with DATA_DIR=`dataRoot`: what `npm start` runs. Resolves once it listens
 * or has exited.
 */
async function startServer(dataRoot: string, children: Set<ChildProcess>): Promise<Server> {
  // PGlite whatever the caller's environment says.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [compiledServer()], {
    env: { ...env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataRoot },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const server: Server = {
    child,
    pid: child.pid ?? 0,
    url: '',
    exitCode: null,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.on('exit', resolve)),
    stop: async () => {
      child.kill('SIGTERM');
      return server.exited;
    },
  };
  void server.exited.then((code) => {
    server.exitCode = code;
    children.delete(child);
  });
  child.stderr.on('data', (chunk: Buffer) => (server.stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const guard = setTimeout(
      () => reject(new Error(`no start within 120 s: ${server.stderr}`)),
      120_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      server.stdout += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.stdout);
      if (listening?.[1] && !server.url) {
        server.url = listening[1];
        clearTimeout(guard);
        resolve();
      }
    });
    void server.exited.then(() => {
      clearTimeout(guard);
      resolve();
    });
  });
  if (!server.url && server.exitCode !== 1) {
    throw new Error(`the server exited ${server.exitCode}: ${server.stderr}`);
  }
  return server;
}
