import { beforeAll, describe, expect, it } from 'vitest';
import {
  CART_FULL_MESSAGE,
  MAX_CART_LINES,
  cartLineNotice,
  cartTotals,
  priceSelection,
  validateSelection,
  type ApiCart,
  type ApiCartItem,
  type ApiErrorBody,
  type ApiMergedCart,
  type CartItemPayload,
} from '../../src/domain';
import { TOPPINGS } from '../../src/server/data/menu-seed';
import { productsRepository } from '../../src/server/repositories/products';
import { comboLarge } from '../support/cart-payloads';
import { productIdsByName, untilMenuHeard } from '../support/test-app';
import { storeTest } from '../support/store-test';
import { registerCustomer } from '../support/orders';

// The API's own shapes: a field renamed on the server breaks this file's type-check.
type Item = ApiCartItem;
type Cart = ApiCart;
type Merged = ApiMergedCart;

let id: (name: string) => string;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };

const t = storeTest({ clock: null });
beforeAll(async () => {
  id = await productIdsByName(t.app);
  alice = await registerCustomer(t.app);
  bob = await registerCustomer(t.app);
});

type Who = { id: string; cookie: string } | null;

function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: who ? { cookie: who.cookie } : {},
  });
}

function add(who: Who, item: Partial<CartItemPayload>, userId = who?.id) {
  return call(who, 'POST', '/api/cart', { userId, quantity: 1, ...item });
}

/** Runs `run` while the product `name` is sold out (and the app has heard so), then restocks it. */
async function whileSoldOut(name: string, run: () => Promise<void>): Promise<void> {
  await t.db.query('update products set sold_out = true where id = $1', [id(name)]);
  await untilMenuHeard(t.app, t.db);
  try {
    await run();
  } finally {
    await t.db.query('update products set sold_out = false where id = $1', [id(name)]);
    await untilMenuHeard(t.app, t.db);
  }
}

