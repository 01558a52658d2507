/**
 * Checkout → Payment → the store's answer, in the browser, as customers do it: a guest's cart
 * taken over at sign-in, pickup and delivery, a scheduled time, the default phone edited, the
 * waiting overlay answered live (accepted and declined), a reload or a page left during the wait,
 * a double click and a lost answer making exactly one order. The store answers through its API,
 * as the staff board will. The browser's clock is the server's: both say Monday 18:00 in Guelph.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  CHECKOUT_MESSAGES,
  cartTotals,
  formatMoney,
  linePrice,
  orderAcceptedMessage,
  orderDeclinedMessage,
  type Product,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { findProduct } from '../support/menu';
import { axeViolations } from '../support/axe';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { LIVE, MONDAY_EVENING as NOW, text } from '../support/journey';
import { watchConsole, type ConsoleAllowance } from '../support/console';
import {
  call,
  fillCart,
  placeOrder,
  registerPerson,
  registerStaff,
  type Account,
  type Person as Customer,
} from '../support/orders';

const SHOTS = screenshotsFolder('checkout');
const PHONE = '519-555-0100';
const ADDRESS = '55 Wyndham St N, Guelph, ON N1H 7T8';
const DELIVERY_FEE_CENTS = 800;

let h: BrowserHarness;
let menu: Product[];
let staff: Account;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
  staff = await registerStaff(h.app, h.db);
});
afterAll(() => h.close());

/** A customer with a default contact (phone and a Guelph address). */
async function newCustomer(): Promise<Customer> {
  return registerPerson(h.app, { contacts: [{ phone: PHONE, address: ADDRESS, isDefault: true }] });
}

