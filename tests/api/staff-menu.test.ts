import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiCart,
  type ApiCartItem,
  type ApiConfirmAnswer,
  type ApiErrorBody,
  type ApiOrder,
  type ApiProduct,
  type ApiStaffFlavour,
  type ApiStaffProduct,
  type ApiStaffTopping,
  type ApiTopping,
} from '../../src/domain';
import {
  call,
  completeOrder,
  confirm,
  fillCart,
  placeOrder,
  registerCustomer,
  type Account,
} from '../support/orders';
import { lineNotice } from '../support/cart-view';
import { findProduct } from '../support/menu';
import { storeTest } from '../support/store-test';

/**
 * The staff's menu controls (issue 9): the list with sold-out items, sold out and price changes
 * (and what they do to carts and placed orders), and product photos.
 */

let products: ApiStaffProduct[];

const t = storeTest({ accounts: { staff: 'staff', customer: 'customer' } });
const { staff, customer } = t.accounts;
beforeAll(async () => {
  products = (await call(t.app, staff, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
});

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;

/** A PATCH with a JSON body as the menu screen sends it, as `who` (anonymous when null). */
const patchJson = (url: string, body: unknown, who: Account | null) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(body),
  });
const patch = (id: string, body: unknown, who: Account | null = staff) =>
  patchJson(`/api/staff/products/${id}`, body, who);

