import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
  DEFAULT_WEEKLY_HOURS,
  MAX_DECLINE_REASON_LENGTH,
  type ApiCart,
  type ApiErrorBody,
  type ApiLoginAnswer,
  type ApiMeAnswer,
  type ApiOrder,
  type ApiStaffOrder,
  type ApiStaffStore,
  type ApiStoreInfo,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { loadStaffOrders } from '../../src/server/orders/present-order';
import { storeRepository } from '../../src/server/repositories/store';
import { resetStore } from '../support/store';
import {
  DELIVERY_CONTACT,
  OPEN_TUESDAY,
  call,
  confirm,
  fillCart,
  placeOrder,
  registerCustomer,
  type Account,
  type Method,
} from '../support/orders';
import { storeTest } from '../support/store-test';
import { TEST_ADMIN, TEST_PASSWORD } from '../support/users';

/**
 * The store's side, API only: the order board's list, accepting, declining and the later steps
 * (the domain's transition table), and the store's controls. Staff or admin only.
 */

const clock = fixedClock(OPEN_TUESDAY);
/** The end of the acceptance window of an order placed now (the clock is fixed). */
const windowEnd = () =>
  new Date(clock.now().getTime() + DEFAULT_ACCEPTANCE_WINDOW_MINUTES * 60_000).toISOString();

const t = storeTest({ clock, accounts: { staff: 'staff', customer: 'customer', admin: 'owner' } });
const { staff, customer, admin } = t.accounts;
afterEach(async () => {
  clock.set(OPEN_TUESDAY);
  await resetStore(t.db, clock.now());
});

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;
const accept = (orderId: string, minutes: unknown, who: Account = staff) =>
  call(t.app, who, 'POST', `/api/staff/orders/${orderId}/accept`, { minutes });
const decline = (orderId: string, reason: unknown, who: Account = staff) =>
  call(t.app, who, 'POST', `/api/staff/orders/${orderId}/decline`, { reason });
const advance = (orderId: string, status: unknown) =>
  call(t.app, staff, 'POST', `/api/staff/orders/${orderId}/status`, { status });

async function eventsOf(orderId: string) {
  return t.db.query<{ type: string; payload: unknown }>(
    'select type, payload from order_events where order_id = $1 order by id',
    [orderId],
  );
}

async function orderRow(orderId: string) {
  const rows = await t.db.query(
    'select status, ready_minutes, decline_reason, answered_at from orders where id = $1',
    [orderId],
  );
  return rows[0];
}

