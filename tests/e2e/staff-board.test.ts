/**
 * The store's side in the browser: the staff board at /staff with a customer placing an order
 * in another browser context (Checkout and Payment, as customers do). The board shows the order
 * within a second with its full detail and the alert running; staff accept with 20 minutes,
 * then mark it ready and completed, and the customer's screens follow live. Also: who may open
 * /staff, markup in an order shown as text, and the board catching up after its stream drops.
 * Both browsers' clocks are the server's: Monday 18:00 in Guelph.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  DEFAULT_PREP_MINUTES,
  formatMoney,
  orderAcceptedMessage,
  toCents,
  type ApiCompleteOrderAnswer,
  type ApiOrder,
  type ApiStaffOrder,
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
import { watchConsole, type ConsoleAllowance } from '../support/console';
import { findProduct } from '../support/menu';
import {
  call,
  fillCart,
  placeOrder,
  registerMember,
  registerPerson,
  type Account,
} from '../support/orders';
import { registerUser, type ApiUser } from '../support/users';

const SHOTS = screenshotsFolder('staff');
const PHONE = '519-555-0100';
const ADDRESS = '55 Wyndham St N, Guelph, ON N1H 7T8';
const MARKUP = '<img src=x onerror=alert(1)>';

let h: BrowserHarness;
let menu: Product[];
let staff: { user: ApiUser; account: Account };

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
  staff = await registerMember(h.app, h.db, 'staff', { name: 'Sam Staff' });
});
afterAll(() => h.close());

const productId = (name: string): string => findProduct(menu, name).id;

/** A page whose clock is the server's; signed in with `cookie` when given. */
async function openPage(
  viewport: { width: number; height: number } | null,
  cookie?: string,
  allow: ConsoleAllowance[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({ now: NOW, session: cookie });
  if (viewport) await page.setViewportSize(viewport);
  return { context, page, problems: watchConsole(page, allow) };
}

/** The staff board, signed in, sound turned on with the tap it asks for. */
async function openBoard(viewport = { width: 1280, height: 800 }, allow: ConsoleAllowance[] = []) {
  const opened = await openPage(viewport, staff.account.cookie, allow);
  await opened.page.goto('/staff');
  await opened.page.getByTestId('board').waitFor();
  await opened.page.getByTestId('staff-connection').getByText('Live').waitFor(LIVE);
  return opened;
}

const app = (page: Page) => page.locator('.staff-app');
const card = (page: Page, orderId: string) =>
  page.locator(`.board button.order-card[data-order-id="${orderId}"]`);
const lane = (page: Page, id: string) => page.locator(`section[data-lane="${id}"]`);

/** Closes the messages at the top (they fade in, which axe would measure mid-way). */
async function dismissNotices(page: Page) {
  const close = page.locator('.notices').getByRole('button', { name: 'Dismiss message' });
  while ((await close.count()) > 0) await close.first().click();
}

it('shows a customer’s order on the board within a second, rings until opened, and takes it to completed', async () => {
  const board = await openBoard();
  const { page: staffPage } = board;
  // The board asks for the tap browsers need before any sound, and says plainly it is off.
  expect(await app(staffPage).getAttribute('data-sound')).toBe('off');
  await staffPage.getByTestId('staff-sound').getByText('Sound off: tap to turn on').waitFor();
  await staffPage.getByRole('button', { name: /^Tap to turn on order sound/ }).click();
  await expect.poll(() => app(staffPage).getAttribute('data-sound')).toBe('on');
  await staffPage.getByTestId('staff-sound').getByText('Sound on').waitFor();
  expect(await app(staffPage).getAttribute('data-alert')).toBe('quiet');

  // The customer, with markup in their name and instructions, orders through Checkout and Payment.
  const { user, account: customer } = await registerPerson(h.app, {
    name: MARKUP,
    contacts: [{ phone: PHONE, address: ADDRESS, isDefault: true }],
  });
  await fillCart(h.app, customer, [
    { productId: productId('Wings'), quantity: 2, size: '20 pcs', wingsFlavor: 'Hot' },
    {
      productId: productId('Two-for-One Pizza Deal'),
      size: 'Medium',
      toppings: [['Ham'], ['Bacon', 'Onions']],
    },
    {
      productId: productId('Pizza & Wings Combo'),
      size: 'Large',
      wingsFlavor: 'Hot',
      sides: ['Garlic Bread'],
      toppings: [['Bacon', 'Ham']],
      drinks: [{ name: 'Coke', quantity: 2 }],
    },
  ]);
  const shop = await openPage(null);
  const { page: shopPage } = shop;
  await signIn(shopPage, user.email);
  await shopPage.goto('/checkout');
  await shopPage.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await shopPage.locator('main').getByLabel('Instructions (optional)').fill(`Ring twice ${MARKUP}`);
  await shopPage.getByRole('button', { name: 'Confirm Order' }).click();
  await shopPage.waitForURL('**/payment');
  await shopPage.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();

  const placed = shopPage.waitForResponse(
    (response) =>
      response.url().endsWith('/api/orders/complete-order') && response.status() === 201,
  );
  await shopPage.getByRole('button', { name: 'Place My Order' }).click();
  const answer = await placed;
  const answeredAt = performance.now();
  const order = ((await answer.json()) as ApiCompleteOrderAnswer).order;
  const newCard = card(staffPage, order._id);
  await newCard.waitFor({ timeout: 5_000 });
  const latency = performance.now() - answeredAt;
  console.log(
    `staff board: order #${order.number} appeared ${latency.toFixed(0)} ms after complete-order answered`,
  );
  expect(latency).toBeLessThan(1_000);
  await shopPage.getByRole('dialog', { name: CHECKOUT_MESSAGES.waiting }).waitFor();

  // On the board: in New, with its number, name (as text), type, items, total; the alert rings.
  expect(await lane(staffPage, 'new').locator('button.order-card').count()).toBe(1);
  expect(await text(newCard.locator('.order-card-number'))).toBe(`#${order.number}`);
  expect(await text(newCard.locator('.order-card-name'))).toBe(MARKUP);
  expect(await newCard.locator('img').count()).toBe(0);
  expect(await newCard.locator('.order-card-facts > span').allTextContents()).toEqual([
    'Pickup',
    '4 items',
    formatMoney(toCents(order.totalPrice)),
  ]);
  expect(await text(newCard.locator('.order-card-age'))).toBe('Just now · 6:00 PM');
  await expect.poll(() => app(staffPage).getAttribute('data-alert')).toBe('ringing');
  await expect.poll(() => staffPage.title(), LIVE).toBe('(1) New order!');
  // It repeats while nobody opens it.
  const rings = async () => Number(await app(staffPage).getAttribute('data-rings'));
  await expect.poll(rings, LIVE).toBeGreaterThanOrEqual(2);
  // acceptBy is null until the acceptance window lands on the server: no countdown then.
  const staffView = await call(h.app, staff.account, 'GET', '/api/staff/orders?status=pending');
  const listed = staffView.json<ApiStaffOrder[]>().find((each) => each._id === order._id);
  expect(await newCard.getByTestId('accept-countdown').count()).toBe(listed?.acceptBy ? 1 : 0);

  expect(await axeViolations(staffPage)).toEqual([]);
  await staffPage.screenshot({ path: `${SHOTS}/board-new-1280x800.png` });
  await staffPage.setViewportSize({ width: 1024, height: 768 });
  await staffPage.screenshot({ path: `${SHOTS}/board-new-1024x768.png` });
  await staffPage.setViewportSize({ width: 1280, height: 800 });

  // The detail, opened from the keyboard: everything the kitchen and the driver need.
  await newCard.focus();
  await staffPage.keyboard.press('Enter');
  const detail = staffPage.getByRole('dialog', { name: `Order #${order.number}` });
  await detail.waitFor();
  await expect.poll(() => app(staffPage).getAttribute('data-alert')).toBe('quiet');
  await expect.poll(() => staffPage.title()).toMatch(/^Orders · /);
  expect(await text(detail.getByTestId('detail-customer'))).toBe(MARKUP);
  expect(await text(detail.getByTestId('detail-instructions'))).toBe(`Ring twice ${MARKUP}`);
  expect(await detail.locator('img').count()).toBe(0);
  expect(await detail.getByRole('link', { name: '(519) 555-0100' }).getAttribute('href')).toBe(
    'tel:5195550100',
  );
  expect(await text(detail.getByTestId('detail-total'))).toBe(
    formatMoney(toCents(order.totalPrice)),
  );
  const items = detail.getByRole('list', { name: `Items in order #${order.number}` });
  const lines = await items.getByRole('listitem').allTextContents();
  expect(lines).toHaveLength(3);
  const joined = lines.map((line) => line.replace(/\s+/g, ' ')).join(' | ');
  expect(joined).toContain('2 × Wings');
  expect(joined).toContain('20 pcs · Hot');
  expect(joined).toContain('Pizza 1: Ham');
  expect(joined).toContain('Pizza 2: Bacon, Onions');
  // The cart's words (the domain's selectionParts): one side is a "Side", drinks "Coke x2".
  expect(joined).toContain('Side: Garlic Bread');
  expect(joined).toContain('Toppings: Bacon, Ham');
  expect(joined).toContain('Drinks: Coke x2');
  expect(await text(detail.locator('.detail-facts'))).toContain('As soon as possible');
  // The answers come from the transition table: accept and decline for a new order.
  expect(await detail.getByRole('button', { name: 'Ready for pickup' }).count()).toBe(0);
  await detail.getByRole('form', { name: 'Decline the order' }).waitFor();
  await detail.getByRole('button', { name: 'busy', exact: true }).click();
  expect(await text(detail.getByTestId('decline-preview'))).toBe(
    'The customer reads: Sorry, the store is currently busy. Please try again later.',
  );
  expect(await axeViolations(staffPage, 'dialog')).toEqual([]);
  await staffPage.screenshot({ path: `${SHOTS}/detail-1280x800.png` });

  // Print: the kitchen ticket alone, for an 80 mm roll, markup still text.
  await staffPage.emulateMedia({ media: 'print' });
  const ticket = staffPage.locator('body > .kitchen-ticket');
  await ticket.waitFor();
  expect(await staffPage.locator('#root').isVisible()).toBe(false);
  const ticketLines = (await ticket.innerText()).split('\n').filter((line) => line.trim());
  // The store's name from its profile heads it (printed in capitals by the ticket's CSS).
  expect(ticketLines.slice(0, 4)).toEqual([
    'ROYAL CITY PIZZA & WINGS',
    `#${order.number}`,
    'PICKUP',
    'Placed 6:00 PM',
  ]);
  for (const line of ['2 × Wings', '20 pcs', 'Pizza 2: Bacon, Onions', `Ring twice ${MARKUP}`]) {
    expect(ticketLines).toContain(line);
  }
  expect(await ticket.locator('img').count()).toBe(0);
  const width = await ticket.evaluate((node) => node.getBoundingClientRect().width);
  // 72 mm printable on an 80 mm roll, at 96 px per inch.
  expect(Math.round(width)).toBe(Math.round((72 / 25.4) * 96));
  await staffPage.screenshot({ path: `${SHOTS}/ticket-print.png` });
  await staffPage.emulateMedia({ media: 'screen' });

  // Escape closes it, and focus goes back to the card.
  await staffPage.keyboard.press('Escape');
  await detail.waitFor({ state: 'detached' });
  await expect.poll(() => newCard.evaluate((node) => node === document.activeElement)).toBe(true);

  // Accept with 20 minutes: the customer's waiting overlay says so.
  await newCard.click();
  await detail.getByRole('button', { name: '20 min', exact: true }).click();
  await detail.getByRole('button', { name: 'Accept, ready in 20 min' }).click();
  await detail.waitFor({ state: 'detached' });
  await lane(staffPage, 'kitchen').locator(`[data-order-id="${order._id}"]`).waitFor(LIVE);
  const confirmed = shopPage.getByRole('dialog', { name: 'Order confirmed' });
  await confirmed.getByText(orderAcceptedMessage(20), { exact: true }).waitFor(LIVE);
  await confirmed.getByRole('button', { name: 'OK' }).click();
  await shopPage.waitForURL('**/my-orders');
  const badge = shopPage
    .locator(`article[data-order-id="${order._id}"]`)
    .getByTestId('order-status');
  await expect.poll(() => text(badge), LIVE).toBe('Status: Accepted');

  // Ready, then completed: My Orders follows each step live.
  await card(staffPage, order._id).click();
  expect(await detail.getByRole('button', { name: 'Out for delivery' }).count()).toBe(0);
  await detail.getByRole('button', { name: 'Ready for pickup' }).click();
  await detail.waitFor({ state: 'detached' });
  await lane(staffPage, 'ready').locator(`[data-order-id="${order._id}"]`).waitFor(LIVE);
  await expect.poll(() => text(badge), LIVE).toBe('Status: Ready for pickup');
  await card(staffPage, order._id).click();
  await detail.getByRole('button', { name: 'Completed' }).click();
  await detail.waitFor({ state: 'detached' });
  await lane(staffPage, 'done').locator(`[data-order-id="${order._id}"]`).waitFor(LIVE);
  await expect.poll(() => text(badge), LIVE).toBe('Status: Completed');

  // A busier board for the screenshots: new, scheduled, kitchen, delivery.
  await showBusyBoard(staffPage);
  await dismissNotices(staffPage);
  await staffPage.screenshot({ path: `${SHOTS}/board-1280x800.png` });
  await staffPage.setViewportSize({ width: 1024, height: 768 });
  await staffPage.screenshot({ path: `${SHOTS}/board-1024x768.png` });
  expect(await axeViolations(staffPage)).toEqual([]);

  await shop.context.close();
  await board.context.close();
  expect(shop.problems).toEqual([]);
  expect(board.problems).toEqual([]);
});

/** Orders from other customers through the API, answered by staff the same way. */
async function showBusyBoard(page: Page) {
  const orders: ApiOrder[] = [];
  for (const checkout of [
    {},
    { deliveryType: 'delivery', contactInfo: { phone: PHONE, address: ADDRESS } },
    { scheduledTime: '2026-11-24T17:00:00.000Z' },
    { deliveryType: 'delivery', contactInfo: { phone: PHONE, address: ADDRESS } },
  ]) {
    const { user, cookie } = await registerUser(h.app, { name: `Customer ${orders.length + 1}` });
    orders.push(
      await placeOrder(h.app, { id: user._id, cookie }, [{ name: 'Coke', quantity: 2 }], checkout),
    );
  }
  const [, delivery, later, out] = orders;
  if (!delivery || !later || !out) throw new Error('orders missing');
  for (const each of [delivery, later, out]) {
    await call(h.app, staff.account, 'POST', `/api/staff/orders/${each._id}/accept`, {
      minutes: 30,
    });
  }
  await call(h.app, staff.account, 'POST', `/api/staff/orders/${out._id}/status`, {
    status: 'out-for-delivery',
  });
  await lane(page, 'scheduled').locator(`[data-order-id="${later._id}"]`).waitFor(LIVE);
  await lane(page, 'ready').locator(`[data-order-id="${out._id}"]`).waitFor(LIVE);
  await lane(page, 'kitchen').locator(`[data-order-id="${delivery._id}"]`).waitFor(LIVE);
}

it('sends a guest to login and back, and tells a customer the page is for staff', async () => {
  const guest = await openPage({ width: 1024, height: 768 });
  await guest.page.goto('/staff');
  await guest.page.waitForURL('**/login');
  await signIn(guest.page, staff.user.email, { open: false, landsOn: '**/staff' });
  await guest.page.getByTestId('board').waitFor();
  await guest.context.close();
  expect(guest.problems).toEqual([]);

  const { cookie } = await registerUser(h.app);
  const customer = await openPage({ width: 1024, height: 768 }, cookie, [
    // The staff API's 403 is how the app tells a customer from staff; Chromium logs it.
    (message) => message.text().includes('status of 403 (Forbidden)'),
  ]);
  await customer.page.goto('/staff');
  const main = customer.page.getByRole('main');
  await main.getByText("This page is for the store's staff.").waitFor();
  await main.getByRole('link', { name: 'Back to the menu' }).click();
  await customer.page.waitForURL((url) => url.pathname === '/');
  await customer.context.close();
  expect(customer.problems).toEqual([]);
});

it('says Reconnecting while its stream is down and catches up by itself after', async () => {
  const { context, page, problems } = await openBoard({ width: 1024, height: 768 }, [
    // The connection this test cuts, and the reconnections it refuses: Chromium logs each.
    (message) =>
      /net::(ERR_FAILED|ERR_INCOMPLETE_CHUNKED_ENCODING)/.test(message.text()) &&
      message.location().url.includes('/api/staff/orders/stream'),
  ]);
  const { account } = await registerPerson(h.app, { name: 'Offline Olive' });
  const order = await placeOrder(h.app, account);
  await card(page, order._id).waitFor(LIVE);

  // The connection drops (the server's side closes every socket) and cannot come back for now.
  await page.route('**/api/staff/orders/stream**', (route) => route.abort());
  h.app.server.closeAllConnections();
  await page.getByTestId('staff-connection').getByText('Reconnecting...').waitFor(LIVE);
  // Meanwhile another tablet answers the order.
  const accepted = await call(
    h.app,
    staff.account,
    'POST',
    `/api/staff/orders/${order._id}/accept`,
    { minutes: 15 },
  );
  expect(accepted.statusCode).toBe(200);
  await page.screenshot({ path: `${SHOTS}/board-reconnecting-1024x768.png` });
  expect(await lane(page, 'new').locator(`[data-order-id="${order._id}"]`).count()).toBe(1);
  await page.unroute('**/api/staff/orders/stream**');
  // Back by itself (the 5 s retry), with what it missed.
  await page.getByTestId('staff-connection').getByText('Live').waitFor({ timeout: 15_000 });
  await lane(page, 'kitchen').locator(`[data-order-id="${order._id}"]`).waitFor(LIVE);

  // The store screen, for the record.
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Store' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/store-1280x800.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await context.close();
  expect(problems).toEqual([]);
});

it('counts the acceptance window down each second, urgent in its last minute, and lists the steps', async () => {
  const { account } = await registerPerson(h.app, { name: 'Clock Watcher' });
  const order = await placeOrder(h.app, account);
  const { context, page, problems } = await openPage(
    { width: 1280, height: 800 },
    staff.account.cookie,
  );
  await page.goto('/staff');
  const countdown = card(page, order._id).getByTestId('accept-countdown');
  // Placed at NOW; the store's window is 5 minutes (the default): the server's acceptBy.
  await expect.poll(() => text(countdown), LIVE).toBe('Answer within 5:00');
  expect(await countdown.getAttribute('class')).not.toContain('is-urgent');
  await context.clock.setFixedTime(new Date(Date.parse(NOW) + 245_000));
  await expect.poll(() => text(countdown), LIVE).toBe('Answer within 0:55');
  expect(await countdown.getAttribute('class')).toContain('is-urgent');
  await page.screenshot({ path: `${SHOTS}/board-countdown-1280x800.png` });

  await card(page, order._id).click();
  const detail = page.getByRole('dialog', { name: `Order #${order.number}` });
  await detail.getByRole('heading', { name: 'History' }).waitFor();
  expect(await text(detail.locator('.detail-steps'))).toBe('Placed at 6:00 PM by Clock Watcher');
  await context.close();
  expect(problems).toEqual([]);
});

it('shows the server’s sentence when another tablet answered first, and reloads the order', async () => {
  const { account } = await registerPerson(h.app, { name: 'Two Tablets' });
  const order = await placeOrder(h.app, account);
  const { context, page, problems } = await openBoard({ width: 1024, height: 768 }, [
    // The 409 itself: Chromium logs the refused request.
    (message) => message.text().includes('status of 409 (Conflict)'),
  ]);
  await card(page, order._id).click();
  const detail = page.getByRole('dialog', { name: `Order #${order.number}` });
  await detail.getByRole('button', { name: 'closed', exact: true }).click();
  // The other tablet accepts just before this one's decline reaches the server.
  let refusal = '';
  await page.route(`**/api/staff/orders/${order._id}/decline`, async (route) => {
    const other = await call(
      h.app,
      staff.account,
      'POST',
      `/api/staff/orders/${order._id}/accept`,
      {
        minutes: 30,
      },
    );
    expect(other.statusCode).toBe(200);
    const response = await route.fetch();
    expect(response.status()).toBe(409);
    refusal = ((await response.json()) as { message: string }).message;
    await route.fulfill({ response });
  });
  await detail.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect.poll(() => refusal).not.toBe('');
  await detail.getByRole('alert').getByText(refusal, { exact: true }).waitFor();
  // The detail now shows the order as it stands: accepted, with the next steps only.
  await expect.poll(() => text(detail.getByTestId('detail-status')), LIVE).toBe('Accepted');
  await detail.getByRole('button', { name: 'Ready for pickup' }).waitFor();
  expect(await detail.getByRole('button', { name: 'Decline', exact: true }).count()).toBe(0);
  await context.close();
  expect(problems).toEqual([]);
});

it('changes the store’s mode, hours past midnight, fee, window and lead times, with the server’s sentences', async () => {
  const { context, page, problems } = await openPage(
    { width: 1024, height: 768 },
    staff.account.cookie,
    [
      // The refused save below: Chromium logs the 400.
      (message) => message.text().includes('status of 400 (Bad Request)'),
    ],
  );
  await page.goto('/staff/store');
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
  expect(await text(page.getByTestId('store-open-now'))).toBe('Customers see: Open now');

  // Forced closed: the storefront's storeOpen follows at once.
  await main.getByRole('radio', { name: /^Forced closed/ }).check();
  await main.getByRole('button', { name: 'Save mode' }).click();
  await expect
    .poll(() => text(page.getByTestId('store-open-now')))
    .toBe('Customers see: Closed now');
  const storefront = await call(h.app, null, 'GET', '/api/store');
  expect(storefront.json<{ storeOpen: boolean }>().storeOpen).toBe(false);

  // A fee the server refuses: its sentence, and nothing saved.
  const fee = main.getByLabel('Delivery fee ($)');
  await fee.fill('lots');
  await main.getByRole('button', { name: 'Save settings' }).click();
  await main
    .getByRole('alert')
    .getByText('Please give the delivery fee in dollars, from 0 to 100.', { exact: true })
    .waitFor();

  // Monday past midnight, a fee, the window and the lead times.
  const monday = main.getByRole('group', { name: 'Monday' });
  await monday.getByLabel('Closes').fill('01:00');
  await monday.getByText('closes after midnight').waitFor();
  await main.getByRole('group', { name: 'Tuesday' }).getByLabel('Closed').check();
  await fee.fill('6.50');
  await main.getByLabel('Time to answer a new order (minutes)').fill('7');
  await main.getByLabel('Pickup lead time (minutes)').fill('25');
  await main.getByLabel('Delivery lead time (minutes)').fill('50');
  await main.getByRole('button', { name: 'Save settings' }).click();
  await page
    .locator('.notices')
    .getByText('Store settings saved. Customers see them now.')
    .waitFor();
  expect(await main.getByRole('alert').count()).toBe(0);
  const saved = (await call(h.app, staff.account, 'GET', '/api/staff/store')).json<{
    hours: unknown[];
    deliveryFee: number;
    acceptanceWindowMinutes: number;
    pickupLeadMinutes: number;
    deliveryLeadMinutes: number;
    mode: string;
  }>();
  expect(saved).toMatchObject({
    mode: 'closed',
    deliveryFee: 6.5,
    acceptanceWindowMinutes: 7,
    pickupLeadMinutes: 25,
    deliveryLeadMinutes: 50,
  });
  expect(saved.hours[1]).toEqual({ open: '11:00', close: '01:00' });
  expect(saved.hours[2]).toBeNull();
  expect(await fee.inputValue()).toBe('6.50');
  await dismissNotices(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/store-saved-1280x800.png`, fullPage: true });

  // Back to the hours, for the pause below and whoever runs next.
  await main.getByRole('radio', { name: /^Open by the hours/ }).check();
  await main.getByRole('button', { name: 'Save mode' }).click();
  await expect.poll(() => text(page.getByTestId('store-open-now'))).toBe('Customers see: Open now');

  // Pause for 15 minutes: shown until when, with Resume; customers see the pause and its end.
  await main.getByRole('button', { name: '15 min', exact: true }).click();
  await page.getByTestId('store-paused').waitFor();
  expect(await text(page.getByTestId('store-paused'))).toBe(
    'New orders are paused until 6:15 PM. Resume',
  );
  // What the customers' header says, word for word (issue 44).
  expect(await text(page.getByTestId('store-open-now'))).toBe(
    'Customers see: Paused — back at 6:15 PM',
  );
  const afterPause = (await call(h.app, staff.account, 'GET', '/api/staff/store')).json<{
    pauseUntil: string | null;
    storeOpen: boolean;
  }>();
  expect(afterPause).toMatchObject({
    pauseUntil: new Date(Date.parse(NOW) + 15 * 60_000).toISOString(),
    storeOpen: false,
  });
  await main.getByRole('button', { name: 'Resume' }).click();
  await page.getByTestId('store-paused').waitFor({ state: 'detached' });
  const resumed = (await call(h.app, staff.account, 'GET', '/api/staff/store')).json<{
    pauseUntil: string | null;
  }>();
  expect(resumed.pauseUntil).toBeNull();

  // Paused again, the board says so where staff look, with the same Resume (issue 44).
  await main.getByRole('button', { name: '15 min', exact: true }).click();
  await page.getByTestId('store-paused').waitFor();
  await page.getByRole('link', { name: 'Board', exact: true }).click();
  const paused = page.getByTestId('board-paused');
  await paused.waitFor();
  expect(await text(paused.getByRole('heading'))).toBe('New orders paused until 6:15 PM');
  expect(await text(paused.locator('p'))).toBe('Customers see: Paused — back at 6:15 PM');
  await dismissNotices(page);
  expect(await axeViolations(page)).toEqual([]);
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/board-paused-${width}x${height}.png` });
  }
  await paused.getByRole('button', { name: 'Resume' }).click();
  await paused.waitFor({ state: 'detached' });
  const resumedOnBoard = (await call(h.app, staff.account, 'GET', '/api/staff/store')).json<{
    pauseUntil: string | null;
  }>();
  expect(resumedOnBoard.pauseUntil).toBeNull();
  await context.close();
  expect(problems).toEqual([]);
});