/** A page whose clock is the server's, for a visitor who chose `orderType` (delivery: ADDRESS). */
async function openPage(
  orderType: 'pickup' | 'delivery' = 'pickup',
  allow: ConsoleAllowance[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({ orderType, address: ADDRESS, now: NOW });
  return { context, page, problems: watchConsole(page, allow) };
}

async function openCheckout(page: Page, who: Customer) {
  await signIn(page, who.user.email);
  await page.goto('/checkout');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

/** A spec alert shown as an in-page notice; dismissed so the same text later is a new one. */
async function expectNotice(page: Page, message: string, role: 'status' | 'alert' = 'status') {
  const notice = page.locator('.notices').getByRole(role).locator('p', { hasText: message });
  await notice.getByText(message, { exact: true }).waitFor();
  await notice.getByRole('button', { name: 'Dismiss message' }).click();
}

const waitingDialog = (page: Page) => page.getByRole('dialog', { name: CHECKOUT_MESSAGES.waiting });

/** The orders of a user, newest first, as stored. */
async function storedOrders(userId: string) {
  return h.db.query<{
    id: string;
    status: string;
    payment_option: string;
    delivery_type: string;
    contact_phone: string;
    contact_address: string | null;
    scheduled_time: Date | string | null;
    instructions: string;
    total_cents: number;
    delivery_fee_cents: number;
  }>(
    `select id, status, payment_option, delivery_type, contact_phone, contact_address,
            scheduled_time, instructions, total_cents, delivery_fee_cents
       from orders where user_id = $1 order by number desc`,
    [userId],
  );
}

async function onlyOrder(userId: string) {
  const orders = await storedOrders(userId);
  expect(orders).toHaveLength(1);
  const [order] = orders;
  if (!order) throw new Error('no order');
  return order;
}

async function staffAnswers(orderId: string, answer: 'accept' | 'decline', body: object) {
  const response = await call(h.app, staff, 'POST', `/api/staff/orders/${orderId}/${answer}`, body);
  expect(response.statusCode).toBe(200);
}

/** A signed-in customer with Garlic Bread in the cart, confirmed for pickup, on Payment. */
async function onPayment(allow: ConsoleAllowance[] = []) {
  const customer = await newCustomer();
  await fillCart(h.app, customer.account, [{ productId: findProduct(menu, 'Garlic Bread').id }]);
  const opened = await openPage('pickup', allow);
  await openCheckout(opened.page, customer);
  await opened.page.getByRole('button', { name: 'Confirm Order' }).click();
  await opened.page.waitForURL('**/payment');
  return { customer, ...opened };
}

it('takes a guest’s cart through sign-in, checkout for pickup and payment to the store’s acceptance', async () => {
  const customer = await newCustomer();
  const { context, page, problems } = await openPage('pickup');
  const wings = findProduct(menu, 'Wings');

  // A guest builds the cart.
  await page.goto(`/wings/${wings.id}`);
  await page.getByRole('heading', { level: 1, name: 'Wings' }).waitFor();
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('radio', { name: /^20 pcs/ })
    .check();
  await page
    .getByRole('group', { name: 'Flavour' })
    .getByRole('radio', { name: 'Hot', exact: true })
    .check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectNotice(page, 'Item added to cart.');
  const wingsCents = linePrice(wings, { size: '20 pcs' }, 1);

  // Checkout needs an account: log in, come back to the cart with the line taken over.
  await page.goto('/checkout');
  await page.waitForURL('**/login');
  await signIn(page, customer.user.email, { open: false, landsOn: '**/checkout' });
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  const main = page.locator('main');
  await main.getByRole('heading', { level: 2, name: 'Pickup' }).waitFor();
  await expect.poll(() => text(page.getByTestId('checkout-phone'))).toBe('(519) 555-0100');
  expect(await text(main.locator('.checkout-cart-line'))).toBe(
    `1 item, subtotal ${formatMoney(wingsCents)}. Edit cart`,
  );
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/checkout-pickup-390.png`, fullPage: true });

  // The default phone, edited here: blank is refused with the spec's text, then saved.
  await main.getByRole('button', { name: 'Edit phone number' }).click();
  const phoneField = main.getByRole('textbox', { name: 'Phone number', exact: true });
  expect(await phoneField.evaluate((field) => field === document.activeElement)).toBe(true);
  await phoneField.fill('   ');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await main.getByRole('alert').getByText(ACCOUNT_MESSAGES.phoneEmpty, { exact: true }).waitFor();
  await phoneField.fill('519-555-0177');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => text(page.getByTestId('checkout-phone'))).toBe('(519) 555-0177');
  // Focus goes back to Edit, not to the top of the page.
  expect(
    await main
      .getByRole('button', { name: 'Edit phone number' })
      .evaluate((button) => button === document.activeElement),
  ).toBe(true);
  await expectNotice(page, CHECKOUT_MESSAGES.phoneUpdated);
  const contact = await call(
    h.app,
    customer.account,
    'GET',
    `/api/user/${customer.user._id}/default-contact`,
  );
  expect(contact.json()).toEqual({ phone: '519-555-0177', address: ADDRESS });

  await main.getByLabel('Instructions (optional)').fill('Extra napkins, please');
  await main.getByRole('button', { name: 'Confirm Order' }).click();
  await expectNotice(page, CHECKOUT_MESSAGES.confirmed);
  await page.waitForURL('**/payment');

  // Payment: every figure is the server's, equal to the engine's for the same line.
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
  const totals = cartTotals({
    lineTotals: [wingsCents],
    // The guest chose no tip: none carries over (issue 44), not the server's 5 %.
    tipPercent: 0,
    delivery: false,
    deliveryFee: 0,
  });
  await expect.poll(() => text(page.getByTestId('pay-total'))).toBe(formatMoney(totals.total));
  expect(await text(page.getByTestId('pay-subtotal'))).toBe(formatMoney(totals.subtotal));
  expect(await text(page.getByTestId('pay-hst'))).toBe(formatMoney(totals.hst));
  expect(await text(page.getByTestId('pay-tip'))).toBe(formatMoney(totals.tip));
  expect(await page.getByTestId('pay-delivery').count()).toBe(0);
  expect(await text(page.getByTestId('pay-details'))).toBe('Pickup, as soon as possible. Change');
  const line = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
  expect(await line.count()).toBe(1);
  expect(await text(line)).toContain('Wings');
  expect(await text(line)).toContain('Qty 1');
  expect(await text(line)).toContain(formatMoney(wingsCents));
  const payBy = page.getByRole('group', { name: 'How would you like to pay?' });
  expect(
    await payBy
      .getByRole('radio', { name: 'Pay When Pickup or Delivery', exact: true })
      .isChecked(),
  ).toBe(true);
  await payBy.getByRole('radio', { name: 'Pay in Cash', exact: true }).check();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/payment-pickup-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/payment-pickup-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Place My Order' }).click();
  const dialog = waitingDialog(page);
  await dialog.waitFor();
  expect(await text(dialog)).toContain('Please do not refresh or close this page.');
  await dialog.getByRole('link', { name: '(519) 555-0142' }).waitFor();
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/waiting-390.png` });

  const order = await onlyOrder(customer.user._id);
  expect(order).toMatchObject({
    status: 'pending',
    payment_option: 'cash',
    delivery_type: 'pickup',
    contact_phone: '519-555-0177',
    instructions: 'Extra napkins, please',
    total_cents: totals.total,
  });
  // The cart is completed: the nav shows an empty cart.
  await page.getByRole('link', { name: 'Cart', exact: true }).waitFor({ state: 'attached' });

  await staffAnswers(order.id, 'accept', { minutes: 25 });
  const answered = page.getByRole('dialog', { name: 'Order confirmed' });
  await answered.getByText(orderAcceptedMessage(25), { exact: true }).waitFor(LIVE);
  const ok = answered.getByRole('button', { name: 'OK' });
  expect(await ok.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/accepted-390.png` });
  await ok.click();
  await page.waitForURL('**/my-orders');
  const card = page.locator(`article[data-order-id="${order.id}"]`);
  await expect.poll(() => text(card.getByTestId('order-status')), LIVE).toBe('Status: Accepted');

  await context.close();
  expect(problems).toEqual([]);
});

it('delivers at a scheduled time with the store’s delivery fee, and shows a decline with its reason', async () => {
  const customer = await newCustomer();
  const pizza = findProduct(menu, 'Garlic Bread');
  await fillCart(h.app, customer.account, [{ productId: pizza.id, quantity: 2 }]);
  const { context, page, problems } = await openPage('delivery');
  await openCheckout(page, customer);
  const main = page.locator('main');

  await main.getByRole('heading', { level: 2, name: 'Delivery' }).waitFor();
  expect(await text(page.getByTestId('checkout-where'))).toBe(`Deliver to ${ADDRESS}`);
  await main.getByText('A delivery fee of $8.00 is added to your total.').waitFor();

  // Later: today's first slot is 18:45 (45 minutes' lead, next quarter hour); tomorrow noon.
  const when = main.getByRole('group', { name: 'When' });
  await when.getByRole('radio', { name: 'Schedule for later' }).check();
  const day = main.getByLabel('Day');
  const time = main.getByLabel('Time');
  expect(await day.inputValue()).toBe('2026-11-23');
  expect(await text(time.locator('option').first())).toBe('6:45 PM');
  // The last slot today ends inside the hours (closing 23:00).
  expect(await text(time.locator('option').last())).toBe('10:45 PM');
  await day.selectOption('2026-11-24');
  await time.selectOption({ label: '12:00 PM' });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/checkout-delivery-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/checkout-delivery-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await main.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL('**/payment');
  const totals = cartTotals({
    lineTotals: [linePrice(pizza, {}, 2)],
    tipPercent: 5,
    delivery: true,
    deliveryFee: DELIVERY_FEE_CENTS,
  });
  await expect.poll(() => text(page.getByTestId('pay-total'))).toBe(formatMoney(totals.total));
  expect(await text(page.getByTestId('pay-delivery'))).toBe(formatMoney(DELIVERY_FEE_CENTS));
  expect(await text(page.getByTestId('pay-details'))).toBe(
    `Delivery to ${ADDRESS}, scheduled for Tue, Nov 24, 12:00 PM. Change`,
  );
  await page.getByRole('button', { name: 'Place My Order' }).click();
  await waitingDialog(page).waitFor();

  const order = await onlyOrder(customer.user._id);
  expect(order).toMatchObject({
    delivery_type: 'delivery',
    payment_option: 'pickup',
    contact_address: ADDRESS,
    delivery_fee_cents: DELIVERY_FEE_CENTS,
    total_cents: totals.total,
  });
  expect(new Date(order.scheduled_time ?? 0).toISOString()).toBe('2026-11-24T17:00:00.000Z');

  await staffAnswers(order.id, 'decline', { reason: 'out of dough' });
  const answered = page.getByRole('dialog', { name: 'Order declined' });
  await answered.getByText(orderDeclinedMessage('out of dough'), { exact: true }).waitFor(LIVE);
  await page.screenshot({ path: `${SHOTS}/declined-390.png` });
  await answered.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/my-orders');
  const card = page.locator(`article[data-order-id="${order.id}"]`);
  await expect.poll(() => text(card.getByTestId('order-status')), LIVE).toBe('Status: Declined');

  await context.close();
  expect(problems).toEqual([]);
});

it('still shows the answer after a reload during the wait, and after leaving the page while the store answered', async () => {
  const { customer, context, page, problems } = await onPayment();
  await page.getByRole('button', { name: 'Place My Order' }).click();
  await waitingDialog(page).waitFor();
  const order = await onlyOrder(customer.user._id);

  // A reload while waiting: the overlay is back at once.
  await page.reload();
  await waitingDialog(page).waitFor();

  // The customer leaves; the store answers meanwhile; coming back shows the answer.
  await page.goto('about:blank');
  await staffAnswers(order.id, 'accept', { minutes: 40 });
  await page.goto('/payment');
  const answered = page.getByRole('dialog', { name: 'Order confirmed' });
  await answered.getByText(orderAcceptedMessage(40), { exact: true }).waitFor(LIVE);

  // And a reload before OK shows it again.
  await page.reload();
  await answered.getByText(orderAcceptedMessage(40), { exact: true }).waitFor(LIVE);
  await answered.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/my-orders');

  // Done: no overlay again; the order, accepted and still in flight, is what Payment shows.
  await page.goto('/payment');
  await page
    .getByTestId('in-flight-order')
    .getByText(/^Order #\d+ — Ready about 6:40 PM$/)
    .waitFor();
  expect(await page.getByText('Your cart is empty.', { exact: true }).count()).toBe(0);
  expect(await waitingDialog(page).count()).toBe(0);

  await context.close();
  expect(problems).toEqual([]);
});

it('makes exactly one order from a double click, and from a retry after a lost answer', async () => {
  const { customer, context, page, problems } = await onPayment();
  await page.getByRole('button', { name: 'Place My Order' }).dblclick();
  await waitingDialog(page).waitFor();
  await onlyOrder(customer.user._id);
  await context.close();
  expect(problems).toEqual([]);

  // The first answer is lost on the way back: the order exists, the page does not know it.
  const second = await onPayment([
    // The connection this test cuts: Chromium reports it, and the page notes the failure.
    (message) =>
      message.text().includes('ERR_CONNECTION_RESET') ||
      message.text().startsWith('Placing the order failed ApiError: We could not reach the store'),
  ]);
  const other = second.customer;
  let dropped = 0;
  await second.page.route('**/api/orders/complete-order', async (route) => {
    if (dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await second.page.getByRole('button', { name: 'Place My Order' }).click();
  await second.page
    .getByRole('alert')
    .getByText('We could not reach the store. Check your connection and try again.')
    .waitFor();
  const placed = await onlyOrder(other.user._id);
  // Trying again names the same attempt: the server answers the order it placed.
  await second.page.getByRole('button', { name: 'Place My Order' }).click();
  await waitingDialog(second.page).waitFor();
  expect((await onlyOrder(other.user._id)).id).toBe(placed.id);
  await second.context.close();
  expect(second.problems).toEqual([]);
});

it('keeps guests out, says Store Closed when the store is, and explains a refused confirmation', async () => {
  const customer = await newCustomer();
  await fillCart(h.app, customer.account, [{ productId: findProduct(menu, 'Garlic Bread').id }]);
  const { context, page, problems } = await openPage('pickup', [
    // The refusal this test provokes (409): Chromium logs every failed response.
    (message) => message.text().includes('status of 409'),
  ]);

  // A guest is sent to log in.
  await page.goto('/payment');
  await page.waitForURL('**/login');

  await openCheckout(page, customer);
  const store = (mode: string) =>
    call(h.app, staff, 'PUT', '/api/staff/store', { mode }).then((response) =>
      expect(response.statusCode).toBe(200),
    );
  await store('closed');
  try {
    await page.reload();
    const closed = page.getByRole('button', { name: 'Store Closed' });
    await closed.waitFor();
    expect(await closed.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/checkout-closed-390.png`, fullPage: true });
  } finally {
    await store('auto');
  }

  // The cart emptied in another tab: the server refuses, and says why.
  await page.reload();
  const confirmButton = page.getByRole('button', { name: 'Confirm Order' });
  await confirmButton.waitFor();
  const cart = await call(h.app, customer.account, 'GET', `/api/cart/${customer.user._id}`);
  for (const item of cart.json<{ items: { _id: string }[] }>().items) {
    await call(h.app, customer.account, 'DELETE', `/api/cart/${customer.user._id}/${item._id}`);
  }
  await confirmButton.click();
  const refusal = page.locator('main').getByRole('alert');
  await refusal.getByText(CHECKOUT_MESSAGES.confirmFailed, { exact: true }).waitFor();
  await refusal
    .getByText('Your cart is empty. Please add something to order first.', { exact: true })
    .waitFor();
  expect(page.url()).toContain('/checkout');

  await context.close();
  expect(problems).toEqual([]);
});

