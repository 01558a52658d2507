/**
 * The customer never loses sight of an order (issue 31): while one is in flight every customer
 * screen shows the order bar, the store's answer comes as the spec's dialog on whatever screen
 * is open (in every tab), Checkout and Payment show the order rather than an empty cart, and a
 * tab in the background gets a notification once the customer allowed them by a tap. The
 * browser's clock is the server's: Monday 18:00 in Guelph.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  DEFAULT_PREP_MINUTES,
  orderAcceptedMessage,
  scheduledOrderAcceptedMessage,
  type Product,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { LIVE, MONDAY_EVENING as NOW, text } from '../support/journey';
import { watchConsole } from '../support/console';
import { findProduct } from '../support/menu';
import {
  DELIVERY_CONTACT,
  call,
  fillCart,
  placeOrder as placeByApi,
  registerPerson,
  registerStaff,
  type Account,
  type Person as Customer,
} from '../support/orders';

const SHOTS = screenshotsFolder('order-bar');
/** The bar is one line: a 44 px link and its border. */
const BAR_MAX_PX = 46;

let h: BrowserHarness;
let menu: Product[];
let staff: Account;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
  staff = await registerStaff(h.app, h.db);
});
afterAll(() => h.close());

async function newCustomer(): Promise<Customer> {
  const customer = await registerPerson(h.app, {
    contacts: [
      { phone: '519-555-0100', address: '55 Wyndham St N, Guelph, ON N1H 7T8', isDefault: true },
    ],
  });
  await fillCart(h.app, customer.account, [{ productId: findProduct(menu, 'Garlic Bread').id }]);
  return customer;
}
const waitingDialog = (page: Page) => page.getByRole('dialog', { name: CHECKOUT_MESSAGES.waiting });
const barText = (page: Page) => page.getByTestId('order-bar-text');

/** Signs in, confirms the cart for pickup at the foot of Checkout and places it on Payment. */
async function placeOrder(page: Page, who: Customer): Promise<{ id: string; number: number }> {
  await signIn(page, who.user.email);
  await page.goto('/checkout');
  const confirm = page.getByRole('button', { name: 'Confirm Order' });
  await confirm.scrollIntoViewIfNeeded();
  await confirm.click();
  await page.waitForURL('**/payment');
  await page.getByRole('button', { name: 'Place My Order' }).click();
  await waitingDialog(page).waitFor();
  const orders = await call(h.app, who.account, 'GET', `/api/orders/${who.user._id}`);
  const [order] = orders.json<{ _id: string; number: number }[]>();
  if (!order) throw new Error('no order placed');
  return { id: order._id, number: order.number };
}

