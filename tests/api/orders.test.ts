import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
  SCHEDULE_MESSAGES,
  cartTotals,
  priceSelection,
  toDollars,
  type ApiCart,
  type ApiCompleteOrderAnswer,
  type ApiErrorBody,
  type ApiOrder,
  type CartItemPayload,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { MY_ORDERS_LIMIT } from '../../src/server/orders/list-orders';
import { productsRepository } from '../../src/server/repositories/products';
import { storeRepository } from '../../src/server/repositories/store';
import {
  DELIVERY_CONTACT,
  OPEN_TUESDAY,
  call,
  completeOrder,
  confirm,
  fillCart,
  placeOrder,
  registerCustomer,
  registerStaff,
  type Account,
} from '../support/orders';
import { countQueries } from '../support/queries';
import { comboLarge } from '../support/cart-payloads';
import { productIdsByName, untilMenuHeard } from '../support/test-app';
import { storeTest } from '../support/store-test';
import { registerUser } from '../support/users';

/**
 * POST /api/orders/complete-order and GET /api/orders/{userId}: the order made from the
 * confirmed cart in one transaction, priced by the domain engine, made once however often it is
 * asked for, and the customer's list of orders.
 */

const clock = fixedClock(OPEN_TUESDAY);
/** The end of the acceptance window of an order placed at `at`. */
const inWindow = (at: Date) =>
  new Date(at.getTime() + DEFAULT_ACCEPTANCE_WINDOW_MINUTES * 60_000).toISOString();
let id: (name: string) => string;
let staff: Account;

const t = storeTest({ clock });
beforeAll(async () => {
  id = await productIdsByName(t.app);
  staff = await registerStaff(t.app, t.db);
});
afterEach(async () => {
  clock.set(OPEN_TUESDAY);
  await storeRepository(t.db).update({ openMode: 'auto' }, clock.now());
  await t.db.query('update products set sold_out = false');
  await t.db.query('update toppings set sold_out = false');
  await untilMenuHeard(t.app, t.db);
});

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;
const placed = (response: { json: () => unknown }) =>
  (response.json() as ApiCompleteOrderAnswer).order;

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const rows = await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params);
  return rows[0]?.n ?? 0;
}
const ordersOf = (userId: string) => count('from orders where user_id = $1', [userId]);

const twoPizzaDeal = (): Partial<CartItemPayload> => ({
  productId: id('Two Pizza Deal'),
  size: 'Medium',
  toppings: [['Bacon', 'Ham', 'Onions', 'Pineapple', 'Black Olives'], ['Ham']],
});

