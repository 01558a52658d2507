import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/data/db';
import { compiledServer } from '../support/server-process';
import { startProxy, urlWithPort, type TcpProxy } from '../support/tcp-proxy';
import {
  TEST_DATABASE_URL,
  createTestApp,
  createTestDatabase,
  testConfig,
  testDbKind,
  type TestApp,
} from '../support/test-app';

/**
 * The data layer survives its database: connections terminated under load, a server that
 * accepts TCP but never answers, a database that goes away and comes back. Every scenario
 * talks to loopback only, and terminates only connections named by this file's own
 * application_name (other files and runs share the `test` database).
 */

const uniqueName = (what: string) =>
  `data-layer-${what}-${process.pid}-${randomBytes(4).toString('hex')}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP listener that accepts connections and never says a word. */
async function startSilentListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The same database, except that while `gone` every query hangs: what the app sees of a server
 * that stopped answering. Lets the health check be exercised on PGlite too.
 */
function hangable(db: Database): { db: Database; setGone: (gone: boolean) => void } {
  let gone = false;
  const never = new Promise<never>(() => undefined);
  return {
    setGone: (value) => {
      gone = value;
    },
    db: {
      kind: db.kind,
      query: (sql, params) => (gone ? never : db.query(sql, params)),
      exec: (sql) => db.exec(sql),
      transaction: (work) => db.transaction(work),
      listen: (channel, onNotify, onReconnect) => db.listen(channel, onNotify, onReconnect),
      close: () => db.close(),
    },
  };
}

describe('/healthz (both databases)', () => {
  let t: TestApp;
  let setGone: (gone: boolean) => void;
  let draining = false;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const wrapped = hangable(database.db);
    setGone = wrapped.setGone;
    const app = await buildApp(testConfig(), { db: wrapped.db, draining: () => draining });
    await app.ready();
    t = {
      app,
      db: wrapped.db,
      close: async () => {
        await app.close();
        await database.drop();
      },
    };
  });
  afterAll(() => t.close());

  it('answers 200, then 503 within 2 s while the database does not answer, then 200 again', async () => {
    const healthy = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ ok: true });

    setGone(true);
    const started = Date.now();
    const down = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false });

    setGone(false);
    const back = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(back.statusCode).toBe(200);
  });

  it('answers 503 while the process drains for a shutdown, and serves every other request', async () => {
    draining = true;
    try {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ ok: false, draining: true });
      const menu = await t.app.inject({ method: 'GET', url: '/api/products' });
      expect(menu.statusCode).toBe(200);
    } finally {
      draining = false;
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')('on the Postgres server', () => {
  const target = new URL(TEST_DATABASE_URL);
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin.end());

  // A connection error nobody listens for is thrown from an event emitter; vitest would only
  // report it after the run, so each test asserts none happened while it ran.
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeAll(() => {
    process.on('uncaughtException', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
  });
  afterEach(() => {
    const seen = uncaught.splice(0);
    expect(seen.map(String)).toEqual([]);
  });

  /** Terminates this test's own connections only; returns how many it ended. */
  async function terminate(applicationName: string): Promise<number> {
    const rows = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where application_name = $1 and pid <> pg_backend_pid()`,
      [applicationName],
    );
    return rows.rows.filter((row) => row.ended).length;
  }

  describe('connections terminated while requests run', () => {
    const applicationName = uniqueName('terminate');
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await createTestApp({ database: { applicationName } });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    /** One request over a real socket; a hang or a dropped connection fails the test. */
    async function call(path: string): Promise<{ path: string; status: number; body: unknown }> {
      const response = await fetch(base + path, { signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the assertion below reports it.
      }
      return { path, status: response.status, body };
    }

    it('keeps the process up, answers 200 or a clean JSON 5xx, and serves normally after', async () => {
      const paths = ['/api/products', '/healthz', '/api/toppings', '/api/products/beverages'];
      const answers: Awaited<ReturnType<typeof call>>[] = [];
      let ended = 0;
      for (let round = 0; round < 6; round++) {
        const inFlight = Array.from({ length: 40 }, (_, i) => call(paths[i % paths.length]!));
        // Terminate mid-flight, then once more when the pool's connections sit idle.
        await sleep(5 + round * 5);
        ended += await terminate(applicationName);
        answers.push(...(await Promise.all(inFlight)));
        ended += await terminate(applicationName);
        await sleep(50);
      }

      // The scenario really happened: connections of this app were ended under it.
      expect(ended).toBeGreaterThan(0);
      for (const answer of answers) {
        if (answer.status === 200) continue;
        expect(answer.status, JSON.stringify(answer)).toBeGreaterThanOrEqual(500);
        if (answer.path === '/healthz') {
          expect(answer).toMatchObject({ status: 503, body: { ok: false } });
        } else {
          // A lost connection is the database's unavailability, not our bug: 503, try again.
          expect(answer.body, JSON.stringify(answer)).toMatchObject({
            statusCode: 503,
            code: 'unavailable',
            message: expect.any(String) as unknown,
          });
        }
      }

      // The pool has dropped what was ended: every request succeeds again.
      await sleep(200);
      const after = await Promise.all(
        Array.from({ length: 30 }, (_, i) => call(paths[i % paths.length]!)),
      );
      expect(after.map((answer) => answer.status)).toEqual(after.map(() => 200));
    });

    it('releases a transaction whose connection broke, and the pool keeps working', async () => {
      const failed = await t.db
        .transaction(async (tx) => {
          const [me] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
          await admin.query('select pg_terminate_backend($1)', [me!.pid]);
          await tx.query('select 1');
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      // More transactions than the pool has connections: none may get the broken one.
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          t.db.transaction(async (tx) => {
            const [row] = await tx.query<{ n: number }>('select $1::int as n', [i]);
            return row!.n;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 25 }, (_, i) => i));
    });
  });

  describe('transactions that lose a lock race', () => {
    let db: Database;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await createTestDatabase('postgres', {
        applicationName: uniqueName('retry'),
      });
      db = database.db;
      drop = database.drop;
      await db.exec(`create table counters (id int primary key, n int not null);
        insert into counters values (1, 0), (2, 0);`);
    });
    afterAll(() => drop());

    it('retries a deadlock victim whole, so both transactions commit', async () => {
      let attempts = 0;
      let firstLocks = 0;
      const bothHoldOne = async () => {
        firstLocks++;
        for (let i = 0; i < 200 && firstLocks < 2; i++) await sleep(10);
      };
      const crossing = (first: number, second: number) =>
        db.transaction(async (tx) => {
          attempts++;
          const retry = attempts > 2;
          await tx.query('update counters set n = n + 1 where id = $1', [first]);
          if (!retry) await bothHoldOne();
          await tx.query('update counters set n = n + 1 where id = $1', [second]);
        });
      await Promise.all([crossing(1, 2), crossing(2, 1)]);
      // One of the two was chosen as the deadlock victim and ran again.
      expect(attempts).toBe(3);
      const rows = await db.query<{ n: number }>('select n from counters order by id');
      expect(rows.map((row) => row.n)).toEqual([2, 2]);
    });

    it('does not retry any other error', async () => {
      let attempts = 0;
      const failed = await db
        .transaction(async (tx) => {
          attempts++;
          await tx.query('insert into counters values (1, 0)');
        })
        .catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: '23505' });
      expect(attempts).toBe(1);
    });
  });

  describe('a database that accepts connections and never answers', () => {
    let silent: Awaited<ReturnType<typeof startSilentListener>>;
    beforeAll(async () => {
      silent = await startSilentListener();
    });
    afterAll(() => silent.close());

    it('fails openDatabase within 10 s with a clear message and no password', async () => {
      const config: DatabaseConfig = {
        kind: 'postgres',
        url: urlWithPort(TEST_DATABASE_URL, silent.port, 'sekret-pw'),
      };
      const started = Date.now();
      const error = await openDatabase(config).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      expect(message).toMatch(
        new RegExp(
          `^Could not connect to the database at 127\\.0\\.0\\.1:${silent.port}\\S* within 5 s: `,
        ),
      );
      expect(message).not.toContain('sekret-pw');
    });

    it('fails buildApp the same way', async () => {
      const started = Date.now();
      const config = testConfig({
        database: { kind: 'postgres', url: urlWithPort(TEST_DATABASE_URL, silent.port) },
      });
      await expect(buildApp(config)).rejects.toThrow(/Could not connect to the database/);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('makes `npm start` log the attempt, print the reason and exit non-zero', async () => {
      const child = spawn(process.execPath, [compiledServer()], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: urlWithPort(TEST_DATABASE_URL, silent.port, 'sekret-pw'),
          DB_CONNECT_TIMEOUT_MS: '3000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      // Timed from the log line, not from spawn: loading the server on a busy machine is not what
      // this measures.
      let connectingAt = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!connectingAt && stdout.includes('connecting to the database'))
          connectingAt = Date.now();
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const guard = setTimeout(() => child.kill('SIGKILL'), 25_000);
        child.on('exit', (exitCode) => {
          clearTimeout(guard);
          resolve(exitCode);
        });
      });
      expect(code).toBe(1);
      expect(connectingAt).toBeGreaterThan(0);
      expect(Date.now() - connectingAt).toBeLessThan(10_000);
      expect(stderr).toContain(
        `Could not connect to the database at 127.0.0.1:${silent.port}/test within 3 s`,
      );
      expect(stdout + stderr).not.toContain('sekret-pw');
    });
  });

  describe('a database that goes away and comes back', () => {
    let proxy: TcpProxy;
    let t: TestApp;

    beforeAll(async () => {
      proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create schema ${schema}`);
      const db = await openDatabase({
        kind: 'postgres',
        url: urlWithPort(TEST_DATABASE_URL, proxy.port),
        schema,
        applicationName: uniqueName('proxy'),
        limits: { connectTimeoutMs: 2000, queryTimeoutMs: 3000, statementTimeoutMs: 2500 },
      });
      const app = await buildApp(testConfig(), { db });
      await app.ready();
      t = {
        app,
        db,
        close: async () => {
          await app.close();
          await db.close();
          await admin.query(`drop schema ${schema} cascade`);
        },
      };
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
    });

    const health = async () => {
      const started = Date.now();
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      return {
        status: response.statusCode,
        body: response.json<unknown>(),
        ms: Date.now() - started,
      };
    };

    async function expectDownThenBack() {
      for (let i = 0; i < 3; i++) {
        const down = await health();
        expect(down.ms).toBeLessThan(2000);
        expect(down).toMatchObject({ status: 503, body: { ok: false } });
      }
      // An ordinary request does not hang either: the pool's timeouts end it with a JSON 503.
      // (The store's profile: it reads the database on every request, where the catalogue may
      // answer from the process's snapshot.)
      const started = Date.now();
      const store = await t.app.inject({ method: 'GET', url: '/api/store' });
      expect(Date.now() - started).toBeLessThan(8000);
      expect(store.statusCode).toBe(503);
      expect(store.json()).toMatchObject({ statusCode: 503, code: 'unavailable' });
      expect(store.headers['retry-after']).toBe('5');

      proxy.restore();
      let status = 0;
      for (let i = 0; i < 40 && status !== 200; i++) {
        status = (await health()).status;
        if (status !== 200) await sleep(250);
      }
      expect(status).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/store' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    }

    /** Leaves a few idle connections in the pool, as a server under light load has. */
    const warmUp = () =>
      Promise.all(
        Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url: '/api/store' })),
      );

    it('answers /healthz 503 within 2 s while the server is silent, fails requests cleanly, then recovers', async () => {
      await warmUp();
      expect((await health()).status).toBe(200);
      proxy.freeze();
      await expectDownThenBack();
    });

    it('does the same when every connection is dropped', async () => {
      await warmUp();
      expect((await health()).status).toBe(200);
      proxy.cut();
      await expectDownThenBack();
    });
  });
});
