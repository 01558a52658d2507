import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMoney, toCents, type ApiStoreInfo } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { watchConsole } from '../support/console';
import { registerPerson } from '../support/orders';

const INVALID_ADDRESS = 'Please enter a valid address within Guelph, Ontario.';
const GUELPH_ADDRESS = '10 Carden St, Guelph, ON N1H 3A1';
const SHOTS = screenshotsFolder('order-type');

let h: BrowserHarness;
let store: ApiStoreInfo;
beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
  store = (await h.app.inject({ method: 'GET', url: '/api/store' })).json<ApiStoreInfo>();
});
afterAll(() => h.close());

const chooser = (page: Page) =>
  page.getByRole('dialog', { name: 'How would you like your order?' });
const stored = (page: Page) =>
  page.evaluate(() => ({
    orderType: localStorage.getItem('orderType'),
    orderAddress: localStorage.getItem('orderAddress'),
  }));
const isFocused = (locator: Locator) => locator.evaluate((node) => node === document.activeElement);
const focusInside = (dialog: Locator) =>
  dialog.evaluate(
    (node) => node !== document.activeElement && node.contains(document.activeElement),
  );
/** The header's order-type chip: its words (after the screen reader's "Order type: "). */
const summary = (page: Page) => ({
  textContent: async () =>
    (await page.locator('.order-type-text').textContent())?.replace(/^Order type: /, ''),
});

