/**
 * What one order costs the database, request by request: every statement the app sends,
 * `begin` and `commit` included, each one a round trip. On the Postgres server an order's CPU
 * time goes mostly to these round trips (docs/performance.md, "Round trips per order"), so a
 * change that adds one to the order path fails here and has to say why.
 *
 * The background readers (the event hub's log reads, the acceptance sweeper) are counted apart:
 * they run on their own timers and notifies, not inside a request.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCompleteOrderAnswer, ApiOrder, ApiStaffOrder } from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { loadStaffOrders } from '../../src/server/orders/present-order';
import type { Database, Queryable } from '../../src/server/data/db';
import {
  createTestDatabase,
  productIdsByName,
  testConfig,
  type TestDatabase,
} from '../support/test-app';
import { accountOf, placeOrder } from '../support/orders';
import { registerUser } from '../support/users';

// A Tuesday evening: the store is open (11:00-23:00 in Toronto).
const clock = fixedClock('2026-11-24T18:00:00-05:00');

/** Statements the app's own timers and notifies send, outside any request. */
const BACKGROUND = /from order_events where|\/\* acceptance sweep \*\//;

let database: TestDatabase;
let app: FastifyInstance;
let sent: string[] = [];
const background: string[] = [];
/** Rows the event hub's reads of the log returned (since the count was last reset). */
let eventsRead = 0;
/** Rows the event hub's reads of the log returned, all told. */
let eventsReadInAll = 0;

const note = (sql: string) => {
  const text = sql.replace(/\s+/g, ' ').trim();
  (BACKGROUND.test(text) ? background : sent).push(text);
};

/** The test database, noting every statement (and each transaction's begin and commit). */
function noting(db: Database): Database {
  const tx = (inner: Queryable): Queryable => ({
    query: (sql, params) => {
      note(sql);
      return inner.query(sql, params);
    },
  });
  return {
    kind: db.kind,
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      note(sql);
      const rows = await db.query<Row>(sql, params);
      if (sql.includes('from order_events where')) {
        eventsRead += rows.length;
        eventsReadInAll += rows.length;
      }
      return rows;
    },
    exec: (sql) => db.exec(sql),
    transaction: async (work) => {
      note('begin');
      const result = await db.transaction((inner) => work(tx(inner)));
      note('commit');
      return result;
    },
    listen: (...args) => db.listen(...args),
    close: () => db.close(),
  };
}