const upload = (
  id: string,
  bytes: Buffer | string,
  type = 'image/png',
  who: Account | null = staff,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/products/${id}/image`,
    headers: { 'content-type': type, ...(who ? { cookie: who.cookie } : {}) },
    payload: bytes,
  });

async function imageRows(): Promise<number> {
  const rows = await t.db.query<{ count: number | string }>(
    'select count(*) as count from product_images',
  );
  return Number(rows[0]?.count ?? 0);
}

async function png(width: number, height: number, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe('guards', () => {
  it('answers 401 anonymously and 403 to a customer on every menu route', async () => {
    const id = findProduct(products, 'Coke')._id;
    const image = await png(10, 10);
    for (const who of [null, customer]) {
      const expected = who ? 403 : 401;
      expect((await call(t.app, who, 'GET', '/api/staff/products')).statusCode).toBe(expected);
      expect((await patch(id, { available: false }, who)).statusCode).toBe(expected);
      expect((await upload(id, image, 'image/png', who)).statusCode).toBe(expected);
    }
    expect((await call(t.app, null, 'GET', '/api/products')).json<ApiProduct[]>()).toContainEqual(
      expect.objectContaining({ name: 'Coke', soldOut: false }),
    );
    expect(await imageRows()).toBe(0);
  });
});

describe('GET /api/staff/products', () => {
  it('lists every product with its price in dollars, sold out ones included', async () => {
    const wings = findProduct(products, 'Wings');
    expect((await patch(wings._id, { available: false })).statusCode).toBe(200);
    const list = (await call(t.app, staff, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
    const catalogue = (await call(t.app, null, 'GET', '/api/products')).json<ApiProduct[]>();
    expect(list).toHaveLength(catalogue.length);
    expect(list.find((entry) => entry._id === wings._id)).toEqual({ ...wings, soldOut: true });
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        '_id',
        'category',
        'description',
        'details',
        'hidden',
        'image',
        'name',
        'price',
        'soldOut',
      ].sort(),
    );
    expect((await patch(wings._id, { available: true })).json()).toEqual(wings);
  });
});

describe('PATCH /api/staff/products/{id}', () => {
  it('takes a price as a number or as text, stores cents and answers dollars', async () => {
    const fries = findProduct(products, 'French Fries');
    const asText = await patch(fries._id, { price: '12.99' });
    expect(asText.statusCode).toBe(200);
    expect(asText.json()).toEqual({ ...fries, price: 12.99 });
    const rows = await t.db.query<{ price_cents: number }>(
      'select price_cents from products where id = $1',
      [fries._id],
    );
    expect(rows[0]?.price_cents).toBe(1299);
    expect((await patch(fries._id, { price: 1000 })).json()).toMatchObject({ price: 1000 });
    expect((await patch(fries._id, { price: 0.01 })).json()).toMatchObject({ price: 0.01 });
    // $0.00 is the domain's one price rule's (issue 34): a product priced by its sizes.
    expect((await patch(fries._id, { price: 0 })).json()).toMatchObject({ price: 0 });
    expect((await patch(fries._id, { price: fries.price })).json()).toEqual(fries);
  });

  it('refuses a bad change with a sentence and changes nothing', async () => {
    const fries = findProduct(products, 'French Fries');
    const bad: unknown[] = [
      {},
      { price: 12.999 },
      { price: '12.999' },
      { price: '1e3' },
      { price: 'twelve' },
      { price: null },
      { price: Number.MAX_VALUE },
      { available: 'no' },
      { available: null },
      { available: false, price: 12.999 },
      [],
      'sold out',
      null,
      true,
    ];
    for (const body of bad) {
      const response = await patch(fries._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message, JSON.stringify(body)).toMatch(/^[A-Z].*\.$/);
    }
    // A price of the right form that breaks the domain's rule: its words, naming the field, as
    // POST /api/staff/products and the menu editor say them.
    for (const [body, message] of [
      [{ price: -1 }, 'price: The amount cannot be negative.'],
      [{ available: false, price: -0.01 }, 'price: The amount cannot be negative.'],
      [{ price: 1000.01 }, 'price: The amount is too high: at most $1000.00.'],
    ] as const) {
      const response = await patch(fries._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message, JSON.stringify(body)).toBe(message);
    }
    const list = (await call(t.app, staff, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
    expect(list.find((entry) => entry._id === fries._id)).toEqual(fries);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { available: false });
    expect(unknown.statusCode).toBe(404);
    const malformed = await patch('not-an-id', { available: false });
    expect(malformed.statusCode).toBe(400);
    expect(error(malformed).code).toBe('invalid_id');
  });
});

describe('sold out', () => {
  it('is refused when added to a cart, and can be ordered again once back', async () => {
    const buyer = await registerCustomer(t.app);
    const coke = findProduct(products, 'Coke');
    await patch(coke._id, { available: false });
    const catalogue = (
      await call(t.app, null, 'GET', `/api/products/${coke._id}`)
    ).json<ApiProduct>();
    expect(catalogue.soldOut).toBe(true);
    const refused = await call(t.app, buyer, 'POST', '/api/cart', {
      userId: buyer.id,
      name: 'Coke',
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(error(refused).code).toBe('sold_out');
    const cart = await call(t.app, buyer, 'GET', `/api/cart/${buyer.id}`);
    expect(cart.json<ApiCart>().items).toHaveLength(0);

    await patch(coke._id, { available: true });
    const added = await call(t.app, buyer, 'POST', '/api/cart', {
      userId: buyer.id,
      name: 'Coke',
      quantity: 1,
    });
    expect(added.statusCode).toBe(200);
  });

  it('stops complete-order for a cart holding it, and lets it through once back', async () => {
    const buyer = await registerCustomer(t.app);
    const fries = findProduct(products, 'French Fries');
    await fillCart(t.app, buyer, [{ productId: fries._id }]);
    expect((await confirm(t.app, buyer)).statusCode).toBe(200);
    await patch(fries._id, { available: false });
    const refused = await completeOrder(t.app, buyer);
    expect(refused.statusCode).toBe(409);
    expect(error(refused).code).toBe('sold_out');
    expect(error(refused).message).toContain('French Fries');
    const orders = await t.db.query('select id from orders where user_id = $1', [buyer.id]);
    expect(orders).toHaveLength(0);

    await patch(fries._id, { available: true });
    expect((await completeOrder(t.app, buyer)).statusCode).toBe(201);
  });
});

describe('PATCH /api/staff/toppings/{id}', () => {
  const patchTopping = (id: string, body: unknown, who: Account | null = staff) =>
    patchJson(`/api/staff/toppings/${id}`, body, who);
  const toppings = async () =>
    (await call(t.app, null, 'GET', '/api/toppings')).json<ApiTopping[]>();

  it('marks a topping sold out for every picker and refuses a line naming it, then back', async () => {
    const bacon = (await toppings()).find((topping) => topping.name === 'Bacon');
    if (!bacon) throw new Error('No Bacon topping');
    expect((await patchTopping(bacon._id, { available: false }, null)).statusCode).toBe(401);
    expect((await patchTopping(bacon._id, { available: false }, customer)).statusCode).toBe(403);
    const marked = await patchTopping(bacon._id, { available: false });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<ApiStaffTopping>()).toEqual({
      _id: bacon._id,
      name: 'Bacon',
      soldOut: true,
      hidden: false,
      allergens: bacon.allergens,
      marks: bacon.marks,
    });
    // The very next catalogue answer says so.
    expect((await toppings()).find((topping) => topping.name === 'Bacon')?.soldOut).toBe(true);
    const buyer = await registerCustomer(t.app);
    const refused = await call(t.app, buyer, 'POST', '/api/cart', {
      userId: buyer.id,
      productId: findProduct(products, 'Pizza & Wings Combo')._id,
      size: 'Large',
      wingsFlavor: 'Hot',
      sides: ['Garlic Bread'],
      toppings: ['Bacon'],
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(error(refused)).toMatchObject({ code: 'sold_out', message: 'Bacon is sold out.' });

    const back = await patchTopping(bacon._id, { available: true });
    expect(back.json<ApiTopping>().soldOut).toBe(false);
    expect((await toppings()).find((topping) => topping.name === 'Bacon')?.soldOut).toBe(false);
  });

  it('refuses a malformed id, an unknown one and a body without available, changing nothing', async () => {
    expect((await patchTopping('nope', { available: false })).statusCode).toBe(400);
    expect(
      (await patchTopping('00000000-0000-4000-8000-000000000000', { available: false })).statusCode,
    ).toBe(404);
    const ham = (await toppings()).find((topping) => topping.name === 'Ham');
    if (!ham) throw new Error('No Ham topping');
    for (const body of [{}, { available: 'no' }, { price: 3 }]) {
      const response = await patchTopping(ham._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toBe(
        'Please say whether the topping is available with true or false.',
      );
    }
    expect((await toppings()).filter((topping) => topping.soldOut)).toEqual([]);
  });
});

describe('PATCH /api/staff/flavours/{name}', () => {
  const patchFlavour = (name: string, body: unknown, who: Account | null = staff) =>
    patchJson(`/api/staff/flavours/${encodeURIComponent(name)}`, body, who);
  const flavours = async () =>
    (await call(t.app, staff, 'GET', '/api/staff/flavours')).json<ApiStaffFlavour[]>();
  const soldOutFlavors = async (name: string) =>
    (
      await call(t.app, null, 'GET', `/api/products/${findProduct(products, name)._id}`)
    ).json<ApiProduct>().details?.soldOutFlavors;
  const wings = (buyer: Account, flavor: string) =>
    call(t.app, buyer, 'POST', '/api/cart', {
      userId: buyer.id,
      productId: findProduct(products, 'Wings')._id,
      size: '20 pcs',
      flavor,
      quantity: 1,
    });

  it('lists every flavour once, for staff only', async () => {
    expect((await call(t.app, null, 'GET', '/api/staff/flavours')).statusCode).toBe(401);
    expect((await call(t.app, customer, 'GET', '/api/staff/flavours')).statusCode).toBe(403);
    expect((await flavours()).map((flavour) => flavour.name).sort()).toEqual(
      ['Cheese', 'Classic', 'Honey Garlic', 'Hot', 'Medium', 'Mild', 'Sweet Chili'].sort(),
    );
    expect((await flavours()).filter((flavour) => flavour.soldOut)).toEqual([]);
  });

  it('marks a flavour sold out on every product offering it and refuses a line naming it, then back', async () => {
    expect((await patchFlavour('Honey Garlic', { available: false }, null)).statusCode).toBe(401);
    expect((await patchFlavour('Honey Garlic', { available: false }, customer)).statusCode).toBe(
      403,
    );
    const buyer = await registerCustomer(t.app);
    // Added while there was sauce: complete-order checks it again.
    await fillCart(t.app, buyer, [
      { productId: findProduct(products, 'Wings')._id, size: '20 pcs', flavor: 'Honey Garlic' },
    ]);
    expect((await confirm(t.app, buyer)).statusCode).toBe(200);

    // Any letter case; the answer spells it as the menu does.
    const marked = await patchFlavour('honey garlic', { available: false });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<ApiStaffFlavour>()).toEqual({ name: 'Honey Garlic', soldOut: true });
    expect((await flavours()).find((flavour) => flavour.name === 'Honey Garlic')?.soldOut).toBe(
      true,
    );
    // The very next catalogue answers say so, on each product that offers it and no other.
    expect(await soldOutFlavors('Wings')).toEqual(['Honey Garlic']);
    expect(await soldOutFlavors('Super Bowl Wings Combo')).toEqual(['Honey Garlic']);
    expect(await soldOutFlavors('Panzerotti')).toBeUndefined();

    const other = await registerCustomer(t.app);
    const refused = await wings(other, 'Honey Garlic');
    expect(refused.statusCode).toBe(409);
    expect(error(refused)).toMatchObject({
      code: 'sold_out',
      message: 'Honey Garlic is sold out.',
    });
    const combo = await call(t.app, other, 'POST', '/api/cart', {
      userId: other.id,
      productId: findProduct(products, 'Super Bowl Wings Combo')._id,
      wingsFlavor: 'Honey Garlic',
      sides: ['French Fries'],
      quantity: 1,
    });
    expect(combo.statusCode).toBe(409);
    expect(error(combo).message).toBe('Honey Garlic is sold out.');
    expect((await wings(other, 'Hot')).statusCode).toBe(200);

    const stopped = await completeOrder(t.app, buyer);
    expect(stopped.statusCode).toBe(409);
    expect(error(stopped)).toMatchObject({ code: 'sold_out' });
    expect(error(stopped).message).toContain('Honey Garlic (in Wings)');

    const back = await patchFlavour('Honey Garlic', { available: true });
    expect(back.json<ApiStaffFlavour>()).toEqual({ name: 'Honey Garlic', soldOut: false });
    expect(await soldOutFlavors('Wings')).toBeUndefined();
    expect((await completeOrder(t.app, buyer)).statusCode).toBe(201);
  });

  it('refuses a flavour no product offers and a body without available, changing nothing', async () => {
    const unknown = await patchFlavour('Ketchup', { available: false });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { available: 'no' }, { price: 3 }]) {
      const response = await patchFlavour('Mild', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toBe(
        'Please say whether the flavour is available with true or false.',
      );
    }
    expect((await flavours()).filter((flavour) => flavour.soldOut)).toEqual([]);
  });
});

describe('a price change', () => {
  it('reprices an open cart at once but leaves a placed order as it was', async () => {
    const coke = findProduct(products, 'Coke');
    const placedBy = await registerCustomer(t.app);
    const shopper = await registerCustomer(t.app);
    const placed = await placeOrder(t.app, placedBy, [{ name: 'Coke', quantity: 2 }]);
    expect(placed.items[0]?.priceByQuantity).toBe(coke.price);
    await fillCart(t.app, shopper, [{ name: 'Coke', quantity: 2 }]);

    const newPrice = coke.price + 1.25;
    expect((await patch(coke._id, { price: newPrice })).statusCode).toBe(200);
    try {
      const cart = (await call(t.app, shopper, 'GET', `/api/cart/${shopper.id}`)).json<ApiCart>();
      expect(cart.items[0]?.priceByQuantity).toBe(newPrice);
      expect(cart.items[0]?.totalPrice).toBe(Math.round(newPrice * 200) / 100);
      expect(cart.subtotal).toBe(Math.round(newPrice * 200) / 100);

      const orders = (await call(t.app, placedBy, 'GET', `/api/orders/${placedBy.id}`)).json<
        ApiOrder[]
      >();
      const again = orders.find((order) => order._id === placed._id);
      expect(again?.items[0]?.priceByQuantity).toBe(coke.price);
      expect(again?.subtotal).toBe(placed.subtotal);
      expect(again?.totalPrice).toBe(placed.totalPrice);
    } finally {
      await patch(coke._id, { price: coke.price });
    }
  });
});

describe('what a line says changed since it was added', () => {
  it('keeps the price a line was added at, in the cart and at checkout', async () => {
    const shopper = await registerCustomer(t.app);
    const sprite = findProduct(products, 'Sprite');
    const fries = findProduct(products, 'French Fries');
    await fillCart(t.app, shopper, [{ name: 'Sprite', quantity: 2 }]);
    await call(t.app, shopper, 'POST', '/api/cart/merge-cart', {
      userId: shopper.id,
      localCart: [{ productId: fries._id, quantity: 1 }],
    });
    const before = (await call(t.app, shopper, 'GET', `/api/cart/${shopper.id}`)).json<ApiCart>();
    expect(before.items.map((item) => [item.addedPriceByQuantity, lineNotice(item)])).toEqual([
      [sprite.price, null],
      [fries.price, null],
    ]);

    const newPrice = Math.round((sprite.price + 0.5) * 100) / 100;
    expect((await patch(sprite._id, { price: newPrice })).statusCode).toBe(200);
    expect((await patch(fries._id, { available: false })).statusCode).toBe(200);
    try {
      const cart = (await call(t.app, shopper, 'GET', `/api/cart/${shopper.id}`)).json<ApiCart>();
      const [line, soldOut] = cart.items;
      expect(line).toMatchObject({ priceByQuantity: newPrice, addedPriceByQuantity: sprite.price });
      expect(lineNotice(line)).toBe(
        `Price changed from $${sprite.price.toFixed(2)} to $${newPrice.toFixed(2)}`,
      );
      expect(lineNotice(soldOut)).toBe(
        'Sold out since you added it. Remove it to place your order.',
      );
      // Adding it again raises the line and keeps the price it was first added at.
      await fillCart(t.app, shopper, [{ name: 'Sprite' }]);
      const confirmed = (await confirm(t.app, shopper)).json<ApiConfirmAnswer>();
      expect(confirmed.cart.items[0]).toMatchObject({
        quantity: 3,
        addedPriceByQuantity: sprite.price,
      });
      expect(lineNotice(confirmed.cart.items[0])).toContain('Price changed from');
      // A line added after the change was added at the new price: nothing to say.
      const later = await registerCustomer(t.app);
      await fillCart(t.app, later, [{ name: 'Sprite' }]);
      const fresh = (await call(t.app, later, 'GET', `/api/cart?userId=${later.id}`)).json<
        ApiCartItem[]
      >();
      expect(fresh[0]?.addedPriceByQuantity).toBe(newPrice);
      expect(lineNotice(fresh[0])).toBeNull();
    } finally {
      await patch(sprite._id, { price: sprite.price });
      await patch(fries._id, { available: true });
    }
  });
});

describe('POST /api/staff/products/{id}/image', () => {
  it('stores a real image as WebP at most 960 px wide and serves it for a year', async () => {
    const pizza =
      products.find((entry) => entry.category !== 'Beverages') ?? findProduct(products, 'Wings');
    const response = await upload(pizza._id, await png(1200, 600));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ApiStaffProduct>();
    expect(answer).toEqual({
      ...pizza,
      image: expect.stringMatching(/^\/images\/uploads\/[0-9a-f]{64}\.webp$/) as string,
    });

    const served = await t.app.inject({ method: 'GET', url: answer.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width: 960,
      height: 480,
    });
    const rows = await t.db.query<{ width: number; height: number }>(
      'select width, height from product_images',
    );
    expect(rows).toEqual([{ width: 960, height: 480 }]);

    // The customer's menu shows the new photo at once.
    const shown = (await call(t.app, null, 'GET', `/api/products/${pizza._id}`)).json<ApiProduct>();
    expect(shown.image).toBe(answer.image);
    const head = await t.app.inject({ method: 'HEAD', url: answer.image });
    expect(head.statusCode).toBe(200);
  });

  it('keeps a small image its own size, and stores the same image once', async () => {
    const image = await png(300, 200, '#27ae60');
    const before = await imageRows();
    const first = await upload(findProduct(products, 'Coke')._id, image);
    const second = await upload(findProduct(products, 'Sprite')._id, image);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const url = first.json<ApiStaffProduct>().image;
    expect(second.json<ApiStaffProduct>().image).toBe(url);
    expect(await imageRows()).toBe(before + 1);
    const served = await t.app.inject({ method: 'GET', url });
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([300, 200]);
  });

  it('takes JPEG and WebP too', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } });
    const jpeg = await base.clone().jpeg().toBuffer();
    const webp = await base.clone().webp().toBuffer();
    expect(
      (await upload(findProduct(products, 'French Fries')._id, jpeg, 'image/jpeg')).statusCode,
    ).toBe(200);
    expect(
      (await upload(findProduct(products, 'French Fries')._id, webp, 'image/webp')).statusCode,
    ).toBe(200);
  });

  it('refuses what is not a readable image, too large or the wrong type, storing nothing', async () => {
    const target = findProduct(products, 'Wings');
    const imageBefore = (
      await call(t.app, null, 'GET', `/api/products/${target._id}`)
    ).json<ApiProduct>().image;
    const rowsBefore = await imageRows();
    const whole = await png(200, 200, '#8e44ad');
    const cases: { body: Buffer | string; type?: string; status: number; message?: string }[] = [
      {
        body: 'just some text, not a picture',
        status: 400,
        message: 'This file is not an image we can read.',
      },
      {
        body: whole.subarray(0, Math.floor(whole.length / 2)),
        status: 400,
        message: 'This file is not an image we can read.',
      },
      // A PNG sent as a JPEG: what it claims is what it must be.
      {
        body: whole,
        type: 'image/jpeg',
        status: 400,
        message: 'This file is not an image we can read.',
      },
      { body: Buffer.alloc(0), status: 400 },
      { body: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/svg+xml', status: 415 },
      { body: 'hello', type: 'text/plain', status: 415 },
      { body: '{"image":"x"}', type: 'application/json', status: 415 },
      { body: 'a=1', type: 'multipart/form-data; boundary=x', status: 415 },
      {
        body: Buffer.alloc(6 * 1024 * 1024, 1),
        status: 413,
        message: 'The photo is larger than 5 MB. Please choose a smaller one.',
      },
    ];
    for (const entry of cases) {
      const response = await upload(target._id, entry.body, entry.type ?? 'image/png');
      const what = `${entry.type ?? 'image/png'} ${String(entry.body.length)} bytes`;
      expect(response.statusCode, what).toBe(entry.status);
      expect(response.headers['content-type'], what).toMatch(/^application\/json/);
      if (entry.message) expect(error(response).message, what).toBe(entry.message);
    }
    expect(await imageRows()).toBe(rowsBefore);
    const imageAfter = (
      await call(t.app, null, 'GET', `/api/products/${target._id}`)
    ).json<ApiProduct>().image;
    expect(imageAfter).toBe(imageBefore);
  });

  it('cuts a body sent without Content-Length at 5 MB with the same sentence', async () => {
    const rowsBefore = await imageRows();
    const chunks = Array.from({ length: 7 }, () => Buffer.alloc(1024 * 1024, 7));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/staff/products/${findProduct(products, 'Wings')._id}/image`,
      headers: { 'content-type': 'image/png', cookie: staff.cookie },
      payload: Readable.from(chunks),
    });
    expect(response.statusCode).toBe(413);
    expect(error(response)).toEqual({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'The photo is larger than 5 MB. Please choose a smaller one.',
    });
    expect(await imageRows()).toBe(rowsBefore);
  });

  it('answers 404 for an unknown product (nothing stored) and for an unknown image', async () => {
    const rowsBefore = await imageRows();
    const response = await upload(
      '00000000-0000-4000-8000-000000000000',
      await png(20, 20, '#000'),
    );
    expect(response.statusCode).toBe(404);
    expect(await imageRows()).toBe(rowsBefore);
    for (const url of [
      `/images/uploads/${'0'.repeat(64)}.webp`,
      '/images/uploads/nope.webp',
      '/images/uploads/..%2f..%2fpackage.json',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
    }
  });
});