it('groups the times by the store’s nights, and an accepted scheduled order reads Ready at its time', async () => {
  const customer = await newCustomer();
  await fillCart(h.app, customer.account, [{ productId: findProduct(menu, 'Garlic Bread').id }]);
  const { context, page, problems } = await openPage('pickup');
  await openCheckout(page, customer);
  const main = page.locator('main');
  await main
    .getByRole('group', { name: 'When' })
    .getByRole('radio', { name: 'Schedule for later' })
    .check();
  const day = main.getByLabel('Day');
  const time = main.getByLabel('Time');
  // Friday is open until 1:00 AM: its night holds Saturday's first hour, and says so under the
  // day (in the day's label it was cut on a phone, issue 44).
  const friday = day.locator('option[value="2026-11-27"]');
  expect(await text(friday)).toBe('Fri, Nov 27');
  expect(await text(day.locator('option[value="2026-11-28"]'))).toBe('Sat, Nov 28');
  const until = main.getByTestId('day-until');
  expect(await until.count()).toBe(0);
  await day.selectOption('2026-11-28');
  expect(await text(until)).toBe('Open until 1:00 AM: the times after midnight end the list.');
  await day.selectOption('2026-11-27');
  expect(await text(until)).toBe('Open until 1:00 AM: the times after midnight end the list.');
  expect(await day.getAttribute('aria-describedby')).toBe(await until.getAttribute('id'));
  const labels = (await time.locator('option').allTextContents()).map((each) => each.trim());
  expect(labels[0]).toBe('11:00 AM');
  expect(labels.slice(-4)).toEqual([
    '12:00 AM (after midnight)',
    '12:15 AM (after midnight)',
    '12:30 AM (after midnight)',
    '12:45 AM (after midnight)',
  ]);
  // Saturday's own list starts with Saturday's opening, not Friday night's last hour.
  await day.selectOption('2026-11-28');
  expect(await text(time.locator('option').first())).toBe('11:00 AM');
  await day.selectOption('2026-11-27');
  await time.selectOption({ label: '12:30 AM (after midnight)' });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/schedule-night-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/schedule-night-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await main.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL('**/payment');
  expect(await text(page.getByTestId('pay-details'))).toBe(
    'Pickup, scheduled for Sat, Nov 28, 12:30 AM. Change',
  );
  await page.getByRole('button', { name: 'Place My Order' }).click();
  await waitingDialog(page).waitFor();
  const order = await onlyOrder(customer.user._id);
  expect(new Date(order.scheduled_time ?? 0).toISOString()).toBe('2026-11-28T05:30:00.000Z');
  // The time was this order's: the next order starts as soon as possible (issue 44).
  await expect.poll(() => text(page.locator('.order-type-text'))).toBe('Order type: Pickup');
  expect(await page.evaluate(() => localStorage.getItem('orderAt'))).toBeNull();

  // The store accepts without minutes: the customer reads the time, confirmed, not minutes.
  await staffAnswers(order.id, 'accept', {});
  const answered = page.getByRole('dialog', { name: 'Order confirmed' });
  await answered
    .getByText('Your order is confirmed! Ready at Sat 12:30 AM.', { exact: true })
    .waitFor(LIVE);
  await page.screenshot({ path: `${SHOTS}/scheduled-accepted-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/scheduled-accepted-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  // A reload reads the same from the order itself.
  await page.reload();
  await answered
    .getByText('Your order is confirmed! Ready at Sat 12:30 AM.', { exact: true })
    .waitFor(LIVE);
  await answered.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/my-orders');
  const card = page.locator(`article[data-order-id="${order.id}"]`);
  await expect
    .poll(() => text(card.getByTestId('order-ready')), LIVE)
    .toBe('Ready at Sat 12:30 AM');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/my-orders-scheduled-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/my-orders-scheduled-1280.png`, fullPage: true });

  await context.close();
  expect(problems).toEqual([]);
});

