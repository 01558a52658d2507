/**
 * `npm run bench`: what a customer waits for, measured on this machine. It builds first when a
 * source changed since the last build (as `npm start` does): a stale dist/ would be measured
 * without a word, its pages asking for files the sources no longer have.
 *
 *  - Catalogue API: `/api/store/status`, `/api/products`, `/api/products/{id}`, `/api/toppings`
 *    served by the real app, against a bare `node:http` server answering the very same bytes
 *    (status, body, content type and encoding as the app answered them), on PGlite and, when
 *    reachable, on the Postgres server. The two are measured in turns within one run (app, bare,
 *    bare, app, ...), so a busy moment of the machine hits both; the ratio is the figure to
 *    watch, not the absolute requests per second. Each round (one app turn beside one bare turn)
 *    gives a ratio and the row's is their median: the machine's pace swings by half within
 *    seconds, and a ratio of totals lets one slow second in one server's turn move the row (the
 *    printed `rounds` column shows the spread).
 *  - First view: Home loaded by Chromium on a phone-sized screen, every response's bytes as they
 *    actually crossed the wire (encoded body and headers), by kind.
 *  - The order pipeline and the concurrent customer streams (`bench/order-pipeline.ts`,
 *    `bench/streams.ts`; also `npm run bench:orders` on their own).
 *  - Lighthouse, mobile and desktop, on five pages of the same app, after a blank page's floor
 *    (`bench/lighthouse.ts`; BENCH_LH_RUNS runs each, default 5).
 *
 * Each server runs in a process of its own and the load comes from this one, as a browser and a
 * server would, so the client's work does not eat the server's time on the same event loop.
 * Prints one table and writes `bench/results.json`. Numbers, not a pass/fail test.
 * `npm run bench -- api` runs the catalogue API part alone and only prints it.
 *
 * BENCH_MS: one turn's length (default 1000); BENCH_ROUNDS: turns per server (5);
 * BENCH_CONCURRENCY: connections (16); TEST_DATABASE_URL or DATABASE_URL: the Postgres server;
 * BENCH_BASELINE: another checkout, built (e.g. `git worktree add ../old <commit>`, `npm ci`,
 * `npm run build` there), whose app takes its turns beside this one's and the bare server's.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  benchServerStart,
  firstOk,
  freePort,
  printServerStart,
  rssMiB,
} from './bench/server-start';
import { benchOrderPipeline, printOrderPipeline } from './bench/order-pipeline';
import { benchStreams, printStreams } from './bench/streams';
import { benchLighthouse, printLighthouse } from './bench/lighthouse';
import { median } from './bench/stats';
import { buildReason } from './build-stamp.js';

const SLICE_MS = Number(process.env.BENCH_MS ?? 1000);
// Five turns each: this 2-core machine's pace swings by half within seconds (the bare server alone
// read 20,000-46,000 requests/s in one minute), and three turns let one swing decide a row.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * A second build measured in the same turns: a change's cost is only comparable side by side,
 * since the machine's pace moves the bare server itself by half from one minute to the next.
 */
const BASELINE = process.env.BENCH_BASELINE || null;
/** What a browser sends: it takes brotli or gzip, and says it wants JSON. */
const API_REQUEST_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

type DatabaseChoice = { kind: 'pglite' } | { kind: 'postgres'; url: string; schema: string };

/** One recorded answer, replayed byte for byte by the bare server. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

type FromChild = { type: 'ready'; port: number };
type ToChild = { type: 'serve'; answers: Record<string, Answer> } | { type: 'stop' };

// ---------------------------------------------------------------------------------------------
// The two kinds of server, each in a process of its own.

/**
 * The app as `npm start` serves it: the compiled server (`node dist/server/main.js`), production
 * settings, logging off, on a fresh seeded database (a new PGlite folder, created the way a first
 * start creates it, or a schema of its own on the Postgres server). Its memory is what a store's
 * server holds, not a bench process's with a TypeScript loader in it.
 */
