import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCart, ApiOrder, ApiProduct, ApiStaffProduct, ApiTopping } from '../../src/domain';
import { PRODUCTS, TOPPING_FACTS, TOPPINGS } from '../../src/server/data/menu-seed';
import { migrate } from '../../src/server/data/migrate';
import { seed } from '../../src/server/data/seed';
import { queryOf, sql } from '../../src/server/data/sql';
import { withDrinkNames } from '../../src/server/repositories/drink-refs';
import { findProduct } from '../support/menu';
import { call, placeOrder, type Account } from '../support/orders';
import { createTestDatabase, type TestDatabase } from '../support/test-app';
import { storeTest } from '../support/store-test';

/**
 * Allergens and dietary marks (issue 34): on a product's details and on each topping, the
 * staff's edits, a cart line's union with its toppings', and an order line's own copy.
 */

const t = storeTest({ accounts: { admin: 'admin', staff: 'staff', customer: 'customer' } });
const { admin, staff, customer } = t.accounts;

async function toppings(): Promise<ApiTopping[]> {
  const response = await call(t.app, null, 'GET', '/api/toppings');
  expect(response.statusCode).toBe(200);
  return response.json<ApiTopping[]>();
}

async function product(name: string): Promise<ApiProduct> {
  const list = await call(t.app, null, 'GET', '/api/products');
  const { _id } = findProduct(list.json<ApiProduct[]>(), name);
  return (await call(t.app, null, 'GET', `/api/products/${_id}`)).json<ApiProduct>();
}

const patch = (who: Account, url: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: { 'content-type': 'application/json', cookie: who.cookie },
    payload: JSON.stringify(body),
  });

const patchTopping = (who: Account, id: string, body: unknown) =>
  patch(who, `/api/staff/toppings/${id}`, body);

describe('the menu answers', () => {
  it('give every topping its allergens and marks', async () => {
    const list = await toppings();
    expect(findProduct(list, 'Anchovies')).toMatchObject({ allergens: ['fish'], marks: [] });
    expect(findProduct(list, 'Hot Peppers')).toMatchObject({
      allergens: [],
      marks: ['vegetarian', 'vegan', 'spicy'],
    });
    expect(findProduct(list, 'Bacon')).toMatchObject({ allergens: [], marks: [] });
  });

  it("give a product's on its details, and on lists too", async () => {
    const deal = await product('Two Pizza Deal');
    expect(deal.details).toMatchObject({
      allergens: ['milk', 'wheat-triticale'],
      marks: ['vegetarian'],
    });
    const sides = (await call(t.app, null, 'GET', '/api/items/sides')).json<ApiProduct[]>();
    expect(findProduct(sides, 'Ranch Dip')).toMatchObject({
      allergens: ['milk', 'eggs'],
      marks: ['vegetarian'],
    });
    const drinks = (await call(t.app, null, 'GET', '/api/products/beverages')).json<ApiProduct[]>();
    expect(findProduct(drinks, 'Coke')).not.toHaveProperty('allergens');
  });
});

