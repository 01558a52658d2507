import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ApiCompleteOrderAnswer,
  ApiErrorBody,
  ApiMergedCart,
  ApiProduct,
  AvailabilityWindow,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { call, completeOrder, confirm, type Account } from '../support/orders';
import { productIdsByName } from '../support/test-app';
import { storeTest } from '../support/store-test';

/**
 * Availability windows (issue 34): a product offered only on some days and hours is refused
 * outside them, when added to a cart (judged at the customer's `orderAt` when it is a time the
 * store could take, else now) and when ordered (judged at the order's time: its scheduled time,
 * else now). Times are Toronto's wall clock with the offset spelled out; the
 * week of Sunday 2026-11-22 is all EST (Monday the 23rd, Friday the 27th).
 */

const at = (local: string) => `${local}:00-05:00`;
const LUNCH: AvailabilityWindow = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };
const LATE_FRIDAY: AvailabilityWindow = { days: [5], from: '22:00', to: '02:00' };
const LUNCH_TEXT = 'Sorry, Garlic Bread is only available Mon–Fri 11:00 AM–3:00 PM.';

const clock = fixedClock(at('2026-11-23T12:00'));
let garlicBread: string;

/** Gives Garlic Bread these windows (null: none) and waits until the app's menu shows them. */
async function setWindows(windows: AvailabilityWindow[] | null): Promise<void> {
  await t.db.query(
    windows
      ? `update products set details = details || jsonb_build_object('availableAt', $2::jsonb) where id = $1`
      : `update products set details = details - 'availableAt' where id = $1`,
    windows ? [garlicBread, JSON.stringify(windows)] : [garlicBread],
  );
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await t.app.inject({ method: 'GET', url: `/api/products/${garlicBread}` });
    const shown = answer.json<ApiProduct>().details?.availableAt ?? null;
    if (JSON.stringify(shown) === JSON.stringify(windows)) return;
    if (Date.now() > deadline) throw new Error(`the app still shows ${JSON.stringify(shown)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const addGarlicBread = (who: Account, orderAt?: unknown) =>
  call(t.app, who, 'POST', '/api/cart', {
    userId: who.id,
    name: 'Garlic Bread',
    quantity: 1,
    ...(orderAt === undefined ? {} : { orderAt }),
  });

async function addedAt(local: string): Promise<number> {
  clock.set(at(local));
  const response = await addGarlicBread(alice);
  return response.statusCode;
}

async function emptyCart(who: Account): Promise<void> {
  await t.db.query(`delete from carts where user_id = $1 and status = 'active'`, [who.id]);
}

const ordersOf = async (who: Account) =>
  (
    await t.db.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [
      who.id,
    ])
  )[0]?.n;

const t = storeTest({ clock, accounts: { alice: 'customer' } });
const { alice } = t.accounts;
beforeAll(async () => {
  garlicBread = (await productIdsByName(t.app))('Garlic Bread');
});
beforeEach(async () => {
  await emptyCart(alice);
  await setWindows(null);
});

describe('the product as the API shows it', () => {
  it('carries its windows in its details, and none when it has none', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `/api/products/${garlicBread}` });
    expect(plain.json<ApiProduct>().details?.availableAt).toBeUndefined();
    await setWindows([LUNCH]);
    const lunch = await t.app.inject({ method: 'GET', url: `/api/products/${garlicBread}` });
    expect(lunch.json<ApiProduct>().details?.availableAt).toEqual([LUNCH]);
    expect(lunch.json<ApiProduct>().availableAt).toEqual([LUNCH]);
  });

  it('carries them on the list too (a list row says when), and nothing for the others', async () => {
    await setWindows([LUNCH]);
    const list = await t.app.inject({ method: 'GET', url: '/api/products?category=Sides' });
    const products = list.json<ApiProduct[]>();
    expect(products.find((product) => product._id === garlicBread)?.availableAt).toEqual([LUNCH]);
    expect(products.filter((product) => 'availableAt' in product)).toHaveLength(1);
  });
});

describe('adding to a cart, judged now', () => {
  it('takes a lunch special from 11:00 to 14:59 on its days, and refuses it at 10:59 and 15:00', async () => {
    await setWindows([LUNCH]);
    expect(await addedAt('2026-11-23T10:59')).toBe(409);
    expect(await addedAt('2026-11-23T11:00')).toBe(200);
    expect(await addedAt('2026-11-23T14:59')).toBe(200);
    expect(await addedAt('2026-11-23T15:00')).toBe(409);
    // Saturday is not one of its days.
    expect(await addedAt('2026-11-28T12:00')).toBe(409);
  });

  it('answers 409 not_offered_now saying when it is offered, and writes nothing', async () => {
    await setWindows([LUNCH]);
    clock.set(at('2026-11-23T15:00'));
    const refused = await addGarlicBread(alice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>()).toEqual({
      statusCode: 409,
      code: 'not_offered_now',
      message: LUNCH_TEXT,
    });
    const lines = await t.db.query(
      `select 1 from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1`,
      [alice.id],
    );
    expect(lines).toHaveLength(0);
  });

  it('takes a window past midnight on the night it starts: Fri 22:00 to Sat 01:59', async () => {
    await setWindows([LATE_FRIDAY]);
    expect(await addedAt('2026-11-27T21:59')).toBe(409);
    expect(await addedAt('2026-11-27T22:00')).toBe(200);
    expect(await addedAt('2026-11-28T01:00')).toBe(200);
    expect(await addedAt('2026-11-28T01:59')).toBe(200);
    expect(await addedAt('2026-11-28T02:00')).toBe(409);
    // Friday 01:00 is Thursday night's, and Thursday has no window.
    expect(await addedAt('2026-11-27T01:00')).toBe(409);
  });

  it("skips a guest's line outside its window when merging, with the reason, and merges the rest", async () => {
    await setWindows([LUNCH]);
    clock.set(at('2026-11-22T19:00'));
    const merged = await call(t.app, alice, 'POST', '/api/cart/merge-cart', {
      userId: alice.id,
      localCart: [
        { name: 'Garlic Bread', quantity: 1 },
        { name: 'Coke', quantity: 1 },
      ],
    });
    expect(merged.statusCode).toBe(200);
    const answer = merged.json<ApiMergedCart>();
    expect(answer.merged).toBe(1);
    expect(answer.skipped).toEqual([{ name: 'Garlic Bread', reason: LUNCH_TEXT }]);
  });
});

describe('adding for a later time: orderAt, judged at it when the store could take it', () => {
  /** The answer's status for Garlic Bread added at `local` for `orderAt`. */
  async function addedFor(local: string, orderAt: unknown): Promise<number> {
    clock.set(at(local));
    return (await addGarlicBread(alice, orderAt)).statusCode;
  }

  it("takes Monday's lunch special on Sunday evening for Monday noon, and not for Monday 15:00", async () => {
    await setWindows([LUNCH]);
    expect(await addedFor('2026-11-22T19:00', at('2026-11-23T12:00'))).toBe(200);
    // The same instant in UTC, as our web app sends it.
    expect(await addedFor('2026-11-22T19:00', '2026-11-23T17:00:00.000Z')).toBe(200);
    const late = await addGarlicBread(alice, at('2026-11-23T15:00'));
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiErrorBody>()).toMatchObject({
      code: 'not_offered_now',
      message: LUNCH_TEXT,
    });
    const lines = await t.db.query<{ quantity: number }>(
      `select i.quantity from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1`,
      [alice.id],
    );
    expect(lines).toEqual([{ quantity: 2 }]);
  });

  it('judges at the chosen time, not now: inside the window now, refused for a later time outside it', async () => {
    await setWindows([LUNCH]);
    expect(await addedFor('2026-11-23T12:00', at('2026-11-23T16:00'))).toBe(409);
    expect(await addedFor('2026-11-23T12:00', null)).toBe(200);
  });

  it('judges now when orderAt is no time the store could take: unreadable, past, too far, closed', async () => {
    await setWindows([LUNCH]);
    // Sunday evening, outside the window: each of these would be inside it.
    expect(await addedFor('2026-11-22T19:00', 'Monday at noon')).toBe(409);
    expect(await addedFor('2026-11-22T19:00', '')).toBe(409);
    expect(await addedFor('2026-11-22T19:00', at('2026-11-20T12:00'))).toBe(409);
    expect(await addedFor('2026-11-22T19:00', at('2026-11-30T12:00'))).toBe(409);
    // Monday 16:00, outside the window: noon has passed.
    expect(await addedFor('2026-11-23T16:00', at('2026-11-23T12:00'))).toBe(409);
    // A breakfast window before the store opens (11:00): never a time the store could take.
    await setWindows([{ days: [1], from: '09:00', to: '10:30' }]);
    expect(await addedFor('2026-11-22T19:00', at('2026-11-23T10:00'))).toBe(409);
    // Friday, inside the window and within the week ahead: taken.
    await setWindows([LUNCH]);
    expect(await addedFor('2026-11-22T19:00', at('2026-11-27T14:45'))).toBe(200);
  });

  it('refuses an orderAt that is not text as a bad request, writing nothing', async () => {
    await setWindows([LUNCH]);
    clock.set(at('2026-11-23T12:00'));
    const refused = await addGarlicBread(alice, 12);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().code).toBe('invalid_input');
    const lines = await t.db.query(
      `select 1 from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1`,
      [alice.id],
    );
    expect(lines).toHaveLength(0);
  });

  it("merges a guest's lunch special held for Monday noon on Sunday evening", async () => {
    await setWindows([LUNCH]);
    clock.set(at('2026-11-22T19:00'));
    const merged = await call(t.app, alice, 'POST', '/api/cart/merge-cart', {
      userId: alice.id,
      localCart: [{ name: 'Garlic Bread', quantity: 1 }],
      orderAt: '2026-11-23T17:00:00.000Z',
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json<ApiMergedCart>()).toMatchObject({ merged: 1, skipped: [] });
  });

  it('places the order for the time it was added for, and Confirm refuses it for another', async () => {
    await setWindows([LUNCH]);
    expect(await addedFor('2026-11-22T19:00', at('2026-11-23T12:00'))).toBe(200);
    const REFUSED = `${LUNCH_TEXT} Remove it from your cart, or schedule your order for a time it is available.`;
    const asap = await confirm(t.app, alice);
    expect(asap.statusCode).toBe(409);
    expect(asap.json<ApiErrorBody>()).toMatchObject({ code: 'not_offered_now', message: REFUSED });
    const late = await confirm(t.app, alice, { scheduledTime: at('2026-11-23T15:00') });
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiErrorBody>()).toMatchObject({ code: 'not_offered_now', message: REFUSED });
    const before = await ordersOf(alice);
    expect(
      (await confirm(t.app, alice, { scheduledTime: at('2026-11-23T12:00') })).statusCode,
    ).toBe(200);
    expect((await completeOrder(t.app, alice)).statusCode).toBe(201);
    expect(await ordersOf(alice)).toBe((before ?? 0) + 1);
  });
});

describe('ordering, judged at the order time', () => {
  const REFUSED = `${LUNCH_TEXT} Remove it from your cart, or schedule your order for a time it is available.`;

  it("a scheduled order for Monday noon, placed on Sunday evening, holds Monday's lunch special", async () => {
    await setWindows([LUNCH]);
    // Added inside Friday's window; the customer comes back on Sunday evening.
    expect(await addedAt('2026-11-20T12:00')).toBe(200);
    clock.set(at('2026-11-22T19:00'));
    const confirmed = await confirm(t.app, alice, { scheduledTime: at('2026-11-23T12:00') });
    expect(confirmed.statusCode).toBe(200);
    const placed = await completeOrder(t.app, alice);
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json<ApiCompleteOrderAnswer>();
    expect(order.items.map((item) => item.productId.name)).toEqual(['Garlic Bread']);
  });

  it('refuses the same cart for as soon as possible on Sunday evening, and for Monday 15:00, writing nothing', async () => {
    await setWindows([LUNCH]);
    expect(await addedAt('2026-11-20T12:00')).toBe(200);
    clock.set(at('2026-11-22T19:00'));
    const before = await ordersOf(alice);

    const now = await confirm(t.app, alice);
    expect(now.statusCode).toBe(409);
    expect(now.json<ApiErrorBody>()).toMatchObject({ code: 'not_offered_now', message: REFUSED });
    const late = await confirm(t.app, alice, { scheduledTime: at('2026-11-23T15:00') });
    expect(late.statusCode).toBe(409);
    // Nothing stored by a refused confirmation: the cart is still unconfirmed.
    const stored = await t.db.query<{ confirmed_at: unknown }>(
      `select confirmed_at from carts where user_id = $1 and status = 'active'`,
      [alice.id],
    );
    expect(stored[0]?.confirmed_at ?? null).toBeNull();

    const lastMinute = await confirm(t.app, alice, { scheduledTime: at('2026-11-23T14:59') });
    expect(lastMinute.statusCode).toBe(200);
    expect(await ordersOf(alice)).toBe(before);
  });

  it('refuses at complete-order a cart confirmed in the window once the window has ended', async () => {
    await setWindows([LUNCH]);
    expect(await addedAt('2026-11-23T14:55')).toBe(200);
    expect((await confirm(t.app, alice)).statusCode).toBe(200);
    const before = await ordersOf(alice);
    clock.set(at('2026-11-23T15:00'));
    const placed = await completeOrder(t.app, alice);
    expect(placed.statusCode).toBe(409);
    expect(placed.json<ApiErrorBody>()).toMatchObject({
      code: 'not_offered_now',
      message: REFUSED,
    });
    expect(await ordersOf(alice)).toBe(before);
    // At 14:59 the same cart is placed.
    clock.set(at('2026-11-23T14:59'));
    expect((await completeOrder(t.app, alice)).statusCode).toBe(201);
  });

  it('places a late-Friday item at Saturday 00:30, the night its window started', async () => {
    await setWindows([LATE_FRIDAY]);
    expect(await addedAt('2026-11-28T00:30')).toBe(200);
    expect((await confirm(t.app, alice)).statusCode).toBe(200);
    expect((await completeOrder(t.app, alice)).statusCode).toBe(201);
  });
});