describe('placing an order', () => {
  it('charges exactly what the domain engine computes: several lines, a tip and the delivery fee', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [
      comboLarge(id),
      { ...twoPizzaDeal(), quantity: 2 },
      { productId: id('Wings'), size: '20 pcs', wingsFlavor: 'Hot', quantity: 3 },
      { name: 'Coke', quantity: 4 },
      { name: 'Garlic Bread' },
    ]);
    const tip = await call(t.app, who, 'GET', `/api/cart/${who.id}/updateTotalPrice?tipPercent=15`);
    expect(tip.statusCode).toBe(200);
    const confirmed = await confirm(t.app, who, {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
      instructions: 'Side door',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cart = (await call(t.app, who, 'GET', `/api/cart/${who.id}`)).json<ApiCart>();

    // The engine's own figures, from the products as stored and the lines as the cart holds them.
    const products = await productsRepository(t.db).getMany(cart.items.map((i) => i.productId._id));
    const lines = cart.items.map((item) => {
      const product = products.get(item.productId._id);
      if (!product) throw new Error('unknown product');
      return {
        name: product.name,
        quantity: item.quantity,
        ...priceSelection(
          product,
          {
            ...(item.size ? { size: item.size } : {}),
            sides: item.sides,
            drinks: item.drinks,
            toppings: item.toppings,
          },
          item.quantity,
        ),
      };
    });
    const settings = await storeRepository(t.db).settings();
    const totals = cartTotals({
      lineTotals: lines.map((line) => line.line),
      tipPercent: 15,
      delivery: true,
      deliveryFee: settings.deliveryFeeCents,
    });
    expect(totals.deliveryFee).toBe(800);

    const response = await completeOrder(t.app, who, { paymentOption: 'cash' });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<ApiCompleteOrderAnswer>();
    expect(answer.message).toBe('Order placed successfully!');
    const order = answer.order;
    expect(order).toMatchObject({
      status: 'pending',
      isOrderConfirmed: false,
      deliveryType: 'delivery',
      paymentOption: 'cash',
      contactInfo: DELIVERY_CONTACT,
      instructions: 'Side door',
      scheduleTime: null,
      readyMinutes: null,
      readyAt: null,
      declineReason: null,
      createdAt: new Date(OPEN_TUESDAY).toISOString(),
      subtotal: toDollars(totals.subtotal),
      hst: toDollars(totals.hst),
      tipPercent: 15,
      tip: toDollars(totals.tip),
      deliveryFee: 8,
      totalPrice: toDollars(totals.total),
    });
    expect(typeof order.totalPrice).toBe('number');
    // ...and exactly what the cart showed the customer on the Payment screen.
    expect(order.totalPrice).toBe(cart.totalPrice);
    expect(
      order.items.map((item) => [item.productId.name, item.quantity, item.totalPrice]),
    ).toEqual(lines.map((line) => [line.name, line.quantity, toDollars(line.line)]));
    expect(order.items[0]).toMatchObject({
      productId: {
        _id: id('Pizza & Wings Combo'),
        name: 'Pizza & Wings Combo',
        category: 'Combos',
      },
      size: 'Large',
      wingsFlavor: 'Hot',
      sides: ['Garlic Bread'],
      toppings: [['Bacon', 'Ham', 'Onions', 'Pineapple']],
      drinks: [{ name: 'Coke', quantity: 2 }],
      description: cart.items[0]?.description,
      priceByQuantity: cart.items[0]?.priceByQuantity,
    });
    expect(order.items[0]?.productId.image).toMatch(/^\/images\//);

    const row = (
      await t.db.query('select customer_name, total_cents, cart_id from orders where id = $1', [
        order._id,
      ])
    )[0];
    expect(row).toMatchObject({ customer_name: 'Test Customer', total_cents: totals.total });
    // The cart is completed; the next visit starts a new, empty one.
    const carts = await t.db.query<{ status: string }>(
      'select status from carts where user_id = $1 order by created_at',
      [who.id],
    );
    expect(carts.map((c) => c.status)).toEqual(['completed']);
    const next = (await call(t.app, who, 'GET', `/api/cart/${who.id}`)).json<ApiCart>();
    expect(next.items).toEqual([]);
    expect(next._id).not.toBe(row?.cart_id);
  });

  it('for pickup charges no delivery fee and keeps the pickup payment option', async () => {
    const who = await registerCustomer(t.app);
    const order = await placeOrder(t.app, who, [{ name: 'Garlic Bread', quantity: 2 }]);
    // 11.98 + HST 1.56 + 5 % tip 0.60
    expect(order).toMatchObject({
      deliveryType: 'pickup',
      paymentOption: 'pickup',
      deliveryFee: 0,
      subtotal: 11.98,
      totalPrice: 14.14,
    });
  });

  // Seen: confirmed at $8, the store set $99 before Place My Order, and the total rose unseen.
  it('charges the delivery fee the customer confirmed, whatever the store sets after', async () => {
    const who = await registerCustomer(t.app);
    const setFee = async (deliveryFee: number) =>
      expect(
        (await call(t.app, staff, 'PUT', '/api/staff/store', { deliveryFee })).statusCode,
      ).toBe(200);
    await fillCart(t.app, who, [{ name: 'Garlic Bread' }]);
    const confirmed = await confirm(t.app, who, {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
    });
    const shown = confirmed.json<{ cart: ApiCart }>().cart;
    expect(shown).toMatchObject({ deliveryFee: 8 });
    await setFee(99);
    try {
      // The Payment screen, read again, shows what was confirmed...
      const cart = (await call(t.app, who, 'GET', `/api/cart/${who.id}`)).json<ApiCart>();
      expect(cart).toMatchObject({ deliveryFee: 8, totalPrice: shown.totalPrice });
      // ...and the order charges it.
      const response = await completeOrder(t.app, who, { paymentOption: 'cash' });
      expect(response.statusCode, response.body).toBe(201);
      expect(placed(response)).toMatchObject({ deliveryFee: 8, totalPrice: shown.totalPrice });
      // Confirming again shows the store's new fee, and that is charged.
      const next = await registerCustomer(t.app);
      const order = await placeOrder(t.app, next, [{ name: 'Garlic Bread' }], {
        deliveryType: 'delivery',
        contactInfo: DELIVERY_CONTACT,
      });
      expect(order.deliveryFee).toBe(99);
    } finally {
      await setFee(8);
    }
  });

  it('keeps its lines as they were: a later price or name change does not rewrite it', async () => {
    const who = await registerCustomer(t.app);
    const order = await placeOrder(t.app, who, [{ name: 'Poutine Fries', quantity: 2 }]);
    await t.db.query(
      `update products set price_cents = 9999, name = 'Poutine Deluxe' where id = $1`,
      [id('Poutine Fries')],
    );
    try {
      const list = (await call(t.app, who, 'GET', `/api/orders/${who.id}`)).json<ApiOrder[]>();
      expect(list[0]?.items[0]).toMatchObject({
        productId: { name: 'Poutine Fries' },
        priceByQuantity: 5.99,
        totalPrice: 11.98,
      });
      expect(list[0]?.totalPrice).toBe(order.totalPrice);
    } finally {
      await t.db.query(
        `update products set price_cents = 599, name = 'Poutine Fries' where id = $1`,
        [id('Poutine Fries')],
      );
    }
  });

  it('records one order-created event, in the same transaction', async () => {
    const who = await registerCustomer(t.app);
    const order = await placeOrder(t.app, who);
    const events = await t.db.query<{ type: string; user_id: string; created_at: Date }>(
      'select type, user_id, created_at from order_events where order_id = $1 order by id',
      [order._id],
    );
    expect(events.map((e) => [e.type, e.user_id])).toEqual([['order-created', who.id]]);
    expect(new Date(events[0]?.created_at ?? 0).toISOString()).toBe(
      new Date(OPEN_TUESDAY).toISOString(),
    );
  });
});

describe('refusals (nothing written)', () => {
  async function expectNoOrder(who: Account, response: { statusCode: number; body: string }) {
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(await ordersOf(who.id)).toBe(0);
    expect(await count(`from carts where user_id = $1 and status = 'completed'`, [who.id])).toBe(0);
  }

  /** A 409 with `code`, its message saying `words`, and no order made. */
  async function expectRefused(
    who: Account,
    response: LightMyRequestResponse,
    code: string,
    words: string,
  ) {
    expect(response.statusCode).toBe(409);
    expect(error(response)).toMatchObject({
      code,
      message: expect.stringContaining(words) as unknown,
    });
    await expectNoOrder(who, response);
  }

  it('answers 401 anonymously and 403 for another customer', async () => {
    const who = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const anonymous = await call(t.app, null, 'POST', '/api/orders/complete-order', {
      userId: who.id,
      paymentOption: 'pickup',
    });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await call(t.app, other, 'POST', '/api/orders/complete-order', {
      userId: who.id,
      paymentOption: 'pickup',
    });
    expect(forbidden.statusCode).toBe(403);
    await expectNoOrder(who, forbidden);
  });

  it('refuses an empty cart or none at all: 409 empty_cart', async () => {
    const who = await registerCustomer(t.app);
    const none = await completeOrder(t.app, who);
    expect(none.statusCode).toBe(409);
    expect(error(none).code).toBe('empty_cart');
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const cart = (await call(t.app, who, 'GET', `/api/cart/${who.id}`)).json<ApiCart>();
    await call(t.app, who, 'DELETE', `/api/cart/${who.id}/${cart.items[0]?._id ?? ''}`);
    const empty = await completeOrder(t.app, who);
    expect(empty.statusCode).toBe(409);
    expect(error(empty).code).toBe('empty_cart');
    await expectNoOrder(who, empty);
  });

  it('refuses a cart not confirmed at checkout: 409 not_confirmed', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    const response = await completeOrder(t.app, who);
    await expectRefused(who, response, 'not_confirmed', 'confirm your order at checkout');
  });

  it('refuses a sold-out item and names it: 409 sold_out', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }, { name: 'Garlic Bread' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    await t.db.query('update products set sold_out = true where id = $1', [id('Garlic Bread')]);
    const response = await completeOrder(t.app, who);
    expect(response.statusCode).toBe(409);
    expect(error(response)).toEqual({
      statusCode: 409,
      code: 'sold_out',
      message: 'Sorry, Garlic Bread is sold out. Remove it from your cart to place the order.',
    });
    await expectNoOrder(who, response);
    await t.db.query('update products set sold_out = true where id = $1', [id('Coke')]);
    const both = await completeOrder(t.app, who);
    expect(error(both).message).toBe(
      'Sorry, Coke and Garlic Bread are sold out. Remove them from your cart to place the order.',
    );
  });

  it('refuses a topping sold out since the line was added, naming it', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [comboLarge(id)]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    await t.db.query(`update toppings set sold_out = true where name = 'Pineapple'`);
    const response = await completeOrder(t.app, who);
    await expectRefused(
      who,
      response,
      'sold_out',
      'Pineapple (in Pizza & Wings Combo) is sold out',
    );
  });

  it('refuses when the store is forced closed (409 store_closed), but takes an order scheduled inside hours', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    await storeRepository(t.db).update({ openMode: 'closed' }, clock.now());
    const closed = await completeOrder(t.app, who);
    await expectRefused(who, closed, 'store_closed', 'the store is closed');

    const scheduled = await confirm(t.app, who, { scheduledTime: '11/25/2026, 12:00:00 PM' });
    expect(scheduled.statusCode).toBe(200);
    const response = await completeOrder(t.app, who);
    expect(response.statusCode, response.body).toBe(201);
    expect(placed(response).scheduleTime).toBe('2026-11-25T17:00:00.000Z');
  });

  it('refuses ordering now outside opening hours: 409 store_closed', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    clock.set('2026-11-25T08:00:00-05:00');
    const early = await completeOrder(t.app, who);
    expect(early.statusCode).toBe(409);
    expect(error(early).code).toBe('store_closed');
    await expectNoOrder(who, early);
  });

  it('checks the scheduled time again: one that has become too soon is a 400 invalid_schedule', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    const confirmed = await confirm(t.app, who, { scheduledTime: '2026-11-24T19:00:00-05:00' });
    expect(confirmed.statusCode).toBe(200);
    clock.set('2026-11-24T18:55:00-05:00');
    const response = await completeOrder(t.app, who);
    expect(response.statusCode).toBe(400);
    expect(error(response)).toMatchObject({
      code: 'invalid_schedule',
      message: SCHEDULE_MESSAGES['too-soon'],
    });
    await expectNoOrder(who, response);
  });

  it('refuses a payment option other than pickup or cash, and an over-long Idempotency-Key', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    for (const paymentOption of ['card', '', 'PICKUP']) {
      const response = await completeOrder(t.app, who, { paymentOption });
      expect(response.statusCode, paymentOption).toBe(400);
      expect(error(response).code).toBe('invalid_input');
    }
    const longKey = await completeOrder(t.app, who, { key: 'k'.repeat(201) });
    expect(longKey.statusCode).toBe(400);
    await expectNoOrder(who, longKey);
  });
});