it('asks on a first visit, stores Pickup, and does not ask again after a reload', async () => {
  const { context, page } = await h.newPage({ orderType: null });
  await page.goto('/');
  const dialog = chooser(page);
  await dialog.waitFor();
  // Modal (the page behind is inert) with focus already inside.
  expect(await dialog.evaluate((node) => node.matches(':modal'))).toBe(true);
  await expect.poll(() => focusInside(dialog)).toBe(true);
  // Pickup names the store's address; nothing is stored until a choice is made.
  await dialog
    .getByRole('button', { name: /^Pickup/ })
    .getByText(store.pickupAddress)
    .waitFor();
  expect(await stored(page)).toEqual({ orderType: null, orderAddress: null });

  // The choice is required: Escape (before any other input) leaves it open.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.evaluate((node) => node.matches(':modal'))).toBe(true);

  await dialog.getByRole('button', { name: /^Pickup/ }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await summary(page).textContent()).toBe('Pickup');
  expect(await stored(page)).toEqual({ orderType: 'pickup', orderAddress: null });
  // First visit: focus goes to the page's content.
  await expect.poll(() => isFocused(page.getByRole('main'))).toBe(true);

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  await page.getByRole('region', { name: 'Opening hours' }).getByText('Open now').waitFor();
  expect(await summary(page).textContent()).toBe('Pickup');
  expect(await page.getByRole('dialog').count()).toBe(0);
  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('reopens on Edit, refuses an address outside Guelph and stores a Guelph one', async () => {
  const { context, page } = await h.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  expect(await summary(page).textContent()).toBe('Pickup');
  expect(await page.getByRole('dialog').count()).toBe(0);

  // The chip is the button: its name is what it shows, so voice control can say it.
  const edit = page.getByRole('button', { name: 'Order type: Pickup Change', exact: true });
  await edit.click();
  const dialog = chooser(page);
  await dialog.waitFor();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  expect(await stored(page)).toEqual({ orderType: null, orderAddress: null });

  const delivery = dialog.getByRole('button', { name: /^Delivery/ });
  expect(await delivery.getAttribute('aria-expanded')).toBe('false');
  await delivery.click();
  expect(await delivery.getAttribute('aria-expanded')).toBe('true');
  const field = dialog.getByLabel('Delivery address');
  await expect.poll(() => isFocused(field)).toBe(true);
  await dialog.getByText(`Delivery fee: ${formatMoney(toCents(store.deliveryFee))}`).waitFor();

  await field.fill('100 Queen St W, Toronto, ON');
  await dialog.getByRole('button', { name: 'Deliver here' }).click();
  await dialog.getByRole('alert').getByText(INVALID_ADDRESS, { exact: true }).waitFor();
  expect(await dialog.getByRole('alert').isVisible()).toBe(true);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.isVisible()).toBe(true);
  expect(await stored(page)).toEqual({ orderType: null, orderAddress: null });

  await field.fill(GUELPH_ADDRESS);
  await dialog.getByRole('button', { name: 'Deliver here' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await summary(page).textContent()).toBe(`Delivery to ${GUELPH_ADDRESS}`);
  expect(await stored(page)).toEqual({ orderType: 'delivery', orderAddress: GUELPH_ADDRESS });
  // Opened by Edit: focus goes back to Edit.
  await expect.poll(() => isFocused(page.locator('.order-type-chip'))).toBe(true);
  await page
    .getByRole('button', { name: `Order type: Delivery to ${GUELPH_ADDRESS} Change`, exact: true })
    .waitFor();

  // The delivery choice survives a reload.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  expect(await summary(page).textContent()).toBe(`Delivery to ${GUELPH_ADDRESS}`);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('is completed with the keyboard alone, and Tab stays inside', async () => {
  const { context, page } = await h.newPage({ orderType: null });
  await page.goto('/cart');
  const dialog = chooser(page);
  await dialog.waitFor();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  // Pickup's address arrives with store info; wait so the focus order below is settled.
  await dialog.getByText(store.pickupAddress).waitFor();

  // Tab and Shift+Tab cycle through the dialog and never reach the page behind. Past either end a
  // native modal dialog lets focus out to the browser's own controls (the document's active
  // element is then body), and the next press comes back into the dialog.
  const focusState = () =>
    dialog.evaluate((node) => {
      const active = document.activeElement;
      if (active && node.contains(active)) return 'dialog';
      return active === null || active === document.body ? 'browser' : `page: ${active.outerHTML}`;
    });
  const seen: string[] = [];
  for (const key of [...Array<string>(5).fill('Tab'), ...Array<string>(5).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    seen.push(await focusState());
  }
  expect(seen.filter((state) => state !== 'dialog' && state !== 'browser')).toEqual([]);
  expect(seen.filter((state) => state === 'dialog').length).toBeGreaterThanOrEqual(6);
  expect(await focusState()).toBe('dialog');

  const delivery = dialog.getByRole('button', { name: /^Delivery/ });
  for (let tabs = 0; tabs < 2 && !(await isFocused(delivery)); tabs++) {
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(delivery)).toBe(true);
  await page.keyboard.press('Enter');
  const field = dialog.getByLabel('Delivery address');
  await expect.poll(() => isFocused(field)).toBe(true);
  await page.keyboard.type('Toronto');
  await page.keyboard.press('Enter');
  await dialog.getByRole('alert').getByText(INVALID_ADDRESS, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  expect(await dialog.isVisible()).toBe(true);

  expect(await isFocused(field)).toBe(true);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(GUELPH_ADDRESS);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(await stored(page)).toEqual({ orderType: 'delivery', orderAddress: GUELPH_ADDRESS });
  expect(await summary(page).textContent()).toBe(`Delivery to ${GUELPH_ADDRESS}`);
  await expect.poll(() => isFocused(page.getByRole('main'))).toBe(true);
  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('delivers to a signed-in customer’s saved Guelph address without asking for it again', async () => {
  const saved = '55 Wyndham St N, Guelph, ON N1H 7T8';
  const customer = await registerPerson(h.app, {
    contacts: [{ phone: '519-555-0101', address: saved, isDefault: true }],
  });
  const { context, page } = await h.newPage();
  const problems = watchConsole(page);
  await signIn(page, customer.user.email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Order type: Pickup Change', exact: true }).click();
  const dialog = chooser(page);
  await dialog.waitFor();

  // Delivery names the saved address and takes it at once: no address field (issue 44).
  const delivery = dialog.getByRole('button', { name: `Delivery To ${saved}`, exact: true });
  await delivery.waitFor();
  expect(await dialog.getByLabel('Delivery address').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/saved-address-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/saved-address-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await delivery.click();
  await dialog.waitFor({ state: 'detached' });
  expect(await stored(page)).toEqual({ orderType: 'delivery', orderAddress: saved });
  expect(await summary(page).textContent()).toBe(`Delivery to ${saved}`);

  // Another address is still one tap away, with the same Guelph rule.
  await page.locator('.order-type-chip').click();
  await dialog.waitFor();
  const other = dialog.getByRole('button', { name: 'Deliver to another address' });
  expect(await other.getAttribute('aria-expanded')).toBe('false');
  await other.click();
  expect(await other.getAttribute('aria-expanded')).toBe('true');
  await dialog.getByLabel('Delivery address').fill(GUELPH_ADDRESS);
  await dialog.getByRole('button', { name: 'Deliver here' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await stored(page)).toEqual({ orderType: 'delivery', orderAddress: GUELPH_ADDRESS });
  await context.close();
  expect(problems).toEqual([]);
});
