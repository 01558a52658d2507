/**
 * The menu's history on the staff's screens (issue 34): a staff member marks the wings sold out,
 * the admin changes their price; the admin opens the item's History in its editor and reads both
 * changes with who made them and when, in the store's time; the Menu's "Today's changes" lists
 * them too, and another day's list is empty. Both lists are closed, and not requested, until
 * opened. axe on each; screenshots at 1280 and 390 px in SHOTS.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiStaffProduct } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { watchConsole } from '../support/console';
import { MONDAY_EVENING as NOW } from '../support/journey';
import { findProduct } from '../support/menu';
import { call, registerMember, type Account } from '../support/orders';

const SHOTS = screenshotsFolder('menu-history');
const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const clock = fixedClock(NOW);

let h: BrowserHarness;
let admin: Account;
let wings: ApiStaffProduct;

beforeAll(async () => {
  h = await startBrowserHarness({ clock });
  admin = (await registerMember(h.app, h.db, 'admin', { name: 'Olive Owner' })).account;
  const staff = (await registerMember(h.app, h.db, 'staff', { name: 'Sam Shift' })).account;
  const products = await call(h.app, admin, 'GET', '/api/staff/products');
  wings = findProduct(products.json<ApiStaffProduct[]>(), 'Wings');
  const json = { 'content-type': 'application/json' };
  const patch = (who: Account, body: object) =>
    call(h.app, who, 'PATCH', `/api/staff/products/${wings._id}`, body, json);
  // Monday 23 Nov 2026, 6:05 and 6:10 PM in Toronto (EST).
  clock.set('2026-11-23T18:05:00-05:00');
  expect((await patch(staff, { available: false })).statusCode).toBe(200);
  clock.set('2026-11-23T18:10:00-05:00');
  expect((await patch(admin, { price: 15.49 })).statusCode).toBe(200);
  clock.set(NOW);
});
afterAll(() => h.close());

/** An entry as drawn, lines and blocks as spaces (textContent would join "Wings" to its time). */
const said = async (entry: Locator) => (await entry.innerText()).replace(/\s+/g, ' ').trim();

const oldPrice = () => `$${wings.price.toFixed(2)}`;

it("the admin reads an item's history in its editor: both changes, who and when", async () => {
  const { context, page } = await h.newPage({ now: NOW, session: admin.cookie });
  await page.setViewportSize(TABLET);
  const problems = watchConsole(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/staff/menu/history')) asked.push(request.url());
  });
  await page.goto(`/staff/menu/${wings._id}`);
  await page.getByRole('heading', { level: 1, name: 'Edit Wings' }).waitFor();
  const history = page.locator('details.menu-history');
  // Closed, and not asked for, until opened.
  expect(await history.getAttribute('open')).toBe(null);
  expect(asked).toEqual([]);

  await history.getByText('History', { exact: true }).click();
  const entries = history.locator('.history-entry');
  await entries.nth(1).waitFor();
  expect(await entries.count()).toBe(2);
  expect(asked).toHaveLength(1);
  // Newest first; the price as dollars, sold out as yes or no, each with its author and time.
  expect(await said(entries.nth(0))).toBe(`6:10 PM, by Olive Owner Price: ${oldPrice()} → $15.49`);
  expect(await said(entries.nth(1))).toBe('6:05 PM, by Sam Shift Sold out: no → yes');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/item-history-1280.png`, fullPage: true });
  await history.screenshot({ path: `${SHOTS}/item-history-part-1280.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/item-history-390.png`, fullPage: true });
  await history.screenshot({ path: `${SHOTS}/item-history-part-390.png` });
  expect(problems).toEqual([]);
  await context.close();
});

it("the Menu's Today's changes lists the day's changes with names; another day has none", async () => {
  const { context, page } = await h.newPage({ now: NOW, session: admin.cookie });
  await page.setViewportSize(TABLET);
  const problems = watchConsole(page);
  await page.goto('/staff/menu');
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  const changes = page.locator('details.menu-history');
  expect(await changes.getAttribute('open')).toBe(null);
  await changes.getByText("Today's changes", { exact: true }).click();
  const entries = changes.locator('.history-entry');
  await entries.nth(1).waitFor();
  expect(await entries.count()).toBe(2);
  expect(await said(entries.nth(0))).toBe(
    `Wings 6:10 PM, by Olive Owner Price: ${oldPrice()} → $15.49`,
  );
  expect(await said(entries.nth(1))).toBe('Wings 6:05 PM, by Sam Shift Sold out: no → yes');
  const day = changes.getByLabel('Day');
  expect(await day.inputValue()).toBe('2026-11-23');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await changes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/day-history-1280.png`, fullPage: true });
  await changes.screenshot({ path: `${SHOTS}/day-history-part-1280.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/day-history-390.png`, fullPage: true });
  await changes.screenshot({ path: `${SHOTS}/day-history-part-390.png` });
  await page.setViewportSize(TABLET);

  await day.fill('2026-11-22');
  await changes.getByText('No change to the menu that day.', { exact: true }).waitFor();
  expect(await entries.count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

it('shows a new photo as "Photo changed" with the pictures before and after, not file paths', async () => {
  const products = await call(h.app, admin, 'GET', '/api/staff/products');
  const list = products.json<ApiStaffProduct[]>();
  const coke = findProduct(list, 'Coke');
  const pepsi = findProduct(list, 'Pepsi');
  clock.set('2026-11-23T18:20:00-05:00');
  const changed = await call(
    h.app,
    admin,
    'PATCH',
    `/api/staff/products/${coke._id}`,
    { image: pepsi.image },
    { 'content-type': 'application/json' },
  );
  expect(changed.statusCode).toBe(200);
  clock.set(NOW);

  const { context, page } = await h.newPage({ now: NOW, session: admin.cookie });
  await page.setViewportSize(PHONE);
  const problems = watchConsole(page);
  await page.goto(`/staff/menu/${coke._id}`);
  await page.getByRole('heading', { level: 1, name: 'Edit Coke' }).waitFor();
  const history = page.locator('details.menu-history');
  await history.getByText('History', { exact: true }).click();
  const entry = history.locator('.history-entry').first();
  await entry.waitFor();
  expect(await said(entry)).toBe('6:20 PM, by Olive Owner Photo changed →');
  expect(await said(entry)).not.toContain('/images/');
  const before = entry.getByRole('img', { name: 'Before' });
  const after = entry.getByRole('img', { name: 'After' });
  expect(await before.getAttribute('src')).toBe(coke.image);
  expect(await after.getAttribute('src')).toBe(pepsi.image);
  // Both pictures loaded, not the browser's broken-image box.
  for (const picture of [before, after]) {
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  expect(await axeViolations(page, 'main')).toEqual([]);
  await history.screenshot({ path: `${SHOTS}/item-history-photo-390.png` });
  await page.setViewportSize(TABLET);
  await history.screenshot({ path: `${SHOTS}/item-history-photo-1280.png` });
  expect(problems).toEqual([]);
  await context.close();
});