describe("the staff's edits", () => {
  it("round-trip a product's allergens and marks through PATCH details", async () => {
    const wings = await product('Wings');
    const details = { ...wings.details, allergens: ['soy', 'mustard'], marks: ['spicy'] };
    const patched = await patch(admin, `/api/staff/products/${wings._id}`, { details });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<ApiStaffProduct>().details).toMatchObject({
      allergens: ['soy', 'mustard'],
      marks: ['spicy'],
    });
    expect((await product('Wings')).details).toMatchObject({
      allergens: ['soy', 'mustard'],
      marks: ['spicy'],
    });
  });

  it('refuse an allergen not on the list, naming it, and write nothing', async () => {
    const wings = await product('Wings');
    const refused = await patch(admin, `/api/staff/products/${wings._id}`, {
      details: { ...wings.details, allergens: ['gluten'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('Allergens are some of');
    expect((await product('Wings')).details?.allergens).toEqual(['soy', 'mustard']);
  });

  it("change a topping's lists (the menu editor's), leaving sold out as it was", async () => {
    const olives = findProduct(await toppings(), 'Black Olives');
    const refused = await patchTopping(staff, olives._id, { allergens: ['sulphites'] });
    expect(refused.statusCode).toBe(403);
    const bad = await patchTopping(admin, olives._id, { marks: ['organic'] });
    expect(bad.statusCode).toBe(400);
    const patched = await patchTopping(admin, olives._id, { allergens: ['sulphites'] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<ApiTopping>()).toMatchObject({
      soldOut: false,
      allergens: ['sulphites'],
      marks: ['vegetarian', 'vegan'],
    });
    expect(findProduct(await toppings(), 'Black Olives').allergens).toEqual(['sulphites']);
    // Sold out stays every staff member's, as before.
    const soldOut = await patchTopping(staff, olives._id, { available: false });
    expect(soldOut.json<ApiTopping>()).toMatchObject({ soldOut: true, allergens: ['sulphites'] });
    await patchTopping(staff, olives._id, { available: true });
  });
});

describe('a line', () => {
  it("contains its product's allergens and its toppings', in the cart and on the order as placed", async () => {
    const deal = await product('Two Pizza Deal');
    const line = { productId: deal._id, size: 'Large', toppings: [['Anchovies'], ['Mushroom']] };
    const added = await call(t.app, customer, 'POST', '/api/cart', {
      userId: customer.id,
      quantity: 1,
      ...line,
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = await call(t.app, customer, 'GET', `/api/cart/${customer.id}`);
    const [item] = cart.json<ApiCart>().items;
    expect(item).toMatchObject({ allergens: ['milk', 'fish', 'wheat-triticale'], marks: [] });

    const order = await placeOrder(t.app, customer, []);
    expect(order.items[0]?.allergens).toEqual(['milk', 'fish', 'wheat-triticale']);

    // The menu changes; the order placed does not.
    const anchovies = findProduct(await toppings(), 'Anchovies');
    await patchTopping(admin, anchovies._id, { allergens: ['fish', 'sulphites'] });
    const orders = await call(t.app, customer, 'GET', `/api/orders/${customer.id}`);
    const placed = orders.json<ApiOrder[]>().find((each) => each._id === order._id);
    expect(placed?.items[0]?.allergens).toEqual(['milk', 'fish', 'wheat-triticale']);
  });
});

describe('a database seeded before allergens (migration 020)', () => {
  const MIGRATION = '020_allergens.sql';
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db);
    await seed(database.db);
    // As the database was before 020: no lists, no allergens in any product's details; one
    // product the store had given its own already.
    await database.db.query(`alter table toppings drop column allergens, drop column marks`);
    await database.db.query(`alter table order_items drop column allergens`);
    await database.db.query(`update products set details = details - 'allergens' - 'marks'`);
    await database.db.query(
      `update products set details = details || '{"allergens": ["sesame"]}' where slug = 'wings'`,
    );
    await database.db.query('delete from schema_migrations where version = $1', [MIGRATION]);
  });
  afterAll(() => database.drop());

  it("gets the seed's values, keeping what the store named itself", async () => {
    expect(await migrate(database.db)).toEqual([MIGRATION]);
    const rows = await database.db.query<{ name: string; allergens: string[]; marks: string[] }>(
      'select name, allergens, marks from toppings',
    );
    expect(rows).toHaveLength(TOPPINGS.length);
    for (const row of rows) {
      const facts = TOPPING_FACTS[row.name] ?? { allergens: [], marks: [] };
      expect({ allergens: row.allergens, marks: row.marks }, row.name).toEqual(facts);
    }
    // Each product's details with its drinks read by name, as the app reads them (022).
    const details = new Map(
      (
        await queryOf(database.db)<{ slug: string; details: Record<string, unknown> }>(
          sql`select slug, ${withDrinkNames(sql`details`)} as details from products`,
        )
      ).map((row) => [row.slug, row.details]),
    );
    for (const seeded of PRODUCTS) {
      const expected =
        seeded.slug === 'wings'
          ? { ...seeded.details, allergens: ['sesame'] }
          : (seeded.details ?? {});
      expect(details.get(seeded.slug), seeded.slug).toEqual(expected);
    }
  });
});