/** The statements one request sent, and its answer. */
async function counted(
  request: InjectOptions,
): Promise<{ statements: string[]; status: number; body: string }> {
  sent = [];
  const response = await app.inject(request);
  const statements = sent;
  sent = [];
  return { statements, status: response.statusCode, body: response.body };
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The sweeper's interval tick is longer than this file runs (and shorter than the 5-minute
  // acceptance window), so a read it counts comes from an order, never from the timer landing
  // inside a slow test.
  app = await buildApp(testConfig({ orders: { acceptSweepMs: 120_000 } }), {
    db: noting(database.db),
    clock,
  });
  await app.ready();
  // The catalogue snapshot fills on first use; an order's requests then find it filled.
  await app.inject({ method: 'GET', url: '/api/store/status' });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('round trips per order', () => {
  it('an order, from its first line to the store accepting it, takes the round trips it needs', async () => {
    const id = await productIdsByName(app);
    const customer = await registerUser(app);
    const staff = await registerUser(app);
    await database.db.query(`update users set role = 'staff' where id = $1`, [staff.user._id]);
    const as = (who: { cookie: string }) => ({ cookie: who.cookie });

    const firstLine = await counted({
      method: 'POST',
      url: '/api/cart',
      headers: as(customer),
      payload: {
        userId: customer.user._id,
        productId: id('Wings'),
        quantity: 1,
        size: '20 pcs',
        wingsFlavor: 'Hot',
      },
    });
    const secondLine = await counted({
      method: 'POST',
      url: '/api/cart',
      headers: as(customer),
      payload: { userId: customer.user._id, name: 'Coke', quantity: 2 },
    });
    const confirm = await counted({
      method: 'POST',
      url: '/api/cart/confirm',
      headers: as(customer),
      payload: {
        userId: customer.user._id,
        deliveryType: 'pickup',
        contactInfo: { phone: '519-555-0199', address: '' },
        scheduledTime: null,
        instructions: '',
      },
    });
    const complete = await counted({
      method: 'POST',
      url: '/api/orders/complete-order',
      headers: as(customer),
      payload: { userId: customer.user._id, paymentIntentId: null, paymentOption: 'cash' },
    });
    expect(complete.status, complete.body).toBe(201);
    const orderId = (JSON.parse(complete.body) as ApiCompleteOrderAnswer).order._id;
    const accept = await counted({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/accept`,
      headers: as(staff),
      payload: { minutes: 20 },
    });
    // The answers built from the writes' own results are the order as a later read shows it.
    const [mine] = (
      await app.inject({
        method: 'GET',
        url: `/api/orders/${customer.user._id}`,
        headers: as(customer),
      })
    ).json<ApiOrder[]>();
    expect((JSON.parse(complete.body) as ApiCompleteOrderAnswer).order).toEqual({
      ...mine,
      status: 'pending',
      isOrderConfirmed: false,
      readyMinutes: null,
      readyAt: null,
    });
    const board = (
      await app.inject({ method: 'GET', url: '/api/staff/orders', headers: as(staff) })
    ).json<ApiStaffOrder[]>();
    expect(JSON.parse(accept.body)).toEqual(board.find((order) => order._id === orderId));
    for (const step of [firstLine, secondLine, confirm, complete, accept]) {
      expect(step.status, step.body).toBeLessThan(300);
    }
    // The session's lookup, `begin`, the work, `commit`. The cart is made, or found, locked
    // and marked changed by one upsert; a new one has no lines to read.
    expect(firstLine.statements, firstLine.statements.join('\n')).toHaveLength(5);
    expect(secondLine.statements, secondLine.statements.join('\n')).toHaveLength(6);
    // The session's lookup; then one statement, no transaction: the cart written (and so
    // locked) only when it has lines, answering them. The hours and fee come from the snapshot.
    expect(confirm.statements, confirm.statements.join('\n')).toHaveLength(2);
    // The cart and its checkout in one read, its lines, the settings, the products, the
    // sold-out options (this order's wings chose a flavour, which may have sold out since; a
    // line with no topping, drink or flavour skips that read); then the order, its lines, its
    // first step and the cart completed in one statement that answers them; the event last.
    expect(complete.statements, complete.statements.join('\n')).toHaveLength(10);
    // The order locked; changed with its step in one statement (the update answers the order);
    // its lines and steps in one read for the board's answer; the event last.
    expect(accept.statements, accept.statements.join('\n')).toHaveLength(7);

    // The staff stream presents the orders its waiting events name in one statement, as the
    // board shows them: one accepted, one declined with its reason, each step with who.
    const declinedId = (await placeOrder(app, accountOf(customer)))._id;
    const decline = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${declinedId}/decline`,
      headers: as(staff),
      payload: { reason: 'out of wings' },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    const later = (
      await app.inject({ method: 'GET', url: '/api/staff/orders', headers: as(staff) })
    ).json<ApiStaffOrder[]>();
    sent = [];
    const presented = await loadStaffOrders(noting(database.db), [orderId, declinedId]);
    expect(sent, sent.join('\n')).toHaveLength(1);
    expect(presented.get(orderId)).toEqual(later.find((order) => order._id === orderId));
    expect(presented.get(declinedId)).toEqual(later.find((order) => order._id === declinedId));
    expect(presented.get(declinedId)?.steps).toEqual([
      {
        status: 'pending',
        at: clock.now().toISOString(),
        by: { _id: customer.user._id, name: customer.user.name },
      },
      {
        status: 'declined',
        at: clock.now().toISOString(),
        by: { _id: staff.user._id, name: staff.user.name },
        reason: 'out of wings',
      },
    ]);
  });

  it('a new order leaves the acceptance sweeper nothing to read when its window ends after the next tick', async () => {
    // The hub reads the log after each NOTIFY, in its own time: on a busy machine the last
    // test's acceptance could still be unread and arrive in the same read as this order's.
    // So the count starts once every row of the log has been read.
    const logRows = async () =>
      Number(
        (await database.db.query<{ n: string }>('select count(*) as n from order_events'))[0]?.n,
      );
    const caughtUp = Date.now() + 5_000;
    while (eventsReadInAll < (await logRows()) && Date.now() < caughtUp) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(eventsReadInAll).toBe(await logRows());
    eventsRead = 0;
    const before = background.filter((sql) => sql.includes('acceptance sweep')).length;
    await placeOrder(app, accountOf(await registerUser(app)));
    // The event hub read the new order's event; its dispatch (and any sweeper read it starts)
    // follows within the same turn of the event loop.
    const deadline = Date.now() + 5_000;
    while (eventsRead === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(eventsRead).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(background.filter((sql) => sql.includes('acceptance sweep')).length).toBe(before);
  });
});
