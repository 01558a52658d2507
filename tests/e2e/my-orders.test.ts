/**
 * My Orders in the browser: signed-in only, the empty state, a placed order's card, the store's
 * answer arriving live (accepted with its ready time, declined with its reason) and an order
 * placed elsewhere appearing, all without a reload; a failed load with Try again; Reorder at
 * today's prices, leaving out (and naming) what is sold out. Orders are placed and answered
 * through the API, as another tab and the store would.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMoney, linePrice, toCents, type ApiOrder, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { LIVE, MONDAY_EVENING, text } from '../support/journey';
import { watchConsole } from '../support/console';
import { accountOf, placeOrder } from '../support/orders';
import { productIdsByName } from '../support/test-app';
import { registerUser, type ApiUser } from '../support/users';

const SHOTS = screenshotsFolder('orders');
const ADDRESS = '55 Wyndham St N, Guelph, ON N1H 7T8';
const WINGS = { size: '20 pcs', wingsFlavor: 'Hot' };

interface Person {
  user: ApiUser;
  cookie: string;
}

let h: BrowserHarness;
let id: (name: string) => string;
let staff: Person;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(MONDAY_EVENING) });
  id = await productIdsByName(h.app);
  staff = await registerUser(h.app);
  await h.db.query(`update users set role = 'staff' where id = $1`, [staff.user._id]);
});
afterAll(() => h.close());

async function call(who: Person, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await h.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response;
}

/** What another tab does: wings and Cokes into the cart, checkout, Place My Order. */
function placeWingsAndCokes(customer: Person, { delivery = false } = {}): Promise<ApiOrder> {
  return placeOrder(
    h.app,
    accountOf(customer),
    [
      { productId: id('Wings'), quantity: 2, ...WINGS },
      { productId: id('Coke'), quantity: 3 },
    ],
    {
      deliveryType: delivery ? 'delivery' : 'pickup',
      contactInfo: { phone: '519-555-0199', address: delivery ? ADDRESS : '' },
    },
  );
}

async function openMyOrders(page: Page, who: Person) {
  await signIn(page, who.user.email);
  await page.goto('/my-orders');
  await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
}

const card = (page: Page, order: ApiOrder): Locator =>
  page.locator(`article[data-order-id="${order._id}"]`);
const badge = (page: Page, order: ApiOrder) => text(card(page, order).getByTestId('order-status'));
/** The text of one fact of a card (Placed, Pickup, Delivery to, Scheduled for). */
const fact = (order: Locator, term: string) =>
  text(
    order
      .locator('.order-facts > div', { has: order.page().getByText(term, { exact: true }) })
      .locator('dd'),
  );
/** What the page's polite live region last said. */
const announced = (page: Page) =>
  text(page.locator('.orders-screen p[role="status"][aria-live="polite"]'));

/**
 * Marks the page so a reload would be seen, and records whether 'Loading...' ever appears in
 * the screen from now on (live updates must not flash it).
 */
async function watchStability(page: Page) {
  await page.evaluate(() => {
    const marked = window as unknown as { stayed?: boolean; flashed?: boolean };
    marked.stayed = true;
    marked.flashed = false;
    const main = document.querySelector('main');
    if (!main) return;
    new MutationObserver(() => {
      if (main.querySelector('.loading')) marked.flashed = true;
    }).observe(main, { childList: true, subtree: true });
  });
  return async () =>
    page.evaluate(() => {
      const marked = window as unknown as { stayed?: boolean; flashed?: boolean };
      return { stayed: marked.stayed === true, flashed: marked.flashed === true };
    });
}