it('names the order the store answered, over a page about another order in flight', async () => {
  const customer = await newCustomer();
  const first = await placeOrder(h.app, customer.account, [{ name: 'Coke' }]);
  await fillCart(h.app, customer.account, [{ productId: findProduct(menu, 'Garlic Bread').id }]);
  const { context, page, problems } = await openPage('pickup');
  await openCheckout(page, customer);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL('**/payment');
  await page.getByRole('button', { name: 'Place My Order' }).click();
  await waitingDialog(page).waitFor();
  const [newest] = await h.db.query<{ id: string; number: number }>(
    'select id, number from orders where user_id = $1 order by number desc limit 1',
    [customer.user._id],
  );
  if (!newest || newest.id === first._id) throw new Error('the second order was not placed');

  await staffAnswers(newest.id, 'decline', { reason: 'busy' });
  const answered = page.getByRole('dialog', { name: 'Order declined' });
  await answered.getByText(orderDeclinedMessage('busy'), { exact: true }).waitFor(LIVE);
  // Behind it, Payment shows the first order, still waiting: the dialog says which it is about.
  await expect
    .poll(() => text(page.locator('main')), LIVE)
    .toContain(`Order #${first.number} — waiting for the store…`);
  expect(await text(answered.getByTestId('answer-order'))).toBe(`Order #${newest.number}`);
  expect(await text(answered)).not.toContain(`#${first.number}`);
  await page.screenshot({ path: `${SHOTS}/declined-other-order-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/declined-other-order-1280.png` });
  await answered.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/my-orders');

  await context.close();
  expect(problems).toEqual([]);
});

