/**
 * The loop the business exists for, end to end over the API on both databases: cart → checkout
 * (delivery) → tip → complete-order → the staff stream hears it → staff accepts → the
 * customer's stream hears it; the decline path; a customer who was away when the answer came;
 * and, on the Postgres server, two server processes acting as one.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cartTotals,
  priceSelection,
  toDollars,
  type ApiOrder,
  type ApiStaffOrderEvent,
} from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { openDatabase } from '../../src/server/data/db';
import { productsRepository } from '../../src/server/repositories/products';
import { openSse, type SseConnection, type SseFrame } from '../support/sse';
import {
  listenOnLoopback,
  productIdsByName,
  TEST_DATABASE_URL,
  testConfig,
  testDbKind,
  type TestApp,
} from '../support/test-app';
import { storeTest } from '../support/store-test';
import { call, placeOrder, registerCustomer, registerStaff, type Account } from '../support/orders';

// A Tuesday evening: the store is open (11:00-23:00 in Toronto).
const clock = fixedClock('2026-11-24T18:00:00-05:00');
/** The ready time an accept with `minutes` promises, on the fixed clock. */
const readyIn = (minutes: number) =>
  new Date(clock.now().getTime() + minutes * 60_000).toISOString();
const WINGS_SIZE = '20 pcs';
const ADDRESS = '55 Wyndham St N, Guelph, ON N1H 7T8';

let base: string;
let id: (name: string) => string;
let staff: Account;

/** A customer's order of wings and a drink, placed for delivery with a 15 % tip. */
function placeWingsAndCokes(app: FastifyInstance, customer: Account): Promise<ApiOrder> {
  return placeOrder(
    app,
    customer,
    [
      { productId: id('Wings'), quantity: 2, size: WINGS_SIZE, wingsFlavor: 'Hot' },
      { name: 'Coke', quantity: 3 },
    ],
    {
      deliveryType: 'delivery',
      contactInfo: { phone: '519-555-0199', address: ADDRESS },
      instructions: 'Side door, please',
    },
    { paymentOption: 'cash', tipPercent: 15 },
  );
}

const staffStream = (url: string, who: Account, lastEventId?: string) =>
  openSse(`${url}/api/staff/orders/stream`, { cookie: who.cookie, lastEventId });
const customerStream = (url: string, who: Account, lastEventId?: string) =>
  openSse(`${url}/api/orders/sse?userId=${who.id}`, { cookie: who.cookie, lastEventId });

interface Heard {
  frame: SseFrame;
  data: unknown;
}

/**
 * Reads a stream's events in order until one matches (those read on the way are added to
 * `seen`), failing after `timeoutMs`.
 */
async function until(
  stream: SseConnection,
  match: (heard: Heard) => boolean,
  seen: Heard[] = [],
  timeoutMs = 5_000,
): Promise<Heard> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = await stream.nextEvent(Math.max(1, deadline - Date.now()));
    const heard = { frame, data: frame.data ? (JSON.parse(frame.data) as unknown) : null };
    seen.push(heard);
    if (match(heard)) return heard;
  }
}

const ready = async (stream: SseConnection) =>
  (await until(stream, ({ frame }) => frame.event === 'ready')).frame;
const typeOf = (data: unknown) => (data as { type?: string } | null)?.type;
const orderIdOf = (data: unknown) => (data as ApiStaffOrderEvent | null)?.order._id;