describe('who may call', () => {
  const routes = (orderId: string): [Method, string, unknown][] => [
    ['GET', '/api/staff/orders', undefined],
    ['GET', '/api/staff/orders?status=pending', undefined],
    ['POST', `/api/staff/orders/${orderId}/accept`, { minutes: 25 }],
    ['POST', `/api/staff/orders/${orderId}/decline`, { reason: 'Busy' }],
    ['POST', `/api/staff/orders/${orderId}/status`, { status: 'ready' }],
    ['GET', '/api/staff/store', undefined],
    ['PUT', '/api/staff/store', { mode: 'closed' }],
  ];

  it('answers 401 anonymously and 403 to a customer, before looking at the input, changing nothing', async () => {
    const order = await placeOrder(t.app, customer);
    for (const [method, url, payload] of routes(order._id)) {
      const anonymous = await call(t.app, null, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(error(anonymous).code).toBe('unauthorized');
      const refused = await call(t.app, customer, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(error(refused).code).toBe('forbidden');
      // Even with an input the route would refuse: the guard answers first.
      expect((await call(t.app, customer, method, url, { nonsense: true })).statusCode).toBe(403);
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending' });
    expect((await storeRepository(t.db).settings()).openMode).toBe('auto');
  });

  it('lets staff and the admin account (ADMIN_EMAIL) in', async () => {
    for (const who of [staff, admin]) {
      expect((await call(t.app, who, 'GET', '/api/staff/orders')).statusCode).toBe(200);
      expect((await call(t.app, who, 'GET', '/api/staff/store')).statusCode).toBe(200);
    }
    const order = await placeOrder(t.app, customer);
    expect((await accept(order._id, 10, admin)).statusCode).toBe(200);
  });
});

describe('who is staff: login and /api/auth/me say so, a customer’s answers stay the spec’s', () => {
  it('adds staffRole for staff and the admin, and nothing for a customer', async () => {
    const login = async (email: string, password: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode).toBe(200);
      return response;
    };
    const emails = await t.db.query<{ id: string; email: string }>(
      'select id, email from users where id = any($1::uuid[])',
      [[staff.id, customer.id]],
    );
    const emailOf = (id: string) => emails.find((row) => row.id === id)?.email ?? '';
    const staffLogin = await login(emailOf(staff.id), TEST_PASSWORD);
    expect(staffLogin.json<ApiLoginAnswer>().staffRole).toBe('staff');
    expect(
      (await login(TEST_ADMIN.email, TEST_ADMIN.password)).json<ApiLoginAnswer>().staffRole,
    ).toBe('admin');
    const customerLogin = (await login(emailOf(customer.id), TEST_PASSWORD)).json<ApiLoginAnswer>();
    expect(Object.keys(customerLogin)).toEqual(['user']);
    expect((await call(t.app, staff, 'GET', '/api/auth/me')).json<ApiMeAnswer>().staffRole).toBe(
      'staff',
    );
    expect((await call(t.app, admin, 'GET', '/api/auth/me')).json<ApiMeAnswer>().staffRole).toBe(
      'admin',
    );
    expect(
      Object.keys((await call(t.app, customer, 'GET', '/api/auth/me')).json<object>()),
    ).toEqual(['user']);
    expect((await call(t.app, null, 'GET', '/api/auth/me')).json()).toEqual({ user: null });
  });
});

describe('the order board: GET /api/staff/orders', () => {
  it('lists every customer’s orders newest first, with who ordered, filtered by status', async () => {
    const other = await registerCustomer(t.app);
    const first = await placeOrder(t.app, customer, [{ name: 'Coke' }]);
    clock.advance(60_000);
    const second = await placeOrder(t.app, other, [{ name: 'Garlic Bread' }], {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
      instructions: 'Back door',
    });
    clock.advance(60_000);
    const third = await placeOrder(t.app, customer, [{ name: 'Sprite' }]);
    expect((await decline(third._id, 'Out of cups')).statusCode).toBe(200);

    const all = (await call(t.app, staff, 'GET', '/api/staff/orders')).json<ApiStaffOrder[]>();
    const ids = all.map((order) => order._id);
    expect(ids.indexOf(third._id)).toBeLessThan(ids.indexOf(second._id));
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    const board = all.find((order) => order._id === second._id);
    expect(board).toMatchObject({
      status: 'pending',
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
      instructions: 'Back door',
      customer: { _id: other.id, name: 'Test Customer' },
    });
    expect(board?.customer.email).toMatch(/@example\.com$/);

    const pending = (await call(t.app, staff, 'GET', '/api/staff/orders?status=pending')).json<
      ApiStaffOrder[]
    >();
    expect(pending.every((order) => order.status === 'pending')).toBe(true);
    expect(pending.map((order) => order._id)).toContain(second._id);
    expect(pending.map((order) => order._id)).not.toContain(third._id);

    for (const query of ['status=pending,declined', 'status=pending&status=declined']) {
      const both = (await call(t.app, staff, 'GET', `/api/staff/orders?${query}`)).json<
        ApiStaffOrder[]
      >();
      expect(new Set(both.map((order) => order.status)), query).toEqual(
        new Set(['pending', 'declined']),
      );
    }
  });

  it('refuses an unknown status with 400', async () => {
    const response = await call(t.app, staff, 'GET', '/api/staff/orders?status=pending,lost');
    expect(response.statusCode).toBe(400);
    expect(error(response)).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('Unknown status "lost"') as unknown,
    });
  });

  it('is what loadStaffOrders gives for an order (the staff stream sends that)', async () => {
    const order = await placeOrder(t.app, customer);
    const listed = (await call(t.app, staff, 'GET', '/api/staff/orders')).json<ApiStaffOrder[]>();
    const loaded = await loadStaffOrders(t.db, [
      order._id,
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
    ]);
    expect([...loaded.keys()]).toEqual([order._id]);
    expect(loaded.get(order._id)).toEqual(listed.find((entry) => entry._id === order._id));
  });
});