interface ShippedServer {
  port: number;
  pid: number;
  rssMiB(): number;
  stop(): Promise<void>;
}

async function startShippedServer(
  choice: DatabaseChoice,
  checkout = process.cwd(),
): Promise<ShippedServer> {
  const dataRoot = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const port = await freePort();
  // The bench's own DATABASE_URL names the Postgres server: PGlite's server must not see it.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATABASE_SCHEMA;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: checkout,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...(choice.kind === 'pglite'
        ? { DATA_DIR: join(dataRoot, 'data') }
        : { DATABASE_URL: choice.url, DATABASE_SCHEMA: choice.schema }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await firstOk(child, port);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataRoot, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    pid: child.pid!,
    rssMiB: () => rssMiB(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}

/** The least a server can do: the recorded bytes, from memory, with their headers. */
async function runBare(answers: Record<string, Answer>): Promise<void> {
  const prepared = new Map(
    Object.entries(answers).map(([path, answer]) => [
      path,
      { ...answer, body: Buffer.from(answer.body, 'base64') },
    ]),
  );
  const server = http.createServer((request, response) => {
    const answer = prepared.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  answerParent(
    () => new Promise<void>((resolve) => server.close(() => resolve())),
    () => server.closeAllConnections(),
  );
  tell({ type: 'ready', port: address.port });
}

function tell(message: FromChild): void {
  process.send?.(message);
}

function answerParent(close: () => Promise<void>, beforeClose?: () => void): void {
  process.on('message', (message: ToChild) => {
    if (message.type === 'stop') {
      beforeClose?.();
      void close().then(() => process.exit(0));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The parent: starts the servers, records the answers, loads them in turns, prints.

class Child {
  private waiting: ((message: FromChild) => void)[] = [];

  constructor(readonly process: ChildProcess) {
    process.on('message', (message: FromChild) => this.waiting.shift()?.(message));
  }

  static start(args: string[]): Child {
    return new Child(
      fork(fileURLToPath(import.meta.url), args, {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
  }

  next(): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      this.process.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
    });
  }

  async ready(): Promise<number> {
    return (await this.next()).port;
  }

  send(message: ToChild): void {
    this.process.send(message);
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.send({ type: 'stop' });
    await exited;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
  });
}

/** What node's HTTP server writes by itself, for the bare server as for the app. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The answer as the app gives it, to be replayed by the bare server. */
async function record(port: number, path: string): Promise<Answer> {
  const response = await request(port, path, API_REQUEST_HEADERS);
  // Every header the app sent (its security headers included: node checks each one written,
  // and they are most of an answer's head), but those node writes for any server itself.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (OWN_HEADERS.has(name) || typeof value !== 'string') continue;
    headers[name] = value;
  }
  headers['content-length'] = String(response.body.length);
  return { status: response.status, headers, body: response.body.toString('base64') };
}

interface Turns {
  latencies: number[];
  ms: number;
  errors: number;
}

/**
 * One keep-alive connection that sends a prepared request and reads the answer's status line and
 * Content-Length, nothing more: node:http's client costs more per request than a bare server
 * does, so with it the client, not the server, would set the pace.
 */
function rawConnection(
  port: number,
  path: string,
): Promise<{
  ask: () => Promise<number>;
  close: () => void;
}> {
  const message = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      Object.entries(API_REQUEST_HEADERS)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
  );
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buffered: Buffer = Buffer.alloc(0);
    let pending: { resolve: (status: number) => void; reject: (error: Error) => void } | null =
      null;
    let status = 0;
    let bodyLeft = -1;
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        if (bodyLeft < 0) {
          const end = buffered.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffered.subarray(0, end).toString('latin1');
          status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length: *(\d+)/i.exec(head);
          bodyLeft = length ? Number(length[1]) : 0;
          buffered = buffered.subarray(end + 4);
        }
        if (buffered.length < bodyLeft) return;
        buffered = buffered.subarray(bodyLeft);
        bodyLeft = -1;
        const done = pending;
        pending = null;
        done?.resolve(status);
      }
    });
    socket.on('error', (error) => {
      pending?.reject(error);
      reject(error);
    });
    socket.on('connect', () =>
      resolve({
        ask: () =>
          new Promise<number>((resolveAnswer, rejectAnswer) => {
            pending = { resolve: resolveAnswer, reject: rejectAnswer };
            socket.write(message);
          }),
        close: () => socket.destroy(),
      }),
    );
  });
}