async function clearCart(who: { id: string; cookie: string }): Promise<void> {
  const cart = (await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>();
  for (const item of cart.items) {
    expect((await call(who, 'DELETE', `/api/cart/${who.id}/${item._id}`)).statusCode).toBe(200);
  }
}

describe('the guard on every cart route', () => {
  const routes = (owner: string, itemId = '00000000-0000-4000-8000-000000000000') =>
    [
      ['POST', '/api/cart', { userId: owner, name: 'Coke', quantity: 1 }],
      ['GET', `/api/cart?userId=${owner}`, undefined],
      ['GET', `/api/cart/${owner}`, undefined],
      ['PUT', `/api/cart/${owner}/${itemId}`, { quantity: 2 }],
      ['DELETE', `/api/cart/${owner}/${itemId}`, undefined],
      ['POST', '/api/cart/merge-cart', { userId: owner, localCart: [] }],
      ['GET', `/api/cart/${owner}/updateTotalPrice?tipPercent=10&newTotalPrice=1`, undefined],
    ] as const;

  it('answers 401 to an anonymous caller', async () => {
    for (const [method, url, payload] of routes(alice.id)) {
      const response = await call(null, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    }
  });

  it('answers 403 for another customer’s cart and writes nothing', async () => {
    const mine = (await add(bob, { name: 'Sprite', quantity: 1 })).json<Cart>();
    const bobsItem = mine.items[0]?._id;
    for (const [method, url, payload] of routes(bob.id, bobsItem)) {
      const response = await call(alice, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const after = (await call(bob, 'GET', `/api/cart/${bob.id}`)).json<Cart>();
    expect(after.items.map((item) => [item.productId.name, item.quantity])).toEqual([
      ['Sprite', 1],
    ]);
    expect(after.tipPercent).toBe(5);
  });

  it('answers 403 for a guest payload (no userId or null) from a signed-in caller', async () => {
    const omitted = await call(alice, 'POST', '/api/cart', { name: 'Coke', quantity: 1 });
    expect(omitted.statusCode).toBe(403);
    const guest = await call(alice, 'POST', '/api/cart', {
      userId: null,
      name: 'Coke',
      quantity: 1,
    });
    expect(guest.statusCode).toBe(403);
  });
});

describe('POST /api/cart', () => {
  it('prices the line itself and ignores a tampered totalPrice and priceByQuantity', async () => {
    await clearCart(alice);
    const response = await add(alice, {
      ...comboLarge(id),
      priceByQuantity: 0.01,
      totalPrice: 0.01,
    });
    expect(response.statusCode).toBe(200);
    const cart = response.json<Cart>();
    // 25.99 + 5 (Large) + 1 extra topping x 1.75 = 32.74
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      productId: { _id: id('Pizza & Wings Combo'), name: 'Pizza & Wings Combo', price: 25.99 },
      quantity: 1,
      size: 'Large',
      toppings: [['Bacon', 'Ham', 'Onions', 'Pineapple']],
      description:
        'Large · Hot · Side: Garlic Bread · Toppings: Bacon, Ham, Onions, Pineapple · Drinks: Coke x2',
      priceByQuantity: 32.74,
      totalPrice: 32.74,
    });
    // HST 4.2562 -> 4.26, tip 5% 1.637 -> 1.64, pickup: no fee
    expect(cart).toMatchObject({
      subtotal: 32.74,
      hst: 4.26,
      tipPercent: 5,
      tip: 1.64,
      deliveryFee: 0,
      totalPrice: 38.64,
    });
    const listed = (await call(alice, 'GET', `/api/cart?userId=${alice.id}`)).json<Item[]>();
    expect(listed.map((item) => item.totalPrice)).toEqual([32.74]);
  });

  it('merges the same product with the same options into one line, and caps it at 99', async () => {
    await clearCart(alice);
    await add(alice, { productId: id('Wings'), size: '25 pcs', flavor: 'Hot', quantity: 1 });
    const cart = (
      await add(alice, { productId: id('Wings'), size: '25 pcs', flavor: 'Hot', quantity: 1 })
    ).json<Cart>();
    // (8.99 + 14) x 2 = 45.98
    expect(cart.items.map((item) => [item.quantity, item.totalPrice])).toEqual([[2, 45.98]]);
    const other = (
      await add(alice, { productId: id('Wings'), size: '25 pcs', flavor: 'Mild' })
    ).json<Cart>();
    expect(other.items).toHaveLength(2);
    const tooMany = await add(alice, {
      productId: id('Wings'),
      size: '25 pcs',
      flavor: 'Hot',
      quantity: 98,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ApiErrorBody>().message).toBe(
      'You can have at most 99 of one item in the cart.',
    );
  });

  it('adds beverages and sides by name', async () => {
    await clearCart(alice);
    await add(alice, { name: 'Coke', quantity: 3 });
    const cart = (await add(alice, { name: 'Poutine Fries', quantity: 1 })).json<Cart>();
    expect(cart.items.map((item) => [item.productId.name, item.totalPrice])).toEqual([
      ['Coke', 3.75],
      ['Poutine Fries', 5.99],
    ]);
    const unknown = await add(alice, { name: 'Beer' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().message).toBe('No beverage or side named "Beer".');
  });

  it.each([
    [
      'a size',
      { size: 'Huge' },
      'Unknown size "Huge". Choose a size: Small, Medium, Large or ExtraLarge.',
    ],
    ['a missing size', { size: undefined }, 'Choose a size: Small, Medium, Large or ExtraLarge.'],
    ['a flavour', { wingsFlavor: 'Gold' }, 'Unknown wings flavour "Gold".'],
    ['a side', { sides: ['Onion Rings'] }, 'Unknown side "Onion Rings".'],
    ['a drink', { drinks: [{ name: 'Beer', quantity: 1 }] }, 'Unknown drink "Beer".'],
    ['a topping', { toppings: ['Ham', 'Gold'] }, 'Unknown topping "Gold".'],
    [
      'the drink count',
      { size: 'Medium', drinks: [{ name: 'Coke', quantity: 4 }] },
      'You can select a maximum of 3 drinks for a Medium size.',
    ],
    ['a quantity of 0', { quantity: 0 }, 'quantity'],
    ['a quantity of 1000', { quantity: 1000 }, 'quantity'],
  ])('refuses %s with a 400 naming the problem', async (_what, change, message) => {
    const response = await add(alice, { ...comboLarge(id), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining(message) as unknown,
    });
  });

  // The spec's two deal screens send one list per pizza they draw, starting empty.
  it('takes short and long topping lists: missing pizzas plain, trailing empty lists ignored', async () => {
    await clearCart(alice);
    const short = await add(alice, {
      productId: id('Two-for-One Pizza Deal'),
      size: 'Medium',
      toppings: [['Ham'], ['Bacon']],
    });
    expect(short.statusCode).toBe(200);
    expect(short.json<Cart>().items[0]?.toppings).toEqual([['Ham'], ['Bacon'], []]);
    // The same deal with its empty lists spelled out, and more of them: the same line.
    const long = await add(alice, {
      productId: id('Two-for-One Pizza Deal'),
      size: 'Medium',
      toppings: [['Ham'], ['Bacon'], [], [], []],
    });
    expect(long.statusCode).toBe(200);
    expect(long.json<Cart>().items.map((item) => [item.quantity, item.toppings])).toEqual([
      [2, [['Ham'], ['Bacon'], []]],
    ]);
    const tooMany = await add(alice, {
      productId: id('Two-for-One Pizza Deal'),
      size: 'Medium',
      toppings: [['Ham'], [], [], ['Bacon']],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'invalid_option',
      message:
        'Too many topping lists: Two-for-One Pizza Deal has 3 pizzas, and toppings were sent for pizza 4.',
    });
  });

  it('prices a family combo counted over the total and a panzerotte flavour', async () => {
    await clearCart(alice);
    const family = await add(alice, {
      productId: id('Two Pizzas Family Combo'),
      size: 'Large',
      wingsFlavor: 'Mild',
      sides: ['French Fries'],
      toppings: [
        ['Anchovies', 'Bacon', 'Beef', 'Black Olives', 'Broccoli', 'Chicken', 'Ham'],
        ['Onions', 'Salami'],
      ],
      drinks: [{ name: 'Sprite', quantity: 4 }],
    });
    expect(family.statusCode).toBe(200);
    expect(family.json<Cart>().items[0]?.totalPrice).toBe(54.24);
    const wrongFlavor = await add(alice, { productId: id('Panzerotti'), flavor: 'Hot' });
    expect(wrongFlavor.statusCode).toBe(400);
    expect(wrongFlavor.json<ApiErrorBody>().message).toContain(
      'Choose a flavour: Cheese or Classic.',
    );
  });

  // The spec's Super Bowl screen has a fixed quantity of 1: each add adds one, so a customer
  // ordering two presses Add twice (the spec's client does exactly that).
  it('adds the Super Bowl combo again into its line, up to a line’s limit', async () => {
    const superbowl = {
      productId: id('Super Bowl Wings Combo'),
      wingsFlavor: 'Hot',
      sides: ['French Fries'],
    };
    await clearCart(alice);
    expect((await add(alice, superbowl)).statusCode).toBe(200);
    const again = await add(alice, superbowl);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Cart>().items.map((item) => item.quantity)).toEqual([2]);
    expect((await add(alice, { ...superbowl, quantity: 2 })).statusCode).toBe(200);
    const cart = (await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>();
    const line = cart.items[0];
    expect(cart.items).toHaveLength(1);
    expect(line?.quantity).toBe(4);
    const put = (quantity: number) =>
      call(alice, 'PUT', `/api/cart/${alice.id}/${line?._id ?? ''}`, { quantity });
    expect((await put(99)).statusCode).toBe(200);
    const over = await put(100);
    expect(over.statusCode).toBe(400);
    expect((await add(alice, superbowl)).json<ApiErrorBody>().message).toBe(
      'You can have at most 99 of one item in the cart.',
    );
    await clearCart(alice);
  });

  it('answers an unknown product 404, a malformed id 400 and a sold-out product 409', async () => {
    const unknown = await add(alice, { productId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await add(alice, { productId: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().message).toBe('"not-an-id" is not a valid product id.');
    await whileSoldOut('Cream Soda', async () => {
      const soldOut = await add(alice, { name: 'Cream Soda' });
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json()).toMatchObject({
        code: 'sold_out',
        message: 'Cream Soda is sold out.',
      });
    });
  });
});

describe('editing lines', () => {
  it('changes a quantity and removes a line, answering the item list', async () => {
    await clearCart(alice);
    await add(alice, { name: 'Coke', quantity: 1 });
    const cart = (await add(alice, { name: 'Garlic Bread', quantity: 1 })).json<Cart>();
    const [coke, bread] = cart.items;
    if (!coke || !bread) throw new Error('expected two lines');

    const put = await call(alice, 'PUT', `/api/cart/${alice.id}/${coke._id}`, { quantity: 4 });
    expect(put.statusCode).toBe(200);
    expect(
      put.json<Item[]>().map((item) => [item.productId.name, item.quantity, item.totalPrice]),
    ).toEqual([
      ['Coke', 4, 5],
      ['Garlic Bread', 1, 5.99],
    ]);
    for (const quantity of [0, 100, 1.5]) {
      const bad = await call(alice, 'PUT', `/api/cart/${alice.id}/${coke._id}`, { quantity });
      expect(bad.statusCode).toBe(400);
    }

    const del = await call(alice, 'DELETE', `/api/cart/${alice.id}/${bread._id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json<Item[]>().map((item) => item.productId.name)).toEqual(['Coke']);
    expect((await call(alice, 'DELETE', `/api/cart/${alice.id}/${bread._id}`)).statusCode).toBe(
      404,
    );
    expect((await call(alice, 'DELETE', `/api/cart/${alice.id}/not-an-id`)).statusCode).toBe(400);
  });

  it('answers 404 for another customer’s line named under one’s own cart', async () => {
    const bobs = (await call(bob, 'GET', `/api/cart/${bob.id}`)).json<Cart>().items[0];
    if (!bobs) throw new Error('bob has a line');
    const put = await call(alice, 'PUT', `/api/cart/${alice.id}/${bobs._id}`, { quantity: 5 });
    expect(put.statusCode).toBe(404);
    expect(put.json<ApiErrorBody>().message).toBe('This item is not in your cart.');
    expect((await call(alice, 'DELETE', `/api/cart/${alice.id}/${bobs._id}`)).statusCode).toBe(404);
    const after = (await call(bob, 'GET', `/api/cart/${bob.id}`)).json<Cart>();
    expect(after.items.map((item) => item.quantity)).toEqual([1]);
  });
});

describe('reading the cart', () => {
  // Found by the fuzzer (tests/api/fuzz.test.ts): the read created the cart row, so a GET, and
  // its HEAD, wrote to the database.
  it('writes nothing on GET or HEAD: a customer without a cart reads an empty one, _id "" until the first line', async () => {
    const who = await registerCustomer(t.app);
    const carts = async () =>
      (
        await t.db.query<{ n: number }>('select count(*)::int as n from carts where user_id = $1', [
          who.id,
        ])
      )[0]?.n;
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/cart/${who.id}`,
      headers: { cookie: who.cookie },
    });
    expect(head.statusCode).toBe(200);
    const read = await call(who, 'GET', `/api/cart/${who.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      _id: '',
      items: [],
      deliveryType: null,
      totalPrice: 0,
      subtotal: 0,
      hst: 0,
      tipPercent: 5,
      tip: 0,
      deliveryFee: 0,
      checkout: null,
    });
    expect(await carts()).toBe(0);

    const added = await add(who, { name: 'Coke' });
    expect(added.statusCode).toBe(200);
    const cartId = added.json<Cart>()._id;
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>()._id).toBe(cartId);
    expect(await carts()).toBe(1);
  });
});

describe('POST /api/cart/merge-cart', () => {
  const guestCart = () => [
    { productId: id('Wings'), size: '25 pcs', flavor: 'Hot', quantity: 2, totalPrice: 1 },
    {
      productId: id('Two-for-One Pizza Deal'),
      size: 'Medium',
      toppings: [
        ['Anchovies', 'Bacon', 'Beef', 'Ham'],
        ['Onions', 'Salami', 'Pineapple'],
        ['Mushroom', 'Pepperoni', 'Chicken', 'Feta Cheese', 'Broccoli'],
      ],
      quantity: 1,
    },
    { productId: id('Coke'), quantity: 2 },
  ];

  it('merges a guest cart, priced and totalled by the engine', async () => {
    const who = await registerCustomer(t.app);
    await add(who, { productId: id('Coke'), quantity: 1 });
    const response = await call(who, 'POST', '/api/cart/merge-cart', {
      userId: who.id,
      localCart: guestCart(),
    });
    expect(response.statusCode).toBe(200);
    const cart = response.json<Merged>();
    expect(cart.skipped).toEqual([]);
    expect(cart.merged).toBe(3);
    expect(cart.items.map((item) => [item.productId.name, item.quantity, item.totalPrice])).toEqual(
      [
        ['Coke', 3, 3.75],
        ['Wings', 2, 45.98],
        ['Two-for-One Pizza Deal', 1, 28.24],
      ],
    );

    // The same figures from the engine, as the browser computes them.
    const lines: number[] = [];
    for (const item of [...guestCart(), { productId: id('Coke'), quantity: 1 }]) {
      const found = await productsRepository(t.db).get(item.productId);
      if (!found) throw new Error('product');
      const checked = validateSelection(found, item, new Set(TOPPINGS), new Set());
      if (!checked.ok) throw new Error(checked.message);
      lines.push(priceSelection(found, checked.selection, item.quantity).line);
    }
    const engine = cartTotals({
      lineTotals: lines,
      tipPercent: 5,
      delivery: false,
      deliveryFee: 0,
    });
    expect(cart).toMatchObject({
      subtotal: engine.subtotal / 100,
      hst: engine.hst / 100,
      tip: engine.tip / 100,
      deliveryFee: 0,
      totalPrice: engine.total / 100,
    });
    // 3.75 + 45.98 + 28.24 = 77.97; HST 10.1361 -> 10.14; tip 3.8985 -> 3.90; total 92.01
    expect(cart.totalPrice).toBe(92.01);
  });

  // The spec's client deletes its local copy after merge-cart: refusing all for one bad line
  // would lose the customer's whole cart.
  it('merges every valid line of a 4-line cart with one bad line, and says why it skipped it', async () => {
    const who = await registerCustomer(t.app);
    const badOption = await call(who, 'POST', '/api/cart/merge-cart', {
      userId: who.id,
      localCart: [
        ...guestCart(),
        { productId: id('Wings'), size: 'Huge', flavor: 'Hot', quantity: 1 },
      ],
    });
    expect(badOption.statusCode).toBe(200);
    const merged = badOption.json<Merged>();
    expect(merged.merged).toBe(3);
    expect(merged.skipped).toEqual([
      {
        name: 'Wings',
        reason:
          'Unknown size "Huge". Choose a size: 10 pcs, 15 pcs, 20 pcs, 25 pcs, 30 pcs, 35 pcs, 40 pcs, 45 pcs or 50 pcs.',
      },
    ]);
    expect(merged.items.map((item) => [item.productId.name, item.quantity])).toEqual([
      ['Wings', 2],
      ['Two-for-One Pizza Deal', 1],
      ['Coke', 2],
    ]);

    // A line of the wrong shape, and one over a line's limit, are skipped the same way; the
    // Super Bowl combo twice is one line of 2.
    const other = await registerCustomer(t.app);
    const superbowl = {
      productId: id('Super Bowl Wings Combo'),
      wingsFlavor: 'Hot',
      sides: ['French Fries'],
      quantity: 1,
    };
    const badShape = await call(other, 'POST', '/api/cart/merge-cart', {
      userId: other.id,
      localCart: [
        { productId: id('Coke'), quantity: 0, name: 'Coke' },
        superbowl,
        { productId: id('Sprite'), quantity: 1 },
        superbowl,
        'not a line',
      ],
    });
    expect(badShape.statusCode).toBe(200);
    const second = badShape.json<Merged>();
    expect(second.merged).toBe(3);
    expect(second.skipped).toEqual([
      { name: 'Coke', reason: expect.stringContaining('quantity') as string },
      { name: 'Item 5', reason: expect.any(String) as string },
    ]);
    expect(second.items.map((item) => [item.productId.name, item.quantity])).toEqual([
      ['Super Bowl Wings Combo', 2],
      ['Sprite', 1],
    ]);
  });

  it('skips sold-out and deleted items and merges the rest', async () => {
    const who = await registerCustomer(t.app);
    await whileSoldOut('Dr Pepper', async () => {
      const response = await call(who, 'POST', '/api/cart/merge-cart', {
        userId: who.id,
        localCart: [
          { productId: id('Dr Pepper'), quantity: 1 },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
          { productId: id('Garlic Bread'), quantity: 2 },
        ],
      });
      expect(response.statusCode).toBe(200);
      const cart = response.json<Merged>();
      expect(cart.merged).toBe(1);
      expect(cart.skipped).toEqual([
        { name: 'Dr Pepper', reason: 'Dr Pepper is sold out.' },
        {
          name: '00000000-0000-4000-8000-000000000000',
          reason: 'This item is no longer on the menu.',
        },
      ]);
      expect(cart.items.map((item) => [item.productId.name, item.quantity])).toEqual([
        ['Garlic Bread', 2],
      ]);
    });
  });
});

describe('totals and the tip', () => {
  it('records the tip percent and answers totals computed by the server', async () => {
    await clearCart(alice);
    await add(alice, { productId: id('Wings'), size: '25 pcs', flavor: 'Hot', quantity: 2 });
    const response = await call(
      alice,
      'GET',
      `/api/cart/${alice.id}/updateTotalPrice?tipPercent=10&newTotalPrice=0.01`,
    );
    expect(response.statusCode).toBe(200);
    // 45.98; HST 5.9774 -> 5.98; tip 4.598 -> 4.60; total 56.56
    expect(response.json()).toEqual({
      totalPrice: 56.56,
      subtotal: 45.98,
      hst: 5.98,
      tipPercent: 10,
      tip: 4.6,
      deliveryFee: 0,
    });
    const cart = (await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>();
    expect(cart).toMatchObject({ tipPercent: 10, tip: 4.6, totalPrice: 56.56 });

    for (const query of ['tipPercent=7', 'tipPercent=', 'tipPercent=abc', 'tipPercent=-5']) {
      const bad = await call(alice, 'GET', `/api/cart/${alice.id}/updateTotalPrice?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json<ApiErrorBody>().message).toContain(
        'Choose a tip of 0, 5, 10, 15, 20, 25 or 50 percent.',
      );
    }
    for (const query of ['', 'tip=2.30&tipPercent=5', 'newTotalPrice=50']) {
      const bad = await call(alice, 'GET', `/api/cart/${alice.id}/updateTotalPrice?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json<ApiErrorBody>().code).toBe('invalid_input');
    }
    expect((await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>().tipPercent).toBe(10);
  });

  // The spec's cart sends the tip in dollars: its subtotal times the chosen percent.
  it('reads a tip in dollars as the percent it is of the server’s subtotal', async () => {
    // alice: 45.98 of wings from the test above.
    const tip = (amount: string) =>
      call(alice, 'GET', `/api/cart/${alice.id}/updateTotalPrice?tip=${amount}&newTotalPrice=1`);
    // 45.98 x 20% = 9.196: sent as toFixed(2), as the raw product, or a cent off.
    for (const amount of ['9.20', '9.196', '9.19', '9.21']) {
      const response = await tip(amount);
      expect(response.statusCode, amount).toBe(200);
      expect(response.json(), amount).toMatchObject({
        tipPercent: 20,
        tip: 9.2,
        totalPrice: 61.16,
      });
    }
    expect((await tip('0')).json()).toMatchObject({ tipPercent: 0, tip: 0 });
    expect((await tip('22.99')).json()).toMatchObject({ tipPercent: 50, tip: 22.99 });

    const wrong = await tip('16.00');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_input',
      message:
        'A tip of $16.00 is not one of the allowed options on a subtotal of $45.98: $0.00 (0%), $2.30 (5%), $4.60 (10%), $6.90 (15%), $9.20 (20%), $11.50 (25%), $22.99 (50%).',
    });
    for (const amount of ['-1', 'abc', '1e3', '9,20']) {
      expect((await tip(amount)).statusCode, amount).toBe(400);
    }
    const cart = (await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>();
    expect(cart.tipPercent).toBe(50);
    expect((await tip('4.60')).json()).toMatchObject({ tipPercent: 10 });
  });

  // The spec's client prices its own copy of the cart, which differs from the server's after a
  // merge skipped a line: its tip fits no option on the server's subtotal, but its own figures
  // (newTotalPrice = its subtotal + HST + tip) say which percent it meant.
  it('applies the percent a client’s own figures give when its tip fits no option here', async () => {
    const tip = (amount: string, total: string) =>
      call(
        alice,
        'GET',
        `/api/cart/${alice.id}/updateTotalPrice?tip=${amount}&newTotalPrice=${total}`,
      );
    // Its $346.62 + HST $45.06 + $51.99 (15 %); the server's subtotal is $45.98.
    const read = await tip('51.99', '443.67');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ subtotal: 45.98, tipPercent: 15, tip: 6.9 });
    expect((await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>().tipPercent).toBe(15);
    // Its raw figures, unrounded: 20 % of $52.98.
    expect((await tip('10.596', '70.4634')).json()).toMatchObject({ tipPercent: 20, tip: 9.2 });
    // No percent in its figures (21.5 % of $74.34), or none to read: refused, nothing written.
    for (const total of ['100.00', 'abc', '1', '']) {
      const refused = await tip('16.00', total);
      expect(refused.statusCode, total).toBe(400);
      expect(refused.json<ApiErrorBody>().message, total).toContain('A tip of $16.00');
    }
    expect((await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>().tipPercent).toBe(20);
    // Back to the 10 % the next test counts on.
    expect((await tip('4.60', '1')).json()).toMatchObject({ tipPercent: 10 });
  });

  it('keeps the current percent for a zero tip on an empty cart, and refuses any other', async () => {
    const who = await registerCustomer(t.app);
    const url = (query: string) => `/api/cart/${who.id}/updateTotalPrice?${query}`;
    expect((await call(who, 'GET', url('tipPercent=15'))).statusCode).toBe(200);
    const zero = await call(who, 'GET', url('tip=0.00'));
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toMatchObject({ subtotal: 0, tipPercent: 15, tip: 0, totalPrice: 0 });
    const some = await call(who, 'GET', url('tip=2.00'));
    expect(some.statusCode).toBe(400);
    expect(some.json<ApiErrorBody>().message).toContain('on a subtotal of $0.00');
  });

  it('adds the store’s delivery fee only when the cart is for delivery', async () => {
    await t.db.query(`update carts set delivery_type = 'delivery' where user_id = $1`, [alice.id]);
    const delivery = (await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>();
    // 45.98 + 5.98 + 4.60 + 8.00
    expect(delivery).toMatchObject({ deliveryType: 'delivery', deliveryFee: 8, totalPrice: 64.56 });
    await t.db.query(`update carts set delivery_type = 'pickup' where user_id = $1`, [alice.id]);
    const pickup = (await call(alice, 'GET', `/api/cart/${alice.id}`)).json<Cart>();
    expect(pickup).toMatchObject({ deliveryType: 'pickup', deliveryFee: 0, totalPrice: 56.56 });
  });
});

describe('sold out anywhere in a line', () => {
  const soldOut = async (
    table: 'products' | 'toppings' | 'sold_out_flavours',
    name: string,
    value: boolean,
  ) => {
    if (table === 'sold_out_flavours') {
      await t.db.query(
        value
          ? 'insert into sold_out_flavours (name) values ($1)'
          : 'delete from sold_out_flavours where name = $1',
        [name],
      );
    } else {
      await t.db.query(`update ${table} set sold_out = $2 where name = $1`, [name, value]);
    }
    await untilMenuHeard(t.app, t.db);
  };

  it('refuses a sold-out flavour in wings, a combo or a panzerotto with 409 naming it', async () => {
    const who = await registerCustomer(t.app);
    await soldOut('sold_out_flavours', 'Hot', true);
    await soldOut('sold_out_flavours', 'Classic', true);
    try {
      const wings = await add(who, { productId: id('Wings'), size: '20 pcs', flavor: 'Hot' });
      expect(wings.statusCode).toBe(409);
      expect(wings.json()).toMatchObject({ code: 'sold_out', message: 'Hot is sold out.' });
      // The spec's wings screen sends it in both fields.
      const both = await add(who, {
        productId: id('Wings'),
        size: '20 pcs',
        flavor: 'Hot',
        wingsFlavor: 'Hot',
      });
      expect(both.json()).toMatchObject({ code: 'sold_out', message: 'Hot is sold out.' });
      const combo = await add(who, comboLarge(id));
      expect(combo.json()).toMatchObject({ code: 'sold_out', message: 'Hot is sold out.' });
      const panzerotto = await add(who, { productId: id('Panzerotti'), flavor: 'Classic' });
      expect(panzerotto.statusCode).toBe(409);
      expect(panzerotto.json()).toMatchObject({
        code: 'sold_out',
        message: 'Classic is sold out.',
      });
      // A guest cart's line naming it is skipped with the same reason.
      const merged = await call(who, 'POST', '/api/cart/merge-cart', {
        userId: who.id,
        localCart: [{ productId: id('Panzerotti'), flavor: 'Classic', quantity: 1 }],
      });
      expect(merged.json<Merged>().skipped).toEqual([
        { name: 'Panzerotti', reason: 'Classic is sold out.' },
      ]);
      expect((await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>().items).toEqual([]);
      // The other flavours are still there to choose.
      expect((await add(who, { ...comboLarge(id), wingsFlavor: 'Mild' })).statusCode).toBe(200);
      expect((await add(who, { productId: id('Panzerotti'), flavor: 'Cheese' })).statusCode).toBe(
        200,
      );
    } finally {
      await soldOut('sold_out_flavours', 'Hot', false);
      await soldOut('sold_out_flavours', 'Classic', false);
    }
  });

  it('refuses a sold-out topping or a combo’s sold-out drink with 409 naming it', async () => {
    const who = await registerCustomer(t.app);
    await soldOut('toppings', 'Bacon', true);
    await soldOut('products', 'Coke', true);
    try {
      const topping = await add(who, { ...comboLarge(id), drinks: [] });
      expect(topping.statusCode).toBe(409);
      expect(topping.json()).toMatchObject({ code: 'sold_out', message: 'Bacon is sold out.' });
      // Coke is one of the combo's usual cans, and still refused while it is sold out.
      const drink = await add(who, { ...comboLarge(id), toppings: ['Ham'] });
      expect(drink.statusCode).toBe(409);
      expect(drink.json()).toMatchObject({ code: 'sold_out', message: 'Coke is sold out.' });
      expect((await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>().items).toEqual([]);
    } finally {
      await soldOut('toppings', 'Bacon', false);
      await soldOut('products', 'Coke', false);
    }
  });

  it('refuses a combo whose side is sold out on the menu with 409 naming it', async () => {
    const who = await registerCustomer(t.app);
    await soldOut('products', 'Garlic Bread', true);
    try {
      const side = await add(who, comboLarge(id));
      expect(side.statusCode).toBe(409);
      expect(side.json()).toMatchObject({ code: 'sold_out', message: 'Garlic Bread is sold out.' });
      expect((await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>().items).toEqual([]);
      // Another side is still there to choose.
      expect((await add(who, { ...comboLarge(id), sides: ['French Fries'] })).statusCode).toBe(200);
    } finally {
      await soldOut('products', 'Garlic Bread', false);
    }
  });

  // Issue 44: a topping sold out after the line was added was told only at Place My Order.
  it('names on the cart line what sold out since it was added, and how to fix it', async () => {
    const who = await registerCustomer(t.app);
    expect((await add(who, comboLarge(id))).statusCode).toBe(200);
    expect((await add(who, { productId: id('Coke'), quantity: 1 })).statusCode).toBe(200);
    const lineOf = async () =>
      (await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>().items[0];
    expect((await lineOf())?.soldOutOptions).toEqual([]);
    await soldOut('toppings', 'Bacon', true);
    try {
      const line = await lineOf();
      expect(line?.soldOutOptions).toEqual(['Bacon']);
      expect(
        cartLineNotice({
          hidden: false,
          soldOut: false,
          unit: 0,
          addedUnit: null,
          soldOutOptions: line?.soldOutOptions,
        }),
      ).toBe(
        'Bacon sold out since you added it. Remove this item and add it again without it to place your order.',
      );
      await soldOut('sold_out_flavours', 'Hot', true);
      await soldOut('products', 'Garlic Bread', true);
      expect((await lineOf())?.soldOutOptions).toEqual(['Hot', 'Bacon', 'Garlic Bread']);
      // The Coke line is not the combo's: a sold-out product is said by its own flag.
      await soldOut('products', 'Coke', true);
      const items = (await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>().items;
      expect(items.map((item) => [item.productId.soldOut, item.soldOutOptions])).toEqual([
        [false, ['Hot', 'Bacon', 'Garlic Bread', 'Coke']],
        [true, []],
      ]);
    } finally {
      await soldOut('toppings', 'Bacon', false);
      await soldOut('sold_out_flavours', 'Hot', false);
      await soldOut('products', 'Garlic Bread', false);
      await soldOut('products', 'Coke', false);
    }
    expect((await lineOf())?.soldOutOptions).toEqual([]);
  });

  it('lets a line with something sold out go down but not up', async () => {
    const who = await registerCustomer(t.app);
    const added = await add(who, { ...comboLarge(id), quantity: 3 });
    expect(added.statusCode).toBe(200);
    const lineId = added.json<Cart>().items[0]?._id ?? '';
    const setQuantity = (quantity: number) =>
      call(who, 'PUT', `/api/cart/${who.id}/${lineId}`, { quantity });
    for (const [table, name] of [
      ['products', 'Pizza & Wings Combo'],
      ['toppings', 'Pineapple'],
      ['products', 'Coke'],
      ['sold_out_flavours', 'Hot'],
    ] as const) {
      await soldOut(table, name, true);
      try {
        const up = await setQuantity(4);
        expect(up.statusCode).toBe(409);
        expect(up.json()).toMatchObject({ code: 'sold_out', message: `${name} is sold out.` });
        const down = await setQuantity(2);
        expect(down.statusCode).toBe(200);
        expect(down.json<Item[]>()[0]?.quantity).toBe(2);
        expect((await setQuantity(3)).statusCode).toBe(409);
      } finally {
        await soldOut(table, name, false);
      }
      expect((await setQuantity(3)).statusCode).toBe(200);
    }
  });
});

describe('the cart line cap', () => {
  /** Distinct lines: the Two Pizza Deal in each size with one topping on its first pizza. */
  const distinctLines = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      productId: id('Two Pizza Deal'),
      quantity: 1,
      size: ['Small', 'Medium', 'Large', 'ExtraLarge'][n % 4] ?? 'Small',
      toppings: [[TOPPINGS[Math.floor(n / 4)] ?? 'Ham'], []],
    }));

  it(`holds ${MAX_CART_LINES} lines; one more is refused, an existing line still grows`, async () => {
    const who = await registerCustomer(t.app);
    const lines = distinctLines(MAX_CART_LINES + 1);
    for (const line of lines.slice(0, MAX_CART_LINES)) {
      expect((await add(who, line)).statusCode).toBe(200);
    }
    const refused = await add(who, lines[MAX_CART_LINES] ?? {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().message).toBe(CART_FULL_MESSAGE);
    expect((await add(who, lines[0] ?? {})).statusCode).toBe(200);
    const cart = (await call(who, 'GET', `/api/cart/${who.id}`)).json<Cart>();
    expect(cart.items).toHaveLength(MAX_CART_LINES);
    expect(cart.items[0]?.quantity).toBe(2);
  });

  it('merges a guest cart up to the cap and lists the rest as skipped', async () => {
    const who = await registerCustomer(t.app);
    const extra = 5;
    const response = await call(who, 'POST', '/api/cart/merge-cart', {
      userId: who.id,
      localCart: distinctLines(MAX_CART_LINES + extra),
    });
    expect(response.statusCode).toBe(200);
    const merged = response.json<Merged>();
    expect(merged.merged).toBe(MAX_CART_LINES);
    expect(merged.items).toHaveLength(MAX_CART_LINES);
    expect(merged.skipped).toHaveLength(extra);
    expect(merged.skipped.every((line) => line.reason === CART_FULL_MESSAGE)).toBe(true);
  });
});