describe('exactly one order', () => {
  it('answers the same Idempotency-Key twice with the same order and makes one row', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const first = await completeOrder(t.app, who, { key: 'order-key-1' });
    expect(first.statusCode).toBe(201);
    const again = await completeOrder(t.app, who, { key: 'order-key-1' });
    expect(again.statusCode).toBe(200);
    expect(placed(again)._id).toBe(placed(first)._id);
    expect(placed(again)).toEqual(placed(first));
    expect(await ordersOf(who.id)).toBe(1);
    expect(await count('from order_events where user_id = $1', [who.id])).toBe(1);
  });

  it('refuses a key sent again for a new cart (409), and a new key places that cart', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const first = await completeOrder(t.app, who, { key: 'order-key-2' });
    expect(first.statusCode).toBe(201);
    // A late retry while the new cart holds nothing is the same attempt: the order again.
    await fillCart(t.app, who, [{ name: 'Garlic Bread' }]);
    const emptied = await call(t.app, who, 'GET', `/api/cart/${who.id}`);
    for (const item of emptied.json<ApiCart>().items) {
      const removed = await call(t.app, who, 'DELETE', `/api/cart/${who.id}/${item._id}`);
      expect(removed.statusCode).toBe(200);
    }
    const retry = await completeOrder(t.app, who, { key: 'order-key-2' });
    expect(retry.statusCode).toBe(200);
    expect(placed(retry)._id).toBe(placed(first)._id);
    await fillCart(t.app, who, [{ name: 'Sprite' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const events = await count('from order_events where user_id = $1', [who.id]);
    const reused = await completeOrder(t.app, who, { key: 'order-key-2' });
    expect(reused.statusCode).toBe(409);
    expect(error(reused)).toMatchObject({ code: 'idempotency_key_reused' });
    expect(error(reused).message).toMatch(/already used for an earlier order/);
    // Nothing written, the new cart still waiting to be ordered.
    expect(await ordersOf(who.id)).toBe(1);
    expect(await count('from order_events where user_id = $1', [who.id])).toBe(events);
    const cart = await call(t.app, who, 'GET', `/api/cart/${who.id}`);
    expect(cart.json<ApiCart>().items.map((item) => item.productId.name)).toEqual(['Sprite']);
    // A new key places the new cart.
    const next = await completeOrder(t.app, who, { key: 'order-key-3' });
    expect(next.statusCode).toBe(201);
    expect(placed(next).items[0]?.productId.name).toBe('Sprite');
    expect(await ordersOf(who.id)).toBe(2);
  });

  it('completes a cart once: a second complete-order without a key is a 409 empty_cart', async () => {
    const who = await registerCustomer(t.app);
    await placeOrder(t.app, who);
    const second = await completeOrder(t.app, who);
    expect(second.statusCode).toBe(409);
    expect(error(second).code).toBe('empty_cart');
    expect(await ordersOf(who.id)).toBe(1);
  });

  it('ten concurrent completes of one cart make one order; the others 409, never a 5xx', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }, { name: 'Garlic Bread' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => completeOrder(t.app, who)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(error(response).code).toBe('empty_cart');
    }
    expect(await ordersOf(who.id)).toBe(1);
    expect(
      await count('from order_items oi join orders o on o.id = oi.order_id where o.user_id = $1', [
        who.id,
      ]),
    ).toBe(2);
  });

  it('ten concurrent completes with one key answer one order ten times', async () => {
    const who = await registerCustomer(t.app);
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => completeOrder(t.app, who, { key: 'double-click' })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((r) => placed(r)._id)).size).toBe(1);
    expect(await ordersOf(who.id)).toBe(1);
  });
});

