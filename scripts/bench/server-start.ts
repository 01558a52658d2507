/**
 * The server's start and memory on PGlite, as a store owner meets them: the compiled server
 * (dist/server/main.js, what `npm start` runs) on a new data folder, then on the folder it made,
 * and `npm start` itself with nothing changed since the last one. A start is timed from spawn to
 * the first 200 on /healthz; memory is the serving process's VmRSS a moment after that.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats';

export interface ServerStartResult {
  /** A first start: the data folder is created (initdb, migrations, seed). */
  firstStartMs: number;
  firstStartRssMiB: number;
  /** Starts on the folder the first one made; the median of STARTS. */
  startExistingMs: number;
  rssAfterStartMiB: number;
  /** The second of two `npm start`s with nothing changed (no build, existing data). */
  secondNpmStartMs: number;
}

const STARTS = 3;
/** How long after the first 200 the RSS is read: what start-up left behind, settled. */
const SETTLE_MS = 500;
const GIVE_UP_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The process's resident memory now, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Math.round(Number(kb) / 1024);
}

/** Polls /healthz until it answers 200; rejects if the process ends or it takes too long. */
export async function firstOk(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before answering (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error(`no 200 on /healthz within ${GIVE_UP_MS} ms`);
}

/** Ends the whole process group (npm, its shell and the server) and waits for the leader. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

interface Start {
  ms: number;
  rssMiB: number;
}

/** One start of `command` in its own process group; the RSS is read only when it is the server. */
async function timeStart(
  command: string,
  args: readonly string[],
  dataDir: string,
  readRss: boolean,
): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, [...args], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await firstOk(child, port);
    const ms = Math.round(performance.now() - started);
    await sleep(SETTLE_MS);
    return { ms, rssMiB: readRss ? rssMiB(child.pid!) : NaN };
  } finally {
    await stop(child);
  }
}

export async function benchServerStart(): Promise<ServerStartResult> {
  // What `npm start` would do first, so the timed starts below find dist/ current.
  const build = spawnSync(process.execPath, ['scripts/build.js', '--if-changed'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');

  const root = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const server = [process.execPath, ['dist/server/main.js']] as const;
    const dataDir = join(root, 'node');
    const first = await timeStart(...server, dataDir, true);
    const existing: Start[] = [];
    for (let i = 0; i < STARTS; i++) existing.push(await timeStart(...server, dataDir, true));

    // npm's own start-up is part of what the owner waits for: `npm start` as typed, twice.
    const npmDataDir = join(root, 'npm');
    await timeStart('npm', ['start'], npmDataDir, false);
    const second = await timeStart('npm', ['start'], npmDataDir, false);

    return {
      firstStartMs: first.ms,
      firstStartRssMiB: first.rssMiB,
      startExistingMs: median(existing.map((start) => start.ms)),
      rssAfterStartMiB: median(existing.map((start) => start.rssMiB)),
      secondNpmStartMs: second.ms,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function printServerStart(r: ServerStartResult): void {
  console.log('\nServer start on PGlite (spawn to the first 200 on /healthz; RSS of the server)');
  console.log(`  first start, new data folder   ${r.firstStartMs} ms, ${r.firstStartRssMiB} MiB`);
  console.log(
    `  start on existing data         ${r.startExistingMs} ms, ${r.rssAfterStartMiB} MiB (median of ${STARTS})`,
  );
  console.log(`  second npm start, no change    ${r.secondNpmStartMs} ms`);
}
