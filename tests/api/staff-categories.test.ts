import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KIND_ALERTS,
  SEEDED_CATEGORIES,
  type ApiCart,
  type ApiCategory,
  type ApiErrorBody,
  type ApiProduct,
  type ApiStaffCategory,
  type ApiStaffProduct,
  type AvailabilityWindow,
} from '../../src/domain';
import { MAX_CATEGORY_TITLE_LENGTH } from '../../src/domain/category-draft';
import { MENU_EDITOR_REFUSAL } from '../../src/server/auth/sessions';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { Database } from '../../src/server/data/db';
import { migrate } from '../../src/server/data/migrate';
import { seed } from '../../src/server/data/seed';
import { CATEGORY_IN_USE_MESSAGE } from '../../src/server/staff/categories';
import {
  OPEN_TUESDAY,
  call,
  confirm,
  fillCart,
  registerCustomer,
  registerMember,
  registerStaff,
  type Account,
} from '../support/orders';
import { lineNotice } from '../support/cart-view';
import { secondInstance } from '../support/second-instance';
import { createTestDatabase, testConfig, testDbKind, type TestDatabase } from '../support/test-app';

/**
 * The store's categories (issue 34): the storefront's and the staff's lists, a category added of
 * each kind, renamed, moved, hidden with its products, made the offer, given a picture and
 * windows, deleted when empty; who may do which; two writes at once; another process; and
 * migration 023 on a database written before it.
 */

const kind = testDbKind();
const clock = fixedClock(OPEN_TUESDAY);
const appName = `cat-api-${randomBytes(4).toString('hex')}`;
const NOT_ON_MENU = 'No longer on the menu. Remove it to place your order.';
/** Toronto's wall clock in the all-EST week of Sunday 2026-11-22 (Tuesday the 24th). */
const at = (local: string) => `${local}:00-05:00`;
const LUNCH: AvailabilityWindow = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };
const EVENING: AvailabilityWindow = { days: [0, 1, 2, 3, 4, 5, 6], from: '17:00', to: '22:00' };

let database: TestDatabase;
let app: FastifyInstance;
let admin: Account;
let staff: Account;
let customer: Account;

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
  customer = await registerCustomer(app);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A category as the storefront sees it: every field of the staff's but `hidden`. */
const storefrontView = (category: ApiStaffCategory): Record<string, unknown> =>
  Object.fromEntries(Object.entries(category).filter(([key]) => key !== 'hidden'));

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;

const post = (body: unknown, who: Account | null = admin) =>
  call(app, who, 'POST', '/api/staff/categories', body);
const patch = (id: string, body: unknown, who: Account | null = admin) =>
  call(app, who, 'PATCH', `/api/staff/categories/${id}`, body);
const remove = (id: string, who: Account | null = admin) =>
  call(app, who, 'DELETE', `/api/staff/categories/${id}`);

async function publicCategories(on: FastifyInstance = app): Promise<ApiCategory[]> {
  const response = await on.inject({ method: 'GET', url: '/api/categories' });
  expect(response.statusCode).toBe(200);
  return response.json<ApiCategory[]>();
}

async function staffCategories(): Promise<ApiStaffCategory[]> {
  const response = await call(app, staff, 'GET', '/api/staff/categories');
  expect(response.statusCode).toBe(200);
  return response.json<ApiStaffCategory[]>();
}

async function storefront(url = '/api/products', on: FastifyInstance = app) {
  const response = await on.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<ApiProduct[]>();
}
const names = async (url = '/api/products', on: FastifyInstance = app) =>
  (await storefront(url, on)).map((product) => product.name);

async function productId(name: string): Promise<string> {
  const response = await call(app, staff, 'GET', '/api/staff/products');
  const found = response.json<ApiStaffProduct[]>().find((product) => product.name === name);
  if (!found) throw new Error(`No product ${name}`);
  return found._id;
}