describe('accepting', () => {
  it('accepts with minutes: status, ready time and the order-accepted event {time}', async () => {
    const order = await placeOrder(t.app, customer);
    const response = await accept(order._id, 25);
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<ApiStaffOrder>();
    expect(answered).toMatchObject({
      _id: order._id,
      status: 'accepted',
      isOrderConfirmed: true,
      readyMinutes: 25,
      readyAt: '2026-11-24T23:25:00.000Z',
      customer: { _id: customer.id },
    });
    expect(await eventsOf(order._id)).toEqual([
      { type: 'order-created', payload: { acceptBy: windowEnd() } },
      {
        type: 'order-accepted',
        payload: { time: 25, readyAt: '2026-11-24T23:25:00.000Z' },
      },
    ]);
    const row = await orderRow(order._id);
    expect(new Date(row?.answered_at as string).toISOString()).toBe(
      new Date(OPEN_TUESDAY).toISOString(),
    );
  });

  it('takes the minutes as text too ("25")', async () => {
    const order = await placeOrder(t.app, customer);
    const response = await accept(order._id, '25');
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiStaffOrder>().readyMinutes).toBe(25);
  });

  it('refuses minutes outside 1-240 or not whole with 400, changing nothing', async () => {
    const order = await placeOrder(t.app, customer);
    for (const minutes of [0, 241, -5, 1.5, '', 'soon', null, '2.5', [25]]) {
      const response = await accept(order._id, minutes);
      expect(response.statusCode, JSON.stringify(minutes)).toBe(400);
      expect(error(response).message).toBe(
        'Please give the minutes until ready as a whole number from 1 to 240.',
      );
    }
    expect((await accept(order._id, 1)).statusCode).toBe(200);
    const other = await placeOrder(t.app, customer);
    expect((await accept(other._id, 240)).statusCode).toBe(200);
    expect(await eventsOf(order._id)).toHaveLength(2);
  });

  it('answers twice → 409 invalid_transition, and the first answer stands', async () => {
    const order = await placeOrder(t.app, customer);
    expect((await accept(order._id, 25)).statusCode).toBe(200);
    const again = await accept(order._id, 40);
    expect(again.statusCode).toBe(409);
    expect(error(again)).toMatchObject({
      code: 'invalid_transition',
      message: `Order #${order.number} is already “Accepted”, so it cannot be accepted.`,
    });
    const declined = await decline(order._id, 'Busy');
    expect(declined.statusCode).toBe(409);
    expect(error(declined).code).toBe('invalid_transition');
    expect(await orderRow(order._id)).toMatchObject({ status: 'accepted', ready_minutes: 25 });
    expect(await eventsOf(order._id)).toHaveLength(2);
  });

  it('two staff answering at once: one wins, the other gets 409 (never a 5xx)', async () => {
    const order = await placeOrder(t.app, customer);
    const answers = await Promise.all([
      accept(order._id, 20),
      decline(order._id, 'Too busy'),
      accept(order._id, 30),
    ]);
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
    expect(await eventsOf(order._id)).toHaveLength(2);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const unknown = await accept('00000000-0000-4000-8000-000000000000', 25);
    expect(unknown.statusCode).toBe(404);
    expect(error(unknown).code).toBe('not_found');
    const malformed = await accept('not-an-id', 25);
    expect(malformed.statusCode).toBe(400);
    expect(error(malformed).code).toBe('invalid_id');
  });
});

describe('declining', () => {
  it('declines with the reason (trimmed) and records order-declined {reason}', async () => {
    const order = await placeOrder(t.app, customer);
    const response = await decline(order._id, '  closing early tonight ');
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiStaffOrder>()).toMatchObject({
      status: 'declined',
      isOrderConfirmed: true,
      declineReason: 'closing early tonight',
      readyMinutes: null,
    });
    expect((await eventsOf(order._id))[1]).toEqual({
      type: 'order-declined',
      payload: { reason: 'closing early tonight' },
    });
    const mine = (await call(t.app, customer, 'GET', `/api/orders/${customer.id}`))
      .json<ApiOrder[]>()
      .find((entry) => entry._id === order._id);
    expect(mine).toMatchObject({ status: 'declined', declineReason: 'closing early tonight' });
  });

  it('refuses an empty, blank, missing or over-long reason with 400', async () => {
    const order = await placeOrder(t.app, customer);
    for (const reason of ['', '   ', undefined, null, 'x'.repeat(MAX_DECLINE_REASON_LENGTH + 1)]) {
      const response = await decline(order._id, reason);
      expect(response.statusCode, JSON.stringify(reason)).toBe(400);
      expect(error(response).code).toBe('invalid_input');
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending' });
    expect(await eventsOf(order._id)).toHaveLength(1);
  });
});

