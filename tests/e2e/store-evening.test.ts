/**
 * The order loop as a Friday evening lives it, the store's side (issue 31): a missed order
 * marked Missed with a banner on every tablet until someone dismisses it; the kitchen ticket's
 * money line and instructions; signing out of a shared tablet, staff landing on the board from
 * /login without the order-type chooser, the footer's way in and the admin's tab; the staff bar's
 * whole store name; one phone format; sold-out drinks, sides and toppings shown and refused in
 * the pickers, toppings marked from the Menu screen. Staff at 1280 px, customers at 390 px; axe
 * and a quiet console on each screen, screenshots in SCREENSHOT_DIR.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  formatMoney,
  toCents,
  type ApiCompleteOrderAnswer,
  type ApiOrder,
  type ApiStaffOrder,
  type Product,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { createAcceptanceSweeper } from '../../src/server/orders/acceptance-sweeper';
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
  completeOrder,
  confirm,
  fillCart,
  placeOrder,
  type Account,
  registerMember,
} from '../support/orders';
import { registerUser, type ApiUser } from '../support/users';

const SHOTS = screenshotsFolder('evening');
const TABLET = { width: 1280, height: 800 };
const PHONE_SCREEN = { width: 390, height: 844 };
const ADDRESS = '55 Wyndham St N, Guelph, ON N1H 7T8';
const STORE_NAME = 'Royal City Pizza & Wings';

let h: BrowserHarness;
let menu: Product[];
let staff: { user: ApiUser; account: Account };
let admin: { user: ApiUser; account: Account };

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
  staff = await registerMember(h.app, h.db, 'staff', { name: 'Sam Staff' });
  admin = await registerMember(h.app, h.db, 'admin', { name: 'Alex Admin' });
});
afterAll(() => h.close());

const productId = (name: string): string => findProduct(menu, name).id;

/** A page on the server's clock; signed in with `cookie` when given. */
async function openPage(
  viewport: { width: number; height: number },
  cookie?: string,
  allow: ConsoleAllowance[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({ now: NOW, session: cookie });
  await page.setViewportSize(viewport);
  return { context, page, problems: watchConsole(page, allow) };
}

async function openBoard(who: Account, viewport = TABLET) {
  const opened = await openPage(viewport, who.cookie);
  await opened.page.goto('/staff');
  await opened.page.getByTestId('board').waitFor();
  await opened.page.getByTestId('staff-connection').getByText('Live').waitFor(LIVE);
  return opened;
}

/** Takes the sound gate away (it covers part of the board in a screenshot otherwise). */
async function soundOn(page: Page) {
  await page.getByRole('button', { name: /^Tap to turn on order sound/ }).click();
}

/** A product sold out or back, as the Menu screen's switch sends it. */
const patchProduct = (name: string, available: boolean) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/staff/products/${productId(name)}`,
    headers: { 'content-type': 'application/json', cookie: staff.account.cookie },
    payload: JSON.stringify({ available }),
  });

async function customer(name: string, phone = '519-555-0777'): Promise<Account> {
  const { user, cookie } = await registerUser(h.app, {
    name,
    contacts: [{ phone, address: ADDRESS, isDefault: true }],
  });
  return { id: user._id, cookie };
}

it('a missed order is "Missed" in Done today, with a banner on every tablet until one dismisses it', async () => {
  const first = await openBoard(staff.account);
  const second = await openBoard(staff.account, PHONE_SCREEN);
  await soundOn(first.page);
  await soundOn(second.page);
  const who = await customer('Missy Missed');
  const order = await placeOrder(h.app, who, [{ name: 'Coke' }], {
    contactInfo: { phone: '519-555-0777', address: '' },
  });
  await first.page.locator(`button.order-card[data-order-id="${order._id}"]`).waitFor(LIVE);
  // Nobody answers: the acceptance window runs out and the sweeper declines it.
  const later = { now: () => new Date(Date.parse(NOW) + 6 * 60_000) };
  expect(
    await createAcceptanceSweeper({ db: h.db, clock: later, intervalMs: 60_000 }).sweep(),
  ).toBe(1);
  for (const { page } of [first, second]) {
    const banner = page.getByRole('region', { name: 'Missed order: call the customer' });
    await banner.waitFor(LIVE);
    const line = banner.locator(`[data-missed-id="${order._id}"]`);
    expect(await text(line)).toContain(`#${order.number} Missy Missed, (519) 555-0777`);
    expect(await line.getByRole('link', { name: '(519) 555-0777' }).getAttribute('href')).toBe(
      'tel:5195550777',
    );
    const done = page.locator(`section[data-lane="done"] [data-order-id="${order._id}"]`);
    await done.waitFor(LIVE);
    expect(await text(done.locator('.done-status'))).toBe('Missed');
  }
  // The customer still reads "declined" (the spec's status), with a reason that reads well.
  const mine = (await call(h.app, who, 'GET', `/api/orders/${who.id}`)).json<ApiOrder[]>();
  expect(mine[0]).toMatchObject({ status: 'declined', declineReason: 'unable to confirm orders' });

  expect(await axeViolations(first.page)).toEqual([]);
  await first.page.screenshot({ path: `${SHOTS}/board-missed-1280.png` });
  expect(await axeViolations(second.page)).toEqual([]);
  await second.page.screenshot({ path: `${SHOTS}/board-missed-390.png`, fullPage: true });

  // The detail says Missed too, and who dismissed it once someone has.
  await first.page.locator(`section[data-lane="done"] [data-order-id="${order._id}"]`).click();
  const detail = first.page.getByRole('dialog', { name: `Order #${order.number}` });
  expect(await text(detail.getByTestId('detail-status'))).toBe('Missed');
  await detail.getByRole('button', { name: 'Close', exact: true }).click();

  // Dismissed on the phone: gone from both boards, recorded with who and when.
  await second.page.getByRole('button', { name: `Dismiss missed order #${order.number}` }).click();
  for (const { page } of [first, second]) {
    await page
      .getByRole('region', { name: 'Missed order: call the customer' })
      .waitFor({ state: 'detached', ...LIVE });
  }
  const listed = (await call(h.app, staff.account, 'GET', '/api/staff/orders?status=declined'))
    .json<ApiStaffOrder[]>()
    .find((each) => each._id === order._id);
  expect(listed?.missedDismissal?.by?.name).toBe('Sam Staff');
  await first.page.locator(`section[data-lane="done"] [data-order-id="${order._id}"]`).click();
  expect(await text(detail.locator('.detail-steps'))).toContain(
    'Missed order dismissed at 6:00 PM by Sam Staff',
  );
  await detail.getByRole('button', { name: 'Close', exact: true }).click();

  for (const each of [first, second]) {
    await each.context.close();
    expect(each.problems).toEqual([]);
  }
});