async function cartOf(who: Account): Promise<ApiCart> {
  const response = await call(app, who, 'GET', `/api/cart/${who.id}`);
  expect(response.statusCode).toBe(200);
  return response.json<ApiCart>();
}

/** Every category row as stored: a refused write must leave it exactly so. */
async function categoryRows(): Promise<string> {
  const rows = await database.db.query(
    `select id, kind, segment, title, sort_order, hidden, offer, image, added, failed,
            available_at from categories order by id`,
  );
  return JSON.stringify(rows);
}

async function sortOrders(): Promise<number[]> {
  const rows = await database.db.query<{ sort_order: number }>(
    'select sort_order from categories order by sort_order',
  );
  return rows.map((row) => row.sort_order);
}

const addByName = (who: Account, name: string, orderAt?: string) =>
  call(app, who, 'POST', '/api/cart', {
    userId: who.id,
    name,
    quantity: 1,
    ...(orderAt === undefined ? {} : { orderAt }),
  });

async function emptyCart(who: Account): Promise<void> {
  await database.db.query(`delete from carts where user_id = $1 and status = 'active'`, [who.id]);
}

/** Gives a product windows of its own (null: none), behind the app's back, until it shows them. */
async function setOwnWindows(id: string, windows: AvailabilityWindow[] | null): Promise<void> {
  await database.db.query(
    windows
      ? `update products set details = details || jsonb_build_object('availableAt', $2::jsonb) where id = $1`
      : `update products set details = details - 'availableAt' where id = $1`,
    windows ? [id, JSON.stringify(windows)] : [id],
  );
  await eventually(
    async () => {
      const answer = await app.inject({ method: 'GET', url: `/api/products/${id}` });
      return JSON.stringify(answer.json<ApiProduct>().details?.availableAt ?? null);
    },
    (shown) => shown === JSON.stringify(windows),
  );
}

/** What changed behind an app reaches it through the database's NOTIFY, moments later. */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /api/categories and /api/staff/categories', () => {
  it('answers the seeded ten in Home’s order with their words: the domain’s constant less hidden', async () => {
    const seeded = SEEDED_CATEGORIES.map(storefrontView);
    expect(await publicCategories()).toEqual(seeded);
    expect(await staffCategories()).toEqual(SEEDED_CATEGORIES);
  });

  it('leaves a hidden category out of the storefront’s list, not the staff’s', async () => {
    expect((await patch('Sides', { hidden: true })).statusCode).toBe(200);
    try {
      expect((await publicCategories()).map((category) => category.id)).not.toContain('Sides');
      expect((await staffCategories()).find((category) => category.id === 'Sides')).toMatchObject({
        hidden: true,
      });
    } finally {
      expect((await patch('Sides', { hidden: false })).statusCode).toBe(200);
    }
    expect((await publicCategories()).map((category) => category.id)).toContain('Sides');
  });

  it('lets every staff member read the staff list; a customer 403, nobody 401', async () => {
    expect((await call(app, null, 'GET', '/api/staff/categories')).statusCode).toBe(401);
    expect((await call(app, customer, 'GET', '/api/staff/categories')).statusCode).toBe(403);
    expect((await call(app, staff, 'GET', '/api/staff/categories')).statusCode).toBe(200);
  });
});

