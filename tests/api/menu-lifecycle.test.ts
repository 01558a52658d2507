import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiCart,
  type ApiCompleteOrderAnswer,
  type ApiErrorBody,
  type ApiProduct,
  type ApiStaffProduct,
  type ApiStaffStore,
} from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { Database } from '../../src/server/data/db';
import {
  OPEN_TUESDAY,
  call,
  completeOrder,
  confirm,
  fillCart,
  placeOrder,
  registerCustomer,
  registerMember,
  registerStaff,
  type Account,
} from '../support/orders';
import { lineNotice } from '../support/cart-view';
import { secondInstance } from '../support/second-instance';
import { createTestDatabase, testConfig, testDbKind, type TestDatabase } from '../support/test-app';

/**
 * A product's life in the menu editor (issue 34): retired (hidden) and shown again, deleted when
 * no order ever included it, moved within its category; who may do it (the admin, or staff when
 * the admin allows); and what a live cart sees of each change, on this process and on another.
 */

const kind = testDbKind();
const clock = fixedClock(OPEN_TUESDAY);
const appName = `menu-life-${randomBytes(4).toString('hex')}`;
const NOT_ON_MENU = 'No longer on the menu. Remove it to place your order.';

let database: TestDatabase;
let app: FastifyInstance;
let admin: Account;
let staff: Account;
let ids: Map<string, string>;

async function start(on: Database): Promise<FastifyInstance> {
  const built = await buildApp(testConfig(), { db: on, clock });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await createTestDatabase(kind, { applicationName: appName });
  app = await start(database.db);
  admin = (await registerMember(app, database.db, 'admin')).account;
  staff = await registerStaff(app, database.db);
  const products = (await app.inject({ method: 'GET', url: '/api/products' })).json<ApiProduct[]>();
  ids = new Map(products.map((product) => [product.name, product._id]));
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const id = (name: string) => {
  const found = ids.get(name);
  if (!found) throw new Error(`No product ${name}`);
  return found;
};

const patch = (productId: string, body: object, who: Account = admin) =>
  app.inject({
    method: 'PATCH',
    url: `/api/staff/products/${productId}`,
    headers: { cookie: who.cookie },
    payload: body,
  });
const remove = (productId: string, who: Account = admin) =>
  call(app, who, 'DELETE', `/api/staff/products/${productId}`);
const putStore = (body: object, who: Account = admin) =>
  call(app, who, 'PUT', '/api/staff/store', body);

async function storefrontNames(on: FastifyInstance = app, url = '/api/products') {
  const response = await on.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<ApiProduct[]>().map((product) => product.name);
}

async function staffList(): Promise<ApiStaffProduct[]> {
  const response = await call(app, staff, 'GET', '/api/staff/products');
  expect(response.statusCode).toBe(200);
  return response.json<ApiStaffProduct[]>();
}

async function cartOf(who: Account): Promise<ApiCart> {
  const response = await call(app, who, 'GET', `/api/cart/${who.id}`);
  expect(response.statusCode).toBe(200);
  return response.json<ApiCart>();
}

const count = async (sql: string, params: unknown[]) =>
  Number((await database.db.query<{ n: number | string }>(sql, params))[0]?.n ?? 0);

describe('retire (hide) and show again', () => {
  it('leaves the storefront, keeps the cart line priced with the notice, refuses adding and ordering', async () => {
    const wedges = id('Potato Wedges');
    const shopper = await registerCustomer(app);
    await fillCart(app, shopper, [{ productId: wedges, quantity: 2 }]);
    const before = await cartOf(shopper);

    const hidden = await patch(wedges, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<ApiStaffProduct>()).toMatchObject({ _id: wedges, hidden: true });
    try {
      // Every storefront answer leaves it out; the staff's list keeps it, marked.
      expect(await storefrontNames()).not.toContain('Potato Wedges');
      expect(await storefrontNames(app, '/api/products?category=Sides')).not.toContain(
        'Potato Wedges',
      );
      expect(await storefrontNames(app, '/api/items/sides')).not.toContain('Potato Wedges');
      const byId = await app.inject({ method: 'GET', url: `/api/products/${wedges}` });
      expect(byId.statusCode).toBe(404);
      expect((await staffList()).find((p) => p._id === wedges)).toMatchObject({ hidden: true });

      // The line stays, priced as before, and says why it cannot be ordered.
      const cart = await cartOf(shopper);
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0]?.productId.hidden).toBe(true);
      expect(cart.totalPrice).toBe(before.totalPrice);
      expect(lineNotice(cart.items[0])).toBe(NOT_ON_MENU);

      // Adding it (by id or as a guest's line) is refused by name, and nothing is written.
      const added = await call(app, shopper, 'POST', '/api/cart', {
        userId: shopper.id,
        productId: wedges,
        quantity: 1,
      });
      expect(added.statusCode).toBe(409);
      expect(added.json<ApiErrorBody>()).toMatchObject({
        code: 'not_on_menu',
        message: 'Sorry, Potato Wedges is no longer on the menu.',
      });
      const raised = await call(
        app,
        shopper,
        'PUT',
        `/api/cart/${shopper.id}/${cart.items[0]?._id ?? ''}`,
        { quantity: 3 },
      );
      expect(raised.statusCode).toBe(409);
      expect(raised.json<ApiErrorBody>().code).toBe('not_on_menu');
      const merged = await call(app, shopper, 'POST', '/api/cart/merge-cart', {
        userId: shopper.id,
        localCart: [{ productId: wedges, quantity: 1 }],
      });
      expect(merged.json<{ merged: number; skipped: { reason: string }[] }>()).toMatchObject({
        merged: 0,
        skipped: [{ reason: 'Sorry, Potato Wedges is no longer on the menu.' }],
      });
      expect((await cartOf(shopper)).items.map((item) => item.quantity)).toEqual([2]);

      // Confirm Order refuses it (nothing confirmed), and so does placing the order.
      const confirmed = await confirm(app, shopper);
      expect(confirmed.statusCode).toBe(409);
      expect(confirmed.json<ApiErrorBody>().code).toBe('not_on_menu');
      expect(
        await count(
          `select count(*) as n from carts where user_id = $1 and confirmed_at is not null`,
          [shopper.id],
        ),
      ).toBe(0);
    } finally {
      expect((await patch(wedges, { hidden: false })).statusCode).toBe(200);
    }

    // Shown again: listed, answered by id, and the same cart goes through.
    expect(await storefrontNames()).toContain('Potato Wedges');
    expect((await app.inject({ method: 'GET', url: `/api/products/${wedges}` })).statusCode).toBe(
      200,
    );
    expect(lineNotice((await cartOf(shopper)).items[0])).toBeNull();
    expect((await confirm(app, shopper)).statusCode).toBe(200);
  });

  it('refuses complete-order for a line hidden after Confirm Order, writing no order', async () => {
    const fries = id('Poutine Fries');
    const shopper = await registerCustomer(app);
    await fillCart(app, shopper, [{ productId: fries, quantity: 1 }]);
    expect((await confirm(app, shopper)).statusCode).toBe(200);
    expect((await patch(fries, { hidden: true })).statusCode).toBe(200);
    try {
      const placed = await completeOrder(app, shopper);
      expect(placed.statusCode).toBe(409);
      expect(placed.json<ApiErrorBody>()).toMatchObject({
        code: 'not_on_menu',
        message:
          'Sorry, Poutine Fries is no longer on the menu. Remove it from your cart to place the order.',
      });
      expect(await count('select count(*) as n from orders where user_id = $1', [shopper.id])).toBe(
        0,
      );
    } finally {
      await patch(fries, { hidden: false });
    }
  });
});