it('fits the day list on a 390 px phone, a late night’s day included', async () => {
  const customer = await newCustomer();
  await fillCart(h.app, customer.account, [{ productId: findProduct(menu, 'Garlic Bread').id }]);
  // Saturday 6:00 PM in Guelph: today is open until 1:00 AM, the longest day label there is.
  const { context, page } = await h.newPage({ orderType: 'pickup', now: '2026-11-28T23:00:00Z' });
  const problems = watchConsole(page);
  await openCheckout(page, customer);
  const main = page.locator('main');
  await main
    .getByRole('group', { name: 'When' })
    .getByRole('radio', { name: 'Schedule for later' })
    .check();
  const day = main.getByLabel('Day');
  expect(await text(day.locator('option:checked'))).toBe('Today (Sat, Nov 28)');
  expect(await text(main.getByTestId('day-until'))).toBe(
    'Open until 1:00 AM: the times after midnight end the list.',
  );
  /** The widest day's words, and the room a closed select has for them beside its arrow. */
  const fits = (select: typeof day) =>
    select.evaluate((node: HTMLSelectElement) => {
      const style = getComputedStyle(node);
      const context2d = document.createElement('canvas').getContext('2d');
      if (!context2d) throw new Error('no canvas');
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widths = [...node.options].map((option) => context2d.measureText(option.text).width);
      const arrow = 24;
      const room =
        node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      return { words: Math.ceil(Math.max(...widths)), room: Math.floor(room) };
    });
  const measured = await fits(day);
  expect(measured.words).toBeLessThanOrEqual(measured.room);
  // Nor does the page scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await day.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/day-list-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await fits(day)).words).toBeLessThanOrEqual((await fits(day)).room);
  await day.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/day-list-1280.png` });

  await context.close();
  expect(problems).toEqual([]);
});
