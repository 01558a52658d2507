/**
 * The customer's order mails (issue 35), read from the outbox as queued: each queued once, by
 * the transaction that changed the order, with the right kind, recipient, subject and words,
 * and none when the change is refused. Delivery is the sender's (tests of mail/sender.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
  OWNER_UNANSWERED_ALERT_MINUTES,
  formatMoney,
  readyAtText,
  toCents,
  type ApiOrder,
  type ApiTodayReport,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import type { Database } from '../../src/server/data/db';
import { createAcceptanceSweeper } from '../../src/server/orders/acceptance-sweeper';
import { storeRepository } from '../../src/server/repositories/store';
import {
  DELIVERY_CONTACT,
  OPEN_TUESDAY,
  accountOf,
  call,
  completeOrder,
  confirm,
  fillCart,
  placeOrder,
  registerStaff,
  type Account,
} from '../support/orders';
import { createTestApp, productIdsByName, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { queuedMailsAbout, type QueuedMail } from '../support/mails';

const MINUTE = 60_000;
const clock = fixedClock(OPEN_TUESDAY);

let test: TestApp;
let app: FastifyInstance;
let db: Database;
let staff: Account;

const mailsOf = (orderId: string) => queuedMailsAbout(db, orderId);

async function customer(): Promise<Account & { email: string }> {
  const registered = await registerUser(app);
  return { ...accountOf(registered), email: registered.user.email };
}

const staffPost = (orderId: string, step: string, payload: object) =>
  call(app, staff, 'POST', `/api/staff/orders/${orderId}/${step}`, payload);

beforeAll(async () => {
  // The sweeper's own timer never runs in this file: the test sweeps when it means to.
  test = await createTestApp({ clock, config: { orders: { acceptSweepMs: 3_600_000 } } });
  app = test.app;
  db = test.db;
  staff = await registerStaff(app, db);
});

beforeEach(() => {
  clock.set(OPEN_TUESDAY);
});

afterAll(async () => {
  await test.close();
});

describe('order mails', () => {
  it('the receipt is queued with the order: its lines, totals, HST number, payment and address', async () => {
    const id = await productIdsByName(app);
    const who = await customer();
    await db.query(`update store_settings set hst_number = '123456789 RT0001' where id = 1`);
    let order: ApiOrder;
    try {
      order = await placeOrder(
        app,
        who,
        [
          { productId: id('Wings'), size: '20 pcs', wingsFlavor: 'Hot' },
          { name: 'Coke', quantity: 2 },
        ],
        { deliveryType: 'delivery', contactInfo: DELIVERY_CONTACT },
        { paymentOption: 'cash', tipPercent: 15 },
      );
    } finally {
      await db.query(`update store_settings set hst_number = null where id = 1`);
    }
    const mails = await mailsOf(order._id);
    expect(mails.map((mail) => mail.kind)).toEqual(['receipt']);
    const [receipt] = mails;
    expect(receipt).toMatchObject({
      to_address: who.email,
      user_id: who.id,
      subject: `Order #${order.number} received`,
    });
    const text = receipt?.text_body ?? '';
    const money = (dollars: number) => formatMoney(toCents(dollars));
    expect(text).toContain(`Subtotal: ${money(order.subtotal)}`);
    expect(text).toContain(`HST (123456789 RT0001): ${money(order.hst)}`);
    expect(text).toContain(`Tip (15%): ${money(order.tip)}`);
    expect(text).toContain(`Delivery fee: ${money(order.deliveryFee)}`);
    expect(text).toContain(`Total: ${money(order.totalPrice)}`);
    expect(text).toContain('Payment: Pay in cash on delivery');
    expect(text).toContain(`Delivery to: ${DELIVERY_CONTACT.address}`);
    // The option words are the ones the cart and the board show for the line.
    const wings = order.items.find((item) => item.productId.name === 'Wings');
    expect(wings?.description).toBeTruthy();
    expect(text).toContain(
      `1 x Wings  ${money(wings?.totalPrice ?? 0)}\n   ${wings?.description ?? ''}`,
    );
    expect(receipt?.html_body).toContain(money(order.totalPrice));
    expect(receipt?.html_body).toContain('123456789 RT0001');
  });

  it('a scheduled pickup receipt names the time and the store; without an HST number, none is printed', async () => {
    const who = await customer();
    // Tomorrow (Wednesday) at noon, in Guelph.
    const at = '2026-11-25T12:00:00-05:00';
    const order = await placeOrder(app, who, [{ name: 'Coke' }], { scheduledTime: at });
    const [receipt] = await mailsOf(order._id);
    const settings = await storeRepository(db).settings();
    expect(receipt?.text_body).toContain('Scheduled for: Wed 12:00 PM');
    // The spec's 'Pay When Pickup or Delivery', said for the order it is (issue 44).
    expect(receipt?.text_body).toContain('Payment: Pay at pickup\n');
    expect(receipt?.text_body).toContain(`Pickup at: ${settings.pickupAddress}`);
    expect(receipt?.text_body).toContain(`HST: ${formatMoney(toCents(order.hst))}`);
    expect(receipt?.text_body).toContain(settings.phone);
  });

  it('a refused order queues no receipt', async () => {
    const who = await customer();
    await fillCart(app, who, [{ name: 'Coke' }]);
    expect((await confirm(app, who)).statusCode).toBe(200);
    await db.query(`update products set sold_out = true where name = 'Coke'`);
    try {
      expect((await completeOrder(app, who)).statusCode).toBe(409);
    } finally {
      await db.query(`update products set sold_out = false where name = 'Coke'`);
    }
    const rows = await db.query<{ count: number }>(
      `select count(*)::int as count from mail_outbox where user_id = $1`,
      [who.id],
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('accepting queues one mail with the ready time; a refused second answer queues none', async () => {
    const who = await customer();
    const order = await placeOrder(app, who);
    expect((await staffPost(order._id, 'accept', { minutes: 20 })).statusCode).toBe(200);
    // Refused after the order row was locked: the transaction rolls back, no mail with it.
    expect((await staffPost(order._id, 'accept', { minutes: 25 })).statusCode).toBe(409);
    expect((await staffPost(order._id, 'decline', { reason: 'busy' })).statusCode).toBe(409);
    const mails = await mailsOf(order._id);
    expect(mails.map((mail) => mail.kind)).toEqual(['receipt', 'order-accepted']);
    const accepted = mails[1];
    expect(accepted?.to_address).toBe(who.email);
    expect(accepted?.subject).toBe(`Order #${order.number} is confirmed`);
    const readyAt = new Date(new Date(OPEN_TUESDAY).getTime() + 20 * MINUTE);
    expect(accepted?.text_body).toContain(readyAtText(readyAt, false, clock.now()));
  });

  it('a scheduled order is confirmed for its own time', async () => {
    const who = await customer();
    const at = '2026-11-25T12:00:00-05:00';
    const order = await placeOrder(app, who, [{ name: 'Coke' }], { scheduledTime: at });
    expect((await staffPost(order._id, 'accept', {})).statusCode).toBe(200);
    const accepted = (await mailsOf(order._id)).find((mail) => mail.kind === 'order-accepted');
    expect(accepted?.text_body).toContain(readyAtText(new Date(at), true, clock.now()));
  });

  it('declining by staff says the reason; a missed order says the store did not answer and gives its phone', async () => {
    const who = await customer();
    const declined = await placeOrder(app, who);
    const missed = await placeOrder(app, who);
    expect((await staffPost(declined._id, 'decline', { reason: 'out of wings' })).statusCode).toBe(
      200,
    );
    clock.set(
      new Date(new Date(OPEN_TUESDAY).getTime() + DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE),
    );
    const sweeper = createAcceptanceSweeper({ db, clock, intervalMs: 3_600_000 });
    // Earlier tests' orders still waiting are declined too; this one's mail is read below.
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    // A second sweep (another process's, or the next tick) finds nothing left to decline.
    expect(await sweeper.sweep()).toBe(0);

    const byStaff = await mailsOf(declined._id);
    expect(byStaff.map((mail) => mail.kind)).toEqual(['receipt', 'order-declined']);
    expect(byStaff[1]?.subject).toBe(`Order #${declined.number} was declined`);
    expect(byStaff[1]?.text_body).toContain('the store is currently out of wings');

    const settings = await storeRepository(db).settings();
    const byNobody = (await mailsOf(missed._id)).filter((mail) => mail.kind !== 'receipt');
    expect(byNobody.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['order-missed', who.email],
    ]);
    expect(byNobody[0]?.subject).toBe(`Order #${missed.number} was not confirmed`);
    expect(byNobody[0]?.text_body).toContain('did not answer in time');
    expect(byNobody[0]?.text_body).toContain(`call us at ${settings.phone}`);
  });

  async function acceptedOrder(who: Account, delivery: boolean): Promise<ApiOrder> {
    const order = await placeOrder(
      app,
      who,
      [{ name: 'Coke' }],
      delivery ? { deliveryType: 'delivery', contactInfo: DELIVERY_CONTACT } : {},
    );
    expect((await staffPost(order._id, 'accept', { minutes: 15 })).statusCode).toBe(200);
    return order;
  }

  /** A pickup order of `who` made ready, and a delivery order sent out. */
  async function readyAndOnTheWay(who: Account) {
    const pickup = await acceptedOrder(who, false);
    const delivery = await acceptedOrder(who, true);
    expect((await staffPost(pickup._id, 'status', { status: 'ready' })).statusCode).toBe(200);
    expect(
      (await staffPost(delivery._id, 'status', { status: 'out-for-delivery' })).statusCode,
    ).toBe(200);
    return { pickup, delivery };
  }

  it('ready for pickup and out for delivery are queued once each', async () => {
    const who = await customer();
    const { pickup, delivery } = await readyAndOnTheWay(who);
    // Completing sends nothing more.
    expect((await staffPost(pickup._id, 'status', { status: 'completed' })).statusCode).toBe(200);

    const ready = await mailsOf(pickup._id);
    expect(ready.map((mail) => mail.kind)).toEqual(['receipt', 'order-accepted', 'order-ready']);
    expect(ready[2]?.subject).toBe(`Order #${pickup.number} is ready for pickup`);
    expect(ready[2]?.to_address).toBe(who.email);
    const out = await mailsOf(delivery._id);
    expect(out.map((mail) => mail.kind)).toEqual([
      'receipt',
      'order-accepted',
      'order-out-for-delivery',
    ]);
    expect(out[2]?.text_body).toContain(DELIVERY_CONTACT.address);
  });

  it('a customer who turned the optional mails off gets the receipt and the answer, not ready or out for delivery', async () => {
    const who = await customer();
    const turnedOff = await call(app, who, 'PUT', `/api/user/${who.id}/mail-preferences`, {
      orderUpdates: false,
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    expect(turnedOff.json()).toEqual({ orderUpdates: false });
    const { pickup, delivery } = await readyAndOnTheWay(who);
    expect((await mailsOf(pickup._id)).map((mail) => mail.kind)).toEqual([
      'receipt',
      'order-accepted',
    ]);
    expect((await mailsOf(delivery._id)).map((mail) => mail.kind)).toEqual([
      'receipt',
      'order-accepted',
    ]);
  });

  it('the preference is the account’s own: on by default, read and changed only by its owner', async () => {
    const who = await customer();
    const other = await customer();
    const url = `/api/user/${who.id}/mail-preferences`;
    expect((await call(app, who, 'GET', url)).json()).toEqual({ orderUpdates: true });
    expect((await call(app, other, 'PUT', url, { orderUpdates: false })).statusCode).toBe(403);
    expect((await call(app, null, 'PUT', url, { orderUpdates: false })).statusCode).toBe(401);
    const bad = await call(app, who, 'PUT', url, { orderUpdates: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('true or false');
    expect((await call(app, who, 'GET', url)).json()).toEqual({ orderUpdates: true });
    expect((await call(app, who, 'PUT', url, { orderUpdates: false })).statusCode).toBe(200);
    expect((await call(app, who, 'GET', url)).json()).toEqual({ orderUpdates: false });
    expect((await call(app, who, 'PUT', url, { orderUpdates: true })).statusCode).toBe(200);
    expect((await call(app, who, 'GET', url)).json()).toEqual({ orderUpdates: true });
  });
});

describe('the owner’s alerts', () => {
  it('an order waiting two minutes is told to the owner once across two sweeping processes; a missed one too, a staff decline not', async () => {
    const admin = await customer();
    await db.query(`update users set role = 'admin' where id = $1`, [admin.id]);
    const who = await customer();
    const waiting = await placeOrder(app, who, [{ name: 'Coke' }], {
      contactInfo: { phone: '519-555-0177', address: '' },
    });
    const declined = await placeOrder(app, who);
    const start = new Date(OPEN_TUESDAY).getTime();
    // Two server processes' sweepers on one database.
    const one = createAcceptanceSweeper({ db, clock, intervalMs: 3_600_000 });
    const two = createAcceptanceSweeper({ db, clock, intervalMs: 3_600_000 });
    // A process configured with OWNER_EMAIL sends them there instead of to the admin.
    const configured = createAcceptanceSweeper({
      db,
      clock,
      intervalMs: 3_600_000,
      ownerEmail: 'owner@example.com',
    });
    const ownerMails = async (orderId: string) =>
      (await mailsOf(orderId)).filter((mail) => mail.kind.startsWith('owner-'));

    clock.set(new Date(start + OWNER_UNANSWERED_ALERT_MINUTES * MINUTE - 1_000));
    await one.sweep();
    expect(await ownerMails(waiting._id)).toEqual([]);

    clock.set(new Date(start + OWNER_UNANSWERED_ALERT_MINUTES * MINUTE));
    await Promise.all([one.sweep(), two.sweep()]);
    await one.sweep();
    const alerts = await ownerMails(waiting._id);
    expect(alerts.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['owner-unanswered', admin.email],
    ]);
    expect(alerts[0]?.subject).toBe(`Order #${waiting.number} is waiting for an answer`);
    expect(alerts[0]?.text_body).toContain('(519) 555-0177');
    expect(alerts[0]?.user_id).toBeNull();

    // The staff answer one; the other runs out its window.
    expect((await staffPost(declined._id, 'decline', { reason: 'busy' })).statusCode).toBe(200);
    clock.set(new Date(start + DEFAULT_ACCEPTANCE_WINDOW_MINUTES * MINUTE));
    await Promise.all([one.sweep(), two.sweep()]);
    await two.sweep();
    const missed = await ownerMails(waiting._id);
    expect(missed.map((mail) => [mail.kind, mail.to_address]).sort()).toEqual([
      ['owner-missed', admin.email],
      ['owner-unanswered', admin.email],
    ]);
    expect(missed.find((mail) => mail.kind === 'owner-missed')?.subject).toBe(
      `Missed: Order #${waiting.number} was not answered`,
    );
    // A decline by the staff is their own answer: the owner is not alerted of it as missed.
    expect((await ownerMails(declined._id)).map((mail) => mail.kind)).toEqual(['owner-unanswered']);

    const third = await placeOrder(app, who);
    clock.set(new Date(clock.now().getTime() + OWNER_UNANSWERED_ALERT_MINUTES * MINUTE));
    await configured.sweep();
    expect((await ownerMails(third._id)).map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['owner-unanswered', 'owner@example.com'],
    ]);
  });

  it('after closing, the day’s numbers go to the owner once, across two sweeping processes', async () => {
    // The owner (the first admin) and an order of the day, whatever ran before.
    const owner = await customer();
    await db.query(`update users set role = 'admin' where id = $1`, [owner.id]);
    await placeOrder(app, await customer());
    const admin = (
      await db.query<{ email: string }>(
        `select email from users where role = 'admin' order by created_at, id limit 1`,
      )
    )[0];
    const one = createAcceptanceSweeper({ db, clock, intervalMs: 3_600_000 });
    const two = createAcceptanceSweeper({ db, clock, intervalMs: 3_600_000 });
    clock.set('2026-11-24T22:59:00-05:00');
    const summaries = () =>
      db.query<QueuedMail>(
        `select kind, to_address, subject, text_body, html_body, user_id, order_id
           from mail_outbox where kind = 'owner-day-summary'`,
      );
    // Still open: the sweep declines what waited too long, and sends no summary yet.
    await one.sweep();
    expect(await summaries()).toEqual([]);
    // The staff's numbers for the day, as they stand at closing.
    const today = await call(app, staff, 'GET', '/api/staff/reports/today');
    expect(today.statusCode).toBe(200);
    const report = today.json<ApiTodayReport>();
    expect(report.received).toBeGreaterThan(0);

    // Tuesday's hours end at 11:00 PM.
    clock.set('2026-11-24T23:00:00-05:00');
    await Promise.all([one.sweep(), two.sweep()]);
    await two.sweep();
    clock.set('2026-11-25T09:00:00-05:00');
    await one.sweep();
    const rows = await summaries();
    expect(rows.map((row) => [row.to_address, row.subject])).toEqual([
      [admin?.email, 'The day’s numbers for 2026-11-24'],
    ]);
    expect(rows[0]?.text_body).toContain(`Received: ${report.received}`);
    expect(rows[0]?.text_body).toContain(`Missed (nobody answered): ${report.missed}`);
    expect(rows[0]?.text_body).toContain(`Food sales: ${formatMoney(toCents(report.foodSales))}`);
  });
});