async function accept(orderId: string, minutes: number) {
  const response = await call(h.app, staff, 'POST', `/api/staff/orders/${orderId}/accept`, {
    minutes,
  });
  expect(response.statusCode).toBe(200);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A second tab of the same browser, on `path`, once the app has taken it over. */
async function secondTab(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(path);
  await tab.waitForFunction(
    () =>
      document.getElementById('first-view-data') === null ||
      document.documentElement.hasAttribute('data-hydrated'),
  );
  return tab;
}

it('dims the whole page behind the waiting overlay, the footer below the fold too', async () => {
  const customer = await newCustomer();
  const { context, page } = await h.newPage({ now: NOW });
  const problems = watchConsole(page);
  await placeOrder(page, customer);
  const shot = await page.screenshot({ path: `${SHOTS}/waiting-390.png`, fullPage: true });
  const footer = await page.locator('.site-footer').evaluate((node) => {
    const box = node.getBoundingClientRect();
    return { top: Math.round(box.top + window.scrollY), height: Math.round(box.height) };
  });
  const { data, info } = await sharp(shot)
    .extract({ left: 0, top: footer.top + 2, width: 390, height: footer.height - 4 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Nothing in the footer is brighter than its paper, #fffaf3 (250 or more); dimmed, about 130.
  let brightest = 0;
  for (let index = 0; index < data.length; index += info.channels) {
    brightest = Math.max(brightest, data[index] ?? 0, data[index + 1] ?? 0, data[index + 2] ?? 0);
  }
  expect(brightest).toBeLessThan(200);

  await context.close();
  expect(problems).toEqual([]);
});

it('follows the order from the waiting overlay to Checkout, another tab’s Payment and Home, where the answer comes', async () => {
  const customer = await newCustomer();
  const { context, page } = await h.newPage({ now: NOW });
  const problems = watchConsole(page);
  const order = await placeOrder(page, customer);
  const waiting = `Order #${order.number} — waiting for the store…`;

  // Back from the waiting screen: Checkout shows the order, from its heading.
  await page.goBack();
  await page.waitForURL('**/checkout');
  const main = page.getByRole('main');
  await expect.poll(() => text(page.getByTestId('in-flight-order')), LIVE).toContain(waiting);
  expect(await main.getByText(/Your cart is empty/).count()).toBe(0);
  expect(await waitingDialog(page).count()).toBe(0);
  const heading = await main.getByRole('heading', { level: 1, name: 'Checkout' }).boundingBox();
  expect(heading?.y).toBeGreaterThanOrEqual(0);
  expect((heading?.y ?? 0) + (heading?.height ?? 0)).toBeLessThanOrEqual(844);
  await expect.poll(() => text(barText(page)), LIVE).toBe(waiting);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'checkout-in-flight');

  // Payment in another tab shows the order too, not "Your cart is empty."
  const tab = await secondTab(context, '/payment');
  const tabProblems = watchConsole(tab);
  await expect.poll(() => text(tab.getByTestId('in-flight-order')), LIVE).toContain(waiting);
  expect(await tab.getByText('Your cart is empty.', { exact: true }).count()).toBe(0);
  await shoot(tab, 'payment-in-flight');

  // Home: the bar, one line under the header, linking to My Orders.
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  await expect.poll(() => text(barText(page)), LIVE).toBe(waiting);
  const bar = page.getByRole('complementary', { name: 'Your order' });
  expect(await bar.getByRole('link').getAttribute('href')).toBe('/my-orders');
  const barBox = await bar.boundingBox();
  const headerBottom = await page
    .locator('.site-header')
    .evaluate((node) => node.getBoundingClientRect().bottom);
  expect(barBox?.y).toBe(headerBottom);
  expect(barBox?.height).toBeLessThanOrEqual(BAR_MAX_PX);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The order's line is whole at 390 px, and the smallest phone scrolls no sideways either.
  expect(await barText(page).evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(BAR_MAX_PX);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'home-bar');

  // The store accepts while the customer is on Home: the spec's dialog, here and in the tab.
  await accept(order.id, 25);
  const answered = page.getByRole('dialog', { name: 'Order confirmed' });
  await answered.getByText(orderAcceptedMessage(25), { exact: true }).waitFor(LIVE);
  await tab
    .getByRole('dialog', { name: 'Order confirmed' })
    .getByText(orderAcceptedMessage(25), { exact: true })
    .waitFor(LIVE);
  await expect
    .poll(() => text(barText(page)), LIVE)
    .toBe(`Order #${order.number} — Ready about 6:25 PM`);
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await shoot(page, 'home-answer');
  await answered.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/my-orders');
  // OK in one tab is OK in all.
  await tab.getByRole('dialog').waitFor({ state: 'detached', ...LIVE });
  await expect
    .poll(() => text(barText(tab)), LIVE)
    .toBe(`Order #${order.number} — Ready about 6:25 PM`);

  // The first tab is done (a session ended under it would log its refused requests).
  await page.close();
  expect(problems).toEqual([]);

  // Logging out forgets the order: the next customer of this browser loads no bar.
  await tab.getByRole('button', { name: /Account menu for/ }).click();
  await tab.getByRole('button', { name: 'Logout' }).click();
  await tab.waitForURL('**/login');
  expect(await tab.evaluate(() => localStorage.getItem('orders.inFlight'))).toBeNull();
  expect(await tab.getByRole('complementary', { name: 'Your order' }).count()).toBe(0);

  await context.close();
  expect(tabProblems).toEqual([]);
});

it('offers a notification by a tap, never on load, and notifies a tab in the background of the answer', async () => {
  const customer = await newCustomer();
  const { context, page } = await h.newPage({ now: NOW });
  const problems = watchConsole(page);
  // The Notification API as the page sees it, recorded; the page is hidden when the test says.
  await context.addInitScript(() => {
    const record = { asked: 0, shown: [] as { title: string; body: string }[], hidden: false };
    Object.assign(window, { notificationRecord: record });
    class RecordedNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission(): Promise<NotificationPermission> {
        record.asked += 1;
        RecordedNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        record.shown.push({ title, body: options?.body ?? '' });
      }
    }
    Object.assign(window, { Notification: RecordedNotification });
    Object.defineProperty(document, 'visibilityState', {
      get: () => (record.hidden ? 'hidden' : 'visible'),
    });
  });
  const recorded = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            notificationRecord: { asked: number; shown: { title: string; body: string }[] };
          }
        ).notificationRecord,
    );
  const order = await placeOrder(page, customer);
  await page.goto('/');
  const notify = page.getByRole('button', { name: 'Notify me' });
  await notify.waitFor(LIVE);
  expect((await recorded()).asked).toBe(0);
  await notify.click();
  await notify.waitFor({ state: 'detached' });
  expect((await recorded()).asked).toBe(1);

  await page.evaluate(() => {
    (window as unknown as { notificationRecord: { hidden: boolean } }).notificationRecord.hidden =
      true;
  });
  await accept(order.id, 30);
  await expect
    .poll(async () => (await recorded()).shown, LIVE)
    .toEqual([{ title: `Order #${order.number} confirmed`, body: orderAcceptedMessage(30) }]);

  await context.close();
  expect(problems).toEqual([]);
});