describe('delete', () => {
  it('deletes a product no order included, with its cart lines (204), then 404', async () => {
    const made = await call(app, admin, 'POST', '/api/staff/products', {
      name: 'Onion Rings',
      category: 'Sides',
      price: 4.49,
    });
    expect(made.statusCode).toBe(201);
    const rings = made.json<ApiStaffProduct>()._id;
    const shopper = await registerCustomer(app);
    await fillCart(app, shopper, [
      { productId: rings, quantity: 1 },
      { name: 'Coke', quantity: 1 },
    ]);

    const deleted = await remove(rings);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await count('select count(*) as n from products where id = $1', [rings])).toBe(0);
    expect(await count('select count(*) as n from cart_items where product_id = $1', [rings])).toBe(
      0,
    );
    expect((await cartOf(shopper)).items.map((item) => item.productId.name)).toEqual(['Coke']);
    expect(await storefrontNames()).not.toContain('Onion Rings');
    expect((await staffList()).some((p) => p._id === rings)).toBe(false);
    expect((await remove(rings)).statusCode).toBe(404);
  });

  it('refuses (409 product_ordered) a product an order includes, and keeps it', async () => {
    const bread = id('Garlic Bread');
    await placeOrder(app, await registerCustomer(app), [{ productId: bread, quantity: 1 }]);
    const refused = await remove(bread);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>()).toMatchObject({
      code: 'product_ordered',
      message: 'Orders include this item, so it cannot be deleted. Hide it instead.',
    });
    expect(await count('select count(*) as n from products where id = $1', [bread])).toBe(1);
    expect(await storefrontNames()).toContain('Garlic Bread');
  });

  it('raced with an order of it: one of the two wins whole, never a 500 or a lost link', async () => {
    for (let round = 0; round < 4; round += 1) {
      const made = await call(app, admin, 'POST', '/api/staff/products', {
        name: `Race Side ${round}`,
        category: 'Sides',
        price: 3.25,
      });
      const side = made.json<ApiStaffProduct>()._id;
      const shopper = await registerCustomer(app);
      await fillCart(app, shopper, [{ productId: side, quantity: 1 }]);
      expect((await confirm(app, shopper)).statusCode).toBe(200);
      const [deleted, placed] = await Promise.all([remove(side), completeOrder(app, shopper)]);
      const outcome = [deleted.statusCode, placed.statusCode];
      // The delete first: the cart's line went with it. The order first: the delete saw it.
      expect([
        [204, 409],
        [409, 201],
      ]).toContainEqual(outcome);
      const linked = await count(
        'select count(*) as n from order_items i join orders o on o.id = i.order_id where o.user_id = $1 and i.product_id = $2',
        [shopper.id, side],
      );
      expect(linked).toBe(placed.statusCode === 201 ? 1 : 0);
    }
  });

  it('is the menu editor’s: staff 403, a customer 403, nothing deleted', async () => {
    const dip = id('Ranch Dip');
    expect((await remove(dip, staff)).statusCode).toBe(403);
    expect((await remove(dip, await registerCustomer(app))).statusCode).toBe(403);
    expect(await count('select count(*) as n from products where id = $1', [dip])).toBe(1);
  });
});

