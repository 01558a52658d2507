import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiMenuHistoryEntry, ApiStaffProduct, ApiTopping } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { findProduct } from '../support/menu';
import { OPEN_TUESDAY, call, type Account } from '../support/orders';
import { storeTest } from '../support/store-test';

/**
 * The menu's history (issue 34): every change to a product, topping, flavour or category is kept with who
 * made it and when (the app's clock), by the database's trigger (migration 021), so no write
 * path can forget it; read per item or per store day.
 */

const clock = fixedClock(OPEN_TUESDAY);
let products: ApiStaffProduct[];

const t = storeTest({
  clock,
  accounts: {
    admin: { role: 'admin', name: 'Olive Owner' },
    staff: { role: 'staff', name: 'Sam Shift' },
    customer: 'customer',
  },
});
const { admin, staff, customer } = t.accounts;
beforeAll(async () => {
  products = (await call(t.app, admin, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
});

const json = { 'content-type': 'application/json' };
const history = async (query = '', who: Account = staff) => {
  const response = await call(t.app, who, 'GET', `/api/staff/menu/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApiMenuHistoryEntry[]>();
};
const patchProduct = (id: string, body: object, who: Account = admin) =>
  call(t.app, who, 'PATCH', `/api/staff/products/${id}`, body, json);

describe('GET /api/staff/menu/history', () => {
  it('starts empty: the seed and the migrations are not changes', async () => {
    const rows = await t.db.query<{ count: string | number }>(
      'select count(*) as count from menu_changes',
    );
    expect(Number(rows[0]?.count)).toBe(0);
    expect(await history()).toEqual([]);
  });

  it('keeps who changed a product, when, and each field before and after, newest first', async () => {
    const wings = findProduct(products, 'Wings');
    clock.set('2026-11-24T18:05:00-05:00');
    expect((await patchProduct(wings._id, { available: false }, staff)).statusCode).toBe(200);
    clock.set('2026-11-24T18:10:00-05:00');
    const sizes = wings.details.sizes ?? [];
    const changed = await patchProduct(wings._id, {
      price: '15.49',
      details: {
        ...wings.details,
        sizePrices: { ...wings.details.sizePrices, [sizes[1] ?? '']: 9 },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const [priced, soldOut, ...rest] = await history(`?id=${wings._id}`);
    expect(rest).toEqual([]);
    expect(soldOut).toEqual({
      _id: expect.any(String) as string,
      at: new Date('2026-11-24T18:05:00-05:00').toISOString(),
      by: 'Sam Shift',
      subject: 'product',
      subjectId: wings._id,
      name: 'Wings',
      action: 'changed',
      fields: [{ field: 'soldOut', from: false, to: true }],
    });
    expect(priced?.by).toBe('Olive Owner');
    expect(priced?.at).toBe(new Date('2026-11-24T18:10:00-05:00').toISOString());
    // In the order of the fields' names.
    expect(priced?.fields).toEqual([
      {
        field: 'details.sizePrices',
        from: wings.details.sizePrices,
        to: { ...wings.details.sizePrices, [sizes[1] ?? '']: 9 },
      },
      { field: 'price', from: wings.price, to: 15.49 },
    ]);
  });

  it('keeps a new product, a topping and a flavour sold out, and lists the store’s day', async () => {
    clock.set('2026-11-24T19:00:00-05:00');
    const created = await call(
      t.app,
      admin,
      'POST',
      '/api/staff/products',
      { name: 'Garlic Knots', category: 'Sides', price: 4.99 },
      json,
    );
    expect(created.statusCode, created.body).toBe(201);
    const topping = (await call(t.app, null, 'GET', '/api/toppings')).json<ApiTopping[]>()[0]!;
    expect(
      (
        await call(
          t.app,
          staff,
          'PATCH',
          `/api/staff/toppings/${topping._id}`,
          { available: false },
          json,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, staff, 'PATCH', '/api/staff/flavours/Hot', { available: false }, json))
        .statusCode,
    ).toBe(200);

    const day = await history();
    expect(day.map((change) => [change.subject, change.name, change.action, change.by])).toEqual([
      ['flavour', 'Hot', 'changed', 'Sam Shift'],
      ['topping', topping.name, 'changed', 'Sam Shift'],
      ['product', 'Garlic Knots', 'added', 'Olive Owner'],
      ['product', 'Wings', 'changed', 'Olive Owner'],
      ['product', 'Wings', 'changed', 'Sam Shift'],
    ]);
    expect(day[0]?.fields).toEqual([{ field: 'soldOut', from: false, to: true }]);
    expect(day[1]?.fields).toEqual([{ field: 'soldOut', from: false, to: true }]);
    // The store's day, not UTC's: 19:00 in Guelph on the 24th is the 25th in UTC.
    expect(await history('?day=2026-11-24')).toEqual(day);
    expect(await history('?day=2026-11-25')).toEqual([]);
    clock.set('2026-11-25T12:00:00-05:00');
    expect(await history()).toEqual([]);
    clock.set(OPEN_TUESDAY);
  });

  it('keeps a change made outside the app, with no author', async () => {
    const fries = findProduct(products, 'French Fries');
    await t.db.query('update products set price_cents = price_cents + 100 where id = $1', [
      fries._id,
    ]);
    const [outside] = await history(`?id=${fries._id}`);
    expect(outside?.by).toBeNull();
    expect(outside?.fields).toEqual([{ field: 'price', from: fries.price, to: fries.price + 1 }]);
  });

  it('keeps nothing of a refused edit', async () => {
    const fries = findProduct(products, 'French Fries');
    const before = await history(`?id=${fries._id}`);
    expect((await patchProduct(fries._id, { name: '' })).statusCode).toBe(400);
    expect(await history(`?id=${fries._id}`)).toEqual(before);
  });

  it('keeps a category’s changes: its kind when added, each field after, by id and in the day', async () => {
    clock.set('2026-11-26T11:00:00-05:00');
    const created = await call(
      t.app,
      admin,
      'POST',
      '/api/staff/categories',
      { title: 'Lunch', kind: 'simple' },
      json,
    );
    expect(created.statusCode, created.body).toBe(201);
    clock.set('2026-11-26T11:05:00-05:00');
    const lunch = [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '14:00' }];
    const changed = await call(
      t.app,
      admin,
      'PATCH',
      '/api/staff/categories/Lunch',
      {
        title: 'Lunch Deals',
        hidden: true,
        offer: true,
        image: '/images/lunch.webp',
        availableAt: lunch,
      },
      json,
    );
    expect(changed.statusCode, changed.body).toBe(200);

    const [renamed, added, ...rest] = await history('?id=Lunch');
    expect(rest).toEqual([]);
    expect(added).toEqual({
      _id: expect.any(String) as string,
      at: new Date('2026-11-26T11:00:00-05:00').toISOString(),
      by: 'Olive Owner',
      subject: 'category',
      subjectId: 'Lunch',
      name: 'Lunch',
      action: 'added',
      fields: [{ field: 'kind', from: null, to: 'simple' }],
    });
    expect(renamed).toMatchObject({ subject: 'category', name: 'Lunch Deals', action: 'changed' });
    expect(renamed?.fields).toEqual([
      { field: 'availableAt', from: null, to: lunch },
      { field: 'hidden', from: false, to: true },
      { field: 'image', from: null, to: '/images/lunch.webp' },
      { field: 'offer', from: false, to: true },
      { field: 'title', from: 'Lunch', to: 'Lunch Deals' },
    ]);
    // Taking the offer changed the category that had it: its own row, in the same day's list.
    const day = await history('?day=2026-11-26');
    expect(
      day.map((change) => [change.subject, change.subjectId, change.name, change.action]),
    ).toEqual([
      ['category', 'Lunch', 'Lunch Deals', 'changed'],
      ['category', 'superbowlcombo', 'Super Bowl Combo', 'changed'],
      ['category', 'Lunch', 'Lunch', 'added'],
    ]);
    expect(day[1]?.fields).toEqual([{ field: 'offer', from: true, to: false }]);
    clock.set(OPEN_TUESDAY);
  });

  it('is the staff’s: 401 signed out, 403 for a customer, 400 for a day that is not one', async () => {
    expect((await call(t.app, null, 'GET', '/api/staff/menu/history')).statusCode).toBe(401);
    expect((await call(t.app, customer, 'GET', '/api/staff/menu/history')).statusCode).toBe(403);
    for (const query of ['?day=2026-02-30', '?day=tuesday', '?day=2026-11-24&id=x']) {
      const response = await call(t.app, staff, 'GET', `/api/staff/menu/history${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
