/**
 * The store's side of an order's life (issue 9), on both databases: the steps with who and
 * when, cancelling after acceptance, accepting a scheduled order without minutes, the
 * acceptance window's automatic decline (exactly once, across a restart, with two processes on
 * one Postgres, never after an answer), pausing new orders, and the store's profile.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_DECLINE_REASON,
  DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
  DEFAULT_PREP_MINUTES,
  MAX_DECLINE_REASON_LENGTH,
  type ApiErrorBody,
  type ApiOrder,
  type ApiOrderStep,
  type ApiStaffOrder,
  type ApiStaffStore,
  type ApiStoreInfo,
} from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { openDatabase, type Database } from '../../src/server/data/db';
import { createAcceptanceSweeper } from '../../src/server/orders/acceptance-sweeper';
import { ACCEPT_SWEEP_MARK } from '../../src/server/repositories/orders';
import { storeRepository } from '../../src/server/repositories/store';
import { resetStore } from '../support/store';
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
import { openSse } from '../support/sse';
import {
  createTestApp,
  listenOnLoopback,
  createTestDatabase,
  TEST_DATABASE_URL,
  testConfig,
  testDbKind,
  type TestApp,
} from '../support/test-app';
import { storeTest } from '../support/store-test';
import { countQueries } from '../support/queries';
import { registerUser } from '../support/users';
import { queuedMailsAbout } from '../support/mails';

const MINUTE = 60_000;
const clock = fixedClock(OPEN_TUESDAY);
let staffName: string;
let customerName: string;

const t = storeTest({ clock, accounts: { staff: 'staff', customer: 'customer' } });
const { staff, customer } = t.accounts;
beforeAll(async () => {
  const names = await t.db.query<{ id: string; name: string }>(
    'select id, name from users where id = any($1::uuid[])',
    [[staff.id, customer.id]],
  );
  staffName = names.find((row) => row.id === staff.id)?.name ?? '';
  customerName = names.find((row) => row.id === customer.id)?.name ?? '';
});
afterEach(async () => {
  clock.set(OPEN_TUESDAY);
  await resetStore(t.db, clock.now());
});

/**
 * `run` against an app of its own on the loopback (its streams carry no other test's events),
 * with a customer and a staff member; the app is closed after.
 */
async function withOwnApp(
  run: (own: { other: TestApp; base: string; who: Account; boss: Account }) => Promise<void>,
): Promise<void> {
  const other = await createTestApp({ clock });
  try {
    const base = await listenOnLoopback(other.app);
    const who = await registerCustomer(other.app);
    const boss = await registerStaff(other.app, other.db);
    await run({ other, base, who, boss });
  } finally {
    await other.close();
  }
}

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;
const accept = (orderId: string, body: object = { minutes: 20 }, app: FastifyInstance = t.app) =>
  call(app, staff, 'POST', `/api/staff/orders/${orderId}/accept`, body);
const advance = (orderId: string, body: object) =>
  call(t.app, staff, 'POST', `/api/staff/orders/${orderId}/status`, body);
const putStore = (body: object) => call(t.app, staff, 'PUT', '/api/staff/store', body);

/** The order as the staff board lists it. */
async function boardOrder(orderId: string): Promise<ApiStaffOrder> {
  const list = await call(t.app, staff, 'GET', '/api/staff/orders');
  expect(list.statusCode, list.body).toBe(200);
  const found = list.json<ApiStaffOrder[]>().find((order) => order._id === orderId);
  if (!found) throw new Error(`order ${orderId} is not on the board`);
  return found;
}

async function eventsOf(db: Database, orderId: string) {
  return db.query<{ type: string; payload: Record<string, unknown> }>(
    'select type, payload from order_events where order_id = $1 order by id',
    [orderId],
  );
}

async function stepsOf(db: Database, orderId: string) {
  return db.query<{ status: string; by_user_id: string | null; reason: string | null }>(
    'select status, by_user_id, reason from order_steps where order_id = $1 order by id',
    [orderId],
  );
}