/** CONCURRENCY clients asking for `path` one after another, for SLICE_MS. */
async function load(port: number, path: string, into: Turns): Promise<void> {
  const connections = await Promise.all(
    Array.from({ length: CONCURRENCY }, () => rawConnection(port, path)),
  );
  const started = performance.now();
  const deadline = started + SLICE_MS;
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const status = await connection.ask();
        into.latencies.push(performance.now() - sent);
        if (status !== 200) into.errors++;
      }
      connection.close();
    }),
  );
  into.ms += performance.now() - started;
}

interface Measured {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

/** Requests per second of what `turns` gathered since it held `since` (requests, ms). */
function rateSince(turns: Turns, since: { count: number; ms: number }): number {
  return ((turns.latencies.length - since.count) / (turns.ms - since.ms)) * 1000;
}

const mark = (turns: Turns) => ({ count: turns.latencies.length, ms: turns.ms });

function summarise(turns: Turns): Measured {
  const sorted = [...turns.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requestsPerSecond: Math.round(sorted.length / (turns.ms / 1000)),
    p50ms: Number(at(0.5).toFixed(2)),
    p99ms: Number(at(0.99).toFixed(2)),
    errors: turns.errors,
  };
}

interface ApiRow {
  database: 'pglite' | 'postgres';
  route: string;
  /** The answer's body as sent (encoded when the app compressed it). */
  bodyBytes: number;
  encoding: string;
  app: Measured;
  bare: Measured;
  /** The median of the rounds' ratios (each round: one app turn beside one bare turn). */
  ratio: number;
  /** Every round's app ÷ bare, in order: the spread shows how much the machine swung. */
  roundRatios: number[];
  /** BENCH_BASELINE's app measured the same way in the same rounds. */
  baseline?: { ratio: number; roundRatios: number[] };
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withPostgresSchema(run: (schema: string) => Promise<void>): Promise<void> {
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    await run(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/**
 * The API's rounds run with both servers on one core and the load (this process) on the other,
 * where `taskset` and two cores exist. Left to the scheduler, a server's threads (V8's parallel
 * scavenges, libuv) and the load generator share cores differently from one process to the
 * next: the same build measured 0.45 or 0.66 × bare by the luck of its start (2026-11-26), and
 * pinned, every start within a few percent. Put back on every core afterwards: Lighthouse and
 * the other parts inherit this process's affinity.
 */
function pinApart(servers: number[]): () => void {
  const cores = availableParallelism();
  const pin = (pid: number, cpus: string) =>
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  if (cores < 2) return () => undefined;
  try {
    for (const pid of servers) pin(pid, '0');
    pin(process.pid, '1');
  } catch {
    console.log('(taskset unavailable: the API rounds run unpinned, and their ratios vary more)');
    return () => undefined;
  }
  return () => {
    for (const pid of [...servers, process.pid]) {
      try {
        pin(pid, `0-${cores - 1}`);
      } catch {
        // A server that has exited needs no core back.
      }
    }
  };
}

async function benchApi(
  database: 'pglite' | 'postgres',
  choice: DatabaseChoice,
  baselineChoice: DatabaseChoice = choice,
): Promise<{ rows: ApiRow[]; rssMiB: number; appPort: number; stop: () => Promise<void> }> {
  const app = await startShippedServer(choice);
  const appPort = app.port;
  const baseline = BASELINE ? await startShippedServer(baselineChoice, BASELINE) : null;
  // Each server's database made its own ids: the same product (the menu's second) by each one's.
  const secondProduct = async (port: number) => {
    const products = JSON.parse(
      (await request(port, '/api/products', { accept: 'application/json' })).body.toString(),
    ) as { _id: string }[];
    return `/api/products/${products[1]?._id ?? 'none'}`;
  };
  const productPath = await secondProduct(appPort);
  const baselineProductPath = baseline ? await secondProduct(baseline.port) : productPath;
  const routes = [
    ['/api/store/status', '/api/store/status'],
    ['/api/products', '/api/products'],
    ['/api/products/{id}', productPath],
    ['/api/toppings', '/api/toppings'],
  ] as const;
  const pathOn = (port: number, path: string) =>
    baseline && port === baseline.port && path === productPath ? baselineProductPath : path;
  const answers: Record<string, Answer> = {};
  for (const [, path] of routes) answers[path] = await record(appPort, path);
  const bare = Child.start(['bare']);
  bare.send({ type: 'serve', answers });
  const barePort = await bare.ready();

  const rows: ApiRow[] = [];
  const unpin = pinApart([app.pid, bare.process.pid!, ...(baseline ? [baseline.pid] : [])]);
  for (const [route, path] of routes) {
    const onApp: Turns = { latencies: [], ms: 0, errors: 0 };
    const onBare: Turns = { latencies: [], ms: 0, errors: 0 };
    const onBaseline: Turns = { latencies: [], ms: 0, errors: 0 };
    const roundRatios: number[] = [];
    const baselineRatios: number[] = [];
    // Warm each (JIT, connections, the app's first database reads) before anything counts.
    for (const port of [appPort, barePort, ...(baseline ? [baseline.port] : [])]) {
      await load(port, pathOn(port, path), { latencies: [], ms: 0, errors: 0 });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const turns: [number, Turns][] = [
        [appPort, onApp],
        [barePort, onBare],
        ...(baseline ? [[baseline.port, onBaseline] as [number, Turns]] : []),
      ];
      if (round % 2 === 1) turns.reverse();
      const before = { app: mark(onApp), bare: mark(onBare), baseline: mark(onBaseline) };
      for (const [port, into] of turns) await load(port, pathOn(port, path), into);
      const bareRate = rateSince(onBare, before.bare);
      roundRatios.push(Number((rateSince(onApp, before.app) / bareRate).toFixed(2)));
      if (baseline) {
        baselineRatios.push(Number((rateSince(onBaseline, before.baseline) / bareRate).toFixed(2)));
      }
    }
    const app = summarise(onApp);
    const bareResult = summarise(onBare);
    rows.push({
      database,
      route,
      bodyBytes: Number(answers[path]?.headers['content-length'] ?? 0),
      encoding: answers[path]?.headers['content-encoding'] ?? 'identity',
      app,
      bare: bareResult,
      ratio: Number(median(roundRatios).toFixed(2)),
      roundRatios,
      ...(baseline && {
        baseline: {
          ratio: Number(median(baselineRatios).toFixed(2)),
          roundRatios: baselineRatios,
        },
      }),
    });
  }
  unpin();
  const rss = app.rssMiB();
  await bare.stop();
  await baseline?.stop();
  return { rows, rssMiB: rss, appPort, stop: () => app.stop() };
}

interface FirstViewFile {
  url: string;
  kind: string;
  encoding: string;
  transferred: number;
  decoded: number;
}

/** Home as Chromium loads it on a first visit: what crossed the wire, per response. */
async function firstView(port: number): Promise<FirstViewFile[] | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const files: Promise<FirstViewFile>[] = [];
    let lastFinished = performance.now();
    page.on('requestfinished', (finished) => {
      lastFinished = performance.now();
      files.push(
        (async () => {
          const sizes = await finished.sizes();
          const response = await finished.response();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : null;
          return {
            url: new URL(finished.url()).pathname,
            kind: finished.resourceType(),
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            transferred: sizes.responseBodySize + sizes.responseHeadersSize,
            decoded: body?.length ?? 0,
          };
        })(),
      );
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
    // The lazy screen's chunks, its data and its images come after `load`: quiet for a second.
    const deadline = performance.now() + 15_000;
    while (performance.now() - lastFinished < 1000 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await Promise.all(files);
  } finally {
    await browser.close();
  }
}

/**
 * Chromium's version, or null without it: Lighthouse's figures move with the browser (Debian's
 * package is installed afresh on each machine), so a run says which one it measured.
 */
function chromiumVersion(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return null;
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

function printApi(rows: ApiRow[]): void {
  console.log(
    `\nCatalogue API, ${CONCURRENCY} connections, ${ROUNDS} turns of ${SLICE_MS} ms each, app vs bare node:http`,
  );
  console.log(
    `${'database'.padEnd(9)} ${'route'.padEnd(20)} ${pad('bytes', 6)} ${'enc'.padEnd(8)} ${pad('app req/s', 10)} ${pad('p50', 6)} ${pad('p99', 6)} ${pad('bare req/s', 10)} ${pad('× bare', 7)}  rounds`,
  );
  for (const row of rows) {
    console.log(
      `${row.database.padEnd(9)} ${row.route.padEnd(20)} ${pad(row.bodyBytes, 6)} ${row.encoding.padEnd(8)} ${pad(row.app.requestsPerSecond, 10)} ${pad(row.app.p50ms.toFixed(2), 6)} ${pad(row.app.p99ms.toFixed(2), 6)} ${pad(row.bare.requestsPerSecond, 10)} ${pad(row.ratio.toFixed(2), 7)}  ${Math.min(...row.roundRatios).toFixed(2)}–${Math.max(...row.roundRatios).toFixed(2)}${row.app.errors + row.bare.errors > 0 ? `  (${row.app.errors + row.bare.errors} errors)` : ''}`,
    );
  }
  if (!rows.some((row) => row.baseline)) return;
  console.log(`\nThe same rounds, BENCH_BASELINE's app (${BASELINE ?? ''}) vs bare node:http`);
  for (const row of rows) {
    if (!row.baseline) continue;
    const spread = `${Math.min(...row.baseline.roundRatios).toFixed(2)}–${Math.max(...row.baseline.roundRatios).toFixed(2)}`;
    console.log(
      `${row.database.padEnd(9)} ${row.route.padEnd(20)} ${pad(row.baseline.ratio.toFixed(2), 7)}  ${spread}  (this build ${row.ratio.toFixed(2)})`,
    );
  }
}

function printFirstView(files: FirstViewFile[] | null): void {
  if (!files) {
    console.log(`\nFirst view: skipped (no Chromium at ${CHROMIUM_PATH})`);
    return;
  }
  console.log('\nFirst view of Home (Chromium, 390×844, first visit), bytes as transferred');
  const kinds = new Map<string, { count: number; transferred: number; decoded: number }>();
  for (const file of files) {
    const sum = kinds.get(file.kind) ?? { count: 0, transferred: 0, decoded: 0 };
    kinds.set(file.kind, {
      count: sum.count + 1,
      transferred: sum.transferred + file.transferred,
      decoded: sum.decoded + file.decoded,
    });
  }
  console.log(
    `${'kind'.padEnd(11)} ${pad('files', 5)} ${pad('transferred', 11)} ${pad('decoded', 9)}`,
  );
  for (const [kind, sum] of kinds) {
    console.log(
      `${kind.padEnd(11)} ${pad(sum.count, 5)} ${pad(sum.transferred, 11)} ${pad(sum.decoded, 9)}`,
    );
  }
  const total = files.reduce((sum, file) => sum + file.transferred, 0);
  const decoded = files.reduce((sum, file) => sum + file.decoded, 0);
  console.log(`${'total'.padEnd(11)} ${pad(files.length, 5)} ${pad(total, 11)} ${pad(decoded, 9)}`);
}

/**
 * The catalogue API on PGlite, then on the Postgres server when it answers. `whilePglite` runs
 * against PGlite's app before it stops (the first view and Lighthouse load the same server).
 */
async function benchApis<T>(
  whilePglite: (port: number) => Promise<T>,
): Promise<{ rows: ApiRow[]; rss: Record<string, number>; pgliteResult: T }> {
  const rows: ApiRow[] = [];
  const rss: Record<string, number> = {};
  const pglite = await benchApi('pglite', { kind: 'pglite' });
  rows.push(...pglite.rows);
  rss.pglite = pglite.rssMiB;
  const pgliteResult = await whilePglite(pglite.appPort);
  await pglite.stop();

  if (await postgresReachable()) {
    // The baseline's migrations are its own: a schema each.
    await withPostgresSchema((schema) =>
      withPostgresSchema(async (baselineSchema) => {
        const postgres = await benchApi(
          'postgres',
          { kind: 'postgres', url: POSTGRES_URL, schema },
          { kind: 'postgres', url: POSTGRES_URL, schema: baselineSchema },
        );
        rows.push(...postgres.rows);
        rss.postgres = postgres.rssMiB;
        await postgres.stop();
      }),
    );
  } else {
    console.log(`(Postgres at ${POSTGRES_URL} not reachable: PGlite only)`);
  }
  agent.destroy();
  return { rows, rss, pgliteResult };
}

/** Builds dist/ when a source changed since the last build (the file's head says why). */
function buildIfChanged(): void {
  const reason = buildReason(process.cwd());
  if (reason === null) return;
  console.log(`Building: ${reason}.`);
  execFileSync(process.execPath, ['scripts/build.js'], { stdio: 'inherit' });
}

async function main(): Promise<void> {
  buildIfChanged();
  const {
    rows,
    rss,
    pgliteResult: { files, lighthouse },
  } = await benchApis(async (port) => ({
    files: await firstView(port),
    lighthouse: await benchLighthouse(`http://127.0.0.1:${port}`),
  }));
  const chromium = chromiumVersion();
  const orderPipeline = await benchOrderPipeline();
  const streams = await benchStreams();

  printApi(rows);
  printOrderPipeline(orderPipeline);
  printStreams(streams);
  printFirstView(files);
  printLighthouse(lighthouse);
  console.log(`(${chromium ?? 'no Chromium'})`);
  console.log(`\nServer RSS after the API bench: ${JSON.stringify(rss)} MiB`);
  const serverStart = await benchServerStart();
  printServerStart(serverStart);

  mkdirSync('bench', { recursive: true });
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        chromium,
        settings: { concurrency: CONCURRENCY, sliceMs: SLICE_MS, rounds: ROUNDS },
        api: rows,
        firstView: files && {
          totalTransferred: files.reduce((sum, file) => sum + file.transferred, 0),
          scriptTransferred: files
            .filter((file) => file.kind === 'script')
            .reduce((sum, file) => sum + file.transferred, 0),
          files,
        },
        lighthouse,
        serverRssMiB: rss,
        serverStart,
        orderPipeline,
        streams,
      },
      null,
      2,
    )}\n`,
  );
  console.log('Written to bench/results.json');
}

/**
 * `npm run bench -- api`: the catalogue API alone (PGlite, then Postgres when reachable), printed,
 * not written to bench/results.json: for working on the server's answer path.
 */
async function apiOnly(): Promise<void> {
  buildIfChanged();
  const { rows } = await benchApis(() => Promise.resolve());
  printApi(rows);
}

const [role] = process.argv.slice(2);
if (role === 'bare') {
  process.once('message', (message: ToChild) => {
    if (message.type === 'serve') void runBare(message.answers);
  });
} else if (role === 'api') {
  await apiOnly();
} else {
  await main();
}