describe('My Orders: GET /api/orders/{userId}', () => {
  it('lists the customer’s own orders newest first, in the spec’s shape', async () => {
    const who = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    await placeOrder(t.app, other);
    const first = await placeOrder(t.app, who, [{ name: 'Coke', quantity: 2 }]);
    clock.advance(60_000);
    const second = await placeOrder(t.app, who, [{ name: 'Garlic Bread' }], {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
    });
    const response = await call(t.app, who, 'GET', `/api/orders/${who.id}`);
    expect(response.statusCode).toBe(200);
    const list = response.json<ApiOrder[]>();
    expect(list.map((order) => order._id)).toEqual([second._id, first._id]);
    expect(second.number).toBeGreaterThan(first.number);
    for (const order of list) {
      expect(typeof order.status).toBe('string');
      expect(order.isOrderConfirmed).toBe(false);
      expect(typeof order.totalPrice).toBe('number');
      for (const item of order.items) {
        expect(item).toEqual(
          expect.objectContaining({
            _id: expect.any(String) as unknown,
            productId: expect.objectContaining({
              _id: expect.any(String) as unknown,
              name: expect.any(String) as unknown,
              image: expect.any(String) as unknown,
            }) as unknown,
            quantity: expect.any(Number) as unknown,
            totalPrice: expect.any(Number) as unknown,
          }),
        );
      }
    }
    expect(list[1]).toEqual(first);
    expect(list[0]).toMatchObject({ deliveryType: 'delivery', deliveryFee: 8 });
  });

  it('shows the store’s answer once it is given', async () => {
    const who = await registerCustomer(t.app);
    const order = await placeOrder(t.app, who);
    const accept = await call(t.app, staff, 'POST', `/api/staff/orders/${order._id}/accept`, {
      minutes: 25,
    });
    expect(accept.statusCode).toBe(200);
    const [mine] = (await call(t.app, who, 'GET', `/api/orders/${who.id}`)).json<ApiOrder[]>();
    expect(mine).toMatchObject({
      status: 'accepted',
      isOrderConfirmed: true,
      readyMinutes: 25,
      readyAt: new Date(clock.now().getTime() + 25 * 60_000).toISOString(),
    });
    const events = await t.db.query<{ type: string; payload: unknown }>(
      'select type, payload from order_events where order_id = $1 order by id',
      [order._id],
    );
    expect(events).toEqual([
      {
        type: 'order-created',
        payload: { acceptBy: inWindow(clock.now()) },
      },
      {
        type: 'order-accepted',
        payload: { time: 25, readyAt: new Date(clock.now().getTime() + 25 * 60_000).toISOString() },
      },
    ]);
  });

  it('answers 401 anonymously, 403 for another customer’s orders, [] for none', async () => {
    const who = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    expect((await call(t.app, null, 'GET', `/api/orders/${who.id}`)).statusCode).toBe(401);
    const forbidden = await call(t.app, other, 'GET', `/api/orders/${who.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(error(forbidden).code).toBe('forbidden');
    const none = await call(t.app, who, 'GET', `/api/orders/${who.id}`);
    expect(none.json()).toEqual([]);
  });

  it(`reads the list in the same number of queries however many orders (no N+1), at most ${MY_ORDERS_LIMIT}`, async () => {
    const who = await registerCustomer(t.app);
    const queriesOfList = async () => {
      const { queries, value: response } = await countQueries(t.db, () =>
        call(t.app, who, 'GET', `/api/orders/${who.id}`),
      );
      expect(response.statusCode).toBe(200);
      return { queries, orders: response.json<ApiOrder[]>().length };
    };
    await placeOrder(t.app, who);
    const one = await queriesOfList();
    for (let i = 0; i < 3; i += 1)
      await placeOrder(t.app, who, [{ name: 'Sprite' }, { name: 'Coke' }]);
    const four = await queriesOfList();
    expect(four.orders).toBe(4);
    expect(four.queries).toBe(one.queries);
  });
});

describe('the list cap', () => {
  it(`answers the latest ${MY_ORDERS_LIMIT} orders only`, async () => {
    const who = await registerCustomer(t.app);
    await t.db.query(
      `with made as (
         insert into carts (user_id, status) select $1, 'completed' from generate_series(1, 55)
         returning id)
       insert into orders (user_id, cart_id, delivery_type, payment_option, customer_name,
         contact_phone, subtotal_cents, hst_cents, tip_percent, tip_cents, delivery_fee_cents,
         total_cents, created_at)
       select $1, id, 'pickup', 'cash', 'Old Customer', '519-555-0100', 100, 13, 0, 0, 0, 113,
              $2::timestamptz - interval '1 day'
         from made`,
      [who.id, clock.now()],
    );
    const latest = await placeOrder(t.app, who);
    const list = (await call(t.app, who, 'GET', `/api/orders/${who.id}`)).json<ApiOrder[]>();
    expect(list).toHaveLength(MY_ORDERS_LIMIT);
    expect(list[0]?._id).toBe(latest._id);
  });
});

describe('text that lies about itself (bidi controls)', () => {
  const RLO = '\u202E';
  const ALL = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';

  it('takes them out of names, addresses, instructions and reasons before anyone reads them', async () => {
    const registered = await registerUser(t.app, {
      name: `Pat ${RLO}gpj.exe`,
      contacts: [
        { phone: '519-555-0100', address: `12 Main St${ALL}, Guelph ON`, isDefault: true },
      ],
    });
    expect(registered.user.name).toBe('Pat gpj.exe');
    const who = { id: registered.user._id, cookie: registered.cookie };
    const contacts = await call(t.app, who, 'GET', `/api/user/${who.id}/contacts`);
    expect(contacts.json<{ address: string }[]>().map((c) => c.address)).toEqual([
      '12 Main St, Guelph ON',
    ]);
    // Only bidi controls: nothing left of the text.
    const blank = await registerUser(t.app, { name: `${RLO}Pat` });
    expect(blank.user.name).toBe('Pat');

    const order = await placeOrder(t.app, who, [{ name: 'Coke' }], {
      instructions: `Ring ${ALL}twice`,
    });
    expect(order.instructions).toBe('Ring twice');
    const declined = await call(t.app, staff, 'POST', `/api/staff/orders/${order._id}/decline`, {
      reason: `${RLO}busy`,
    });
    expect(declined.statusCode).toBe(200);
    const rows = await t.db.query<{
      customer_name: string;
      instructions: string;
      decline_reason: string;
    }>('select customer_name, instructions, decline_reason from orders where id = $1', [order._id]);
    expect(rows).toEqual([
      { customer_name: 'Pat gpj.exe', instructions: 'Ring twice', decline_reason: 'busy' },
    ]);
    // A reason of nothing but controls is no reason.
    const other = await placeOrder(t.app, who);
    const empty = await call(t.app, staff, 'POST', `/api/staff/orders/${other._id}/decline`, {
      reason: ALL,
    });
    expect(empty.statusCode).toBe(400);
  });
});
