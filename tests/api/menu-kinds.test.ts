import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRules, type ProductDetails } from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { PRODUCTS } from '../../src/server/data/menu-seed';
import { migrate } from '../../src/server/data/migrate';
import { seed } from '../../src/server/data/seed';
import { queryOf, sql } from '../../src/server/data/sql';
import { withDrinkNames } from '../../src/server/repositories/drink-refs';
import { productsRepository } from '../../src/server/repositories/products';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-app';

const MIGRATION = '015_product_rules_in_details.sql';
/** The details fields that carry what the category names used to decide (decision 17). */
const RULE_FIELDS = ['maxDrinks', 'drinkLimits', 'toppingAllowance', 'fixedQuantity'];

/** Each product's details as stored, its drinks read by name as the app reads them (022). */
async function detailsBySlug(database: TestDatabase): Promise<Map<string, ProductDetails>> {
  const rows = await queryOf(database.db)<{ slug: string; details: ProductDetails }>(
    sql`select slug, ${withDrinkNames(sql`details`)} as details from products`,
  );
  return new Map(rows.map((row) => [row.slug, row.details]));
}

describe('a database seeded before the rules were in the details (migration 015)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db);
    await seed(database.db);
    // The database as the seed left it before: the products' details without the rule fields,
    // and migration 015 not yet applied.
    const without = RULE_FIELDS.map((field) => `- '${field}'`).join(' ');
    await database.db.query(`update products set details = details ${without}`);
    await database.db.query('delete from schema_migrations where version = $1', [MIGRATION]);
  });
  afterAll(() => database.drop());

  it('gets exactly the details a new database is seeded with', async () => {
    const stripped = await detailsBySlug(database);
    expect(
      PRODUCTS.filter((p) => RULE_FIELDS.some((field) => field in (p.details ?? {}))).map(
        (p) => p.slug,
      ),
    ).toEqual([
      'pizza-and-wings-combo',
      'two-pizzas-family-combo',
      'mega-deal-combo',
      'super-bowl-wings-combo',
    ]);
    expect(stripped.get('pizza-and-wings-combo')).not.toHaveProperty('maxDrinks');

    expect(await migrate(database.db)).toEqual([MIGRATION]);
    const migrated = await detailsBySlug(database);
    for (const product of PRODUCTS) {
      expect(migrated.get(product.slug), product.slug).toEqual(product.details ?? {});
    }
  });

  it('follows the same rules as the seeded menu, and shows them on the product’s details', async () => {
    const products = await productsRepository(database.db).list();
    for (const product of products) {
      const seeded = PRODUCTS.find((p) => p.name === product.name);
      expect(seeded, product.name).toBeDefined();
      expect(productRules(product), product.name).toEqual(
        productRules({ kind: product.kind, details: seeded?.details ?? {} }),
      );
    }
    const app = await buildApp(testConfig(), { db: database.db });
    try {
      const combo = products.find((p) => p.category === 'Combos');
      const response = await app.inject({ method: 'GET', url: `/api/products/${combo?.id}` });
      expect(response.json<{ details: ProductDetails }>().details).toMatchObject({
        maxDrinks: 4,
        drinkLimits: { Small: 2, Medium: 3 },
      });
    } finally {
      await app.close();
    }
  });

  it('keeps a value a row already has', async () => {
    await database.db.query(
      `update products set details = jsonb_set(details, '{maxDrinks}', '6')
        where slug = 'pizza-and-wings-combo'`,
    );
    await database.db.query('delete from schema_migrations where version = $1', [MIGRATION]);
    expect(await migrate(database.db)).toEqual([MIGRATION]);
    expect((await detailsBySlug(database)).get('pizza-and-wings-combo')).toMatchObject({
      maxDrinks: 6,
      drinkLimits: { Small: 2, Medium: 3 },
    });
  });
});
