import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiProduct, ApiStaffProduct } from '../../src/domain';
import { findProduct } from '../support/menu';
import { call, placeOrder, registerCustomer, type Account } from '../support/orders';
import { storeTest } from '../support/store-test';

/**
 * The staff's product API for the menu editor (issue 34): POST /api/staff/products creates a
 * product from the fields GET /api/products/{id} answers, checked by the domain's rules
 * (`domain/product-draft.ts`), one refusal per rule, each naming its field and writing nothing.
 */

const t = storeTest({ accounts: { admin: 'admin', staff: 'staff', customer: 'customer' } });
const { admin, staff, customer } = t.accounts;

const create = (body: unknown, who: Account | null = admin) =>
  call(t.app, who, 'POST', '/api/staff/products', body, { 'content-type': 'application/json' });

const patch = (id: string, body: unknown, who: Account | null = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/staff/products/${id}`,
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(body),
  });

async function productCount(): Promise<number> {
  const rows = await t.db.query<{ count: number | string }>(
    'select count(*) as count from products',
  );
  return Number(rows[0]?.count ?? 0);
}

async function publicProduct(id: string): Promise<ApiProduct> {
  const response = await call(t.app, null, 'GET', `/api/products/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<ApiProduct>();
}

const wingsDeal = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lunch Wings',
  category: 'Wings',
  image: '',
  price: 9.99,
  description: 'Ten wings at lunch.',
  details: {
    sizes: ['10 pcs', '20 pcs'],
    sizePrices: { '10 pcs': 0, '20 pcs': 7.5 },
    wingsFlavors: ['Mild', 'Hot'],
  },
  ...overrides,
});

/** A product to send: its name, category and price, with `details` over the two sizes all share. */
const draft = (
  name: string,
  category: string,
  price: number,
  details: Record<string, unknown>,
) => ({
  name,
  category,
  price,
  description: '',
  details: { sizes: ['Small', 'Large'], sizePrices: { Small: 0, Large: 6 }, ...details },
});

const pizzaDeal = (details: Record<string, unknown>) =>
  draft('Test Deal', 'TwoforOneDeals', 20, {
    pizzas: 2,
    toppingsPerPizza: 2,
    extraToppingPrice: 1.5,
    ...details,
  });

const combo = (details: Record<string, unknown>) =>
  draft('Test Combo', 'Combos', 30, {
    wingsFlavors: ['Mild'],
    drinks: ['Coke', 'Sprite'],
    maxDrinks: 2,
    pizzas: 1,
    ...details,
  });

/** Sends `body`, expects a 400 `invalid_input` whose message names `field`, and no new row. */
async function expectRefused(body: unknown, field: string, words: RegExp): Promise<void> {
  const before = await productCount();
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(400);
  const answer = response.json<ApiErrorBody>();
  expect(answer.code).toBe('invalid_input');
  expect(answer.message.startsWith(`${field}: `), answer.message).toBe(true);
  expect(answer.message).toMatch(words);
  expect(await productCount()).toBe(before);
}

