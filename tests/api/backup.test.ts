import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { DatabaseConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/data/db';
import {
  OPEN_TUESDAY,
  call,
  confirm,
  completeOrder,
  fillCart,
  placeOrder,
  registerCustomer,
  type Account,
} from '../support/orders';
import { TEST_DATABASE_URL, testConfig, testDbKind } from '../support/test-app';
import { logIn, registerUser, TEST_PASSWORD } from '../support/users';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts), round trip on
 * the store this project runs on: data written through the app, backed up by the real npm
 * script, changed and deleted, restored by the real npm script; then every table holds exactly
 * what it held, and the app serves it. PGlite: the store is stopped for both (the folder's lock
 * refuses a backup while it runs). Postgres: the store keeps running throughout, on a schema of
 * this file's own.
 */

const clock = fixedClock(OPEN_TUESDAY);
const ROOT = process.cwd();

interface Written {
  a: Account;
  aEmail: string;
  b: Account;
  /** The app's answers about A and B: their carts and A's orders. */
  answers: Record<string, unknown>;
  snapshot: Snapshot;
}

/** Two customers: A with an order and a cart line after it, B with a cart of two lines. */
async function writeData(app: FastifyInstance, db: Database): Promise<Written> {
  const aEmail = `backup-a-${randomBytes(4).toString('hex')}@example.com`;
  const { user, cookie } = await registerUser(app, { email: aEmail });
  const a = { id: user._id, cookie };
  await placeOrder(app, a, [{ name: 'Garlic Bread', quantity: 2 }]);
  await fillCart(app, a, [{ name: 'Coke' }]);
  const b = await registerCustomer(app);
  await fillCart(app, b, [{ name: 'Poutine Fries' }, { name: 'Coke', quantity: 3 }]);
  return { a, aEmail, b, answers: await answers(app, a, b), snapshot: await snapshot(db) };
}

/** Writes after the backup: what the restore must undo. */
async function changeData(app: FastifyInstance, db: Database, w: Written): Promise<void> {
  expect((await confirm(app, w.a)).statusCode).toBe(200);
  expect((await completeOrder(app, w.a)).statusCode).toBe(201);
  await registerCustomer(app);
  await db.query(
    `delete from cart_items where cart_id in (select id from carts where user_id = $1)`,
    [w.b.id],
  );
  await db.query(`update products set price_cents = price_cents + 100`);
  expect(await snapshot(db)).not.toEqual(w.snapshot);
}

async function answers(app: FastifyInstance, a: Account, b: Account) {
  const get = async (who: Account, url: string) => {
    const response = await call(app, who, 'GET', url);
    expect(response.statusCode).toBe(200);
    return response.json<unknown>();
  };
  return {
    aCart: await get(a, `/api/cart/${a.id}`),
    aOrders: await get(a, `/api/orders/${a.id}`),
    bCart: await get(b, `/api/cart/${b.id}`),
  };
}

/** After a restore: the same rows, the same answers, and A signs in with the same password. */
async function expectRestored(app: FastifyInstance, db: Database, w: Written): Promise<void> {
  expect(await snapshot(db)).toEqual(w.snapshot);
  expect(await answers(app, w.a, w.b)).toEqual(w.answers);
  const login = await logIn(app, { email: w.aEmail, password: TEST_PASSWORD });
  expect(login.statusCode).toBe(200);
}

type Snapshot = Record<string, unknown>;