describe('POST /api/staff/categories', () => {
  it('creates one of each kind, its id and segment from the title, last, shown, with its kind’s alerts', async () => {
    const kinds = [
      ['pizza-deal', 'Lunch Pizza Deals', 'LunchPizzaDeals'],
      ['wings-combo', 'Game Night Combos', 'GameNightCombos'],
      ['wings', 'Boneless Wings', 'BonelessWings'],
      ['panzerotti', 'Calzones', 'Calzones'],
      ['simple', 'Crêpes & Co.', 'CrepesAndCo'],
      ['beverages', 'Hot Drinks', 'HotDrinks'],
    ] as const;
    const made: string[] = [];
    try {
      for (const [which, title, id] of kinds) {
        const created = await post({ title: `  ${title} `, kind: which });
        expect(created.statusCode, title).toBe(201);
        const entry = created.json<ApiStaffCategory>();
        made.push(entry.id);
        expect(entry).toEqual({
          id,
          kind: which,
          segment: id.toLowerCase(),
          title,
          hidden: false,
          offer: false,
          image: null,
          ...KIND_ALERTS[which],
        });
        expect((await staffCategories()).at(-1)).toEqual(entry);
        expect((await publicCategories()).at(-1)).toEqual(storefrontView(entry));
      }
      // A title whose id another has (in any letter case) is numbered; a reserved segment too.
      const again = await post({ title: 'calzones!', kind: 'panzerotti' });
      expect(again.statusCode).toBe(201);
      made.push(again.json<ApiStaffCategory>().id);
      expect(again.json<ApiStaffCategory>()).toMatchObject({
        id: 'Calzones2',
        segment: 'calzones2',
        title: 'calzones!',
      });
      const reserved = await post({ title: 'Cart', kind: 'simple' });
      expect(reserved.statusCode).toBe(201);
      made.push(reserved.json<ApiStaffCategory>().id);
      expect(reserved.json<ApiStaffCategory>()).toMatchObject({ id: 'Cart2', segment: 'cart2' });
    } finally {
      for (const id of made) expect((await remove(id)).statusCode).toBe(204);
    }
    expect(await staffCategories()).toEqual(SEEDED_CATEGORIES);
  });

  it('makes an id the routes take from any title it allows, however its words spell out', async () => {
    // "&" is spelled "And" and a Roman numeral "VIII": forty characters may spell far more.
    for (const title of ['&'.repeat(MAX_CATEGORY_TITLE_LENGTH - 1) + 'a', '\u2167'.repeat(40)]) {
      const created = await post({ title, kind: 'simple' });
      expect(created.statusCode, title).toBe(201);
      const { id, segment } = created.json<ApiStaffCategory>();
      expect(segment).toBe(id.toLowerCase());
      expect(await names(`/api/items/${segment}`)).toEqual([]);
      expect((await patch(id, { hidden: true })).statusCode, id).toBe(200);
      expect((await remove(id)).statusCode, id).toBe(204);
    }
  });

  it('takes a picture and windows when created', async () => {
    const created = await post({
      title: 'Lunch Sides',
      kind: 'simple',
      image: '/images/garlic-bread.webp',
      availableAt: [LUNCH],
    });
    expect(created.statusCode).toBe(201);
    try {
      expect(created.json<ApiStaffCategory>()).toMatchObject({
        image: '/images/garlic-bread.webp',
        availableAt: [LUNCH],
      });
    } finally {
      expect((await remove('LunchSides')).statusCode).toBe(204);
    }
  });

  describe('refuses, naming the field and writing nothing', () => {
    const refused = async (body: unknown, message: string) => {
      const before = await categoryRows();
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toBe(message);
      expect(await categoryRows()).toBe(before);
    };
    const TAKEN = 'title: Another category is called "Sides": choose another title.';

    it('a title taken in another letter case', () =>
      refused({ title: 'sides', kind: 'simple' }, TAKEN));
    it('a title taken with other spacing', () =>
      refused({ title: '  SIDES  ', kind: 'simple' }, TAKEN));
    it('a title taken with spaces inside', () =>
      refused(
        { title: 'Pizza  &  Wings   Combos', kind: 'simple' },
        'title: Another category is called "Pizza & Wings Combos": choose another title.',
      ));
    it('an empty title', () =>
      refused({ title: '   ', kind: 'simple' }, 'title: Please give the category a title.'));
    it('a title too long', () =>
      refused(
        { title: 'x'.repeat(MAX_CATEGORY_TITLE_LENGTH + 1), kind: 'simple' },
        `title: The title is too long: at most ${MAX_CATEGORY_TITLE_LENGTH} characters.`,
      ));
    it('special characters in the title', () =>
      refused(
        { title: 'Dips\u0000', kind: 'simple' },
        'title: Please remove special characters from the title.',
      ));
    it('a line break or tab in the title: a title is one line, on a card and a heading', async () => {
      for (const title of ['Sides\nand Dips', 'Sides\tDips', 'Sides\r\nDips']) {
        await refused(
          { title, kind: 'simple' },
          'title: Please remove special characters from the title.',
        );
      }
    });
    it('an unknown kind', async () => {
      const before = await categoryRows();
      const response = await post({ title: 'Salads', kind: 'salad' });
      expect(response.statusCode).toBe(400);
      expect(error(response).message).toContain('kind');
      expect(await categoryRows()).toBe(before);
    });
    it('a picture that is not one of the store’s', async () => {
      const before = await categoryRows();
      for (const image of [
        'https://example.com/a.webp',
        '/images/../x.webp',
        '/images/a b.webp',
        'images/a.webp',
      ]) {
        const response = await post({ title: 'Salads', kind: 'simple', image });
        expect(response.statusCode, image).toBe(400);
        expect(error(response).message).toMatch(/^image: /);
      }
      expect(await categoryRows()).toBe(before);
    });
  });

  it('is the menu editor’s: nobody 401, a customer and a staff member 403', async () => {
    const before = await categoryRows();
    expect((await post({ title: 'Salads', kind: 'simple' }, null)).statusCode).toBe(401);
    expect((await post({ title: 'Salads', kind: 'simple' }, customer)).statusCode).toBe(403);
    const refused = await post({ title: 'Salads', kind: 'simple' }, staff);
    expect(refused.statusCode).toBe(403);
    expect(error(refused).message).toBe(MENU_EDITOR_REFUSAL);
    expect(await categoryRows()).toBe(before);
  });

  it('takes products: created in it, served by its segment and on Home with its kind', async () => {
    const created = await post({ title: 'Salads', kind: 'simple' });
    expect(created.statusCode).toBe(201);
    const made = await call(app, admin, 'POST', '/api/staff/products', {
      name: 'Caesar Salad',
      category: 'Salads',
      price: 7.99,
    });
    expect(made.statusCode).toBe(201);
    const salad = made.json<ApiStaffProduct>()._id;
    try {
      expect(await names('/api/items/salads')).toEqual(['Caesar Salad']);
      expect((await storefront()).find((product) => product._id === salad)).toMatchObject({
        name: 'Caesar Salad',
        category: 'Salads',
        kind: 'simple',
      });
      // A list kind's product is added by name, like a side.
      const shopper = await registerCustomer(app);
      expect((await addByName(shopper, 'Caesar Salad')).statusCode).toBe(200);
      // DELETE: the category holds a product (hidden too), so it stays.
      expect(
        (await call(app, admin, 'PATCH', `/api/staff/products/${salad}`, { hidden: true }))
          .statusCode,
      ).toBe(200);
      const inUse = await remove('Salads');
      expect(inUse.statusCode).toBe(409);
      expect(error(inUse)).toMatchObject({
        code: 'category_in_use',
        message: CATEGORY_IN_USE_MESSAGE,
      });
      expect((await staffCategories()).map((category) => category.id)).toContain('Salads');
    } finally {
      expect((await call(app, admin, 'DELETE', `/api/staff/products/${salad}`)).statusCode).toBe(
        204,
      );
    }
    expect((await remove('Salads')).statusCode).toBe(204);
    expect((await staffCategories()).map((category) => category.id)).not.toContain('Salads');
    expect((await remove('Salads')).statusCode).toBe(404);
    expect((await remove('NoSuchThing')).statusCode).toBe(404);
    expect((await remove('not-an-id')).statusCode).toBe(404);
  });
});