describe('steps: who did what, and when', () => {
  it('lists placed, accepted, ready and completed oldest first, with the staff member and minutes', async () => {
    const order = await placeOrder(t.app, customer);
    const placed = await boardOrder(order._id);
    expect(placed.steps).toEqual([
      {
        status: 'pending',
        at: new Date(OPEN_TUESDAY).toISOString(),
        by: { _id: customer.id, name: customerName },
      },
    ]);
    clock.advance(2 * MINUTE);
    const accepted = await accept(order._id, { minutes: 25 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    clock.advance(20 * MINUTE);
    expect((await advance(order._id, { status: 'ready' })).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    const done = await advance(order._id, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    const start = new Date(OPEN_TUESDAY).getTime();
    const by = { _id: staff.id, name: staffName };
    const expected: ApiOrderStep[] = [
      {
        status: 'pending',
        at: new Date(start).toISOString(),
        by: { _id: customer.id, name: customerName },
      },
      { status: 'accepted', at: new Date(start + 2 * MINUTE).toISOString(), by, minutes: 25 },
      { status: 'ready', at: new Date(start + 22 * MINUTE).toISOString(), by },
      { status: 'completed', at: new Date(start + 32 * MINUTE).toISOString(), by },
    ];
    expect(done.json<ApiStaffOrder>().steps).toEqual(expected);
    expect((await boardOrder(order._id)).steps).toEqual(expected);
  });

  it('records a decline with its reason and who declined', async () => {
    const order = await placeOrder(t.app, customer);
    const declined = await call(t.app, staff, 'POST', `/api/staff/orders/${order._id}/decline`, {
      reason: 'out of dough',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<ApiStaffOrder>().steps.at(-1)).toEqual({
      status: 'declined',
      at: new Date(OPEN_TUESDAY).toISOString(),
      by: { _id: staff.id, name: staffName },
      reason: 'out of dough',
    });
  });

  it('acceptBy is placed + the window in force then while pending, null once answered', async () => {
    expect((await putStore({ acceptWindowMinutes: 3 })).statusCode).toBe(200);
    const order = await placeOrder(t.app, customer);
    // A later change of the window moves no deadline already given.
    expect((await putStore({ acceptanceWindowMinutes: 9 })).statusCode).toBe(200);
    const pending = await boardOrder(order._id);
    expect(pending.acceptBy).toBe(
      new Date(new Date(OPEN_TUESDAY).getTime() + 3 * MINUTE).toISOString(),
    );
    expect((await accept(order._id)).json<ApiStaffOrder>().acceptBy).toBeNull();
  });

  it('keeps the steps when the event log is pruned', async () => {
    const order = await placeOrder(t.app, customer);
    expect((await accept(order._id)).statusCode).toBe(200);
    await t.db.query('delete from order_events where order_id = $1', [order._id]);
    expect((await boardOrder(order._id)).steps.map((step) => step.status)).toEqual([
      'pending',
      'accepted',
    ]);
  });

  it('reads the board in the same number of queries however many orders and steps (no N+1)', async () => {
    const queriesOfBoard = async () => {
      const { queries, value: response } = await countQueries(t.db, () =>
        call(t.app, staff, 'GET', '/api/staff/orders'),
      );
      expect(response.statusCode).toBe(200);
      return { queries, orders: response.json<ApiStaffOrder[]>().length };
    };
    await placeOrder(t.app, customer);
    const before = await queriesOfBoard();
    for (let i = 0; i < 3; i += 1) {
      const order = await placeOrder(t.app, customer);
      expect((await accept(order._id)).statusCode).toBe(200);
      expect((await advance(order._id, { status: 'ready' })).statusCode).toBe(200);
    }
    const after = await queriesOfBoard();
    expect(after.orders).toBe(before.orders + 3);
    expect(after.queries).toBe(before.queries);
  });
});

describe('cancel: POST /api/staff/orders/{id}/status {status: cancelled, reason}', () => {
  it('cancels an accepted order with the reason: cancelReason, the step and order-status {status, reason}', async () => {
    const order = await placeOrder(t.app, customer);
    expect((await accept(order._id)).statusCode).toBe(200);
    const cancelled = await advance(order._id, {
      status: 'cancelled',
      reason: '  the oven broke down  ',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json<ApiStaffOrder>();
    expect(body).toMatchObject({ status: 'cancelled', cancelReason: 'the oven broke down' });
    expect(body.steps.at(-1)).toEqual({
      status: 'cancelled',
      at: new Date(OPEN_TUESDAY).toISOString(),
      by: { _id: staff.id, name: staffName },
      reason: 'the oven broke down',
    });
    expect((await eventsOf(t.db, order._id)).at(-1)).toEqual({
      type: 'order-status',
      payload: { status: 'cancelled', reason: 'the oven broke down' },
    });
    const mine = await call(t.app, customer, 'GET', `/api/orders/${customer.id}`);
    expect(mine.json<ApiOrder[]>().find((o) => o._id === order._id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'the oven broke down',
    });
  });

  it('cancels a ready pickup and a delivery on its way', async () => {
    const pickup = await placeOrder(t.app, customer);
    expect((await accept(pickup._id)).statusCode).toBe(200);
    expect((await advance(pickup._id, { status: 'ready' })).statusCode).toBe(200);
    expect(
      (await advance(pickup._id, { status: 'cancelled', reason: 'not collected' })).statusCode,
    ).toBe(200);
    const delivery = await placeOrder(t.app, customer, [{ name: 'Coke' }], {
      deliveryType: 'delivery',
      contactInfo: { phone: '519-555-0100', address: '12 Main St, Guelph ON' },
    });
    expect((await accept(delivery._id)).statusCode).toBe(200);
    expect((await advance(delivery._id, { status: 'out-for-delivery' })).statusCode).toBe(200);
    expect(
      (await advance(delivery._id, { status: 'cancelled', reason: 'car broke down' })).statusCode,
    ).toBe(200);
  });

  it('refuses a cancel without a usable reason with 400, changing nothing', async () => {
    const order = await placeOrder(t.app, customer);
    expect((await accept(order._id)).statusCode).toBe(200);
    const bad: object[] = [
      { status: 'cancelled' },
      { status: 'cancelled', reason: '' },
      { status: 'cancelled', reason: '   ' },
      { status: 'cancelled', reason: null },
      { status: 'cancelled', reason: 42 },
      { status: 'cancelled', reason: 'x'.repeat(MAX_DECLINE_REASON_LENGTH + 1) },
      { status: 'cancelled', reason: 'bad\u0000text' },
    ];
    for (const body of bad) {
      const response = await advance(order._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).code).toBe('invalid_input');
      expect(error(response).message).toMatch(/^Please .+\.$/);
    }
    expect(error(await advance(order._id, { status: 'cancelled' })).message).toBe(
      'Please give a reason for cancelling the order.',
    );
    expect((await boardOrder(order._id)).status).toBe('accepted');
    expect((await eventsOf(t.db, order._id)).map((e) => e.type)).toEqual([
      'order-created',
      'order-accepted',
    ]);
  });

  it('refuses steps the table does not allow with 409 invalid_transition', async () => {
    const pending = await placeOrder(t.app, customer);
    const early = await advance(pending._id, { status: 'cancelled', reason: 'busy' });
    expect(early.statusCode).toBe(409);
    expect(error(early)).toMatchObject({
      code: 'invalid_transition',
      message: `Order #${pending.number} is still waiting for an answer, so it cannot be cancelled.`,
    });
    expect((await accept(pending._id)).statusCode).toBe(200);
    expect((await advance(pending._id, { status: 'cancelled', reason: 'busy' })).statusCode).toBe(
      200,
    );
    for (const body of [
      { status: 'cancelled', reason: 'again' },
      { status: 'ready' },
      { status: 'completed' },
    ]) {
      const response = await advance(pending._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(error(response).code).toBe('invalid_transition');
    }
    const done = await placeOrder(t.app, customer);
    expect((await accept(done._id)).statusCode).toBe(200);
    expect((await advance(done._id, { status: 'ready' })).statusCode).toBe(200);
    expect((await advance(done._id, { status: 'completed' })).statusCode).toBe(200);
    const late = await advance(done._id, { status: 'cancelled', reason: 'too late' });
    expect(late.statusCode).toBe(409);
    expect(error(late).message).toBe(
      `Order #${done.number} is already “Completed”, so it cannot be cancelled.`,
    );
  });

  it('reaches the customer’s stream with its reason, and the staff stream as order-updated', async () => {
    await withOwnApp(async ({ other, base, who, boss }) => {
      const order = await placeOrder(other.app, who);
      const board = await openSse(`${base}/api/staff/orders/stream`, { cookie: boss.cookie });
      const phone = await openSse(`${base}/api/orders/sse?userId=${who.id}`, {
        cookie: who.cookie,
        lastEventId: '0',
      });
      try {
        const answer = (path: string, body: object) =>
          call(other.app, boss, 'POST', `/api/staff/orders/${order._id}/${path}`, body);
        expect((await answer('accept', { minutes: 30 })).statusCode).toBe(200);
        expect(
          (await answer('status', { status: 'cancelled', reason: 'no driver' })).statusCode,
        ).toBe(200);
        const heard: unknown[] = [];
        for (;;) {
          const frame = await phone.nextEvent(5_000);
          if (!frame.data || frame.event === 'ready') continue;
          heard.push(JSON.parse(frame.data));
          if (heard.length === 3) break;
        }
        expect(heard).toEqual([
          { type: 'order-created', orderId: order._id },
          {
            type: 'order-accepted',
            orderId: order._id,
            time: 30,
            readyAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
          },
          { type: 'order-status', orderId: order._id, status: 'cancelled', reason: 'no driver' },
        ]);
        for (;;) {
          const frame = await board.nextEvent(5_000);
          const data = frame.data
            ? (JSON.parse(frame.data) as { type?: string; order?: ApiStaffOrder })
            : null;
          if (data?.type === 'order-updated' && data.order?.status === 'cancelled') {
            expect(data.order.cancelReason).toBe('no driver');
            break;
          }
        }
      } finally {
        phone.close();
        board.close();
      }
    });
  });
});

describe('a missed order', () => {
  it('is "missed" to the staff (declined on the wire), its banner dismissed once, live on the staff stream only', async () => {
    await withOwnApp(async ({ other, base, who, boss }) => {
      const second = await registerStaff(other.app, other.db);
      const [bossRow] = await other.db.query<{ name: string }>(
        'select name from users where id = $1',
        [boss.id],
      );
      const dismiss = (orderId: string, by: Account = boss) =>
        call(other.app, by, 'POST', `/api/staff/orders/${orderId}/dismiss-missed`, {});
      const listed = async (orderId: string) => {
        const list = await call(other.app, boss, 'GET', '/api/staff/orders?status=declined');
        const found = list.json<ApiStaffOrder[]>().find((order) => order._id === orderId);
        if (!found) throw new Error(`order ${orderId} is not on the board`);
        return found;
      };

      const missed = await placeOrder(other.app, who);
      const refused = await placeOrder(other.app, who);
      expect(
        (
          await call(other.app, boss, 'POST', `/api/staff/orders/${refused._id}/decline`, {
            reason: 'busy',
          })
        ).statusCode,
      ).toBe(200);
      const due = new Date(OPEN_TUESDAY).getTime() + DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE;
      clock.set(new Date(due));
      expect(
        await createAcceptanceSweeper({ db: other.db, clock, intervalMs: 60_000 }).sweep(),
      ).toBe(1);

      expect(await listed(missed._id)).toMatchObject({
        status: 'declined',
        missed: true,
        missedDismissal: null,
      });
      expect(await listed(refused._id)).toMatchObject({ missed: false, missedDismissal: null });
      // The customer's own view keeps the spec's shape: declined, nothing staff-only.
      const mine = (await call(other.app, who, 'GET', `/api/orders/${who.id}`)).json<ApiOrder[]>();
      const theirs = mine.find((order) => order._id === missed._id);
      expect(theirs?.status).toBe('declined');
      expect(theirs).not.toHaveProperty('missed');

      // Only a missed order has a banner to dismiss.
      const notMissed = await dismiss(refused._id);
      expect(notMissed.statusCode).toBe(409);
      expect(error(notMissed)).toMatchObject({
        code: 'invalid_transition',
        message: `Order #${refused.number} was not missed, so there is nothing to dismiss.`,
      });
      const waiting = await placeOrder(other.app, who);
      expect((await dismiss(waiting._id)).statusCode).toBe(409);
      expect((await dismiss('not-an-id')).statusCode).toBe(400);
      expect((await dismiss('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

      const board = await openSse(`${base}/api/staff/orders/stream`, { cookie: boss.cookie });
      try {
        await board.nextEvent(5_000);
        clock.set(new Date(due + MINUTE));
        const first = await dismiss(missed._id);
        expect(first.statusCode, first.body).toBe(200);
        const dismissal = {
          at: new Date(due + MINUTE).toISOString(),
          by: { _id: boss.id, name: bossRow?.name },
        };
        expect(first.json<ApiStaffOrder>()).toMatchObject({
          missed: true,
          missedDismissal: dismissal,
        });
        for (;;) {
          const frame = await board.nextEvent(5_000);
          const data = frame.data
            ? (JSON.parse(frame.data) as { type?: string; order?: ApiStaffOrder })
            : null;
          if (data?.type === 'order-updated' && data.order?._id === missed._id) {
            expect(data.order.missedDismissal).toEqual(dismissal);
            break;
          }
        }
      } finally {
        board.close();
      }
      // Another tablet a moment later: the first dismissal stands, nothing more is recorded.
      clock.set(new Date(due + 2 * MINUTE));
      const again = await dismiss(missed._id, second);
      expect(again.statusCode).toBe(200);
      expect(again.json<ApiStaffOrder>().missedDismissal?.by?._id).toBe(boss.id);
      expect((await listed(missed._id)).missedDismissal?.at).toBe(
        new Date(due + MINUTE).toISOString(),
      );
      expect((await eventsOf(other.db, missed._id)).map((e) => e.type)).toEqual([
        'order-created',
        'order-declined',
        'order-missed-dismissed',
      ]);

      // The customer's stream replays their orders' events and never the staff's dismissal.
      const phone = await openSse(`${base}/api/orders/sse?userId=${who.id}`, {
        cookie: who.cookie,
        lastEventId: '0',
      });
      try {
        const heard: unknown[] = [];
        for (;;) {
          const frame = await phone.nextEvent(5_000);
          if (frame.event === 'ready') break;
          if (frame.data) heard.push(JSON.parse(frame.data));
        }
        expect(heard).toEqual([
          { type: 'order-created', orderId: missed._id },
          { type: 'order-created', orderId: refused._id },
          { type: 'order-declined', orderId: refused._id, reason: 'busy' },
          { type: 'order-declined', orderId: missed._id, reason: AUTO_DECLINE_REASON },
          { type: 'order-created', orderId: waiting._id },
        ]);
      } finally {
        phone.close();
      }
    });
  });
});

describe('accepting a scheduled order', () => {
  const SCHEDULED = '2026-11-24T19:30:00-05:00';

  async function placeScheduled(): Promise<ApiOrder> {
    return placeOrder(t.app, customer, [{ name: 'Coke' }], { scheduledTime: SCHEDULED });
  }

  it('takes no minutes: ready at the scheduled time, started the default prep time before, the event’s time in whole minutes until then', async () => {
    const order = await placeScheduled();
    const other = await placeScheduled();
    clock.advance(30_000);
    for (const [placed, body] of [
      [order, {}],
      [other, { minutes: null }],
    ] as const) {
      const answered = await accept(placed._id, body);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json<ApiStaffOrder>()).toMatchObject({
        status: 'accepted',
        readyAt: new Date(SCHEDULED).toISOString(),
        readyMinutes: DEFAULT_PREP_MINUTES,
      });
      expect((await eventsOf(t.db, placed._id)).at(-1)).toEqual({
        type: 'order-accepted',
        payload: { time: 90, readyAt: new Date(SCHEDULED).toISOString() },
      });
    }
  });

  it('takes minutes as the kitchen’s prep time: still ready at the scheduled time, for the customer too', async () => {
    const order = await placeScheduled();
    const answered = await accept(order._id, { minutes: 15 });
    expect(answered.json<ApiStaffOrder>()).toMatchObject({
      readyMinutes: 15,
      readyAt: new Date(SCHEDULED).toISOString(),
    });
    expect((await boardOrder(order._id)).steps.at(-1)).toMatchObject({
      status: 'accepted',
      minutes: 15,
    });
    expect((await eventsOf(t.db, order._id)).at(-1)).toEqual({
      type: 'order-accepted',
      payload: { time: 90, readyAt: new Date(SCHEDULED).toISOString() },
    });
    const mine = await call(t.app, customer, 'GET', `/api/orders/${customer.id}`);
    expect(mine.json<ApiOrder[]>().find((each) => each._id === order._id)).toMatchObject({
      scheduleTime: new Date(SCHEDULED).toISOString(),
      readyAt: new Date(SCHEDULED).toISOString(),
    });
  });

  it('is ready the prep time from now when accepted after its time has passed', async () => {
    const order = await placeScheduled();
    const late = new Date(new Date(SCHEDULED).getTime() + 5 * MINUTE);
    clock.set(late);
    const answered = await accept(order._id, { minutes: 10 });
    expect(answered.json<ApiStaffOrder>()).toMatchObject({
      readyMinutes: 10,
      readyAt: new Date(late.getTime() + 10 * MINUTE).toISOString(),
    });
    expect((await eventsOf(t.db, order._id)).at(-1)?.payload).toEqual({
      time: 10,
      readyAt: new Date(late.getTime() + 10 * MINUTE).toISOString(),
    });
  });

  it('a delivery’s time is at the door: ready (the driver leaves) the store’s delivery time before, for the customer and in the mail', async () => {
    // The setting as the order is placed is the order's: changing it later moves nothing.
    const set = await call(t.app, staff, 'PUT', '/api/staff/store', { deliveryMinutes: 25 });
    expect(set.json<ApiStaffStore>().deliveryMinutes).toBe(25);
    const order = await placeOrder(t.app, customer, [{ name: 'Coke' }], {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
      scheduledTime: SCHEDULED,
    });
    expect(order).toMatchObject({ deliveryMinutes: 25, readyAt: null });
    await call(t.app, staff, 'PUT', '/api/staff/store', { deliveryMinutes: 40 });
    const readyAt = new Date(new Date(SCHEDULED).getTime() - 25 * MINUTE).toISOString();
    const answered = await accept(order._id, { minutes: 15 });
    expect(answered.json<ApiStaffOrder>()).toMatchObject({
      scheduleTime: new Date(SCHEDULED).toISOString(),
      deliveryMinutes: 25,
      readyMinutes: 15,
      readyAt,
    });
    expect((await eventsOf(t.db, order._id)).at(-1)).toEqual({
      type: 'order-accepted',
      payload: { time: 65, readyAt },
    });
    const mine = await call(t.app, customer, 'GET', `/api/orders/${customer.id}`);
    expect(mine.json<ApiOrder[]>().find((each) => each._id === order._id)).toMatchObject({
      deliveryMinutes: 25,
      readyAt,
    });
    const mails = await queuedMailsAbout(t.db, order._id);
    const confirmed = mails.find((mail) => mail.kind === 'order-accepted');
    expect(confirmed?.text_body).toContain('is confirmed. Delivered about 7:30 PM.');
    await call(t.app, staff, 'PUT', '/api/staff/store', { deliveryMinutes: 20 });
  });

  it('sends a delivery for a later day out no sooner than its start: 409 with when, then 200 (issue 44)', async () => {
    const order = await placeOrder(t.app, customer, [{ name: 'Coke' }], {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
      scheduledTime: '2026-11-26T12:00:00-05:00',
    });
    // Default prep: ready (the driver leaves) at 11:40 AM, the kitchen starts at 11:20 AM.
    expect((await accept(order._id, {})).statusCode).toBe(200);
    const early = await advance(order._id, { status: 'out-for-delivery' });
    expect(early.statusCode).toBe(409);
    expect(error(early)).toMatchObject({
      code: 'invalid_transition',
      message: `Order #${order.number} is for Thu 12:00 PM: it can go out for delivery from Thu 11:20 AM, when the kitchen starts it.`,
    });
    const kept = await call(t.app, staff, 'GET', '/api/staff/orders?status=accepted');
    expect(kept.json<ApiStaffOrder[]>().some((each) => each._id === order._id)).toBe(true);
    // A minute before, still refused; at its start, it goes.
    clock.set('2026-11-26T11:19:00-05:00');
    expect((await advance(order._id, { status: 'out-for-delivery' })).statusCode).toBe(409);
    clock.set('2026-11-26T11:20:00-05:00');
    const sent = await advance(order._id, { status: 'out-for-delivery' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<ApiStaffOrder>().status).toBe('out-for-delivery');
  });

  it('refuses a delivery time that is not whole minutes from 0 to 240 with 400', async () => {
    for (const deliveryMinutes of [-1, 241, 'soon', 2.5]) {
      const response = await call(t.app, staff, 'PUT', '/api/staff/store', { deliveryMinutes });
      expect(response.statusCode, String(deliveryMinutes)).toBe(400);
      expect(error(response).message).toContain('delivery time');
    }
  });

  it('still needs minutes (1-240) for an as-soon-as-possible order', async () => {
    const order = await placeOrder(t.app, customer);
    for (const body of [{}, { minutes: null }, { minutes: 0 }, { minutes: 241 }]) {
      const response = await accept(order._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toBe(
        'Please give the minutes until ready as a whole number from 1 to 240.',
      );
    }
    expect((await boardOrder(order._id)).status).toBe('pending');
  });
});

describe('the acceptance window', () => {
  const sweeper = () => createAcceptanceSweeper({ db: t.db, clock, intervalMs: 60_000 });

  it('declines an unanswered order once its window ends: the reason, a step by nobody, the event', async () => {
    const order = await placeOrder(t.app, customer);
    const due = new Date(OPEN_TUESDAY).getTime() + DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE;
    clock.set(new Date(due - 1000));
    expect(await sweeper().sweep()).toBe(0);
    expect((await boardOrder(order._id)).status).toBe('pending');
    clock.set(new Date(due));
    await sweeper().sweep();
    const declined = await boardOrder(order._id);
    expect(declined).toMatchObject({
      status: 'declined',
      declineReason: AUTO_DECLINE_REASON,
      acceptBy: null,
    });
    expect(declined.steps.at(-1)).toEqual({
      status: 'declined',
      at: new Date(due).toISOString(),
      by: null,
      reason: AUTO_DECLINE_REASON,
    });
    expect((await eventsOf(t.db, order._id)).map((e) => [e.type, e.payload])).toEqual([
      // The window's end rides on the event, for every process's sweeper.
      ['order-created', { acceptBy: new Date(due).toISOString() }],
      ['order-declined', { reason: AUTO_DECLINE_REASON }],
    ]);
    // Sweeping again changes nothing.
    expect(await sweeper().sweep()).toBe(0);
    expect(await eventsOf(t.db, order._id)).toHaveLength(2);
    // The staff can no longer answer it.
    expect((await accept(order._id)).statusCode).toBe(409);
  });

  it('never declines an answered order', async () => {
    const order = await placeOrder(t.app, customer);
    expect((await accept(order._id)).statusCode).toBe(200);
    clock.advance(60 * MINUTE);
    expect(await sweeper().sweep()).toBe(0);
    expect((await boardOrder(order._id)).status).toBe('accepted');
  });

  it('an answer racing the sweep: exactly one of them wins, never both', async () => {
    // The app's own sweeper may join the race too (its timer is planned from the new order):
    // whoever declines, the order has one answer, one step and one event for it.
    for (let round = 0; round < 5; round += 1) {
      clock.set(OPEN_TUESDAY);
      const order = await placeOrder(t.app, customer);
      clock.advance(DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE);
      const [answer, declined] = await Promise.all([accept(order._id), sweeper().sweep()]);
      const steps = await stepsOf(t.db, order._id);
      const events = await eventsOf(t.db, order._id);
      expect(steps).toHaveLength(2);
      expect(events).toHaveLength(2);
      if (answer.statusCode === 200) {
        expect(declined).toBe(0);
        expect(steps[1]?.status).toBe('accepted');
        expect(events[1]?.type).toBe('order-accepted');
      } else {
        expect(answer.statusCode).toBe(409);
        expect(declined).toBeLessThanOrEqual(1);
        expect(steps[1]).toEqual({
          status: 'declined',
          by_user_id: null,
          reason: AUTO_DECLINE_REASON,
        });
        expect(events[1]?.type).toBe('order-declined');
      }
    }
  });

  it('survives a restart: an order that fell due while no server ran is declined at start', async () => {
    // A database of its own: no other app's sweeper may get there first.
    const database = await createTestDatabase();
    const config = testConfig();
    let db = database.db;
    try {
      const first = await buildApp(config, { db, clock });
      await first.ready();
      const who = await registerCustomer(first);
      const order = await placeOrder(first, who);
      await first.close();
      clock.advance(DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE + 1000);
      expect(await stepsOf(db, order._id)).toHaveLength(1);
      // Another process (its own connections on Postgres) starts: its sweeper runs once at
      // start, so the order is declined before the app is ready.
      if (db.kind === 'postgres') db = await openDatabase(await sameDatabase(db));
      const second = await buildApp(config, { db, clock });
      try {
        await second.ready();
        expect(await stepsOf(db, order._id)).toEqual([
          { status: 'pending', by_user_id: who.id, reason: null },
          { status: 'declined', by_user_id: null, reason: AUTO_DECLINE_REASON },
        ]);
        expect((await eventsOf(db, order._id)).map((event) => event.type)).toEqual([
          'order-created',
          'order-declined',
        ]);
      } finally {
        await second.close();
      }
    } finally {
      if (db !== database.db) await db.close();
      await database.drop();
    }
  });

  it('declines when the window ends, not an interval later: a timer planned from the new order', async () => {
    // A clock that runs in real time (from a Tuesday evening), and an interval far too long
    // to be what declines the order.
    const offset = new Date(OPEN_TUESDAY).getTime() - Date.now();
    const live = { now: () => new Date(Date.now() + offset) };
    const own = await createTestApp({
      clock: live,
      config: { orders: { acceptSweepMs: 600_000 } },
    });
    try {
      const who = await registerCustomer(own.app);
      const first = await placeOrder(own.app, who);
      // Its window ends in 700 ms (the shortest the store can set is a minute).
      await own.db.query('update orders set accept_by = $2 where id = $1', [
        first._id,
        new Date(live.now().getTime() + 700),
      ]);
      // The next new order, through the event hub, plans a sweep for the earliest window.
      const second = await placeOrder(own.app, who);
      const started = Date.now();
      let status = 'pending';
      while (status === 'pending' && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const rows = await own.db.query<{ status: string }>(
          'select status from orders where id = $1',
          [first._id],
        );
        status = rows[0]?.status ?? 'missing';
      }
      expect(status).toBe('declined');
      const rows = await own.db.query<{ status: string }>(
        'select status from orders where id = $1',
        [second._id],
      );
      expect(rows[0]?.status).toBe('pending');
    } finally {
      await own.close();
    }
  });

  it('plans from a new order without a query when its window ends after the next tick', async () => {
    let reads = 0;
    const counted: Database = {
      ...t.db,
      query: (sql, params) => {
        if (sql.includes(ACCEPT_SWEEP_MARK)) reads += 1;
        return t.db.query(sql, params);
      },
    };
    const own = createAcceptanceSweeper({ db: counted, clock, intervalMs: 60_000 });
    await own.start();
    const at = (ms: number) => new Date(clock.now().getTime() + ms);
    try {
      const started = reads;
      // Minutes away (the usual window): the tick before it plans the sweep.
      await own.orderPlaced(at(10 * 60_000));
      await own.orderPlaced(at(60_000));
      expect(reads).toBe(started);
      // Before the next tick: read the earliest window now. Without a window (an event of
      // before it was recorded) too.
      await own.orderPlaced(at(59_000));
      expect(reads).toBe(started + 1);
      await own.orderPlaced();
      expect(reads).toBe(started + 2);
    } finally {
      await own.stop();
    }
  });

  it('is started by the app on ACCEPT_SWEEP_INTERVAL_MS and stopped when it closes', async () => {
    const app = await buildApp(testConfig({ orders: { acceptSweepMs: 100 } }), {
      db: t.db,
      clock,
    });
    try {
      await app.ready();
      const order = await placeOrder(app, customer);
      clock.advance(DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE);
      const deadline = Date.now() + 5_000;
      while ((await boardOrder(order._id)).status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await boardOrder(order._id)).status).toBe('declined');
    } finally {
      await app.close();
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('two app instances on one Postgres database', () => {
  it('both sweeping: each due order is declined once, with one event and one step', async () => {
    const config = testConfig({ orders: { acceptSweepMs: 100 } });
    const dbs = await Promise.all(
      ['sweep-a', 'sweep-b'].map(async (applicationName) =>
        openDatabase({ ...(await sameDatabase(t.db)), applicationName }),
      ),
    );
    const apps = await Promise.all(dbs.map((db) => buildApp(config, { db, clock })));
    try {
      await Promise.all(apps.map((app) => app.ready()));
      expect((await putStore({ acceptanceWindowMinutes: 1 })).statusCode).toBe(200);
      const orders: ApiOrder[] = [];
      for (let i = 0; i < 8; i += 1) orders.push(await placeOrder(t.app, customer));
      clock.advance(2 * MINUTE);
      // The apps' own timers sweep every 100 ms; these sweep at the same moment on top.
      const direct = await Promise.all(
        [...dbs, ...dbs].map((db) =>
          createAcceptanceSweeper({ db, clock, intervalMs: 60_000 }).sweep(),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(direct.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(orders.length);
      for (const order of orders) {
        const declines = (await stepsOf(t.db, order._id)).filter((s) => s.status === 'declined');
        expect(declines).toHaveLength(1);
        const events = (await eventsOf(t.db, order._id)).filter((e) => e.type === 'order-declined');
        expect(events).toEqual([
          { type: 'order-declined', payload: { reason: AUTO_DECLINE_REASON } },
        ]);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});

describe('pausing new orders', () => {
  async function tryToOrder(who: Account) {
    await fillCart(t.app, who, [{ name: 'Coke' }]);
    expect((await confirm(t.app, who)).statusCode).toBe(200);
    return completeOrder(t.app, who);
  }

  it('pauseMinutes closes the store everywhere until the pause ends, then it is open again', async () => {
    const paused = await putStore({ pauseMinutes: 30 });
    expect(paused.statusCode, paused.body).toBe(200);
    const until = new Date(new Date(OPEN_TUESDAY).getTime() + 30 * MINUTE).toISOString();
    expect(paused.json<ApiStaffStore>()).toMatchObject({ storeOpen: false, pauseUntil: until });
    // Paused, not closed: every answer says so and when it ends.
    const pausedStatus = { storeOpen: false, status: 'paused', resumesAt: until };
    expect((await call(t.app, null, 'GET', '/api/store/status')).json()).toEqual(pausedStatus);
    expect((await call(t.app, null, 'GET', '/api/store')).json<ApiStoreInfo>()).toMatchObject(
      pausedStatus,
    );
    expect(
      (await call(t.app, staff, 'GET', '/api/staff/store')).json<ApiStaffStore>(),
    ).toMatchObject({
      storeOpen: false,
      pauseUntil: until,
    });
    const who = await registerCustomer(t.app);
    const refused = await tryToOrder(who);
    expect(refused.statusCode).toBe(409);
    expect(error(refused).code).toBe('store_closed');

    // A scheduled order for after the pause is still taken.
    const later = await registerCustomer(t.app);
    await fillCart(t.app, later, [{ name: 'Coke' }]);
    const scheduled = await confirm(t.app, later, {
      scheduledTime: new Date(new Date(OPEN_TUESDAY).getTime() + 60 * MINUTE).toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await completeOrder(t.app, later)).statusCode).toBe(201);

    clock.advance(30 * MINUTE);
    expect((await call(t.app, null, 'GET', '/api/store/status')).json()).toEqual({
      storeOpen: true,
      status: 'open',
      resumesAt: null,
    });
    expect(
      (await call(t.app, staff, 'GET', '/api/staff/store')).json<ApiStaffStore>().pauseUntil,
    ).toBeNull();
    expect((await completeOrder(t.app, who)).statusCode).toBe(201);
  });

  it('pauses even a store forced open; pauseMinutes 0 and pauseUntil null end the pause', async () => {
    expect(
      (await putStore({ mode: 'open', pauseMinutes: '15' })).json<ApiStaffStore>().storeOpen,
    ).toBe(false);
    const cleared = await putStore({ pauseMinutes: 0 });
    expect(cleared.json<ApiStaffStore>()).toMatchObject({ storeOpen: true, pauseUntil: null });
    const until = '2026-11-24T23:45:00.000Z';
    const set = await putStore({ pauseUntil: until });
    expect(set.json<ApiStaffStore>()).toMatchObject({ storeOpen: false, pauseUntil: until });
    const ended = await putStore({ pauseUntil: null });
    expect(ended.json<ApiStaffStore>()).toMatchObject({ storeOpen: true, pauseUntil: null });
  });

  it('forced closed the same: closed everywhere, ordering refused, open again after', async () => {
    expect((await putStore({ mode: 'closed' })).json<ApiStaffStore>().storeOpen).toBe(false);
    expect((await call(t.app, null, 'GET', '/api/store/status')).json()).toEqual({
      storeOpen: false,
      status: 'closed',
      resumesAt: null,
    });
    const who = await registerCustomer(t.app);
    const refused = await tryToOrder(who);
    expect(error(refused).code).toBe('store_closed');
    expect((await putStore({ mode: 'auto' })).json<ApiStaffStore>().storeOpen).toBe(true);
    expect((await completeOrder(t.app, who)).statusCode).toBe(201);
  });

  it('refuses bad pauses with 400 and changes nothing', async () => {
    const before = await storeRepository(t.db).settings();
    for (const body of [
      { pauseMinutes: -1 },
      { pauseMinutes: 481 },
      { pauseMinutes: 2.5 },
      { pauseMinutes: 'soon' },
      { pauseUntil: 'tomorrow' },
      { pauseUntil: '2026-13-45T99:00:00Z' },
      { pauseUntil: 12 },
      { pauseUntil: new Date(clock.now().getTime() + 481 * 60_000).toISOString() },
      { pauseMinutes: 10, pauseUntil: null },
      { acceptanceWindowMinutes: 5, acceptWindowMinutes: 6 },
    ]) {
      const response = await putStore(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).code).toBe('invalid_input');
    }
    expect(await storeRepository(t.db).settings()).toEqual(before);
  });
});

describe('the store’s profile', () => {
  afterAll(() =>
    storeRepository(t.db).update(
      {
        name: 'Royal City Pizza & Wings',
        pickupAddress: '123 Example Street, Guelph, ON N1H 0A0',
        phone: '(519) 555-0142',
        hstNumber: null,
      },
      clock.now(),
    ),
  );

  it('edits reach GET /api/store', async () => {
    const changed = await putStore({
      name: '  Corner Slice  ',
      pickupAddress: '9 Quebec St, Guelph, ON',
      phone: '519-555-0177',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ApiStaffStore>()).toMatchObject({
      name: 'Corner Slice',
      pickupAddress: '9 Quebec St, Guelph, ON',
      phone: '519-555-0177',
    });
    expect((await call(t.app, null, 'GET', '/api/store')).json<ApiStoreInfo>()).toMatchObject({
      name: 'Corner Slice',
      pickupAddress: '9 Quebec St, Guelph, ON',
      phone: '519-555-0177',
    });
  });

  it('keeps the HST number in one spelling for the receipts, and takes it off with an empty one', async () => {
    const given = await putStore({ hstNumber: ' 123456789rt 0001 ' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<ApiStaffStore>().hstNumber).toBe('123456789 RT0001');
    expect((await storeRepository(t.db).settings()).hstNumber).toBe('123456789 RT0001');
    const removed = await putStore({ hstNumber: '' });
    expect(removed.json<ApiStaffStore>().hstNumber).toBeNull();
  });

  it('refuses an empty, over-long or malformed profile with 400', async () => {
    const before = await storeRepository(t.db).settings();
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 42 },
      { pickupAddress: '' },
      { pickupAddress: 'x'.repeat(201) },
      { phone: '12' },
      { phone: 'call us' },
      { name: 'bad\u0007bell' },
      { hstNumber: '12345' },
      { hstNumber: '123456789 RP0001' },
      { hstNumber: 7 },
    ]) {
      const response = await putStore(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).message).toMatch(/^Please .+\.$/);
    }
    expect(await storeRepository(t.db).settings()).toEqual(before);
  });
});

describe('markup is only text', () => {
  it('a customer’s name and instructions with markup come back verbatim as JSON text', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { user, cookie } = await registerUser(t.app, { name: markup });
    const who: Account = { id: user._id, cookie };
    const order = await placeOrder(t.app, who, [{ name: 'Coke' }], { instructions: markup });
    const list = await call(t.app, staff, 'GET', '/api/staff/orders');
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    const found = list.json<ApiStaffOrder[]>().find((o) => o._id === order._id);
    expect(found?.customer.name).toBe(markup);
    expect(found?.instructions).toBe(markup);
    expect(found?.steps[0]?.by?.name).toBe(markup);
  });
});

/** The database config of `db` on Postgres (its own schema), for a second process. */
async function sameDatabase(db: Database) {
  const rows = await db.query<{ schema: string }>('select current_schema() as schema');
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no schema');
  return { kind: 'postgres' as const, url: TEST_DATABASE_URL, schema };
}