it('never sends the staff app’s code to a customer’s first view', async () => {
  const { context, page, problems } = await openPage(null);
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.(js|css)$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) scripts.push(match[1]);
  });
  await page.goto('/');
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(scripts).toContain('home-screen');
  for (const chunk of ['staff-layout', 'staff-api', 'board-screen', 'store-screen']) {
    expect(scripts).not.toContain(chunk);
  }
  await context.close();
  expect(problems).toEqual([]);
});

it('accepts from the keyboard with typed minutes, and cancels an accepted order with a reason', async () => {
  const { account } = await registerPerson(h.app, { name: 'Keyboard Kim' });
  const order = await placeOrder(h.app, account);
  const { context, page, problems } = await openBoard({ width: 1024, height: 768 });
  await card(page, order._id).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: `Order #${order.number}` });
  const typed = detail.getByLabel('Or type the minutes');
  await typed.fill('0');
  await typed.press('Enter');
  await detail
    .getByRole('alert')
    .getByText('Choose the minutes until ready, or type a whole number from 1 to 240.', {
      exact: true,
    })
    .waitFor();
  await typed.fill('45');
  await typed.press('Enter');
  await detail.waitFor({ state: 'detached' });
  await lane(page, 'kitchen').locator(`[data-order-id="${order._id}"]`).waitFor(LIVE);
  const listed = (await call(h.app, staff.account, 'GET', '/api/staff/orders?status=accepted'))
    .json<ApiStaffOrder[]>()
    .find((each) => each._id === order._id);
  expect(listed?.readyMinutes).toBe(45);

  // Cancel: a reason first; the order moves to Done with it.
  await card(page, order._id).click();
  await detail.getByRole('button', { name: 'Cancel order...' }).click();
  await detail.getByRole('button', { name: 'out of an ingredient', exact: true }).click();
  const cancelled = page.waitForResponse((response) => response.url().endsWith('/status'));
  await detail.getByRole('button', { name: 'Cancel order', exact: true }).click();
  expect((await cancelled).status()).toBe(200);
  await lane(page, 'done').locator(`[data-order-id="${order._id}"]`).waitFor(LIVE);
  const stored = (await call(h.app, staff.account, 'GET', '/api/staff/orders?status=cancelled'))
    .json<ApiStaffOrder[]>()
    .find((each) => each._id === order._id);
  expect(stored?.cancelReason).toBe('out of an ingredient');
  await context.close();
  expect(problems).toEqual([]);
});