/** Every row of every table of the store's schema, in a stable order, and its sequences. */
async function snapshot(db: Database): Promise<Snapshot> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Snapshot = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ rows: unknown }>(
      `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]'::jsonb) as rows
       from "${name}" t`,
    );
    result[name] = row?.rows;
  }
  result['(sequences)'] = await db.query(
    `select sequencename, last_value::text from pg_sequences
     where schemaname = current_schema() order by 1`,
  );
  return result;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` in the project with `env` as the store's environment. */
async function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): Promise<Run> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** `npm run backup -- ...` / `npm run restore -- ...`, the scripts as an operator runs them. */
const npmRun = (script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) =>
  run('npm', ['run', script, '--', ...args], env);

/** The backup script run from another folder with no file name: where does the file go? */
const backupByDefault = (env: NodeJS.ProcessEnv, cwd: string) =>
  run(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/backup.ts')], env, cwd);

/** The environment without any database settings of the caller's. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  delete env.DATA_DIR;
  return env;
}

describe.runIf(testDbKind() === 'pglite')('backup and restore of a PGlite data folder', () => {
  let root: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-pglite-'));
    dataDir = join(root, 'data', 'pglite');
    env = { ...baseEnv(), DATA_DIR: join(root, 'data') };
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The store on DATA_DIR, as `npm start` builds it; `close` stops it (and frees the folder). */
  async function startStore() {
    const config: DatabaseConfig = { kind: 'pglite', dataDir };
    const db = await openDatabase(config);
    const app = await buildApp(testConfig({ database: config }), { db, clock });
    await app.ready();
    return {
      app,
      db,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  }

  it('round trip: what was backed up is back exactly after changes, and the store serves it', async () => {
    const first = await startStore();
    const written = await writeData(first.app, first.db);

    // Running: the folder is the store's alone, and the backup says whose and what to do.
    const refused = await npmRun('backup', [join(root, 'refused.tar.gz')], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Cannot back up the database (the store must be stopped first): the database folder ${dataDir} is in use by process ${process.pid}`,
    );
    expect(existsSync(join(root, 'refused.tar.gz'))).toBe(false);
    await first.close();

    const file = join(root, 'store.tar.gz');
    const backup = await npmRun('backup', [file], env);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${dataDir} (2 accounts, 1 orders, 39 products)`);
    expect(backup.stdout).toContain(`to ${file} (`);

    // No name given: a new file in backups/ (of the folder it runs in), named by the time.
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    const byDefault = await backupByDefault(env, elsewhere);
    expect(byDefault.code).toBe(0);
    const named = readdirSync(join(elsewhere, 'backups'));
    expect(named).toEqual([
      expect.stringMatching(/^pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/),
    ]);
    expect(byDefault.stdout).toContain(`to ${join('backups', named[0] ?? '')}`);

    const second = await startStore();
    await changeData(second.app, second.db, written);
    const changed = await snapshot(second.db);
    await second.close();

    const restore = await npmRun('restore', [file], env);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(
      `Restored ${file}\ninto ${dataDir} (2 accounts, 1 orders, 39 products)`,
    );
    const aside = readdirSync(join(root, 'data')).filter((name) =>
      name.startsWith('pglite.before-restore-'),
    );
    expect(aside).toHaveLength(1);
    // Nothing else beside the folder: no staging, no lock.
    expect(readdirSync(join(root, 'data')).sort()).toEqual(['pglite', aside[0]]);

    const third = await startStore();
    await expectRestored(third.app, third.db, written);
    await third.close();

    // The folder the restore replaced is the changed store, whole: moving it back undoes it.
    const before = await openDatabase({
      kind: 'pglite',
      dataDir: join(root, 'data', aside[0] ?? ''),
    });
    expect(await snapshot(before)).toEqual(changed);
    await before.close();
  }, 300_000);

  it('refuses a missing file, a Postgres dump, and a file that is no backup, changing nothing', async () => {
    const missing = await npmRun('restore', [join(root, 'nope.tar.gz')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`No backup file at ${join(root, 'nope.tar.gz')}.`);

    const dump = join(root, 'postgres.dump');
    writeFileSync(dump, 'PGDMP\u0001\u000e\u0000');
    const wrongKind = await npmRun('restore', [dump], env);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toContain(
      `${dump} is a PostgreSQL backup (pg_dump, custom format), but DATABASE_URL is not set`,
    );

    const usage = await npmRun('restore', [], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run restore -- file');

    const notBackup = join(root, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const unknown = await npmRun('restore', [notBackup], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`${notBackup} is not a backup npm run restore knows`);
  }, 120_000);
});

describe.runIf(testDbKind() === 'postgres')('backup and restore of a Postgres schema', () => {
  const schema = `backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let root: string;
  let env: NodeJS.ProcessEnv;
  let app: FastifyInstance;
  let db: Database;
  const config: DatabaseConfig = { kind: 'postgres', url: TEST_DATABASE_URL, schema };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    root = mkdtempSync(join(tmpdir(), 'backup-postgres-'));
    env = { ...baseEnv(), DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema };
    db = await openDatabase(config);
    app = await buildApp(testConfig({ database: config }), { db, clock });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    rmSync(root, { recursive: true, force: true });
  });

  it('round trip while the store runs: the schema is back exactly, and the store serves it', async () => {
    const written = await writeData(app, db);

    const file = join(root, 'store.dump');
    const backup = await npmRun('backup', [file], env);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(
      `Backed up schema ${schema} of database test (2 accounts, 1 orders, 39 products)`,
    );

    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    const byDefault = await backupByDefault(env, elsewhere);
    expect(byDefault.code).toBe(0);
    expect(readdirSync(join(elsewhere, 'backups'))).toEqual([
      expect.stringMatching(
        new RegExp(`^postgres-test-${schema}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.dump$`),
      ),
    ]);

    await changeData(app, db, written);
    // A table the backup does not know (as a later migration would add): gone after the restore.
    await db.exec('create table added_later (note text)');
    const changed = await snapshot(db);

    const restore = await npmRun('restore', [file], env);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(
      `Restored ${file}\ninto schema ${schema} of database test (2 accounts, 1 orders, 39 products)`,
    );
    expect(restore.stdout).toMatch(/\d+ connections of running store processes are open: restart/);
    expect(await snapshot(db)).toEqual(written.snapshot);
    // The store that ran through the restore still serves (its pool outlived the schema) ...
    const me = await call(app, written.a, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    // ... and a store restarted, as the restore advises, serves what was restored.
    const restarted = await buildApp(testConfig({ database: config }), { db, clock });
    await restarted.ready();
    await expectRestored(restarted, db, written);
    await restarted.close();

    // The schema as it was before the restore was backed up beside the file: restoring it undoes.
    const previous = readdirSync(root).filter((name) => name.includes('-before-restore-'));
    expect(previous).toHaveLength(1);
    expect(restore.stdout).toContain(`backed up in ${join(root, previous[0] ?? '')}`);
    const undo = await npmRun('restore', [join(root, previous[0] ?? '')], env);
    expect(undo.code).toBe(0);
    expect(await snapshot(db)).toEqual(changed);
  }, 300_000);

  it('refuses a backup of another schema, and a PGlite backup, changing nothing', async () => {
    const before = await snapshot(db);
    const file = join(root, 'other.dump');
    expect((await npmRun('backup', [file], env)).code).toBe(0);
    // A schema nobody uses: were the check missing, nothing shared would be dropped.
    const elsewhere = `${schema}_elsewhere`;
    const other = await npmRun('restore', [file], { ...env, DATABASE_SCHEMA: elsewhere });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(
      `${file} holds schema ${schema}, but this store's schema is ${elsewhere}: set DATABASE_SCHEMA=${schema}`,
    );

    // A gzip file that is no PGlite folder: a PGlite backup is moved in (below), this is not.
    const tarball = join(root, 'pglite.tar.gz');
    writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 8, 0]));
    const wrongKind = await npmRun('restore', [tarball], env);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toContain(
      `${tarball} is a gzip file but not a PGlite data folder backup`,
    );
    expect(await snapshot(db)).toEqual(before);
  }, 120_000);

  it('moves a PGlite store to PostgreSQL: its backup restored with DATABASE_URL set', async () => {
    // The PGlite store that ran alone (docs/deploy.md: before two processes), backed up.
    const dataDir = join(root, 'data');
    const pgliteConfig: DatabaseConfig = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
    const pglite = await openDatabase(pgliteConfig);
    const store = await buildApp(testConfig({ database: pgliteConfig }), { db: pglite, clock });
    await store.ready();
    const written = await writeData(store, pglite);
    await store.close();
    await pglite.close();
    const file = join(root, 'pglite-store.tar.gz');
    const pgliteEnv = { ...baseEnv(), DATA_DIR: dataDir };
    expect((await npmRun('backup', [file], pgliteEnv)).code).toBe(0);

    // A new schema for the PostgreSQL store, empty as createdb leaves a database.
    const moved = `${schema}_moved`;
    await admin.query(`create schema ${moved}`);
    const movedConfig: DatabaseConfig = { kind: 'postgres', url: TEST_DATABASE_URL, schema: moved };
    const restore = await npmRun('restore', [file], { ...env, DATABASE_SCHEMA: moved });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain(
      `Restored ${file}\ninto PostgreSQL (2 accounts, 1 orders, 39 products)`,
    );
    const target = await openDatabase(movedConfig);
    try {
      expect(await snapshot(target)).toEqual(written.snapshot);
      const served = await buildApp(testConfig({ database: movedConfig }), { db: target, clock });
      await served.ready();
      await expectRestored(served, target, written);
      // The next order is numbered after the last one the PGlite store took.
      const [last] = await target.query<{ number: string }>(
        'select max(number) as number from orders',
      );
      const next = await placeOrder(served, written.a, [{ name: 'Coke' }]);
      expect(next.number).toBe(Number(last?.number) + 1);
      await served.close();
    } finally {
      await target.close();
      await admin.query(`drop schema if exists ${moved} cascade`);
    }
  }, 300_000);
});