it('is for signed-in customers only, shows only their own orders, and says when there are none', async () => {
  // Someone else's order exists: it must never show on this customer's screen.
  const other = await registerUser(h.app);
  await placeWingsAndCokes(other);
  const customer = await registerUser(h.app);

  const { context, page } = await h.newPage();
  const problems = watchConsole(page);
  await page.goto('/my-orders');
  await page.waitForURL('**/login');
  // Back to where they were going.
  await signIn(page, customer.user.email, { open: false, landsOn: '**/my-orders' });
  await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
  await page.getByText('No orders found.', { exact: true }).waitFor();
  expect(await page.locator('article[data-order-id]').count()).toBe(0);
  await page.getByRole('link', { name: 'Browse the menu' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/empty-390.png`, fullPage: true });

  // An order placed in another tab appears without a reload (order-created).
  const check = await watchStability(page);
  const placed = await placeWingsAndCokes(customer);
  await card(page, placed).waitFor();
  expect(await page.getByText('No orders found.', { exact: true }).count()).toBe(0);
  await expect
    .poll(() => announced(page), LIVE)
    .toBe(`New order #${placed.number}: Order not confirmed. Waiting for the store.`);
  expect(await check()).toEqual({ stayed: true, flashed: false });

  await context.close();
  expect(problems).toEqual([]);
});

it('shows a placed order, then the store accepting it, live, with the ready time', async () => {
  const customer = await registerUser(h.app);
  const older = await placeWingsAndCokes(customer, { delivery: true });
  const order = await placeWingsAndCokes(customer);

  const { context, page } = await h.newPage();
  const problems = watchConsole(page);
  await openMyOrders(page, customer);

  // Newest first; each card with its number, badge, total, lines, time and pickup or delivery.
  const cards = page.locator('article[data-order-id]');
  await expect
    .poll(() => cards.evaluateAll((all) => all.map((each) => each.getAttribute('data-order-id'))))
    .toEqual([order._id, older._id]);
  const mine = card(page, order);
  await mine.getByRole('heading', { level: 2, name: `Order #${order.number}` }).waitFor();
  expect(await badge(page, order)).toBe('Status: Order not confirmed');
  // The spec's badge, and beside it what a just-placed order is doing (issue 44).
  expect(await text(mine.getByTestId('order-waiting'))).toBe('Waiting for the store');
  expect(await text(mine.getByTestId('order-total'))).toBe(formatMoney(toCents(order.totalPrice)));
  expect(await fact(mine, 'Placed')).toBe('Mon, Nov 23, 2026, 6:00 PM');
  expect(await fact(mine, 'Pickup')).not.toBe('');
  const lines = mine.getByRole('list', { name: `Items in order #${order.number}` });
  expect(await lines.getByRole('listitem').count()).toBe(2);
  const wingsLine = lines.getByRole('listitem', { name: 'Wings' });
  expect(await text(wingsLine)).toContain('Qty 2');
  const wingsItem = order.items.find((item) => item.productId.name === 'Wings');
  expect(await text(wingsLine.getByTestId('order-line-price'))).toBe(
    formatMoney(toCents(wingsItem?.totalPrice ?? 0)),
  );
  const image = wingsLine.locator('img');
  expect(await image.getAttribute('width')).toBe('64');
  expect(await image.getAttribute('height')).toBe('48');
  expect(await fact(card(page, older), 'Delivery to')).toBe(ADDRESS);
  expect(await mine.getByTestId('order-ready').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/orders-390.png`, fullPage: true });

  // The store accepts while the page is open: the card changes in place, no reload, no flash.
  const check = await watchStability(page);
  // Someone tabbing through the page keeps their place while the card changes.
  const olderReorder = card(page, older).getByRole('button', {
    name: `Reorder order #${older.number}`,
  });
  await olderReorder.focus();
  await call(staff, 'POST', `/api/staff/orders/${order._id}/accept`, { minutes: 25 });
  await expect.poll(() => badge(page, order), LIVE).toBe('Status: Accepted');
  expect(await mine.getByTestId('order-waiting').count()).toBe(0);
  await expect.poll(() => text(mine.getByTestId('order-ready')), LIVE).toBe('Ready about 6:25 PM');
  await expect
    .poll(() => announced(page), LIVE)
    .toBe(`Order #${order.number}: Accepted. Ready about 6:25 PM.`);
  expect(await olderReorder.evaluate((node) => node === document.activeElement)).toBe(true);
  // The other order is untouched.
  expect(await badge(page, older)).toBe('Status: Order not confirmed');
  expect(await check()).toEqual({ stayed: true, flashed: false });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/orders-1280.png`, fullPage: true });

  // A reload shows the same, from the server.
  await page.reload();
  await expect.poll(() => badge(page, order), LIVE).toBe('Status: Accepted');
  expect(await text(card(page, order).getByTestId('order-ready'))).toBe('Ready about 6:25 PM');

  await context.close();
  expect(problems).toEqual([]);
});

it('shows a declined order with the store’s reason, live', async () => {
  const customer = await registerUser(h.app);
  const order = await placeWingsAndCokes(customer);
  const { context, page } = await h.newPage();
  const problems = watchConsole(page);
  await openMyOrders(page, customer);
  await expect.poll(() => badge(page, order), LIVE).toBe('Status: Order not confirmed');

  const check = await watchStability(page);
  await call(staff, 'POST', `/api/staff/orders/${order._id}/decline`, { reason: 'closed' });
  await expect.poll(() => badge(page, order), LIVE).toBe('Status: Declined');
  expect(await text(card(page, order).getByTestId('order-decline-reason'))).toBe('Reason: closed');
  expect(await card(page, order).getByTestId('order-ready').count()).toBe(0);
  await expect
    .poll(() => announced(page), LIVE)
    .toBe(`Order #${order.number}: Declined. Reason: closed.`);
  expect(await check()).toEqual({ stayed: true, flashed: false });

  await context.close();
  expect(problems).toEqual([]);
});

it('says so when the orders cannot be loaded, and Try again loads them', async () => {
  const customer = await registerUser(h.app);
  const order = await placeWingsAndCokes(customer);
  const { context, page } = await h.newPage();
  // The one failure this test causes on purpose: Chromium logs the refused request.
  const problems = watchConsole(page, [(message) => message.text().includes('net::ERR_FAILED')]);
  await signIn(page, customer.user.email);

  let refuse = true;
  await page.route(`**/api/orders/${customer.user._id}`, (route) =>
    refuse ? route.abort('failed') : route.continue(),
  );
  await page.goto('/my-orders');
  const failure = page.getByRole('alert').filter({ hasText: 'We could not load your orders.' });
  await failure.waitFor();
  expect(await text(failure)).toContain('Check your connection and try again.');
  await page.screenshot({ path: `${SHOTS}/failure-390.png`, fullPage: true });
  refuse = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await card(page, order).waitFor();
  expect(await failure.count()).toBe(0);

  await context.close();
  expect(problems).toEqual([]);
});

it('reorders at today’s prices, leaving out what is sold out and naming it', async () => {
  const customer = await registerUser(h.app);
  const order = await placeWingsAndCokes(customer);
  const products = productsRepository(h.db);
  const wingsBefore = (await products.list()).find((p) => p.id === id('Wings'));
  if (!wingsBefore) throw new Error('No wings seeded');

  // Since the order: wings cost a dollar more, and Coke is sold out.
  await h.db.query('update products set price_cents = price_cents + 100 where id = $1', [
    id('Wings'),
  ]);
  await h.db.query('update products set sold_out = true where id = $1', [id('Coke')]);
  try {
    const wingsToday = (await products.list()).find((p) => p.id === id('Wings')) as Product;
    expect(wingsToday.price).toBe(wingsBefore.price + 100);
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    await openMyOrders(page, customer);
    await card(page, order)
      .getByRole('button', { name: `Reorder order #${order.number}` })
      .click();

    await page.waitForURL('**/cart');
    // One message, on the cart: what is in, and under it what stayed out and why.
    const notice = page.getByRole('status').locator('.notice');
    await notice
      .getByText(`1 of 2 items from order #${order.number} are in your cart.`, { exact: true })
      .waitFor();
    await notice.getByText('Not added to your cart: Coke (sold out).', { exact: true }).waitFor();
    expect(await page.locator('.notices .notice').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/reorder-cart-390.png`, fullPage: true });

    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(1);
    const wingsLine = lines.filter({ has: page.getByRole('heading', { name: 'Wings' }) });
    const todays = formatMoney(linePrice(wingsToday, { size: WINGS.size }, 2));
    await expect.poll(() => text(wingsLine.getByTestId('line-price'))).toBe(todays);
    expect(await text(wingsLine.getByTestId('line-quantity'))).toBe('2');
    expect(todays).not.toBe(formatMoney(toCents(order.items[0]?.totalPrice ?? 0)));

    // What the server's cart holds: the same choices, priced today.
    const cart = (await call(customer, 'GET', `/api/cart/${customer.user._id}`)).json<{
      items: object[];
    }>();
    const ordered = order.items.find((item) => item.productId.name === 'Wings');
    if (!ordered) throw new Error('The order has no wings');
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      productId: { _id: id('Wings') },
      size: ordered.size,
      flavor: ordered.flavor,
      wingsFlavor: ordered.wingsFlavor,
      description: ordered.description,
      quantity: 2,
      totalPrice: linePrice(wingsToday, { size: WINGS.size }, 2) / 100,
    });
    expect(ordered.description).toBe('20 pcs · Hot');

    await context.close();
    expect(problems).toEqual([]);
  } finally {
    await h.db.query('update products set price_cents = $2 where id = $1', [
      id('Wings'),
      wingsBefore.price,
    ]);
    await h.db.query('update products set sold_out = false where id = $1', [id('Coke')]);
  }
});

it('stays on My Orders and says why when nothing of the order can be had', async () => {
  const customer = await registerUser(h.app);
  const order = await placeWingsAndCokes(customer);
  await h.db.query('update products set sold_out = true where id = any($1)', [
    [id('Wings'), id('Coke')],
  ]);
  try {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    await openMyOrders(page, customer);
    await card(page, order)
      .getByRole('button', { name: `Reorder order #${order.number}` })
      .click();
    await page
      .getByRole('alert')
      .getByText(
        `Nothing from order #${order.number} can be ordered right now: Wings (sold out), Coke (sold out).`,
        { exact: true },
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-orders');
    expect((await call(customer, 'GET', `/api/cart/${customer.user._id}`)).json()).toMatchObject({
      items: [],
    });
    await context.close();
    expect(problems).toEqual([]);
  } finally {
    await h.db.query('update products set sold_out = false where id = any($1)', [
      [id('Wings'), id('Coke')],
    ]);
  }
});
