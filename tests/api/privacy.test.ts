import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
  OWNER_UNANSWERED_ALERT_MINUTES,
  type ApiAccountExport,
  type ApiErrorBody,
  type ApiMeAnswer,
  type ApiOrder,
  type ApiStaffOrder,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { createAcceptanceSweeper } from '../../src/server/orders/acceptance-sweeper';
import { mailOutboxRepository } from '../../src/server/repositories/mail-outbox';
import {
  invariantChecker,
  openCheckConnection,
  type CheckConnection,
  type InvariantChecker,
} from '../support/db-invariants';
import {
  DELIVERY_CONTACT,
  OPEN_TUESDAY,
  accountOf,
  call,
  placeOrder,
  type Account,
} from '../support/orders';
import { storeTest } from '../support/store-test';
import { TEST_PASSWORD, logIn, registerUser } from '../support/users';

/**
 * Issue 35's privacy part (PIPEDA): GET /api/user/{id}/export and POST /api/user/{id}/delete.
 * The export holds the account's own data and nobody else's; a deletion needs the account's
 * password (or typed email), changes nothing when refused, and when done ends the sessions,
 * erases what is the person's alone and keeps the orders for the store's books, anonymised.
 */

const clock = fixedClock(OPEN_TUESDAY);
const HOME = {
  phone: '519-555-0142',
  address: '12 Gordon St, Guelph, ON N1H 4G9',
  isDefault: true,
};
let checks: CheckConnection;
let checker: InvariantChecker;

const t = storeTest({ clock, accounts: { staff: 'staff' } });
const { staff } = t.accounts;
beforeAll(async () => {
  // The store always has an admin (an invariant the checker holds the database to).
  await t.db.query(`update users set role = 'admin' where id = $1`, [staff.id]);
  checks = await openCheckConnection(t.db);
  checker = await invariantChecker(t.db, checks, clock);
});
afterAll(() => checks.close());

interface Customer extends Account {
  email: string;
}

async function newCustomer(): Promise<Customer> {
  const registered = await registerUser(t.app, { contacts: [HOME] });
  return { ...accountOf(registered), email: registered.user.email };
}

const exportOf = (who: Account | null, userId: string) =>
  call(t.app, who, 'GET', `/api/user/${userId}/export`);
const deleteAs = (who: Account | null, userId: string, body: object) =>
  call(t.app, who, 'POST', `/api/user/${userId}/delete`, body);
const staffCall = (method: 'POST', url: string, body: object) =>
  call(t.app, staff, method, url, body);
const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;

/** A pickup order taken all the way to completed (nothing in flight afterwards). */
async function completedOrder(who: Account): Promise<ApiOrder> {
  const order = await placeOrder(t.app, who, [{ name: 'Coke' }]);
  const path = `/api/staff/orders/${order._id}`;
  expect((await staffCall('POST', `${path}/accept`, { minutes: 20 })).statusCode).toBe(200);
  expect((await staffCall('POST', `${path}/status`, { status: 'ready' })).statusCode).toBe(200);
  expect((await staffCall('POST', `${path}/status`, { status: 'completed' })).statusCode).toBe(200);
  return order;
}

/** A delivery order with instructions, declined by the store (final, with an address). */
async function declinedDelivery(who: Account): Promise<ApiOrder> {
  const order = await placeOrder(t.app, who, [{ name: 'Coke' }], {
    deliveryType: 'delivery',
    contactInfo: DELIVERY_CONTACT,
    instructions: 'Ring twice, ask for Ana',
  });
  const declined = await staffCall('POST', `/api/staff/orders/${order._id}/decline`, {
    reason: 'busy',
  });
  expect(declined.statusCode, declined.body).toBe(200);
  return order;
}

async function queueMail(who: Customer, kind: 'receipt' | 'order-ready', sent: boolean) {
  const id = await mailOutboxRepository(t.db).queue({
    kind,
    to: who.email,
    subject: `Your ${kind}`,
    text: `Hello ${who.email}`,
    html: `<p>Hello ${who.email}</p>`,
    userId: who.id,
  });
  if (sent) {
    await t.db.query(`update mail_outbox set status = 'sent', sent_at = $2 where id = $1`, [
      id,
      clock.now(),
    ]);
  }
  return id;
}

