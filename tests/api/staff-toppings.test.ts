import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiCartView,
  ApiCompleteOrderAnswer,
  ApiErrorBody,
  ApiStaffProduct,
  ApiStaffTopping,
  ApiTopping,
  CartItemPayload,
} from '../../src/domain';
import { MENU_EDITOR_REFUSAL } from '../../src/server/auth/sessions';
import { migrate } from '../../src/server/data/migrate';
import {
  call,
  completeOrder,
  confirm,
  fillCart,
  registerCustomer,
  type Account,
} from '../support/orders';
import { findProduct } from '../support/menu';
import { storeTest } from '../support/store-test';

/**
 * The toppings the owner edits (issue 34): the staff's list, a new topping, a rename that breaks
 * no cart (lines hold the topping's id, migration 019), sold out, hidden (retired) and moved, and
 * who may do which.
 */

let products: ApiStaffProduct[];

const t = storeTest({ accounts: { admin: 'admin', staff: 'staff', customer: 'customer' } });
const { admin, staff, customer } = t.accounts;
beforeAll(async () => {
  products = (await call(t.app, staff, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
});

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;

const staffToppings = async () =>
  (await call(t.app, staff, 'GET', '/api/staff/toppings')).json<ApiStaffTopping[]>();
const publicToppings = async () =>
  (await call(t.app, null, 'GET', '/api/toppings')).json<ApiTopping[]>();

async function topping(name: string): Promise<ApiStaffTopping> {
  const found = (await staffToppings()).find((each) => each.name === name);
  if (!found) throw new Error(`No topping named ${name}`);
  return found;
}

const post = (body: unknown, who: Account | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/toppings',
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(body),
  });
const patch = (id: string, body: unknown, who: Account | null = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/staff/toppings/${id}`,
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(body),
  });

/** A large Pizza & Wings Combo with these toppings (a flat list: one pizza). */
const combo = (toppings: string[]): Partial<CartItemPayload> => ({
  productId: findProduct(products, 'Pizza & Wings Combo')._id,
  size: 'Large',
  wingsFlavor: 'Hot',
  sides: ['Garlic Bread'],
  toppings,
});

const addLine = (who: Account, line: Partial<CartItemPayload>) =>
  call(t.app, who, 'POST', '/api/cart', { userId: who.id, quantity: 1, ...line });

const cartOf = async (who: Account) =>
  (await call(t.app, who, 'GET', `/api/cart/${who.id}`)).json<ApiCartView>();

async function toppingRows(): Promise<string> {
  const rows = await t.db.query('select id, name, sold_out, hidden, sort_order from toppings');
  return JSON.stringify(rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
}

describe('GET /api/staff/toppings', () => {
  it('lists every topping in the menu’s order with its flags, for staff only', async () => {
    expect((await call(t.app, null, 'GET', '/api/staff/toppings')).statusCode).toBe(401);
    expect((await call(t.app, customer, 'GET', '/api/staff/toppings')).statusCode).toBe(403);
    const listed = await staffToppings();
    const rows = await t.db.query<{ id: string; name: string }>(
      'select id, name from toppings order by sort_order, name',
    );
    expect(listed.map((each) => each._id)).toEqual(rows.map((row) => row.id));
    expect(listed.find((each) => each.name === 'Bacon')).toEqual({
      _id: rows.find((row) => row.name === 'Bacon')?.id,
      name: 'Bacon',
      soldOut: false,
      hidden: false,
      allergens: [],
      marks: [],
    });
  });
});

describe('POST /api/staff/toppings', () => {
  it('adds a topping at the end of the menu, shown and on sale at once', async () => {
    const created = await post({ name: '  Feta  ' });
    expect(created.statusCode).toBe(201);
    const feta = created.json<ApiStaffTopping>();
    const [row] = await t.db.query<{ id: string }>(`select id from toppings where name = 'Feta'`);
    expect(feta).toEqual({
      _id: row?.id,
      name: 'Feta',
      soldOut: false,
      hidden: false,
      allergens: [],
      marks: [],
    });
    expect((await staffToppings()).at(-1)).toEqual(feta);
    expect((await publicToppings()).at(-1)).toEqual({
      _id: feta._id,
      name: 'Feta',
      soldOut: false,
      allergens: [],
      marks: [],
    });
    // A customer can put it on a pizza straight away.
    expect((await addLine(await registerCustomer(t.app), combo(['Feta']))).statusCode).toBe(200);
  });

  it('refuses a name taken in any letter case, an empty one and a long one, writing nothing', async () => {
    const before = await toppingRows();
    const cases: [unknown, string][] = [
      [{ name: 'bacon' }, 'name: Another topping is called "Bacon": choose another name.'],
      [{ name: ' BACON ' }, 'name: Another topping is called "Bacon": choose another name.'],
      [{ name: '   ' }, 'name: Please give the topping a name.'],
      [{ name: 'x'.repeat(61) }, 'name: The name is too long: at most 60 characters.'],
      [{ name: 'Ham\u0000' }, 'name: Please remove special characters from the name.'],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toBe(message);
    }
    expect((await post({})).statusCode).toBe(400);
    // 60 characters is allowed.
    expect((await post({ name: 'y'.repeat(60) })).statusCode).toBe(201);
    await t.db.query(`delete from toppings where name = $1`, ['y'.repeat(60)]);
    expect(await toppingRows()).toBe(before);
  });

  it('is the menu editor’s: a customer and a staff member are refused', async () => {
    expect((await post({ name: 'Olives' }, null)).statusCode).toBe(401);
    expect((await post({ name: 'Olives' }, customer)).statusCode).toBe(403);
    const refused = await post({ name: 'Olives' }, staff);
    expect(refused.statusCode).toBe(403);
    expect(error(refused).message).toBe(MENU_EDITOR_REFUSAL);
    expect((await staffToppings()).some((each) => each.name === 'Olives')).toBe(false);
  });
});

describe('PATCH /api/staff/toppings/{id}: a rename', () => {
  it('shows in a cart holding the topping, which still prices and orders under the new name', async () => {
    const buyer = await registerCustomer(t.app);
    await fillCart(t.app, buyer, [combo(['Mushroom', 'Bacon'])]);
    const before = await cartOf(buyer);
    const mushrooms = await topping('Mushroom');

    const renamed = await patch(mushrooms._id, { name: 'Button Mushrooms' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ApiStaffTopping>()).toEqual({
      _id: mushrooms._id,
      name: 'Button Mushrooms',
      soldOut: false,
      hidden: false,
      // What it contains and is stays with the topping, whatever its name.
      allergens: mushrooms.allergens,
      marks: mushrooms.marks,
    });
    expect((await publicToppings()).map((each) => each.name)).toContain('Button Mushrooms');
    expect((await publicToppings()).map((each) => each.name)).not.toContain('Mushroom');

    const after = await cartOf(buyer);
    expect(after.items).toHaveLength(1);
    expect(after.items[0]?.toppings).toEqual([['Button Mushrooms', 'Bacon']]);
    expect(after.items[0]?.totalPrice).toBe(before.items[0]?.totalPrice);
    expect(after.totalPrice).toBe(before.totalPrice);
    // The same line again, by its new name, raises the line: it is the same item.
    await fillCart(t.app, buyer, [combo(['Bacon', 'Button Mushrooms'])]);
    expect((await cartOf(buyer)).items.map((item) => item.quantity)).toEqual([2]);
    // The old name is no topping any more.
    const old = await addLine(buyer, combo(['Mushroom']));
    expect(old.statusCode).toBe(400);
    expect(error(old).message).toBe('Unknown topping "Mushroom".');

    expect((await confirm(t.app, buyer)).statusCode).toBe(200);
    const placed = await completeOrder(t.app, buyer);
    expect(placed.statusCode).toBe(201);
    const order = placed.json<ApiCompleteOrderAnswer>().order;
    expect(order.items[0]?.toppings).toEqual([['Button Mushrooms', 'Bacon']]);
    expect(order.items[0]?.description).toContain('Button Mushrooms');

    // The order keeps the name it was placed with, whatever the topping is called later.
    expect((await patch(mushrooms._id, { name: 'Mushroom' })).statusCode).toBe(200);
    const [line] = await t.db.query<{ selection: { toppings: string[][] } }>(
      `select i.selection from order_items i join orders o on o.id = i.order_id
        where o.user_id = $1`,
      [buyer.id],
    );
    expect(line?.selection.toppings).toEqual([['Button Mushrooms', 'Bacon']]);
  });

  it('keeps the cart line’s toppings by id in the database', async () => {
    const buyer = await registerCustomer(t.app);
    await fillCart(t.app, buyer, [combo(['Onions'])]);
    const [row] = await t.db.query<{ selection: { toppings: string[][] } }>(
      `select i.selection from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1`,
      [buyer.id],
    );
    expect(row?.selection.toppings).toEqual([[(await topping('Onions'))._id]]);
  });

  it('converts the names a cart line held before into ids (migration 019)', async () => {
    const buyer = await registerCustomer(t.app);
    await fillCart(t.app, buyer, [combo(['Pineapple', 'Ham'])]);
    // The line as it was written before: by name.
    await t.db.query(
      `update cart_items set selection = jsonb_set(selection, '{toppings}', '[["Pineapple", "Ham"]]')
        where cart_id = (select id from carts where user_id = $1)`,
      [buyer.id],
    );
    await t.db.query('delete from schema_migrations where version = $1', [
      '019_cart_topping_ids.sql',
    ]);
    expect(await migrate(t.db)).toEqual(['019_cart_topping_ids.sql']);
    const [row] = await t.db.query<{ selection: { toppings: string[][] } }>(
      `select i.selection from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1`,
      [buyer.id],
    );
    const [pineapple, ham] = [await topping('Pineapple'), await topping('Ham')];
    expect(row?.selection.toppings).toEqual([[pineapple._id, ham._id]]);

    expect((await patch(pineapple._id, { name: 'Fresh Pineapple' })).statusCode).toBe(200);
    expect((await cartOf(buyer)).items[0]?.toppings).toEqual([['Fresh Pineapple', 'Ham']]);
    expect((await patch(pineapple._id, { name: 'Pineapple' })).statusCode).toBe(200);
  });

  it('refuses a name another topping has in any letter case, or an empty one, changing nothing', async () => {
    const ham = await topping('Ham');
    const before = await toppingRows();
    for (const [name, message] of [
      ['bacon', 'name: Another topping is called "Bacon": choose another name.'],
      ['', 'name: Please give the topping a name.'],
    ]) {
      const response = await patch(ham._id, { name, soldOut: true });
      expect(response.statusCode, name).toBe(400);
      expect(error(response).message).toBe(message);
    }
    expect(await toppingRows()).toBe(before);
    // Its own name in other letters is a rename, not a clash.
    expect((await patch(ham._id, { name: 'HAM' })).json<ApiStaffTopping>().name).toBe('HAM');
    expect((await patch(ham._id, { name: 'Ham' })).json<ApiStaffTopping>().name).toBe('Ham');
  });
});

describe('PATCH /api/staff/toppings/{id}: sold out', () => {
  it('takes soldOut or available, for every staff member, and refuses a line naming it', async () => {
    const bacon = await topping('Bacon');
    const buyer = await registerCustomer(t.app);
    for (const [body, soldOut] of [
      [{ soldOut: true }, true],
      [{ soldOut: false }, false],
      [{ available: false }, true],
      [{ available: true, soldOut: false }, false],
    ] as const) {
      const response = await patch(bacon._id, body, staff);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json<ApiStaffTopping>()).toEqual({ ...bacon, soldOut });
      expect((await publicToppings()).find((each) => each._id === bacon._id)?.soldOut).toBe(
        soldOut,
      );
      const line = await addLine(buyer, combo(['Bacon']));
      expect(line.statusCode, JSON.stringify(body)).toBe(soldOut ? 409 : 200);
      if (soldOut)
        expect(error(line)).toMatchObject({ code: 'sold_out', message: 'Bacon is sold out.' });
    }
  });

  it('refuses available and soldOut saying opposite things, changing nothing', async () => {
    const bacon = await topping('Bacon');
    const before = await toppingRows();
    const response = await patch(bacon._id, { available: true, soldOut: true }, staff);
    expect(response.statusCode).toBe(400);
    expect(error(response).message).toBe(
      'available and soldOut say opposite things: send one of them.',
    );
    expect(await toppingRows()).toBe(before);
  });
});

describe('PATCH /api/staff/toppings/{id}: hidden', () => {
  it('leaves a hidden topping out of the storefront, refuses a line naming it, and shows it again', async () => {
    const olives = (await post({ name: 'Kalamata Olives' })).json<ApiStaffTopping>();
    const holder = await registerCustomer(t.app);
    await fillCart(t.app, holder, [combo(['Kalamata Olives'])]);
    expect((await confirm(t.app, holder)).statusCode).toBe(200);

    const hidden = await patch(olives._id, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<ApiStaffTopping>()).toEqual({ ...olives, hidden: true });
    expect((await publicToppings()).some((each) => each._id === olives._id)).toBe(false);
    expect((await staffToppings()).find((each) => each._id === olives._id)?.hidden).toBe(true);

    const buyer = await registerCustomer(t.app);
    const refused = await addLine(buyer, combo(['Kalamata Olives']));
    expect(refused.statusCode).toBe(409);
    expect(error(refused)).toMatchObject({
      code: 'sold_out',
      message: 'Kalamata Olives is sold out.',
    });
    // A cart that held it before stays as it was, and cannot be ordered until it is changed.
    expect((await cartOf(holder)).items[0]?.toppings).toEqual([['Kalamata Olives']]);
    const placed = await completeOrder(t.app, holder);
    expect(placed.statusCode).toBe(409);
    expect(error(placed)).toMatchObject({ code: 'sold_out' });
    expect(error(placed).message).toContain('Kalamata Olives');

    expect((await patch(olives._id, { hidden: false })).json<ApiStaffTopping>().hidden).toBe(false);
    expect((await publicToppings()).some((each) => each._id === olives._id)).toBe(true);
    expect((await addLine(buyer, combo(['Kalamata Olives']))).statusCode).toBe(200);
    expect((await completeOrder(t.app, holder)).statusCode).toBe(201);
  });
});

describe('PATCH /api/staff/toppings/{id}: position', () => {
  it('moves a topping to its new place, the others keeping their order, in every list', async () => {
    const names = async () => (await staffToppings()).map((each) => each.name);
    const before = await names();
    const last = before.at(-1) ?? '';
    const moved = await patch((await topping(last))._id, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect(await names()).toEqual([last, ...before.slice(0, -1)]);
    expect((await publicToppings()).map((each) => each.name)).toEqual([
      last,
      ...before.slice(0, -1),
    ]);

    // Past the end is last.
    expect((await patch((await topping(last))._id, { position: 999 })).statusCode).toBe(200);
    expect(await names()).toEqual(before);

    const second = before[1] ?? '';
    expect((await patch((await topping(second))._id, { position: 3 })).statusCode).toBe(200);
    const expected = before.filter((name) => name !== second);
    expected.splice(3, 0, second);
    expect(await names()).toEqual(expected);
  });

  it('refuses a position that is not a whole number from 0, changing nothing', async () => {
    const bacon = await topping('Bacon');
    const before = await toppingRows();
    for (const position of [-1, 1.5, '2', null]) {
      const response = await patch(bacon._id, { position });
      expect(response.statusCode, String(position)).toBe(400);
      expect(error(response).message).toBe('Please give the position as a whole number from 0.');
    }
    expect(await toppingRows()).toBe(before);
  });
});

describe('PATCH /api/staff/toppings/{id}: who may', () => {
  it('lets a staff member change sold out only: name, hidden and position are the admin’s', async () => {
    const ham = await topping('Ham');
    const before = await toppingRows();
    for (const body of [
      { name: 'Smoked Ham' },
      { hidden: true },
      { position: 0 },
      { soldOut: true, name: 'Smoked Ham' },
    ]) {
      expect((await patch(ham._id, body, customer)).statusCode, JSON.stringify(body)).toBe(403);
      const response = await patch(ham._id, body, staff);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(error(response).message).toBe(MENU_EDITOR_REFUSAL);
    }
    expect((await patch(ham._id, { soldOut: true }, customer)).statusCode).toBe(403);
    expect((await patch(ham._id, { soldOut: true }, null)).statusCode).toBe(401);
    expect(await toppingRows()).toBe(before);

    expect((await patch(ham._id, { soldOut: true }, staff)).statusCode).toBe(200);
    expect((await patch(ham._id, { soldOut: false }, staff)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown topping and 400 for a malformed id', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'Kale' })).statusCode).toBe(
      404,
    );
    expect((await patch('nope', { soldOut: true })).statusCode).toBe(400);
  });
});