it('tells a delivery for later when it reaches the door, and the board when to start and when the driver leaves (issue 44)', async () => {
  const customer = await registerPerson(h.app, {
    contacts: [
      { phone: '519-555-0100', address: '55 Wyndham St N, Guelph, ON N1H 7T8', isDefault: true },
    ],
  });
  // Tuesday noon at the door; the store's delivery time is its default, 20 minutes.
  const placed = await placeByApi(
    h.app,
    customer.account,
    [{ productId: findProduct(menu, 'Garlic Bread').id, quantity: 4 }],
    {
      deliveryType: 'delivery',
      contactInfo: DELIVERY_CONTACT,
      scheduledTime: '2026-11-24T12:00:00-05:00',
    },
  );
  const door = 'Delivered about Tue 12:00 PM';
  const { context, page } = await h.newPage({ now: NOW, session: customer.account.cookie });
  const problems = watchConsole(page);
  // This browser placed it: the order bar knows it as Payment leaves it.
  await context.addInitScript(
    (known) => localStorage.setItem('orders.inFlight', JSON.stringify(known)),
    { userId: customer.user._id, orderId: placed._id, number: placed.number },
  );
  await page.goto('/');
  await expect
    .poll(() => text(barText(page)), LIVE)
    .toBe(`Order #${placed.number} — waiting for the store…`);

  // Accepted with the kitchen's default prep: ready when the driver leaves, 20 minutes early.
  await accept(placed._id, DEFAULT_PREP_MINUTES);
  const answered = page.getByRole('dialog', { name: 'Order confirmed' });
  await answered.getByText(scheduledOrderAcceptedMessage(door), { exact: true }).waitFor(LIVE);
  await expect.poll(() => text(barText(page)), LIVE).toBe(`Order #${placed.number} — ${door}`);
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await shoot(page, 'delivery-later-answer');
  await answered.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/my-orders');
  const mine = page.locator(`article[data-order-id="${placed._id}"]`);
  await expect.poll(() => text(mine.getByTestId('order-ready')), LIVE).toBe(door);
  await expect.poll(() => text(barText(page)), LIVE).toBe(`Order #${placed.number} — ${door}`);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'delivery-later-my-orders');
  await context.close();
  expect(problems).toEqual([]);

  // The board's Scheduled lane: start 20 minutes of prep before the driver leaves at 11:40.
  const board = await h.newPage({ now: NOW, session: staff.cookie });
  const boardProblems = watchConsole(board.page);
  await board.page.setViewportSize({ width: 1280, height: 800 });
  await board.page.goto('/staff');
  const card = board.page.locator(
    `section[data-lane="scheduled"] button.order-card[data-order-id="${placed._id}"]`,
  );
  await expect
    .poll(() => text(card.locator('.order-card-start')), LIVE)
    .toBe('Start at Tue 11:20 AM · Driver leaves Tue 11:40 AM');
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
    [390, 844],
  ] as const) {
    await board.page.setViewportSize({ width, height });
    await card.scrollIntoViewIfNeeded();
    expect(
      await board.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(width);
    await board.page.screenshot({ path: `${SHOTS}/delivery-later-board-${width}x${height}.png` });
  }
  // Its detail offers no Out for delivery a day early, and says from when.
  await board.page.setViewportSize({ width: 390, height: 844 });
  await card.click();
  const detail = board.page.getByRole('dialog', { name: `Order #${placed.number}` });
  await expect
    .poll(() => text(detail.getByTestId('detail-out-from')), LIVE)
    .toBe('Out for delivery from Tue, Nov 24, 11:20 AM, when the kitchen starts it.');
  expect(await detail.getByRole('button', { name: 'Out for delivery' }).count()).toBe(0);
  await board.page.screenshot({ path: `${SHOTS}/delivery-later-detail-390.png`, fullPage: true });
  await detail.getByRole('button', { name: 'Close', exact: true }).click();

  // The Store screen holds the delivery time those times come from.
  await board.page.goto('/staff/store');
  const field = board.page.getByLabel('Delivery time (minutes)');
  await expect.poll(() => field.inputValue(), LIVE).toBe('20');
  for (const width of [390, 1280]) {
    await board.page.setViewportSize({ width, height: 844 });
    await field.scrollIntoViewIfNeeded();
    await board.page.screenshot({ path: `${SHOTS}/delivery-time-setting-${width}.png` });
  }
  await board.context.close();
  expect(boardProblems).toEqual([]);
});