it('the kitchen ticket says what to collect and how, and shows the instructions first', async () => {
  const who = await customer('Cash Carter', '5195550123');
  await fillCart(h.app, who, [
    { productId: productId('Wings'), size: '20 pcs', wingsFlavor: 'Hot' },
  ]);
  const confirmed = await confirm(h.app, who, {
    deliveryType: 'delivery',
    contactInfo: { phone: '5195550123', address: ADDRESS },
    instructions: 'Side door, dog is friendly',
  });
  expect(confirmed.statusCode).toBe(200);
  const placed = await completeOrder(h.app, who, { paymentOption: 'cash' });
  expect(placed.statusCode).toBe(201);
  const cash = placed.json<ApiCompleteOrderAnswer>().order;
  const pickup = await placeOrder(h.app, await customer('Paula Pickup'));

  const board = await openBoard(staff.account);
  await soundOn(board.page);
  const ticketOf = async (order: ApiOrder) => {
    await board.page.locator(`button.order-card[data-order-id="${order._id}"]`).click();
    const detail = board.page.getByRole('dialog', { name: `Order #${order.number}` });
    await detail.waitFor();
    await board.page.emulateMedia({ media: 'print' });
    const ticket = board.page.locator('body > .kitchen-ticket');
    await ticket.waitFor();
    const lines = (await ticket.innerText()).split('\n').filter((line) => line.trim());
    await board.page.emulateMedia({ media: 'screen' });
    return { lines, detail, ticket };
  };
  const total = (order: ApiOrder) => formatMoney(toCents(order.totalPrice));

  const delivery = await ticketOf(cash);
  expect(delivery.lines).toContain(`COLLECT ${total(cash)} — CASH`);
  expect(delivery.lines).toContain('(519) 555-0123');
  // The instructions come before the first line of food, boxed under their label.
  const label = delivery.lines.indexOf('INSTRUCTIONS');
  expect(label).toBeGreaterThan(0);
  expect(delivery.lines[label + 1]).toBe('Side door, dog is friendly');
  expect(label).toBeLessThan(delivery.lines.findIndex((line) => line.endsWith('× Wings')));
  await board.page.emulateMedia({ media: 'print' });
  await board.page.screenshot({ path: `${SHOTS}/ticket-cash-delivery.png` });
  await board.page.emulateMedia({ media: 'screen' });
  await delivery.detail.getByRole('button', { name: 'Close', exact: true }).click();

  const counter = await ticketOf(pickup);
  expect(counter.lines).toContain(`PAY AT PICKUP ${total(pickup)}`);
  expect(counter.lines).not.toContain('INSTRUCTIONS');
  await counter.detail.getByRole('button', { name: 'Close', exact: true }).click();

  await board.context.close();
  expect(board.problems).toEqual([]);
});

