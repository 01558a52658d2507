import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import {
  loadConfig,
  type AppConfig,
  type DatabaseConfig,
  type DatabaseLimits,
} from '../../src/server/config';
import { openDatabase, type Database, type Queryable } from '../../src/server/data/db';

/** The Postgres that CI and developers' machines run (trust auth, database `test`). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  config: DatabaseConfig;
  drop: () => Promise<void>;
}

export interface TestDatabaseOptions {
  /** Names the Postgres connections, so a test can find (and terminate) only its own. */
  applicationName?: string;
  limits?: Partial<DatabaseLimits>;
}

let freshCluster: Blob | undefined;

/** The run's fresh PGlite cluster (pglite-cluster-setup.ts), read once per file; else none. */
function runCluster(): Blob | undefined {
  const file = inject('pgliteCluster');
  if (file === undefined) return undefined;
  freshCluster ??= new Blob([readFileSync(file)]);
  return freshCluster;
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or a schema of its own on the
 * Postgres server (dropped afterwards), so parallel files and runs never see each other's rows.
 */
export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const cluster = runCluster();
    const config: DatabaseConfig = {
      kind: 'pglite',
      dataDir: null,
      ...(cluster ? { freshCluster: cluster } : {}),
    };
    const db = await openDatabase(config);
    return { db, config, drop: () => db.close() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const config: DatabaseConfig = { kind: 'postgres', url: TEST_DATABASE_URL, schema, ...options };
  const db = await openDatabase(config);
  return {
    db,
    config,
    drop: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/**
 * Password hashes at 1/32 of a store's cost (~3 ms instead of ~100): the suites register and
 * sign in some 1,500 times per run. The same scrypt, parameters stored in each hash as always;
 * tests about what a hash costs (the password gate, the login flood) pass PASSWORD_COST.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    webDir: null,
    // No data folder: the device cookies' key is made per app.
    secretFile: null,
    passwordCost: TEST_PASSWORD_COST,
    ...overrides,
  };
}

/** Listens on a free loopback port and answers the app's base URL (`http://127.0.0.1:PORT`). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server did not get a port');
  return `http://127.0.0.1:${address.port}`;
}

export interface TestApp {
  /** Its `inject` answers once the work queued after the answer has run too (`settleInjects`). */
  app: FastifyInstance;
  db: Database;
  close: () => Promise<void>;
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const ownInjects = new WeakMap<FastifyInstance, Inject>();

/**
 * Makes `app.inject` resolve only once the work the route queued after its answer
 * (`reply.afterAnswer`) has run: a test that reads the outbox right after asking for a reset
 * finds the mail, as a client who waits a moment would.
 */
export function settleInjects(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  ownInjects.set(app, (options) => inject(options));
  app.inject = (async (options?: InjectOptions | string, callback?: unknown) => {
    // The chain and callback forms are passed through (no test uses them to read the outbox).
    if (options === undefined || callback !== undefined) {
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    }
    const response = await inject(options);
    await app.settled();
    return response;
  }) as FastifyInstance['inject'];
}

/**
 * The app's own `inject`, answering as soon as the answer is sent, before the work queued after
 * it: for timing the answer alone. Call `app.settled()` before the next request.
 */
export function injectAnswerOnly(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return (ownInjects.get(app) ?? app.inject.bind(app))(options);
}

/** The whole app, migrated and seeded, on a fresh database; call `close` in afterAll. */
export async function createTestApp(
  options: {
    clock?: Clock;
    config?: Partial<AppConfig>;
    kind?: TestDbKind;
    database?: TestDatabaseOptions;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.kind, options.database);
  const app = await buildApp(testConfig(options.config), { db: database.db, clock: options.clock });
  await app.ready();
  settleInjects(app);
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Waits until the app shows the sold-out flags the database holds (products, toppings with their
 * names and without the hidden ones, and the flavours, named in the details of the products
 * offering them). A test that marks something
 * sold out with SQL, behind the app's back, changes what the cart accepts once the app's
 * catalogue snapshot hears of it through the database's NOTIFY (decision 11): within the same
 * query on PGlite, moments later on the Postgres server.
 */
export async function untilMenuHeard(app: FastifyInstance, db: Queryable): Promise<void> {
  const deadline = Date.now() + 5_000;
  // The products with flavours (their details name the sold-out ones): fixed by the seed.
  const flavoured = await db.query<{ id: string }>(
    `select id::text as id from products
      where details ? 'wingsFlavors' or details ? 'Flavors'`,
  );
  for (;;) {
    const [products, toppings, wanted, ...details] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/products' }),
      app.inject({ method: 'GET', url: '/api/toppings' }),
      db.query<{ key: string }>(
        `select id::text as key from products where sold_out
         union all select 'topping ' || name || ' ' || sold_out::text from toppings
                    where not hidden
         union all select 'flavour ' || name from sold_out_flavours`,
      ),
      ...flavoured.map((row) => app.inject({ method: 'GET', url: `/api/products/${row.id}` })),
    ]);
    const flavours = new Set(
      details.flatMap(
        (answer) =>
          answer.json<{ details?: { soldOutFlavors?: string[] } }>().details?.soldOutFlavors ?? [],
      ),
    );
    const shown = [
      ...products
        .json<{ _id: string; soldOut: boolean }[]>()
        .filter((p) => p.soldOut)
        .map((p) => p._id),
      // Every topping shown, by name and sold out or not: a rename and a hidden one heard too.
      ...toppings
        .json<{ name: string; soldOut: boolean }[]>()
        .map((t) => `topping ${t.name} ${String(t.soldOut)}`),
      ...[...flavours].map((name) => `flavour ${name}`),
    ].sort();
    const expected = wanted.map((row) => row.key).sort();
    if (JSON.stringify(shown) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the app still shows ${shown.join(', ')} sold out, not ${expected.join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The seeded menu's product ids by name, as the API lists them: `id('Wings')` in a test reads
 * like the menu, and throws for a name the menu does not have.
 */
export async function productIdsByName(app: FastifyInstance): Promise<(name: string) => string> {
  const products = await app.inject({ method: 'GET', url: '/api/products' });
  const ids = new Map(
    products.json<{ _id: string; name: string }[]>().map((product) => [product.name, product._id]),
  );
  return (name) => {
    const found = ids.get(name);
    if (!found) throw new Error(`No product "${name}"`);
    return found;
  };
}