describe('POST /api/staff/products', () => {
  it('creates a product: 201 as the staff list shows it, on the storefront at once', async () => {
    const response = await create(wingsDeal({ price: '12.99' }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ApiStaffProduct>();
    expect(created).toEqual({
      _id: expect.any(String) as string,
      name: 'Lunch Wings',
      category: 'Wings',
      image: '',
      price: 12.99,
      soldOut: false,
      hidden: false,
      description: 'Ten wings at lunch.',
      details: {
        sizes: ['10 pcs', '20 pcs'],
        sizePrices: { '10 pcs': 0, '20 pcs': 7.5 },
        wingsFlavors: ['Mild', 'Hot'],
      },
    });
    const list = (await call(t.app, admin, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
    expect(list).toContainEqual(created);
    // The storefront's snapshot forgot the menu: the new product is listed and has its page.
    const wings = (await call(t.app, null, 'GET', '/api/products?category=wings')).json<
      ApiProduct[]
    >();
    expect(wings.map((product) => product.name)).toContain('Lunch Wings');
    const shown = await publicProduct(created._id);
    expect(shown.details).toEqual({
      sizes: ['10 pcs', '20 pcs'],
      sizePrices: { '10 pcs': 0, '20 pcs': 7.5 },
      wingsFlavors: ['Mild', 'Hot'],
    });
  });

  it('takes a product’s GET answer back as it is (less _id): an identical product', async () => {
    const combos = (await call(t.app, null, 'GET', '/api/products?category=combos')).json<
      ApiProduct[]
    >();
    const original = await publicProduct(findProduct(combos, 'Pizza & Wings Combo')._id);
    // `_id: undefined` is left out of the JSON sent.
    const response = await create({ ...original, _id: undefined, name: 'Pizza & Wings Combo Two' });
    expect(response.statusCode, response.body).toBe(201);
    const copy = await publicProduct(response.json<ApiStaffProduct>()._id);
    expect({ ...copy, _id: original._id, name: original.name }).toEqual(original);
  });

  it('takes a lunch special’s availability windows, and gives them back as they were sent', async () => {
    const availableAt = [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }];
    const response = await create(
      wingsDeal({ name: 'Lunch Wings Windowed', details: { ...wingsDeal().details, availableAt } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = await publicProduct(response.json<ApiStaffProduct>()._id);
    expect(created.details?.availableAt).toEqual(availableAt);
    // The GET answer goes back as it is, windows and all.
    const again = await create({ ...created, _id: undefined, name: 'Lunch Wings Windowed Two' });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('gives every product a slug of its own, from its name', async () => {
    const first = await create(wingsDeal({ name: 'Slug Test!', category: 'Sides', details: {} }));
    const second = await create(
      wingsDeal({ name: 'Slug Test?', category: 'Beverages', details: {} }),
    );
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const rows = await t.db.query<{ slug: string }>(
      `select slug from products where id = any($1::uuid[]) order by slug`,
      [[first.json<ApiStaffProduct>()._id, second.json<ApiStaffProduct>()._id]],
    );
    expect(rows.map((row) => row.slug)).toEqual(['slug-test', 'slug-test-2']);
  });

  it('refuses a negative price', async () => {
    await expectRefused(wingsDeal({ name: 'Negative', price: -1 }), 'price', /negative/);
  });

  it('refuses a negative size price', async () => {
    await expectRefused(
      wingsDeal({
        name: 'Negative Size',
        details: { sizes: ['10 pcs'], sizePrices: { '10 pcs': '-2.00' } },
      }),
      'details.sizePrices.10 pcs',
      /negative/,
    );
  });

  it('refuses a size without a price', async () => {
    await expectRefused(
      wingsDeal({
        name: 'Unpriced Size',
        details: { sizes: ['10 pcs', '20 pcs'], sizePrices: { '10 pcs': 0 } },
      }),
      'details.sizePrices',
      /"20 pcs" needs a price/,
    );
  });

  it('refuses a deal with 0 pizzas', async () => {
    await expectRefused(pizzaDeal({ pizzas: 0 }), 'details.pizzas', /at least 1 pizza/);
  });

  it('refuses a combo whose drink limit is above the drinks it lists (maxDrinks)', async () => {
    await expectRefused(combo({ maxDrinks: 3 }), 'details.maxDrinks', /lists 2 drinks/);
  });

  it('refuses a combo whose drink limit for a size is above the drinks it lists', async () => {
    await expectRefused(
      combo({ drinkLimits: { Small: 1, Large: 5 } }),
      'details.drinkLimits.Large',
      /lists 2 drinks/,
    );
  });

  it('refuses a name already used in the category, in any letter case', async () => {
    await expectRefused(wingsDeal({ name: '  wings ' }), 'name', /Another product/);
    // The same name in another category is another product.
    expect(
      (await create(wingsDeal({ name: 'Wings', category: 'Sides', details: {} }))).statusCode,
    ).toBe(201);
  });

  it('refuses a details field the category’s kind does not have (wings given pizzas)', async () => {
    await expectRefused(
      wingsDeal({ name: 'Pizza Wings', details: { pizzas: 2 } }),
      'details.pizzas',
      /wings kind/,
    );
  });

  it('refuses an unknown category', async () => {
    await expectRefused(wingsDeal({ name: 'Nowhere', category: 'Pasta' }), 'category', /Pasta/);
  });

  it('refuses a details field no product has (a typo is not dropped)', async () => {
    await expectRefused(pizzaDeal({ pizza: 3 }), 'details', /pizza/);
  });

  it('is the admin’s: 401 signed out, 403 for staff and customers, nothing written', async () => {
    const before = await productCount();
    expect((await create(wingsDeal({ name: 'Nobody' }), null)).statusCode).toBe(401);
    expect((await create(wingsDeal({ name: 'Nobody' }), staff)).statusCode).toBe(403);
    expect((await create(wingsDeal({ name: 'Nobody' }), customer)).statusCode).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe('PATCH /api/staff/products/{id}: the editor’s fields', () => {
  async function newDeal(name: string): Promise<string> {
    const response = await create({ ...pizzaDeal({}), name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiStaffProduct>()._id;
  }

  it('changes name, description and details, checked whole; the storefront shows them', async () => {
    const id = await newDeal('Edit Me');
    const response = await patch(id, {
      name: 'Edited Deal',
      description: 'Now three pizzas.',
      details: { sizes: ['Large'], sizePrices: { Large: '2.50' }, pizzas: 3 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApiStaffProduct>().name).toBe('Edited Deal');
    const shown = await publicProduct(id);
    expect(shown.description).toBe('Now three pizzas.');
    expect(shown.details).toEqual({ sizes: ['Large'], sizePrices: { Large: 2.5 }, pizzas: 3 });
  });

  it('keeps its own name when another field changes, refuses another product’s', async () => {
    const id = await newDeal('Own Name');
    expect((await patch(id, { description: 'Same name.' })).statusCode).toBe(200);
    const refused = await patch(id, { name: 'Two-for-One Pizza Deal' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().message).toMatch(/^name: Another product/);
    expect((await publicProduct(id)).name).toBe('Own Name');
  });

  it('refuses a change that breaks a rule, and changes nothing', async () => {
    const id = await newDeal('Stays Whole');
    const before = await publicProduct(id);
    const zero = await patch(id, { details: { ...before.details, pizzas: 0 }, name: 'Renamed' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ApiErrorBody>().message).toMatch(/^details\.pizzas: /);
    // Moving it to wings: the deal's pizzas are not a wings field.
    const moved = await patch(id, { category: 'Wings' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<ApiErrorBody>().message).toMatch(/^details\.pizzas: .*wings kind/);
    expect(await publicProduct(id)).toEqual(before);
  });

  it('leaves sold out and price to every staff member, the other fields to the admin', async () => {
    const id = await newDeal('Staff Edits');
    expect((await patch(id, { available: false, price: '21.50' }, staff)).statusCode).toBe(200);
    const refused = await patch(id, { name: 'Staff Renamed' }, staff);
    expect(refused.statusCode).toBe(403);
    expect((await publicProduct(id)).name).toBe('Staff Edits');
    expect((await patch(id, { name: 'Admin Renamed' })).statusCode).toBe(200);
  });
});

/**
 * One rule for a product's base price (issue 34), the domain's `checkProductPrice`: $0.00 is a
 * product priced by its sizes, a negative price never is, and POST and PATCH (the menu editor's
 * and the day's price change alike) say the same words. The import's is in menu-document.test.ts.
 */
describe('a product’s price, one rule for POST and PATCH', () => {
  const NEGATIVE = 'price: The amount cannot be negative.';

  it('creates a product at $0.00, $0.01 and "12.99", and refuses -$0.01 writing nothing', async () => {
    const cases: [unknown, number][] = [
      [0, 0],
      [0.01, 0.01],
      ['12.99', 12.99],
      ['0.00', 0],
    ];
    for (const [index, [price, dollars]] of cases.entries()) {
      const response = await create(wingsDeal({ name: `Priced ${index}`, price }));
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<ApiStaffProduct>();
      expect(created.price).toBe(dollars);
      expect((await publicProduct(created._id)).price).toBe(dollars);
    }
    for (const price of [-0.01, '-0.01']) {
      const before = await productCount();
      const response = await create(wingsDeal({ name: 'Below Zero', price }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ApiErrorBody>()).toMatchObject({
        code: 'invalid_input',
        message: NEGATIVE,
      });
      expect(await productCount()).toBe(before);
    }
  });

  it('changes a price to $0.00, $0.01 and "12.99" (staff too), and refuses -$0.01 alike', async () => {
    const created = await create(wingsDeal({ name: 'Repriced', price: 9.99 }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ApiStaffProduct>()._id;
    for (const [price, dollars] of [
      [0, 0],
      [0.01, 0.01],
      ['12.99', 12.99],
      ['0', 0],
    ] as const) {
      const response = await patch(id, { price }, staff);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ApiStaffProduct>().price).toBe(dollars);
      expect((await publicProduct(id)).price).toBe(dollars);
    }
    const before = await publicProduct(id);
    // The price alone (every staff member's), with sold out, and with the editor's fields: the
    // same refusal, and nothing written (the sold-out flag and the name stay).
    for (const body of [
      { price: -0.01 },
      { price: '-0.01' },
      { available: false, price: -0.01 },
      { name: 'Renamed', price: -0.01 },
    ]) {
      const response = await patch(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ApiErrorBody>(), JSON.stringify(body)).toMatchObject({
        code: 'invalid_input',
        message: NEGATIVE,
      });
    }
    expect(await publicProduct(id)).toEqual(before);
  });
});

describe('GET /api/staff/products/{id}/ordered: what the delete dialog knows before it asks', () => {
  it('says false for an item nobody ordered, true once an order includes it', async () => {
    const made = await create({ name: 'Ordered Onion Rings', category: 'Sides', price: 4.49 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<ApiStaffProduct>()._id;
    const url = `/api/staff/products/${id}/ordered`;
    const before = await call(t.app, admin, 'GET', url);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ ordered: false });

    await placeOrder(t.app, await registerCustomer(t.app), [{ productId: id, quantity: 1 }]);
    expect((await call(t.app, admin, 'GET', url)).json()).toEqual({ ordered: true });
    // The same answer the delete gives.
    const refused = await call(t.app, admin, 'DELETE', `/api/staff/products/${id}`);
    expect(refused.json<ApiErrorBody>().code).toBe('product_ordered');
  });

  it('is the menu editor’s: 404 for an unknown item, 400 for a bad id, 401/403 otherwise', async () => {
    const unknown = await call(
      t.app,
      admin,
      'GET',
      '/api/staff/products/00000000-0000-4000-8000-000000000000/ordered',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().code).toBe('not_found');
    const bad = await call(t.app, admin, 'GET', '/api/staff/products/not-an-id/ordered');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().message).toBeTruthy();
    const list = (await call(t.app, admin, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
    const id = findProduct(list, 'Garlic Bread')._id;
    const url = `/api/staff/products/${id}/ordered`;
    expect((await call(t.app, null, 'GET', url)).statusCode).toBe(401);
    expect((await call(t.app, staff, 'GET', url)).statusCode).toBe(403);
    expect((await call(t.app, customer, 'GET', url)).statusCode).toBe(403);
  });
});