it('prints the kitchen ticket on accept when this tablet is set to', async () => {
  const { account } = await registerPerson(h.app, { name: 'Printer Pat' });
  const order = await placeOrder(h.app, account);
  const { context, page, problems } = await openPage(
    { width: 1280, height: 800 },
    staff.account.cookie,
  );
  // The print dialog stands in for the printer: what the ticket said when it was called.
  await context.addInitScript(() => {
    const printed: string[] = [];
    (window as unknown as { printed: string[] }).printed = printed;
    window.print = () => {
      printed.push(document.querySelector('.kitchen-ticket')?.textContent ?? '');
    };
  });
  await page.goto('/staff/store');
  const setting = page.getByRole('checkbox', {
    name: 'Print a kitchen ticket when I accept an order',
  });
  await setting.check();
  await page.getByRole('link', { name: 'Board', exact: true }).click();
  await card(page, order._id).click();
  const detail = page.getByRole('dialog', { name: `Order #${order.number}` });
  // How it is paid, in the receipt's words for this order's type (issue 44).
  await detail.getByText('Pay at pickup', { exact: true }).waitFor();
  await detail.getByRole('button', { name: '20 min', exact: true }).click();
  await detail.getByRole('button', { name: 'Accept, ready in 20 min' }).click();
  await detail.waitFor({ state: 'detached' });
  const printed = await page.evaluate(() => (window as unknown as { printed: string[] }).printed);
  expect(printed).toHaveLength(1);
  expect(printed[0]).toContain(`#${order.number}`);
  expect(printed[0]).toContain('Ready by 6:20 PM');

  // Kept for this tablet after a reload; off again, accepting prints nothing.
  await page.goto('/staff/store');
  expect(await setting.isChecked()).toBe(true);
  await setting.uncheck();
  const next = await placeOrder(h.app, account);
  await page.getByRole('link', { name: 'Board', exact: true }).click();
  await card(page, next._id).click();
  const nextDetail = page.getByRole('dialog', { name: `Order #${next.number}` });
  await nextDetail.getByRole('button', { name: '20 min', exact: true }).click();
  await nextDetail.getByRole('button', { name: 'Accept, ready in 20 min' }).click();
  await nextDetail.waitFor({ state: 'detached' });
  expect(
    await page.evaluate(() => (window as unknown as { printed: string[] }).printed),
  ).toHaveLength(0);
  await context.close();
  expect(problems).toEqual([]);
});