describe('reorder within a category', () => {
  // By the staff list, not the seeded ids: the tests above may have added sides.
  let sideIds = new Map<string, string>();
  const sideNames = async () => {
    const sides = (await staffList()).filter((p) => p.category === 'Sides');
    sideIds = new Map(sides.map((p) => [p.name, p._id]));
    return sides.map((p) => p.name);
  };
  const sideId = (name: string) => sideIds.get(name) ?? '';

  it('moves a product to a 0-based position in its category; past the end is last', async () => {
    const before = await sideNames();
    const last = before[before.length - 1] ?? '';
    const moved = await patch(sideId(last), { position: 0 });
    expect(moved.statusCode).toBe(200);
    const first = await sideNames();
    expect(first).toEqual([last, ...before.slice(0, -1)]);
    // The storefront lists the category in the same order.
    expect(await storefrontNames(app, '/api/products?category=Sides')).toEqual(first);

    expect((await patch(sideId(last), { position: 999 })).statusCode).toBe(200);
    expect(await sideNames()).toEqual(before);

    expect((await patch(sideId(last), { position: 2 })).statusCode).toBe(200);
    const third = [...before.slice(0, -1)];
    third.splice(2, 0, last);
    expect(await sideNames()).toEqual(third);
    // Other categories keep their order.
    expect((await staffList()).filter((p) => p.category === 'Wings').length).toBeGreaterThan(0);
  });

  it('refuses a bad position (400) and staff without leave (403)', async () => {
    const dip = id('Cheddar');
    for (const position of [-1, 1.5, '2']) {
      expect((await patch(dip, { position })).statusCode).toBe(400);
    }
    expect((await patch(dip, { position: 0 }, staff)).statusCode).toBe(403);
  });

  it('reorders at once all answer and leave every side once, in some order', async () => {
    const before = await sideNames();
    const answers = await Promise.all(
      before.map((name, index) => patch(sideId(name), { position: before.length - 1 - index })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(before.map(() => 200));
    const after = await sideNames();
    expect([...after].sort()).toEqual([...before].sort());
    const orders = await database.db.query<{ sort_order: number }>(
      `select sort_order from products order by sort_order`,
    );
    // Renumbered from 0 with no ties: the renumberings did not interleave.
    expect(new Set(orders.map((row) => row.sort_order)).size).toBe(orders.length);
  });
});

describe('staffEditMenu: the admin lets staff edit the menu', () => {
  it('staff 403 before, allowed after; only the admin may flip it', async () => {
    const dip = id('Creamy Garlic Dip');
    const store = await call(app, staff, 'GET', '/api/staff/store');
    expect(store.json<ApiStaffStore>().staffEditMenu).toBe(false);
    expect((await patch(dip, { hidden: true }, staff)).statusCode).toBe(403);
    // Sold out and price stay every staff member's.
    expect((await patch(dip, { available: true }, staff)).statusCode).toBe(200);

    const flipped = await putStore({ staffEditMenu: true }, staff);
    expect(flipped.statusCode).toBe(403);
    expect(flipped.json<ApiErrorBody>().code).toBe('forbidden');

    const allowed = await putStore({ staffEditMenu: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<ApiStaffStore>().staffEditMenu).toBe(true);
    try {
      expect((await patch(dip, { hidden: true }, staff)).statusCode).toBe(200);
      expect((await patch(dip, { hidden: false }, staff)).statusCode).toBe(200);
      // Staff may change the other controls, but still not this one.
      expect((await putStore({ staffEditMenu: false }, staff)).statusCode).toBe(403);
      expect((await putStore({ deliveryFee: 5 }, staff)).statusCode).toBe(200);
    } finally {
      expect((await putStore({ staffEditMenu: false })).statusCode).toBe(200);
    }
    expect((await patch(dip, { hidden: true }, staff)).statusCode).toBe(403);
  });
});

describe('a price edit reaches a live cart', () => {
  it('changes the total GET /api/cart answers, and the line says so', async () => {
    const fingers = id('Medium Garlic Fingers');
    const shopper = await registerCustomer(app);
    await fillCart(app, shopper, [{ productId: fingers, quantity: 2 }]);
    const before = await cartOf(shopper);
    expect(before.items[0]?.priceByQuantity).toBe(8.99);
    expect(lineNotice(before.items[0])).toBeNull();

    expect((await patch(fingers, { price: 9.49 })).statusCode).toBe(200);
    try {
      const after = await cartOf(shopper);
      expect(after.items[0]).toMatchObject({ priceByQuantity: 9.49, totalPrice: 18.98 });
      expect(after.subtotal).toBe(18.98);
      expect(after.totalPrice).toBeGreaterThan(before.totalPrice);
      expect(lineNotice(after.items[0])).toBe('Price changed from $8.99 to $9.49');
    } finally {
      await patch(fingers, { price: 8.99 });
    }
  });

  // Issue 44: a guest's line keeps the price it was added at, and signing in keeps its notice.
  it("keeps a guest line's price through merge-cart, for the notice only", async () => {
    const deal = id('Two Pizza Deal');
    const guestLine = { productId: deal, size: 'Medium', quantity: 1, priceByQuantity: 31.99 };
    expect((await patch(deal, { price: 28.99 })).statusCode).toBe(200);
    try {
      const shopper = await registerCustomer(app);
      const merged = await call(app, shopper, 'POST', '/api/cart/merge-cart', {
        userId: shopper.id,
        localCart: [
          guestLine,
          // The spec client's numeric text; and a price no line could have had is no "was".
          { productId: id('Coke'), quantity: 1, priceByQuantity: '1.00' },
          { productId: id('Garlic Bread'), quantity: 1, priceByQuantity: 1e12 },
        ],
      });
      expect(merged.statusCode).toBe(200);
      const cart = await cartOf(shopper);
      expect(cart.items.map((item) => [item.productId.name, lineNotice(item)])).toEqual([
        ['Two Pizza Deal', 'Price changed from $31.99 to $33.99'],
        ['Coke', 'Price changed from $1.00 to $1.25'],
        ['Garlic Bread', null],
      ]);
      // Charged at the menu's price, never the carried one.
      expect(cart.items[0]).toMatchObject({ priceByQuantity: 33.99, totalPrice: 33.99 });
      expect(cart.subtotal).toBe(41.23);
      expect((await confirm(app, shopper)).statusCode).toBe(200);
      const placed = await completeOrder(app, shopper);
      expect(placed.statusCode).toBe(201);
      expect(placed.json<ApiCompleteOrderAnswer>().order.totalPrice).toBe(cart.totalPrice);
    } finally {
      await patch(deal, { price: 26.99 });
    }
  });
});

/** What changed behind an app reaches it through the database's NOTIFY, moments later. */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(kind === 'postgres')('a second process on the same database', () => {
  const second = secondInstance(
    () => database,
    `${appName}-b`,
    start,
    (b) => b.close(),
  );

  it('stops listing a product hidden on the first, and lists it again when shown', async () => {
    const cheddar = id('Cheddar');
    expect(await storefrontNames(second.app)).toContain('Cheddar');
    expect((await patch(cheddar, { hidden: true })).statusCode).toBe(200);
    try {
      const gone = await eventually(
        () => storefrontNames(second.app),
        (names) => !names.includes('Cheddar'),
      );
      expect(gone).not.toContain('Cheddar');
      const byId = await second.app.inject({ method: 'GET', url: `/api/products/${cheddar}` });
      expect(byId.statusCode).toBe(404);
    } finally {
      expect((await patch(cheddar, { hidden: false })).statusCode).toBe(200);
    }
    const back = await eventually(
      () => storefrontNames(second.app),
      (names) => names.includes('Cheddar'),
    );
    expect(back).toContain('Cheddar');
  });
});