describe('PATCH /api/staff/categories/{id}', () => {
  it('renames; a title another has is refused, its own in another case is not', async () => {
    const renamed = await patch('Sides', { title: '  Sides & Dips ' });
    expect(renamed.statusCode).toBe(200);
    try {
      // The id and route stay: products and saved links refer to them.
      expect(renamed.json<ApiStaffCategory>()).toMatchObject({
        id: 'Sides',
        segment: 'sides',
        title: 'Sides & Dips',
      });
      expect((await publicCategories()).find((c) => c.id === 'Sides')?.title).toBe('Sides & Dips');
      const before = await categoryRows();
      const taken = await patch('Sides', { title: 'wings' });
      expect(taken.statusCode).toBe(400);
      expect(error(taken).message).toBe(
        'title: Another category is called "Wings": choose another title.',
      );
      expect(await categoryRows()).toBe(before);
      expect((await patch('Sides', { title: 'SIDES & DIPS' })).statusCode).toBe(200);
    } finally {
      expect((await patch('Sides', { title: 'Sides' })).statusCode).toBe(200);
    }
  });

  it('moves a category; past the end is last; Home’s products follow', async () => {
    const seededIds = SEEDED_CATEGORIES.map((category) => category.id);
    const moved = await patch('Beverages', { position: 0 });
    expect(moved.statusCode).toBe(200);
    try {
      expect((await staffCategories()).map((category) => category.id)).toEqual([
        'Beverages',
        ...seededIds.filter((id) => id !== 'Beverages'),
      ]);
      const home = await storefront();
      const beverages = home.filter((product) => product.kind === 'beverages').length;
      expect(beverages).toBeGreaterThan(0);
      // Home lists the beverages first, then every other category's in the categories' order.
      expect(home.slice(0, beverages).every((product) => product.category === 'Beverages')).toBe(
        true,
      );
      const order = [...new Set(home.map((product) => product.category))];
      expect(order).toEqual(
        (await publicCategories())
          .map((category) => category.id)
          .filter((id) => order.includes(id)),
      );

      expect((await patch('Wings', { position: 999 })).statusCode).toBe(200);
      expect((await staffCategories()).map((category) => category.id).at(-1)).toBe('Wings');
      expect((await patch('Wings', { position: 3 })).statusCode).toBe(200);
      expect((await staffCategories()).map((category) => category.id)[3]).toBe('Wings');
      expect(await sortOrders()).toEqual(seededIds.map((_, index) => index));
    } finally {
      expect((await patch('Beverages', { position: 999 })).statusCode).toBe(200);
      expect((await patch('Wings', { position: 0 })).statusCode).toBe(200);
    }
    expect((await staffCategories()).map((category) => category.id)).toEqual(seededIds);
    for (const position of [-1, 1.5, '2']) {
      expect((await patch('Wings', { position })).statusCode, String(position)).toBe(400);
    }
  });

  it('hides a category with its products: gone from the storefront, a cart line says so, add and confirm refuse', async () => {
    const wedges = await productId('Potato Wedges');
    const shopper = await registerCustomer(app);
    await fillCart(app, shopper, [{ productId: wedges, quantity: 2 }]);
    const before = await cartOf(shopper);
    expect((await patch('Sides', { hidden: true })).statusCode).toBe(200);
    try {
      expect(await names()).not.toContain('Potato Wedges');
      expect((await storefront()).some((product) => product.category === 'Sides')).toBe(false);
      // Its route is no category's while hidden, as for a name never used.
      const items = await app.inject({ method: 'GET', url: '/api/items/sides' });
      expect(items.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/products/${wedges}` })).statusCode).toBe(
        404,
      );

      const cart = await cartOf(shopper);
      expect(cart.items).toHaveLength(1);
      expect(cart.totalPrice).toBe(before.totalPrice);
      const item = cart.items[0];
      expect(lineNotice(item)).toBe(NOT_ON_MENU);

      const added = await call(app, shopper, 'POST', '/api/cart', {
        userId: shopper.id,
        productId: wedges,
        quantity: 1,
      });
      expect(added.statusCode).toBe(409);
      expect(error(added).code).toBe('not_on_menu');
      // By name, as the spec's list screens send a side: retired too, not unknown.
      const byName = await call(app, shopper, 'POST', '/api/cart', {
        userId: shopper.id,
        name: 'Potato Wedges',
        quantity: 1,
      });
      expect(byName.statusCode).toBe(409);
      expect(error(byName).code).toBe('not_on_menu');
      const confirmed = await confirm(app, shopper);
      expect(confirmed.statusCode).toBe(409);
      expect(error(confirmed).code).toBe('not_on_menu');
    } finally {
      expect((await patch('Sides', { hidden: false })).statusCode).toBe(200);
    }
    expect(await names()).toContain('Potato Wedges');
    expect(await names('/api/items/sides')).toContain('Potato Wedges');
    expect((await app.inject({ method: 'GET', url: `/api/products/${wedges}` })).statusCode).toBe(
      200,
    );
    expect((await cartOf(shopper)).items[0]?.productId.hidden).toBe(false);
    expect((await confirm(app, shopper)).statusCode).toBe(200);
  });

  it('makes a category the offer, taking it from the one that had it: only one', async () => {
    const made = await patch('Wings', { offer: true });
    expect(made.statusCode).toBe(200);
    try {
      expect(made.json<ApiStaffCategory>().offer).toBe(true);
      expect(
        (await publicCategories()).filter((category) => category.offer).map((c) => c.id),
      ).toEqual(['Wings']);
    } finally {
      expect((await patch('superbowlcombo', { offer: true })).statusCode).toBe(200);
    }
    expect((await staffCategories()).filter((category) => category.offer).map((c) => c.id)).toEqual(
      ['superbowlcombo'],
    );
  });

  it('sets and clears the picture; a bad one refused', async () => {
    const set = await patch('Wings', { image: '/images/wings.webp' });
    expect(set.statusCode).toBe(200);
    expect((await publicCategories()).find((c) => c.id === 'Wings')?.image).toBe(
      '/images/wings.webp',
    );
    const before = await categoryRows();
    const bad = await patch('Wings', { image: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(error(bad).message).toMatch(/^image: /);
    expect(await categoryRows()).toBe(before);
    expect((await patch('Wings', { image: null })).statusCode).toBe(200);
    expect((await publicCategories()).find((c) => c.id === 'Wings')?.image).toBeNull();
  });

  it('gives a category windows: its products without their own follow them, judged at the order’s time', async () => {
    const shopper = await registerCustomer(app);
    const bread = await productId('Garlic Bread');
    expect((await patch('Sides', { availableAt: [LUNCH] })).statusCode).toBe(200);
    try {
      expect((await publicCategories()).find((c) => c.id === 'Sides')?.availableAt).toEqual([
        LUNCH,
      ]);
      // A product with none of its own shows its category's.
      const shown = await app.inject({ method: 'GET', url: `/api/products/${bread}` });
      expect(shown.json<ApiProduct>().availableAt).toEqual([LUNCH]);

      clock.set(at('2026-11-24T18:00'));
      const late = await addByName(shopper, 'Garlic Bread');
      expect(late.statusCode).toBe(409);
      expect(error(late).code).toBe('not_offered_now');
      // For Wednesday noon, a time the store can take: inside the window.
      expect((await addByName(shopper, 'Garlic Bread', at('2026-11-25T12:00'))).statusCode).toBe(
        200,
      );
      await emptyCart(shopper);
      clock.set(at('2026-11-24T12:00'));
      expect((await addByName(shopper, 'Garlic Bread')).statusCode).toBe(200);
      await emptyCart(shopper);

      // A product with windows of its own follows its own, not its category's.
      await setOwnWindows(bread, [EVENING]);
      try {
        expect((await addByName(shopper, 'Potato Wedges')).statusCode).toBe(200);
        await emptyCart(shopper);
        clock.set(at('2026-11-24T18:00'));
        expect((await addByName(shopper, 'Garlic Bread')).statusCode).toBe(200);
        expect((await addByName(shopper, 'Potato Wedges')).statusCode).toBe(409);
        await emptyCart(shopper);
      } finally {
        await setOwnWindows(bread, null);
      }
    } finally {
      clock.set(OPEN_TUESDAY);
      expect((await patch('Sides', { availableAt: null })).statusCode).toBe(200);
    }
    expect((await publicCategories()).find((c) => c.id === 'Sides')).not.toHaveProperty(
      'availableAt',
    );
    expect((await addByName(shopper, 'Garlic Bread')).statusCode).toBe(200);
  });

  it('refuses an empty change (400) and answers 404 for an unknown id, writing nothing', async () => {
    const before = await categoryRows();
    for (const body of [{}, { kind: 'wings' }, { segment: 'x' }]) {
      const response = await patch('Wings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toBe(
        'Please send what to change: title, hidden, offer, image, availableAt or position.',
      );
    }
    expect((await patch('NoSuchThing', { hidden: true })).statusCode).toBe(404);
    expect((await patch('no-such-thing', { hidden: true })).statusCode).toBe(404);
    expect(await categoryRows()).toBe(before);
  });

  it('is the admin’s, or staff’s while staffEditMenu is on', async () => {
    const before = await categoryRows();
    expect((await patch('Wings', { title: 'Chicken Wings' }, null)).statusCode).toBe(401);
    expect((await patch('Wings', { title: 'Chicken Wings' }, customer)).statusCode).toBe(403);
    expect((await patch('Wings', { title: 'Chicken Wings' }, staff)).statusCode).toBe(403);
    expect((await remove('Wings', staff)).statusCode).toBe(403);
    expect(await categoryRows()).toBe(before);
    expect(
      (await call(app, admin, 'PUT', '/api/staff/store', { staffEditMenu: true })).statusCode,
    ).toBe(200);
    try {
      expect((await patch('Wings', { title: 'Chicken Wings' }, staff)).statusCode).toBe(200);
      expect((await patch('Wings', { title: 'Wings' }, staff)).statusCode).toBe(200);
      const made = await post({ title: 'Staff Specials', kind: 'simple' }, staff);
      expect(made.statusCode).toBe(201);
      expect((await remove('StaffSpecials', staff)).statusCode).toBe(204);
      expect((await patch('Wings', { hidden: true }, customer)).statusCode).toBe(403);
    } finally {
      expect(
        (await call(app, admin, 'PUT', '/api/staff/store', { staffEditMenu: false })).statusCode,
      ).toBe(200);
    }
    expect(await categoryRows()).toBe(before);
  });
});

describe('two writes at once', () => {
  it('two moves leave one order with no two categories in one place', async () => {
    const seededIds = SEEDED_CATEGORIES.map((category) => category.id);
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all([
        patch('Beverages', { position: round }),
        patch('Wings', { position: 8 - round }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await sortOrders()).toEqual(seededIds.map((_, index) => index));
      expect([...(await staffCategories()).map((c) => c.id)].sort()).toEqual([...seededIds].sort());
    }
    expect((await patch('Beverages', { position: 999 })).statusCode).toBe(200);
    expect((await patch('Wings', { position: 0 })).statusCode).toBe(200);
    expect((await staffCategories()).map((category) => category.id)).toEqual(seededIds);
  });

  it('a delete raced with a product made in the category: one wins whole, never a 500', async () => {
    for (let round = 0; round < 4; round += 1) {
      const title = `Race Category ${round}`;
      const made = await post({ title, kind: 'simple' });
      expect(made.statusCode).toBe(201);
      const { id } = made.json<ApiStaffCategory>();
      const [deleted, product] = await Promise.all([
        remove(id),
        call(app, admin, 'POST', '/api/staff/products', {
          name: `Race Item ${round}`,
          category: id,
          price: 2.5,
        }),
      ]);
      // The delete first: no such category for the product. The product first: in use.
      expect([
        [204, 400],
        [409, 201],
      ]).toContainEqual([deleted.statusCode, product.statusCode]);
      const rows = await database.db.query<{ n: number }>(
        'select count(*)::int as n from products where category = $1',
        [id],
      );
      expect(rows[0]?.n).toBe(product.statusCode === 201 ? 1 : 0);
      if (product.statusCode === 201) {
        const productId = product.json<ApiStaffProduct>()._id;
        expect(
          (await call(app, admin, 'DELETE', `/api/staff/products/${productId}`)).statusCode,
        ).toBe(204);
        expect((await remove(id)).statusCode).toBe(204);
      }
    }
  });

  it('two creates of one title make one category and one 400', async () => {
    const answers = await Promise.all([
      post({ title: 'Desserts', kind: 'simple' }),
      post({ title: ' desserts', kind: 'simple' }),
    ]);
    try {
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      const rows = await database.db.query(
        `select id from categories where lower(title) = 'desserts'`,
      );
      expect(rows).toEqual([{ id: 'Desserts' }]);
    } finally {
      await remove('Desserts');
    }
  });
});

describe.runIf(kind === 'postgres')('a second process on the same database', () => {
  const second = secondInstance(
    () => database,
    `${appName}-b`,
    start,
    (b) => b.close(),
  );

  it('stops showing a category hidden on the first, and its products; shows them again', async () => {
    const ids = async () => (await publicCategories(second.app)).map((category) => category.id);
    expect(await ids()).toContain('Sides');
    expect((await patch('Sides', { hidden: true })).statusCode).toBe(200);
    try {
      expect(await eventually(ids, (listed) => !listed.includes('Sides'))).not.toContain('Sides');
      expect(await names('/api/products', second.app)).not.toContain('Garlic Bread');
    } finally {
      expect((await patch('Sides', { hidden: false })).statusCode).toBe(200);
    }
    expect(await eventually(ids, (listed) => listed.includes('Sides'))).toContain('Sides');
    expect(await names('/api/products', second.app)).toContain('Garlic Bread');
  });
});

describe('migration 023 on a database migrated only to 022', () => {
  const MIGRATION = '023_categories.sql';
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase(kind);
    await migrate(old.db);
    await seed(old.db);
    // The database as 022 left it: no categories table, products in their own order, categories
    // interleaved (Beverages first, then every other product reversed).
    await old.db.exec(`
      alter table products drop constraint products_category_fkey;
      drop table categories;
      update products set sort_order = case when category = 'Beverages' then sort_order
                                            else 1000 - sort_order end;
    `);
    await old.db.query('delete from schema_migrations where version = $1', [MIGRATION]);
  });
  afterAll(() => old.drop());

  it('makes the ten categories, renumbers the products by category, and puts the FK in place', async () => {
    const before = await old.db.query<{ id: string; category: string; sort_order: number }>(
      'select id::text as id, category, sort_order from products order by sort_order, name, id',
    );
    expect(await migrate(old.db)).toEqual([MIGRATION]);
    const categories = await old.db.query<{ id: string }>(
      'select id from categories order by sort_order',
    );
    expect(categories.map((row) => row.id)).toEqual(SEEDED_CATEGORIES.map((c) => c.id));

    const after = await old.db.query<{ id: string; category: string; sort_order: number }>(
      'select id::text as id, category, sort_order from products order by sort_order',
    );
    expect(after.map((row) => row.sort_order)).toEqual(after.map((_, index) => index));
    const rank = new Map(categories.map((row, index) => [row.id, index]));
    const expected = [...before].sort(
      (a, b) =>
        (rank.get(a.category) ?? 99) - (rank.get(b.category) ?? 99) || a.sort_order - b.sort_order,
    );
    expect(after.map((row) => row.id)).toEqual(expected.map((row) => row.id));

    await expect(
      old.db.query(`update products set category = 'NoSuchCategory' where id = $1`, [after[0]?.id]),
    ).rejects.toThrow(/foreign key/);
  });

  it('serves the seeded categories from the migrated database', async () => {
    const migrated = await start(old.db);
    try {
      expect(await publicCategories(migrated)).toEqual(SEEDED_CATEGORIES.map(storefrontView));
    } finally {
      await migrated.close();
    }
  });
});