describe('the later steps: POST /api/staff/orders/{id}/status', () => {
  it('follows the domain’s table: accepted → ready → completed, recording order-status', async () => {
    const order = await placeOrder(t.app, customer);
    const early = await advance(order._id, 'ready');
    expect(early.statusCode).toBe(409);
    expect(error(early)).toMatchObject({
      code: 'invalid_transition',
      message: `Order #${order.number} is still waiting for an answer, so it cannot be marked “Ready for pickup”.`,
    });
    expect((await accept(order._id, 15)).statusCode).toBe(200);
    const ready = await advance(order._id, 'ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json<ApiStaffOrder>().status).toBe('ready');
    expect((await advance(order._id, 'out-for-delivery')).statusCode).toBe(409);
    const done = await advance(order._id, 'completed');
    expect(done.json<ApiStaffOrder>().status).toBe('completed');
    expect((await advance(order._id, 'completed')).statusCode).toBe(409);
    expect((await eventsOf(order._id)).map((e) => [e.type, e.payload])).toEqual([
      ['order-created', { acceptBy: windowEnd() }],
      ['order-accepted', { time: 15, readyAt: '2026-11-24T23:15:00.000Z' }],
      ['order-status', { status: 'ready' }],
      ['order-status', { status: 'completed' }],
    ]);
  });

  it('moves a delivery out for delivery, then completed', async () => {
    const order = await placeOrder(t.app, customer, [{ name: 'Coke' }], {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
    });
    expect((await accept(order._id, 45)).statusCode).toBe(200);
    expect((await advance(order._id, 'out-for-delivery')).statusCode).toBe(200);
    expect((await advance(order._id, 'completed')).statusCode).toBe(200);
  });

  it('refuses the step an order’s type never takes with 409, changing nothing', async () => {
    const pickup = await placeOrder(t.app, customer);
    const delivery = await placeOrder(t.app, customer, [{ name: 'Coke' }], {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
    });
    expect((await accept(pickup._id, 15)).statusCode).toBe(200);
    expect((await accept(delivery._id, 45)).statusCode).toBe(200);
    const out = await advance(pickup._id, 'out-for-delivery');
    expect(out.statusCode).toBe(409);
    expect(error(out)).toMatchObject({
      code: 'invalid_transition',
      message: `Order #${pickup.number} is a pickup order, so it cannot be marked “Out for delivery”.`,
    });
    const ready = await advance(delivery._id, 'ready');
    expect(ready.statusCode).toBe(409);
    expect(error(ready)).toMatchObject({
      code: 'invalid_transition',
      message: `Order #${delivery.number} is a delivery order, so it cannot be marked “Ready for pickup”.`,
    });
    expect(await orderRow(pickup._id)).toMatchObject({ status: 'accepted' });
    expect(await orderRow(delivery._id)).toMatchObject({ status: 'accepted' });
    expect((await eventsOf(pickup._id)).map((e) => e.type)).toEqual([
      'order-created',
      'order-accepted',
    ]);
    expect((await eventsOf(delivery._id)).map((e) => e.type)).toEqual([
      'order-created',
      'order-accepted',
    ]);
  });

  it('refuses accepted, declined, pending or unknown steps with 400 (they have their own routes)', async () => {
    const order = await placeOrder(t.app, customer);
    for (const status of ['accepted', 'declined', 'pending', 'eaten', '', null]) {
      const response = await advance(order._id, status);
      expect(response.statusCode, String(status)).toBe(400);
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending' });
  });
});

describe('the store’s controls: /api/staff/store', () => {
  it('shows the controls', async () => {
    const response = await call(t.app, staff, 'GET', '/api/staff/store');
    expect(response.json<ApiStaffStore>()).toEqual({
      mode: 'auto',
      storeOpen: true,
      hours: DEFAULT_WEEKLY_HOURS,
      deliveryFee: 8,
      acceptanceWindowMinutes: DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
      pickupLeadMinutes: 20,
      deliveryLeadMinutes: 45,
      // How long a delivery takes from the kitchen to the door (issue 44): 20 by default.
      deliveryMinutes: 20,
      pauseUntil: null,
      name: 'Royal City Pizza & Wings',
      pickupAddress: '123 Example Street, Guelph, ON N1H 0A0',
      phone: '(519) 555-0142',
      hstNumber: null,
      staffEditMenu: false,
    });
  });

  it('forced closed: customers see the store closed, and ordering now is refused', async () => {
    const response = await call(t.app, staff, 'PUT', '/api/staff/store', { mode: 'closed' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiStaffStore>()).toMatchObject({ mode: 'closed', storeOpen: false });
    const status = await call(t.app, null, 'GET', '/api/store/status');
    expect(status.json()).toEqual({ storeOpen: false, status: 'closed', resumesAt: null });
    await fillCart(t.app, customer, [{ name: 'Coke' }]);
    expect((await confirm(t.app, customer)).statusCode).toBe(200);
    const refused = await call(t.app, customer, 'POST', '/api/orders/complete-order', {
      userId: customer.id,
      paymentIntentId: null,
      paymentOption: 'pickup',
    });
    expect(refused.statusCode).toBe(409);
    expect(error(refused).code).toBe('store_closed');
    const reopened = await call(t.app, staff, 'PUT', '/api/staff/store', { mode: 'auto' });
    expect(reopened.json<ApiStaffStore>().storeOpen).toBe(true);
    expect((await call(t.app, null, 'GET', '/api/store/status')).json()).toEqual({
      storeOpen: true,
      status: 'open',
      resumesAt: null,
    });
  });

  it('changes any subset: fee in dollars (number or text), window and lead times', async () => {
    const response = await call(t.app, staff, 'PUT', '/api/staff/store', {
      deliveryFee: '5.50',
      pickupLeadMinutes: 15,
      deliveryLeadMinutes: '60',
      acceptanceWindowMinutes: 7,
      unknownField: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApiStaffStore>()).toMatchObject({
      mode: 'auto',
      deliveryFee: 5.5,
      acceptanceWindowMinutes: 7,
      pickupLeadMinutes: 15,
      deliveryLeadMinutes: 60,
    });
    const info = (await call(t.app, null, 'GET', '/api/store')).json<ApiStoreInfo>();
    expect(info).toMatchObject({ deliveryFee: 5.5, leadMinutes: { pickup: 15, delivery: 60 } });
    // The fee a delivery cart shows is the setting.
    await fillCart(t.app, customer, [{ name: 'Coke' }]);
    const confirmed = await confirm(t.app, customer, {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
    });
    expect(confirmed.json<{ cart: ApiCart }>().cart.deliveryFee).toBe(5.5);
    const fee = await call(t.app, staff, 'PUT', '/api/staff/store', { deliveryFee: 0 });
    expect(fee.json<ApiStaffStore>().deliveryFee).toBe(0);
  });

  it('changes the hours in the domain’s format', async () => {
    const hours = [...DEFAULT_WEEKLY_HOURS.slice(0, 2), null, ...DEFAULT_WEEKLY_HOURS.slice(3)];
    const response = await call(t.app, staff, 'PUT', '/api/staff/store', { hours });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApiStaffStore>()).toMatchObject({ hours, storeOpen: false });
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const before = await storeRepository(t.db).settings();
    const bad: Record<string, unknown>[] = [
      { mode: 'maybe' },
      { deliveryFee: -1 },
      { deliveryFee: 100.01 },
      { deliveryFee: 'free' },
      { deliveryFee: '1e3' },
      { pickupLeadMinutes: -1 },
      { deliveryLeadMinutes: 24 * 60 + 1 },
      { acceptanceWindowMinutes: 0 },
      { acceptanceWindowMinutes: 2.5 },
      { hours: DEFAULT_WEEKLY_HOURS.slice(0, 6) },
      { hours: [{ open: '25:00', close: '23:00' }, ...DEFAULT_WEEKLY_HOURS.slice(1)] },
      { hours: [{ open: '11:00' }, ...DEFAULT_WEEKLY_HOURS.slice(1)] },
      { mode: 'closed', deliveryFee: -3 },
    ];
    for (const body of bad) {
      const response = await call(t.app, staff, 'PUT', '/api/staff/store', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(response).code).toBe('invalid_input');
    }
    expect(await storeRepository(t.db).settings()).toEqual(before);
  });
});
