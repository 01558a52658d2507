import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/data/db';
import { PRODUCTS, TOPPINGS } from '../../src/server/data/menu-seed';
import { migrate } from '../../src/server/data/migrate';
import { seed } from '../../src/server/data/seed';
import { storeRepository } from '../../src/server/repositories/store';
import { createTestDatabase, testConfig, testDbKind, type TestDatabase } from '../support/test-app';

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  soldOut: boolean;
}

async function counts(db: Database) {
  const [row] = await db.query<{ products: number; toppings: number; settings: number }>(
    `select (select count(*)::int from products) as products,
            (select count(*)::int from toppings) as toppings,
            (select count(*)::int from store_settings) as settings`,
  );
  return row;
}

async function productsOf(app: FastifyInstance): Promise<ApiProduct[]> {
  const response = await app.inject({ method: 'GET', url: '/api/products' });
  expect(response.statusCode).toBe(200);
  return response.json<ApiProduct[]>();
}

/** What the store changes by hand: a price, a sold-out item and topping, its profile. */
async function changeTheStore(db: Database): Promise<void> {
  await db.query(`update products set price_cents = 999 where slug = 'wings'`);
  await db.query(`update products set sold_out = true where slug = 'can-coke'`);
  await db.query(`update toppings set sold_out = true where name = 'Anchovies'`);
  await db.query(`update store_settings set phone = '(519) 555-0199', delivery_fee_cents = 650`);
  await storeRepository(db).setOpenMode('closed');
}

async function expectTheStoreChanges(db: Database): Promise<void> {
  const [wings] = await db.query<{ price_cents: number }>(
    `select price_cents from products where slug = 'wings'`,
  );
  expect(wings?.price_cents).toBe(999);
  const [coke] = await db.query<{ sold_out: boolean }>(
    `select sold_out from products where slug = 'can-coke'`,
  );
  expect(coke?.sold_out).toBe(true);
  const [anchovies] = await db.query<{ sold_out: boolean }>(
    `select sold_out from toppings where name = 'Anchovies'`,
  );
  expect(anchovies?.sold_out).toBe(true);
  const settings = await storeRepository(db).settings();
  expect(settings).toMatchObject({
    phone: '(519) 555-0199',
    deliveryFeeCents: 650,
    openMode: 'closed',
  });
}

describe('seeding', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('migrates and seeds a fresh database once, then inserts nothing the second time', async () => {
    const { db } = database;
    expect((await migrate(db)).length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);

    expect(await seed(db)).toEqual({ products: PRODUCTS.length, toppings: TOPPINGS.length });
    expect(await counts(db)).toEqual({ products: 39, toppings: 19, settings: 1 });

    expect(await seed(db)).toEqual({ products: 0, toppings: 0 });
    expect(await counts(db)).toEqual({ products: 39, toppings: 19, settings: 1 });
  });

  it('never overwrites what the store changed', async () => {
    const { db } = database;
    await changeTheStore(db);
    expect(await seed(db)).toEqual({ products: 0, toppings: 0 });
    await expectTheStoreChanges(db);
    expect(await counts(db)).toEqual({ products: 39, toppings: 19, settings: 1 });
  });

  it('leaves a seeded product and topping the store deleted deleted', async () => {
    const { db } = database;
    await db.query(`delete from products where slug = 'side-cheddar'`);
    await db.query(`delete from toppings where name = 'Anchovies'`);
    expect(await seed(db)).toEqual({ products: 0, toppings: 0 });
    expect(await counts(db)).toEqual({ products: 38, toppings: 18, settings: 1 });
  });

  it('ensures the settings row at every start, without seeding the menu again', async () => {
    const { db } = database;
    await db.query(`delete from store_settings`);
    expect(await seed(db)).toEqual({ products: 0, toppings: 0 });
    expect(await counts(db)).toEqual({ products: 38, toppings: 18, settings: 1 });
  });
});

describe('seeding two processes at once', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db);
  });
  afterAll(() => database.drop());

  it('fills the menu once between them', async () => {
    const results = await Promise.all([seed(database.db), seed(database.db)]);
    expect(results).toContainEqual({ products: PRODUCTS.length, toppings: TOPPINGS.length });
    expect(results).toContainEqual({ products: 0, toppings: 0 });
    expect(await counts(database.db)).toEqual({ products: 39, toppings: 19, settings: 1 });
  });
});

describe('a database seeded before the seed ran once (migration 016)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('counts as seeded: what the store deleted stays deleted', async () => {
    const { db } = database;
    await migrate(db);
    await seed(db);
    // The database as it was before migration 016: products, and no record of the seed.
    await db.query(`drop table menu_seeded`);
    await db.query(`delete from schema_migrations where version = '016_menu_seeded_once.sql'`);
    expect(await migrate(db)).toEqual(['016_menu_seeded_once.sql']);

    await db.query(`delete from products where slug = 'wings'`);
    expect(await seed(db)).toEqual({ products: 0, toppings: 0 });
    expect(await counts(db)).toEqual({ products: 38, toppings: 19, settings: 1 });
  });
});

describe('restarting the server', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('keeps the same products, ids and store changes across a restart, deletions included', async () => {
    const first = await buildApp(testConfig(), { db: database.db });
    const before = await productsOf(first);
    expect(before).toHaveLength(39);
    await changeTheStore(database.db);
    await database.db.query(`delete from products where slug = 'side-cheddar'`);
    await first.close();

    // A new connection to the same database, as a restarted process would open. An in-memory
    // PGlite lives only in this process, so it restarts on the same instance (the data folder
    // test below restarts PGlite from disk).
    const reopened =
      database.config.kind === 'postgres' ? await openDatabase(database.config) : database.db;
    try {
      const second = await buildApp(testConfig(), { db: reopened });
      const after = await productsOf(second);
      const deleted = before.find((p) => p.name === 'Cheddar');
      expect(deleted).toBeDefined();
      expect(after.map((p) => p._id)).toEqual(
        before.filter((p) => p !== deleted).map((p) => p._id),
      );
      expect(after.find((p) => p.name === 'Wings')).toMatchObject({ price: 9.99 });
      expect(after.find((p) => p.name === 'Coke')).toMatchObject({ soldOut: true });
      const status = await second.inject({ method: 'GET', url: '/api/store/status' });
      expect(status.json()).toEqual({ storeOpen: false, status: 'closed', resumesAt: null });
      await expectTheStoreChanges(reopened);
      await second.close();
    } finally {
      if (reopened !== database.db) await reopened.close();
    }
  });
});

describe.runIf(testDbKind() === 'pglite')('PGlite in a data folder', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'foundation-pglite-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data on disk across a restart', async () => {
    const config = testConfig({ database: { kind: 'pglite', dataDir } });
    const first = await buildApp(config);
    const before = await productsOf(first);
    expect(before).toHaveLength(39);
    await first.close();

    // The store changes a price while the server is down.
    const db = await openDatabase(config.database);
    await db.query(`update products set price_cents = 1099 where slug = 'wings'`);
    await db.close();

    const second = await buildApp(config);
    try {
      const after = await productsOf(second);
      expect(after.map((p) => p._id)).toEqual(before.map((p) => p._id));
      expect(after.find((p) => p.name === 'Wings')).toMatchObject({ price: 10.99 });
    } finally {
      await second.close();
    }
  });
});