/** The staff accept `order` through `app` for 25 minutes; the customer's `phone` hears it. */
async function acceptForTwentyFive(
  app: FastifyInstance,
  order: ApiOrder,
  phone: SseConnection,
): Promise<void> {
  const accepted = await call(app, staff, 'POST', `/api/staff/orders/${order._id}/accept`, {
    minutes: 25,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const heard = await until(phone, ({ data }) => typeOf(data) === 'order-accepted');
  expect(heard.data).toEqual({
    type: 'order-accepted',
    orderId: order._id,
    time: 25,
    readyAt: readyIn(25),
  });
}

const t = storeTest({ clock });
beforeAll(async () => {
  base = await listenOnLoopback(t.app);
  id = await productIdsByName(t.app);
  staff = await registerStaff(t.app, t.db);
});

describe('the order loop', () => {
  it('places a delivery order the engine prices, the board hears it, the customer hears the answer', async () => {
    const customer = await registerCustomer(t.app);
    const board = await staffStream(base, staff);
    const phone = await customerStream(base, customer);
    try {
      expect(board.status).toBe(200);
      expect(phone.status).toBe(200);
      await ready(board);
      await ready(phone);

      const order = await placeWingsAndCokes(t.app, customer);

      // The bill is the engine's, from today's products and the store's delivery fee.
      const products = await productsRepository(t.db).getMany([id('Wings'), id('Coke')]);
      const wings = products.get(id('Wings'));
      const coke = products.get(id('Coke'));
      if (!wings || !coke) throw new Error('seeded products missing');
      const plain = { sides: [], drinks: [], toppings: [] };
      const lines = [
        priceSelection(wings, { ...plain, size: WINGS_SIZE, wingsFlavor: 'Hot' }, 2).line,
        priceSelection(coke, plain, 3).line,
      ];
      const totals = cartTotals({
        lineTotals: lines,
        tipPercent: 15,
        delivery: true,
        deliveryFee: 800,
      });
      expect(order).toMatchObject({
        status: 'pending',
        isOrderConfirmed: false,
        deliveryType: 'delivery',
        paymentOption: 'cash',
        subtotal: toDollars(totals.subtotal),
        hst: toDollars(totals.hst),
        tip: toDollars(totals.tip),
        deliveryFee: 8,
        totalPrice: toDollars(totals.total),
        contactInfo: { phone: '519-555-0199', address: ADDRESS },
        instructions: 'Side door, please',
      });
      expect(typeof order.totalPrice).toBe('number');

      const created = await until(board, ({ data }) => orderIdOf(data) === order._id);
      expect(created.frame.id).toMatch(/^\d+$/);
      expect(created.data).toMatchObject({ type: 'order-created', order: { _id: order._id } });

      await acceptForTwentyFive(t.app, order, phone);

      const mine = (await call(t.app, customer, 'GET', `/api/orders/${customer.id}`)).json<
        ApiOrder[]
      >();
      expect(mine[0]).toMatchObject({ _id: order._id, status: 'accepted', isOrderConfirmed: true });
    } finally {
      board.close();
      phone.close();
    }
  });

  it('tells the customer the reason when the store declines', async () => {
    const customer = await registerCustomer(t.app);
    const phone = await customerStream(base, customer);
    try {
      await ready(phone);
      const order = await placeWingsAndCokes(t.app, customer);
      const declined = await call(t.app, staff, 'POST', `/api/staff/orders/${order._id}/decline`, {
        reason: 'out of chicken wings',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const heard = await until(phone, ({ data }) => typeOf(data) === 'order-declined');
      expect(heard.data).toEqual({
        type: 'order-declined',
        orderId: order._id,
        reason: 'out of chicken wings',
      });
    } finally {
      phone.close();
    }
  });

  it('replays the answer to a customer who was away when it came (Last-Event-ID)', async () => {
    const customer = await registerCustomer(t.app);
    const first = await customerStream(base, customer);
    const position = (await ready(first)).id;
    expect(position).toMatch(/^\d+$/);
    first.close();

    const order = await placeWingsAndCokes(t.app, customer);
    await call(t.app, staff, 'POST', `/api/staff/orders/${order._id}/accept`, { minutes: 40 });

    const back = await customerStream(base, customer, position);
    const replayed: Heard[] = [];
    try {
      const heard = await until(back, ({ data }) => typeOf(data) === 'order-accepted', replayed);
      expect(heard.data).toEqual({
        type: 'order-accepted',
        orderId: order._id,
        time: 40,
        readyAt: readyIn(40),
      });
      // Replayed in order: the order's creation came first.
      const types = replayed.map(({ data }) => typeOf(data));
      expect(types).toEqual(['order-created', 'order-accepted']);
    } finally {
      back.close();
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('two server processes on one database', () => {
  it('a customer streaming from one hears the answer given on the other', async () => {
    const config = testConfig();
    // The second process: its own pool and listener on the same schema.
    const otherDb = await openDatabase({ ...(await sameDatabaseAs(t)), applicationName: 'loop-b' });
    const other = await buildApp(config, { db: otherDb, clock });
    await other.ready();
    const otherBase = await listenOnLoopback(other);
    try {
      const customer = await registerCustomer(t.app);
      const phone = await customerStream(base, customer);
      const board = await staffStream(otherBase, staff);
      try {
        await ready(phone);
        await ready(board);
        const order = await placeWingsAndCokes(t.app, customer);
        await until(board, ({ data }) => orderIdOf(data) === order._id);
        await acceptForTwentyFive(other, order, phone);
      } finally {
        phone.close();
        board.close();
      }
    } finally {
      await other.close();
      await otherDb.close();
    }
  });
});

/** The database config of a test app on Postgres (its own schema), for a second process. */
async function sameDatabaseAs(app: Pick<TestApp, 'db'>) {
  const rows = await app.db.query<{ schema: string }>('select current_schema() as schema');
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no schema');
  return {
    kind: 'postgres' as const,
    url: TEST_DATABASE_URL,
    schema,
  };
}