it('a shared tablet: staff sign out, sign in at /login with no chooser and land on the board; the admin alone has the Staff tab', async () => {
  // A fresh tablet: no order type stored, yet /login shows the form, not the chooser.
  const { context, page, problems } = await openPage(TABLET);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Staff' }).click();
  await page.waitForURL('**/login');
  await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/login-1280.png` });
  expect(await axeViolations(page)).toEqual([]);

  await signIn(page, staff.user.email, {
    open: false,
    landsOn: (url) => url.pathname === '/staff',
  });
  await page.getByTestId('board').waitFor();
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await nav.getByRole('link', { name: 'Board' }).waitFor();
  expect(await nav.getByRole('link').allTextContents()).toEqual([
    'Board',
    'Store',
    'Menu',
    'Today',
  ]);
  // The store's whole name, not cut short, in the bar at 1280 px.
  const name = page.locator('.staff-store-name');
  expect(await text(name)).toBe(STORE_NAME);
  expect(await name.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  await soundOn(page);
  await page.screenshot({ path: `${SHOTS}/staff-bar-staff-1280.png` });

  // Signing out ends the session and leaves the login for the next person.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
  expect((await call(h.app, null, 'GET', '/api/auth/me')).json()).toEqual({ user: null });
  expect(
    (await page.request.get('/api/staff/store')).status(),
    'the old session no longer opens the staff API',
  ).toBe(401);

  // The admin next: the board again, with the Staff tab.
  await signIn(page, admin.user.email, {
    open: false,
    landsOn: (url) => url.pathname === '/staff',
  });
  await nav.getByRole('link', { name: 'Staff' }).waitFor();
  await page.setViewportSize(PHONE_SCREEN);
  expect(await text(name)).toBe(STORE_NAME);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/staff-bar-admin-390.png` });
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
  expect(problems).toEqual([]);
});

