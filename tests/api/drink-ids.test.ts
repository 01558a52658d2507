import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiCartView,
  ApiCompleteOrderAnswer,
  ApiErrorBody,
  ApiMenuHistoryEntry,
  ApiProduct,
  ApiStaffProduct,
  CartItemPayload,
} from '../../src/domain';
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
 * Drinks are kept by the beverage's id inside the store (issue 34, migration 022): a combo's
 * `details.drinks` and a cart line's drinks. A beverage the owner renames is then the same
 * drink under its new name, in the combo's answer and in a cart holding it, which still prices
 * and orders; a placed order keeps the name it was placed with. The API speaks names throughout.
 */

const MIGRATION = '022_drink_ids.sql';
/** The seeded menu, as the staff's list answered it before any test. */
let products: ApiStaffProduct[];
/** The combo's details as seeded (dollars), put back after a test changes them. */
let seededComboDetails: ApiStaffProduct['details'];

const t = storeTest({ accounts: { admin: 'admin' } });
const { admin } = t.accounts;
beforeAll(async () => {
  products = (await call(t.app, admin, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
  seededComboDetails = findProduct(products, 'Pizza & Wings Combo').details;
});

const idOf = (name: string) => findProduct(products, name)._id;

const patch = (id: string, body: unknown) =>
  call(t.app, admin, 'PATCH', `/api/staff/products/${id}`, body, {
    'content-type': 'application/json',
  });

/** Renames the seeded product first called `seeded`. */
async function rename(seeded: string, to: string): Promise<void> {
  const response = await patch(idOf(seeded), { name: to });
  expect(response.statusCode, response.body).toBe(200);
}

const productAnswer = async (id: string) =>
  (await call(t.app, null, 'GET', `/api/products/${id}`)).json<ApiProduct>();

const cartOf = async (who: Account) =>
  (await call(t.app, who, 'GET', `/api/cart/${who.id}`)).json<ApiCartView>();

/** A Small Pizza & Wings Combo with these drinks. */
const combo = (drinks: { name: string; quantity: number }[]): Partial<CartItemPayload> => ({
  productId: idOf('Pizza & Wings Combo'),
  size: 'Small',
  wingsFlavor: 'Hot',
  sides: ['Garlic Bread'],
  toppings: [],
  drinks,
});

/** The combo's details as stored. */
async function storedDrinks(name: string): Promise<unknown> {
  const [row] = await t.db.query<{ drinks: unknown }>(
    `select details -> 'drinks' as drinks from products where id = $1`,
    [idOf(name)],
  );
  return row?.drinks;
}

/** The buyer's cart line's drinks as stored. */
async function storedLineDrinks(who: Account): Promise<unknown> {
  const [row] = await t.db.query<{ drinks: unknown }>(
    `select i.selection -> 'drinks' as drinks
       from cart_items i join carts c on c.id = i.cart_id
      where c.user_id = $1 and c.status = 'active'`,
    [who.id],
  );
  return row?.drinks;
}

describe('a combo’s drinks', () => {
  it('are stored as the beverages’ ids and answered as their names', async () => {
    const answer = await productAnswer(idOf('Pizza & Wings Combo'));
    const names = answer.details?.drinks ?? [];
    expect(names).toContain('Coke');
    expect(await storedDrinks('Pizza & Wings Combo')).toEqual(names.map(idOf));
  });

  it('follow a beverage’s rename at once, in the storefront’s and the staff’s answers', async () => {
    const comboId = idOf('Pizza & Wings Combo');
    const before = (await productAnswer(comboId)).details?.drinks ?? [];
    await rename('Sprite', 'Sprite Lemon-Lime');
    try {
      const after = (await productAnswer(comboId)).details?.drinks;
      expect(after).toEqual(before.map((name) => (name === 'Sprite' ? 'Sprite Lemon-Lime' : name)));
      const staffList = (await call(t.app, admin, 'GET', '/api/staff/products')).json<
        ApiStaffProduct[]
      >();
      expect(findProduct(staffList, 'Pizza & Wings Combo').details.drinks).toEqual(after);
      // The family combo lists it too.
      expect((await productAnswer(idOf('Two Pizzas Family Combo'))).details?.drinks).toContain(
        'Sprite Lemon-Lime',
      );
    } finally {
      await rename('Sprite', 'Sprite');
    }
  });

  it('are written by name and refused, naming the field, when one is no beverage', async () => {
    const comboId = idOf('Pizza & Wings Combo');
    const written = await patch(comboId, {
      details: { ...seededComboDetails, drinks: ['Pepsi', 'Coke', 'Sprite', 'Dr Pepper'] },
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json<ApiStaffProduct>().details.drinks).toEqual([
      'Pepsi',
      'Coke',
      'Sprite',
      'Dr Pepper',
    ]);
    expect(await storedDrinks('Pizza & Wings Combo')).toEqual(
      ['Pepsi', 'Coke', 'Sprite', 'Dr Pepper'].map(idOf),
    );

    const before = await storedDrinks('Pizza & Wings Combo');
    // A name no product has, and a product that is no beverage.
    for (const drinks of [
      ['Coke', 'Sprite', 'Pepsi', 'Tab'],
      ['Coke', 'Sprite', 'Pepsi', 'Garlic Bread'],
    ]) {
      const refused = await patch(comboId, { details: { ...seededComboDetails, drinks } });
      expect(refused.statusCode, refused.body).toBe(400);
      const unknown = drinks[drinks.length - 1] ?? '';
      expect(refused.json<ApiErrorBody>().message).toBe(
        `details.drinks: "${unknown}" is not one of the beverages on the menu.`,
      );
    }
    expect(await storedDrinks('Pizza & Wings Combo')).toEqual(before);
    const restored = await patch(comboId, { details: seededComboDetails });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('keep a deleted beverage by its name, as before drinks were kept by id', async () => {
    const created = await call(
      t.app,
      admin,
      'POST',
      '/api/staff/products',
      { name: 'Birch Beer', category: 'Beverages', price: 1.5 },
      { 'content-type': 'application/json' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const birchBeer = created.json<ApiStaffProduct>()._id;
    const comboId = idOf('Pizza & Wings Combo');
    const drinks = ['Coke', 'Sprite', 'Pepsi', 'Birch Beer'];
    expect((await patch(comboId, { details: { ...seededComboDetails, drinks } })).statusCode).toBe(
      200,
    );
    expect(await storedDrinks('Pizza & Wings Combo')).toEqual([
      ...['Coke', 'Sprite', 'Pepsi'].map(idOf),
      birchBeer,
    ]);
    const buyer = await registerCustomer(t.app);
    await fillCart(t.app, buyer, [combo([{ name: 'Birch Beer', quantity: 1 }])]);

    const deleted = await call(t.app, admin, 'DELETE', `/api/staff/products/${birchBeer}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await storedDrinks('Pizza & Wings Combo')).toEqual([
      ...['Coke', 'Sprite', 'Pepsi'].map(idOf),
      'Birch Beer',
    ]);
    expect((await productAnswer(comboId)).details?.drinks).toEqual(drinks);
    // The cart line reads the name it was added with.
    expect((await cartOf(buyer)).items[0]?.drinks).toEqual([{ name: 'Birch Beer', quantity: 1 }]);
    expect((await patch(comboId, { details: seededComboDetails })).statusCode).toBe(200);
  });
});

describe('the menu’s history', () => {
  it('says a combo’s drinks by the beverages’ names, not the ids they are kept by', async () => {
    const comboId = idOf('Pizza & Wings Combo');
    const drinks = ['Coke', 'Sprite', 'Pepsi', 'Dr Pepper'];
    const written = await patch(comboId, { details: { ...seededComboDetails, drinks } });
    expect(written.statusCode, written.body).toBe(200);
    try {
      const response = await call(t.app, admin, 'GET', `/api/staff/menu/history?id=${comboId}`);
      expect(response.statusCode, response.body).toBe(200);
      const [latest] = response.json<ApiMenuHistoryEntry[]>();
      expect(latest?.fields).toContainEqual({
        field: 'details.drinks',
        from: seededComboDetails.drinks,
        to: drinks,
      });
    } finally {
      expect((await patch(comboId, { details: seededComboDetails })).statusCode).toBe(200);
    }
  });
});

describe('a cart line’s drinks', () => {
  it('are stored by id, and a renamed beverage’s line still reads, prices and orders under the new name', async () => {
    const buyer = await registerCustomer(t.app);
    await fillCart(t.app, buyer, [
      combo([
        { name: 'Coke', quantity: 1 },
        { name: 'Pepsi', quantity: 1 },
      ]),
    ]);
    expect(await storedLineDrinks(buyer)).toEqual([
      { id: idOf('Coke'), name: 'Coke', quantity: 1 },
      { id: idOf('Pepsi'), name: 'Pepsi', quantity: 1 },
    ]);
    const before = await cartOf(buyer);

    await rename('Coke', 'Coca-Cola');
    try {
      const after = await cartOf(buyer);
      expect(after.items).toHaveLength(1);
      expect(after.items[0]?.drinks).toEqual([
        { name: 'Coca-Cola', quantity: 1 },
        { name: 'Pepsi', quantity: 1 },
      ]);
      expect(after.items[0]?.totalPrice).toBe(before.items[0]?.totalPrice);
      expect(after.totalPrice).toBe(before.totalPrice);
      // The same line again, by the new name, raises the line: it is the same item.
      await fillCart(t.app, buyer, [
        combo([
          { name: 'Pepsi', quantity: 1 },
          { name: 'Coca-Cola', quantity: 1 },
        ]),
      ]);
      expect((await cartOf(buyer)).items.map((item) => item.quantity)).toEqual([2]);

      expect((await confirm(t.app, buyer)).statusCode).toBe(200);
      const placed = await completeOrder(t.app, buyer);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<ApiCompleteOrderAnswer>().order;
      expect(order.items[0]?.drinks).toEqual([
        { name: 'Coca-Cola', quantity: 1 },
        { name: 'Pepsi', quantity: 1 },
      ]);
      expect(order.items[0]?.description).toContain('Coca-Cola');
    } finally {
      await rename('Coke', 'Coke');
    }
    // The order keeps the name it was placed with, whatever the beverage is called now.
    const [line] = await t.db.query<{ selection: { drinks: unknown } }>(
      `select i.selection from order_items i join orders o on o.id = i.order_id
        where o.user_id = $1`,
      [buyer.id],
    );
    expect(line?.selection.drinks).toEqual([
      { name: 'Coca-Cola', quantity: 1 },
      { name: 'Pepsi', quantity: 1 },
    ]);
  });
});

describe('migration 022 on a database written before it', () => {
  it('turns the combos’ and cart lines’ drink names into ids, keeping a name no beverage has', async () => {
    const buyer = await registerCustomer(t.app);
    await fillCart(t.app, buyer, [combo([{ name: 'Diet Coke', quantity: 2 }])]);
    const comboId = idOf('Pizza & Wings Combo');
    const names = (await productAnswer(comboId)).details?.drinks ?? [];
    // As they were written before: by name, with one name no beverage has.
    await t.db.query(
      `update products set details = jsonb_set(details, '{drinks}', $2::jsonb) where id = $1`,
      [comboId, JSON.stringify([...names, 'Tab'])],
    );
    await t.db.query(
      `update cart_items set selection = jsonb_set(selection, '{drinks}', $2::jsonb)
        where cart_id = (select id from carts where user_id = $1 and status = 'active')`,
      [
        buyer.id,
        JSON.stringify([
          { name: 'Diet Coke', quantity: 2 },
          { name: 'Tab', quantity: 1 },
        ]),
      ],
    );
    await t.db.query('delete from schema_migrations where version = $1', [MIGRATION]);
    expect(await migrate(t.db)).toEqual([MIGRATION]);

    expect(await storedDrinks('Pizza & Wings Combo')).toEqual([...names.map(idOf), 'Tab']);
    expect(await storedLineDrinks(buyer)).toEqual([
      { id: idOf('Diet Coke'), name: 'Diet Coke', quantity: 2 },
      { name: 'Tab', quantity: 1 },
    ]);
    // A name no beverage has reads as it did.
    expect((await productAnswer(comboId)).details?.drinks).toEqual([...names, 'Tab']);

    await rename('Diet Coke', 'Coke Zero');
    try {
      expect((await productAnswer(comboId)).details?.drinks).toContain('Coke Zero');
      expect((await cartOf(buyer)).items[0]?.drinks).toEqual([
        { name: 'Coke Zero', quantity: 2 },
        { name: 'Tab', quantity: 1 },
      ]);
    } finally {
      await rename('Diet Coke', 'Diet Coke');
      await t.db.query(
        `update products set details = jsonb_set(details, '{drinks}', $2::jsonb) where id = $1`,
        [comboId, JSON.stringify(names.map(idOf))],
      );
    }
  });
});