/** Everything a deletion could touch, to prove a refused one touched nothing. */
async function footprint(userId: string) {
  const [row] = await t.db.query(
    `select (select to_jsonb(u) from users u where id = $1) as account,
            (select count(*)::int from sessions where user_id = $1) as sessions,
            (select count(*)::int from contacts where user_id = $1) as contacts,
            (select count(*)::int from carts where user_id = $1) as carts,
            (select count(*)::int from mail_outbox where user_id = $1) as mails,
            (select jsonb_agg(to_jsonb(o) order by o.number) from orders o where user_id = $1) as orders`,
    [userId],
  );
  return row;
}

describe('GET /api/user/{id}/export', () => {
  it('downloads the account, its contacts, orders with lines and steps, and its mails', async () => {
    const alice = await newCustomer();
    const order = await completedOrder(alice);
    await queueMail(alice, 'receipt', true);

    const response = await exportOf(alice, alice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<ApiAccountExport>();
    expect(data.account).toMatchObject({ id: alice.id, email: alice.email, name: 'Test Customer' });
    expect(data.account).toHaveProperty('created_at');
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.account).not.toHaveProperty('google_subject');
    expect(response.body).not.toContain('scrypt$');
    expect(data.signIn).toEqual({ password: true, google: false });
    expect(data.contacts).toMatchObject([HOME]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      _id: order._id,
      status: 'completed',
      totalPrice: order.totalPrice,
      items: [{ productId: { name: 'Coke' }, quantity: 1 }],
    });
    expect(data.orders[0]?.steps.map((step) => step.status)).toEqual([
      'pending',
      'accepted',
      'ready',
      'completed',
    ]);
    expect(data.orders[0]?.steps[1]).toMatchObject({ minutes: 20 });
    // Who at the store took a step is the staff's data, not the customer's.
    expect(data.orders[0]?.steps.some((step) => 'by' in step)).toBe(false);
    // The order's own mails (queued, not sent here: no sender runs), and the one marked sent.
    expect(data.mails.map((mail) => mail.kind).sort()).toEqual([
      'order-accepted',
      'order-ready',
      'receipt',
      'receipt',
    ]);
    const sent = data.mails.filter((mail) => mail.status === 'sent');
    expect(sent).toMatchObject([{ kind: 'receipt', subject: 'Your receipt' }]);
    expect(sent[0]?.sentAt).toBe(clock.now().toISOString());
  });

  it('tells a Google-only account it signs in with Google', async () => {
    const gina = await newCustomer();
    await t.db.query(
      `update users set password_hash = null, google_subject = 'google-gina' where id = $1`,
      [gina.id],
    );
    const data = (await exportOf(gina, gina.id)).json<ApiAccountExport>();
    expect(data.signIn).toEqual({ password: false, google: true });
    expect(JSON.stringify(data)).not.toContain('google-gina');
  });

  it('holds nobody else’s data, and is refused for another id (403) or signed out (401)', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    const bobsOrder = await completedOrder(bob);
    await queueMail(bob, 'receipt', false);

    const alices = await exportOf(alice, alice.id);
    expect(alices.body).not.toContain(bob.email);
    expect(alices.body).not.toContain(bobsOrder._id);
    expect(alices.json<ApiAccountExport>().mails).toEqual([]);
    expect((await exportOf(alice, bob.id)).statusCode).toBe(403);
    expect(error(await exportOf(alice, bob.id)).code).toBe('forbidden');
    expect((await exportOf(null, bob.id)).statusCode).toBe(401);
  });
});