it('shows one phone format on customer screens, and the footer’s way in for staff', async () => {
  expect(
    (await call(h.app, admin.account, 'PUT', '/api/staff/store', { phone: '519-555-0777' }))
      .statusCode,
  ).toBe(200);
  const { context, page, problems } = await openPage(PHONE_SCREEN);
  try {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: '(519) 555-0777' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/staff');
    await footer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/footer-390.png` });
    expect(await axeViolations(page, 'footer')).toEqual([]);
  } finally {
    await context.close();
    // What is stored stays as typed.
    expect(
      (await call(h.app, admin.account, 'GET', '/api/staff/store')).json<{ phone: string }>().phone,
    ).toBe('519-555-0777');
    await call(h.app, admin.account, 'PUT', '/api/staff/store', { phone: '(519) 555-0123' });
  }
  expect(problems).toEqual([]);
});

it('sold out drinks, sides, toppings and flavours are shown and cannot be picked; toppings and flavours are marked from the Menu screen', async () => {
  // Toppings from the Menu screen, on a tablet.
  const staffPage = await openPage(TABLET, staff.account.cookie);
  await staffPage.page.goto('/staff/menu');
  const toppings = staffPage.page.getByRole('region', { name: 'Toppings' });
  await toppings.getByRole('switch', { name: 'Sold out' }).first().waitFor();
  const bacon = toppings.getByRole('listitem', { name: 'Bacon' });
  await bacon.getByRole('switch', { name: 'Sold out' }).check();
  await staffPage.page.getByText('Bacon is marked sold out.').waitFor();
  await toppings.scrollIntoViewIfNeeded();
  await staffPage.page.screenshot({ path: `${SHOTS}/menu-toppings-1280.png` });
  expect(await axeViolations(staffPage.page)).toEqual([]);
  await staffPage.page.setViewportSize(PHONE_SCREEN);
  await bacon.scrollIntoViewIfNeeded();
  await staffPage.page.screenshot({ path: `${SHOTS}/menu-toppings-390.png` });
  // A flavour (out of that sauce), on every product offering it: Mild, the first one.
  const flavours = staffPage.page.getByRole('region', { name: 'Flavours' });
  const mild = flavours.getByRole('listitem', { name: 'Mild' });
  await mild.getByRole('switch', { name: 'Sold out' }).check();
  await staffPage.page.getByText('Mild is marked sold out.').waitFor();
  await mild.scrollIntoViewIfNeeded();
  await staffPage.page.screenshot({ path: `${SHOTS}/menu-flavours-390.png` });
  // A drink and a side, sold out through the products' switches (the API the screen uses).
  for (const product of ['Coke', 'Garlic Bread']) {
    const response = await patchProduct(product, false);
    expect(response.statusCode).toBe(200);
  }

  try {
    const { context, page, problems } = await openPage(PHONE_SCREEN);
    await page.goto(`/combos/${productId('Pizza & Wings Combo')}`);
    await page.getByRole('heading', { level: 1, name: 'Pizza & Wings Combo' }).waitFor();
    // The drink: shown, marked, not pressable.
    const coke = page.getByRole('group', { name: 'Drinks' }).getByRole('button', { name: /^Coke/ });
    expect(await text(coke)).toContain('(sold out)');
    expect(await coke.isDisabled()).toBe(true);
    // The side: marked and not choosable; the first side on sale is chosen instead.
    const sides = page.getByRole('group', { name: 'Side' });
    const garlic = sides.getByRole('radio', { name: /Garlic Bread/ });
    expect(await garlic.isDisabled()).toBe(true);
    expect(await text(sides.locator('label', { hasText: 'Garlic Bread' }))).toContain('Sold out');
    expect(await sides.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await garlic.isChecked()).toBe(false);
    // The topping: marked and not choosable.
    const baconChip = page.getByRole('checkbox', { name: 'Bacon' });
    expect(await baconChip.isDisabled()).toBe(true);
    // The wings flavour: marked and not choosable; the first flavour on sale is chosen instead.
    const flavour = page.getByRole('group', { name: 'Wings flavour' });
    const mildRadio = flavour.getByRole('radio', { name: /Mild/ });
    expect(await mildRadio.isDisabled()).toBe(true);
    expect(await text(flavour.locator('label', { hasText: 'Mild' }))).toContain('Sold out');
    expect(await flavour.getByRole('radio', { name: /Medium/ }).isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Drinks' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/combo-sold-out-390.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(TABLET);
    await page.screenshot({ path: `${SHOTS}/combo-sold-out-1280.png` });
    // What can be picked is added without a refusal.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Item added to cart.').first().waitFor(LIVE);
    await context.close();
    expect(problems).toEqual([]);
  } finally {
    for (const product of ['Coke', 'Garlic Bread']) {
      await patchProduct(product, true);
    }
    await staffPage.page.setViewportSize(TABLET);
    await bacon.getByRole('switch', { name: 'Sold out' }).uncheck();
    await staffPage.page.getByText('Bacon is back on the menu.').waitFor();
    await mild.getByRole('switch', { name: 'Sold out' }).uncheck();
    await staffPage.page.getByText('Mild is back on the menu.').waitFor();
    await staffPage.context.close();
  }
  expect(staffPage.problems).toEqual([]);
});