it('keeps scheduled orders in their own lane by time, accepts one without minutes, and rings again at its Start at', async () => {
  // Earlier tests' unanswered orders would ring too: answer them, so the alert is this test's.
  const pending = await call(h.app, staff.account, 'GET', '/api/staff/orders?status=pending');
  for (const each of pending.json<ApiStaffOrder[]>()) {
    const path = `/api/staff/orders/${each._id}/decline`;
    expect((await call(h.app, staff.account, 'POST', path, { reason: 'busy' })).statusCode).toBe(
      200,
    );
  }
  const board = await openBoard();
  const { context, page, problems } = board;
  await page.getByRole('button', { name: /^Tap to turn on order sound/ }).click();
  await expect.poll(() => app(page).getAttribute('data-sound')).toBe('on');
  const placeFor = async (time: string, name: string) => {
    const { user, cookie } = await registerUser(h.app, { name });
    return placeOrder(h.app, { id: user._id, cookie }, [{ name: 'Coke' }], {
      scheduledTime: time,
    });
  };
  // Placed first but for later: the lane goes by the time, not by when it was placed.
  const later = await placeFor('2026-11-23T20:00:00-05:00', 'Late Lee');
  const sooner = await placeFor('2026-11-23T19:30:00-05:00', 'Early Eve');
  const scheduled = lane(page, 'scheduled');
  await scheduled.locator(`[data-order-id="${later._id}"]`).waitFor(LIVE);
  await scheduled.locator(`[data-order-id="${sooner._id}"]`).waitFor(LIVE);
  const ids = () =>
    scheduled
      .locator('button.order-card')
      .evaluateAll((all) => all.map((each) => each.getAttribute('data-order-id')));
  const mine = async () => (await ids()).filter((id) => id === sooner._id || id === later._id);
  expect(await mine()).toEqual([sooner._id, later._id]);
  expect(await lane(page, 'new').locator(`[data-order-id="${sooner._id}"]`).count()).toBe(0);
  // New and unanswered, they ring as new orders do.
  await expect.poll(() => app(page).getAttribute('data-alert')).toBe('ringing');

  // Accept without minutes: the scheduled time is confirmed, the kitchen's default prep used.
  await card(page, sooner._id).click();
  const detail = page.getByRole('dialog', { name: `Order #${sooner.number}` });
  const form = detail.getByRole('form', { name: 'Accept the order' });
  expect(await text(form.locator('legend'))).toBe(
    `Accept for 7:30 PM: prep time (optional, ${DEFAULT_PREP_MINUTES} min if empty)`,
  );
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/scheduled-accept-1280x800.png` });
  await form.getByRole('button', { name: 'Accept for 7:30 PM', exact: true }).click();
  await detail.waitFor({ state: 'detached' });
  const accepted = (await call(h.app, staff.account, 'GET', '/api/staff/orders?status=accepted'))
    .json<ApiStaffOrder[]>()
    .find((each) => each._id === sooner._id);
  expect(accepted).toMatchObject({
    readyAt: '2026-11-24T00:30:00.000Z',
    readyMinutes: DEFAULT_PREP_MINUTES,
  });
  const soonerCard = scheduled.locator(`[data-order-id="${sooner._id}"]`);
  await expect
    .poll(() => text(soonerCard.locator('.order-card-start')), LIVE)
    .toBe('Start at 7:10 PM');
  expect(await text(soonerCard.locator('.scheduled-badge'))).toBe('For 7:30 PM');
  expect(await mine()).toEqual([sooner._id, later._id]);
  // The other one opened too: nothing unseen, quiet.
  await card(page, later._id).click();
  await page
    .getByRole('dialog', { name: `Order #${later.number}` })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await expect.poll(() => app(page).getAttribute('data-alert')).toBe('quiet');
  await dismissNotices(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/scheduled-lane-1280x800.png` });

  // 7:10 PM: time to start it. It moves to the kitchen and the board rings again until opened.
  await context.clock.setFixedTime(new Date('2026-11-24T00:10:00Z'));
  const started = lane(page, 'kitchen').locator(`[data-order-id="${sooner._id}"]`);
  await started.waitFor(LIVE);
  await expect.poll(() => app(page).getAttribute('data-alert'), LIVE).toBe('ringing');
  expect(await text(started.locator('.order-card-new'))).toBe('Start now');
  expect(await scheduled.locator(`[data-order-id="${later._id}"]`).count()).toBe(1);
  await page.screenshot({ path: `${SHOTS}/scheduled-start-1280x800.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/scheduled-start-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await started.click();
  await expect.poll(() => app(page).getAttribute('data-alert')).toBe('quiet');
  await context.close();
  expect(problems).toEqual([]);
});