describe('POST /api/user/{id}/delete', () => {
  it('refuses a wrong or missing password with 400 and changes nothing', async () => {
    const alice = await newCustomer();
    await completedOrder(alice);
    await queueMail(alice, 'receipt', false);
    const before = await footprint(alice.id);
    for (const body of [{ password: 'not my password' }, {}, { email: alice.email }]) {
      const refused = await deleteAs(alice, alice.id, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(error(refused)).toMatchObject({
        code: 'confirmation_mismatch',
        message: 'That password is not right. Your account was not deleted.',
      });
    }
    expect(await footprint(alice.id)).toEqual(before);
    const me = await call(t.app, alice, 'GET', '/api/auth/me');
    expect(me.json<ApiMeAnswer>().user?._id).toBe(alice.id);
  });

  it('ends every session, erases the person and keeps the orders anonymised', async () => {
    const alice = await newCustomer();
    const otherDevice = accountOf({
      user: { _id: alice.id },
      cookie: `sid=${(await logIn(t.app, { email: alice.email, password: TEST_PASSWORD })).cookies.find((c) => c.name === 'sid')?.value ?? ''}`,
    });
    const pickup = await completedOrder(alice);
    const delivery = await declinedDelivery(alice);
    await call(t.app, alice, 'POST', '/api/cart', { userId: alice.id, name: 'Coke', quantity: 2 });
    const sentMail = await queueMail(alice, 'receipt', true);
    await queueMail(alice, 'order-ready', false);

    const deleted = await deleteAs(alice, alice.id, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Your account has been deleted. Thank you for ordering with us.',
    });
    expect(deleted.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');

    // Every session ended, this one and the other device's.
    for (const session of [alice, otherDevice]) {
      expect((await call(t.app, session, 'GET', '/api/auth/me')).json()).toEqual({ user: null });
      expect((await exportOf(session, alice.id)).statusCode).toBe(401);
    }
    const [left] = await t.db.query<Record<string, number>>(
      `select (select count(*)::int from sessions where user_id = $1) as sessions,
              (select count(*)::int from contacts where user_id = $1) as contacts,
              (select count(*)::int from carts where user_id = $1 and status = 'active') as carts,
              (select count(*)::int from carts where user_id = $1 and
                 (contact_phone is not null or contact_address is not null or instructions is not null)) as cart_details,
              (select count(*)::int from mail_outbox where user_id = $1) as mails,
              (select count(*)::int from mail_outbox where user_id = $1 and
                 (text_body <> '' or html_body <> '' or to_address = $2)) as mail_bodies`,
      [alice.id, alice.email],
    );
    expect(left).toEqual({
      sessions: 0,
      contacts: 0,
      carts: 0,
      cart_details: 0,
      mails: 1,
      mail_bodies: 0,
    });
    const [mail] = await t.db.query<{ id: string }>(
      'select id from mail_outbox where user_id = $1',
      [alice.id],
    );
    expect(mail?.id).toBe(sentMail);

    // The account row is a tombstone: nothing of the person, no way to sign in.
    const [tombstone] = await t.db.query(
      'select name, email, password_hash, google_subject, role from users where id = $1',
      [alice.id],
    );
    expect(tombstone).toEqual({
      name: 'Deleted customer',
      email: `deleted-${alice.id}@deleted.invalid`,
      password_hash: null,
      google_subject: null,
      role: 'customer',
    });

    // The staff still see both orders, with their figures, and nobody's details.
    const board = (await call(t.app, staff, 'GET', '/api/staff/orders')).json<ApiStaffOrder[]>();
    const kept = board.filter((order) => order.customer._id === alice.id);
    expect(kept.map((order) => order._id).sort()).toEqual([pickup._id, delivery._id].sort());
    for (const order of kept) {
      const placed = order._id === pickup._id ? pickup : delivery;
      expect(order.totalPrice).toBe(placed.totalPrice);
      expect(order.customer.name).toBe('Deleted customer');
      expect(order.customer.email).not.toBe(alice.email);
      expect(order.contactInfo.phone).toBe('');
      expect(order.instructions).toBe('');
    }
    expect(kept.find((order) => order._id === delivery._id)?.contactInfo.address).toBe(
      'Address removed',
    );
    expect(JSON.stringify(board)).not.toContain(alice.email);
    expect(JSON.stringify(board)).not.toContain('Ring twice');

    expect(await checker.check()).toEqual([]);

    // The old password opens nothing; the email is free to register again.
    const login = await logIn(t.app, { email: alice.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(401);
    const again = await registerUser(t.app, { email: alice.email });
    expect(again.user.email).toBe(alice.email);
    expect(again.user._id).not.toBe(alice.id);
    const fresh = (await exportOf(accountOf(again), again.user._id)).json<ApiAccountExport>();
    expect(fresh.orders).toEqual([]);
  });

  it('refuses while an order is in flight (409), changing nothing, and allows it once done', async () => {
    const alice = await newCustomer();
    const order = await placeOrder(t.app, alice, [{ name: 'Coke' }]);
    const before = await footprint(alice.id);
    const refused = await deleteAs(alice, alice.id, { password: TEST_PASSWORD });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(error(refused).code).toBe('order_in_progress');
    expect(error(refused).message).toMatch(/still working on/);
    expect(await footprint(alice.id)).toEqual(before);

    const path = `/api/staff/orders/${order._id}`;
    await staffCall('POST', `${path}/accept`, { minutes: 20 });
    expect((await deleteAs(alice, alice.id, { password: TEST_PASSWORD })).statusCode).toBe(409);
    await staffCall('POST', `${path}/status`, { status: 'ready' });
    expect((await deleteAs(alice, alice.id, { password: TEST_PASSWORD })).statusCode).toBe(409);
    await staffCall('POST', `${path}/status`, { status: 'completed' });
    expect((await deleteAs(alice, alice.id, { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a staff or admin account (409): the admin removes staff', async () => {
    const carol = await newCustomer();
    await t.db.query(`update users set role = 'staff' where id = $1`, [carol.id]);
    const before = await footprint(carol.id);
    const refused = await deleteAs(carol, carol.id, { password: TEST_PASSWORD });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(error(refused).code).toBe('staff_account');
    expect(await footprint(carol.id)).toEqual(before);
  });

  it('asks a Google-only account for its email typed again', async () => {
    const gina = await newCustomer();
    await t.db.query(
      `update users set password_hash = null, google_subject = 'google-gina-2' where id = $1`,
      [gina.id],
    );
    const wrong = await deleteAs(gina, gina.id, { email: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(error(wrong)).toMatchObject({ code: 'confirmation_mismatch' });
    expect(error(wrong).message).toMatch(/email/);
    const right = await deleteAs(gina, gina.id, { email: ` ${gina.email.toUpperCase()} ` });
    expect(right.statusCode, right.body).toBe(200);
    const [row] = await t.db.query<{ google_subject: string | null }>(
      'select google_subject from users where id = $1',
      [gina.id],
    );
    expect(row?.google_subject).toBeNull();
  });

  it('is refused for another account’s id (403) and signed out (401), deleting nothing', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    const before = await footprint(bob.id);
    const other = await deleteAs(alice, bob.id, { password: TEST_PASSWORD });
    expect(other.statusCode).toBe(403);
    expect(error(other).code).toBe('forbidden');
    expect((await deleteAs(null, bob.id, { password: TEST_PASSWORD })).statusCode).toBe(401);
    expect(await footprint(bob.id)).toEqual(before);
  });
});

it('leaves no reset link working: one mailed before the deletion cannot give the account a password', async () => {
  const alice = await newCustomer();
  const asked = await call(t.app, null, 'POST', '/api/auth/forgot-password', {
    email: alice.email,
  });
  expect(asked.statusCode).toBe(200);
  const [mail] = await t.db.query<{ text_body: string }>(
    `select text_body from mail_outbox where user_id = $1 and kind = 'password-reset'`,
    [alice.id],
  );
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  expect(token).toBeDefined();

  expect((await deleteAs(alice, alice.id, { password: TEST_PASSWORD })).statusCode).toBe(200);
  const used = await call(t.app, null, 'POST', '/api/auth/reset-password', {
    token,
    password: 'a brand new password',
  });
  expect(used.statusCode).toBe(400);
  const [row] = await t.db.query<{ password_hash: string | null }>(
    'select password_hash from users where id = $1',
    [alice.id],
  );
  expect(row?.password_hash).toBeNull();
});

/** Every table's rows that mention one of `needles` (as JSON text, case aside), by table. */
async function rowsMentioning(needles: readonly string[]): Promise<Record<string, string[]>> {
  const tables = await t.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const found: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const rows = await t.db.query<{ row: string }>(
      `select to_jsonb(x)::text as row from "${table}" x
        where to_jsonb(x)::text ilike any($1::text[])`,
      [needles.map((needle) => `%${needle}%`)],
    );
    if (rows.length > 0) found[table] = rows.map((row) => row.row);
  }
  return found;
}

it('finds every stored copy: the owner’s alerts, the orders, their history and the reports hold nothing of the person', async () => {
  const zed = {
    name: 'Zed Privacyperson',
    phone: '519-555-9876',
    address: '77 Privacyperson Lane, Guelph ON',
  };
  const registered = await registerUser(t.app, {
    name: zed.name,
    contacts: [{ phone: zed.phone, address: zed.address, isDefault: true }],
  });
  const customer = accountOf(registered);
  const email = registered.user.email;
  const order = await placeOrder(t.app, customer, [{ name: 'Coke' }], {
    deliveryType: 'delivery',
    contactInfo: { phone: zed.phone, address: zed.address },
    instructions: 'Ask for Zed Privacyperson',
  });
  // The owner's alerts, as the sweeper writes them: unanswered after the alert's minutes, then
  // missed when the window ends (the order declined by nobody, so it is over).
  const placedAt = new Date(OPEN_TUESDAY).getTime();
  const sweepAt = (minutes: number) =>
    createAcceptanceSweeper({
      db: t.db,
      clock: fixedClock(new Date(placedAt + minutes * 60_000)),
      intervalMs: 3_600_000,
      ownerEmail: 'owner-alerts@example.com',
    }).sweep();
  await sweepAt(OWNER_UNANSWERED_ALERT_MINUTES + 1);
  await sweepAt(DEFAULT_ACCEPTANCE_WINDOW_MINUTES + 1);
  const ownerMails = await t.db.query<{ id: string; kind: string; text_body: string }>(
    `select id, kind, text_body from mail_outbox where order_id = $1 and user_id is null
      order by kind`,
    [order._id],
  );
  expect(ownerMails.map((mail) => mail.kind)).toEqual(['owner-missed', 'owner-unanswered']);
  expect(ownerMails[0]?.text_body).toContain(zed.name);
  expect(ownerMails[0]?.text_body).toContain('(519) 555-9876');
  // One alert went out already; the other is still waiting in the outbox.
  const sentAlert = ownerMails[1]?.id ?? '';
  await t.db.query(`update mail_outbox set status = 'sent', sent_at = $2 where id = $1`, [
    sentAlert,
    clock.now(),
  ]);

  const needles = [zed.name, 'Privacyperson', email, '5195559876', '555-9876', '555 9876'];
  expect(Object.keys(await rowsMentioning(needles)).sort()).toEqual(
    expect.arrayContaining(['contacts', 'mail_outbox', 'orders', 'users']),
  );
  const deleted = await deleteAs(customer, customer.id, { password: TEST_PASSWORD });
  expect(deleted.statusCode, deleted.body).toBe(200);

  // Every table: the outbox, the orders and carts, the history (order_steps, order_events'
  // payloads), the account row.
  expect(await rowsMentioning(needles)).toEqual({});
  // The sent alert stays as the record that it was sent, to the owner, with no body; the unsent
  // one is never sent (the order is over and nobody is left to call).
  const kept = await t.db.query(
    `select id, kind, to_address, status, text_body, html_body from mail_outbox
      where order_id = $1 and user_id is null`,
    [order._id],
  );
  expect(kept).toEqual([
    {
      id: sentAlert,
      kind: 'owner-unanswered',
      to_address: 'owner-alerts@example.com',
      status: 'sent',
      text_body: '',
      html_body: '',
    },
  ]);
  // What the staff read: the board, the Outbox, the day's report and the CSV export.
  const day = '2026-11-24';
  for (const url of [
    '/api/staff/orders',
    '/api/staff/outbox',
    '/api/staff/reports/today',
    `/api/staff/reports/orders.csv?from=${day}&to=${day}`,
  ]) {
    const answer = await call(t.app, staff, 'GET', url);
    expect(answer.statusCode, url).toBe(200);
    for (const needle of [...needles, '(519) 555-9876']) {
      expect(answer.body.toLowerCase(), `${url} mentions ${needle}`).not.toContain(
        needle.toLowerCase(),
      );
    }
  }
  const csv = (
    await call(t.app, staff, 'GET', `/api/staff/reports/orders.csv?from=${day}&to=${day}`)
  ).body;
  expect(csv).toContain(`${order.number},`);
  expect(await checker.check()).toEqual([]);
});
