/**
 * The menu as a file on the staff's Menu (issue 34, decision 19): the admin at 1280 px downloads
 * the menu (the real file, read from the download), changes one price in it, brings it back and
 * sees the dry run list exactly that change in words, applies it, and the list shows the new
 * price. A file that is not JSON is said by the browser and one the server refuses by the
 * server's message; neither changes anything. A category renamed and one added with an item
 * moved into it are listed and applied the same way. axe on each state; screenshots at 1280 and
 * 390 px in SHOTS.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiMenuDocument, ApiStaffProduct } from '../../src/domain';
import { formatMoney, toCents } from '../../src/domain/money';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { refused, watchConsole } from '../support/console';
import { LIVE, MONDAY_EVENING as NOW } from '../support/journey';
import { call, registerMember, type Account } from '../support/orders';

const SHOTS = screenshotsFolder('menu-import');
const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let h: BrowserHarness;
let admin: Account;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  admin = (await registerMember(h.app, h.db, 'admin')).account;
});
afterAll(() => h.close());

async function staffProducts(): Promise<ApiStaffProduct[]> {
  return (await call(h.app, admin, 'GET', '/api/staff/products')).json<ApiStaffProduct[]>();
}

const upload = (page: Page, name: string, text: string) =>
  page
    .getByLabel('Import a menu file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

it('downloads the menu, brings back one price changed, lists that change, applies it', async () => {
  const { page } = await h.newPage({ now: NOW, session: admin.cookie });
  await page.setViewportSize(TABLET);
  // The one refusal this journey asks for on purpose (a file with a negative price).
  const problems = watchConsole(page, [refused(400)]);
  await page.goto('/staff/menu');
  const section = page.getByRole('region', { name: 'Back up or bring in a menu' });
  await section.getByRole('button', { name: 'Download the menu' }).waitFor();
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The download: a real file, named by the store's day, the server's document as it is.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download the menu' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`menu-${NOW.slice(0, 10)}.json`);
  const text = readFileSync(await download.path(), 'utf8');
  const document = (await call(h.app, admin, 'GET', '/api/staff/menu')).json<ApiMenuDocument>();
  expect(JSON.parse(text)).toEqual(document);

  // One price changed, as the owner would in a text editor.
  const before = await staffProducts();
  const index = document.products.findIndex(
    (product) => before.filter((each) => each.name === product.name).length === 1,
  );
  const product = document.products[index];
  if (!product) throw new Error('no product to change');
  const newPrice = Math.round((product.price + 1) * 100) / 100;
  const edited: ApiMenuDocument = {
    ...document,
    products: document.products.map((each, at) =>
      at === index ? { ...each, price: newPrice } : each,
    ),
  };
  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && !request.url().includes('dryRun')) puts += 1;
  });

  // A file that is not JSON: said at once, nothing sent.
  await upload(page, 'menu-broken.json', text.slice(0, 200));
  await section
    .getByRole('alert')
    .getByText('menu-broken.json is not a JSON file we can read', { exact: false })
    .waitFor();
  expect(await axeViolations(page, 'main')).toEqual([]);

  // A file the server refuses: its message, naming the entry.
  const refusedFile = {
    ...document,
    products: document.products.map((each, at) => (at === index ? { ...each, price: -1 } : each)),
  };
  await upload(page, 'menu-negative.json', JSON.stringify(refusedFile));
  const alert = section.getByRole('alert');
  // In the editor's words: the item counted from 1, the field as the form labels it.
  await alert
    .getByText(`Item ${index + 1} (${product.name}), price: the amount cannot be negative.`)
    .waitFor();
  // Let go, so the same file fixed in an editor can be chosen again.
  expect(await page.getByLabel('Import a menu file').inputValue()).toBe('');
  expect(await section.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/menu-import-refused-1280.png` });

  // The edited file: the dry run lists exactly that change.
  await upload(page, 'menu-edited.json', JSON.stringify(edited, null, 2));
  const list = section.getByRole('list', { name: 'Changes in menu-edited.json' });
  await list.waitFor();
  expect(await list.getByRole('listitem').allTextContents()).toEqual([
    `${product.name} — Price: ${formatMoney(toCents(product.price))} → ${formatMoney(toCents(newPrice))}`,
  ]);
  expect(await section.getByRole('alert').count()).toBe(0);
  expect(puts).toBe(0);
  expect(await staffProducts()).toEqual(before);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/menu-import-1280.png`, fullPage: true });
  await section.screenshot({ path: `${SHOTS}/menu-import-section-1280.png` });
  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/menu-import-390.png` });
  await section.screenshot({ path: `${SHOTS}/menu-import-section-390.png` });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.setViewportSize(TABLET);

  // Applied: the result said, the list drawn again with the new price.
  await section.getByRole('button', { name: 'Apply this change' }).click();
  await page
    .getByRole('status')
    .getByText('menu-edited.json is imported: 1 change made.', { exact: true })
    .waitFor(LIVE);
  expect(puts).toBe(1);
  await expect.poll(() => list.count()).toBe(0);
  const row = page.getByRole('listitem', { name: product.name, exact: true });
  await expect
    .poll(() => row.getByTestId('menu-price').textContent(), LIVE)
    .toBe(formatMoney(toCents(newPrice)));
  expect((await staffProducts()).find((each) => each._id === product._id)?.price).toBe(newPrice);

  // The same file again: nothing left to change.
  await upload(page, 'menu-edited.json', JSON.stringify(edited));
  await section.getByText('No changes.', { exact: true }).waitFor();
  expect(await section.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The categories travel in the file too: one renamed, one new with an item moved into it by
  // the file's own id for it, said by the titles the file gives.
  const side = edited.products.find((each) => each.category === 'Sides');
  if (!side) throw new Error('no side');
  const withCategories: ApiMenuDocument = {
    ...edited,
    categories: [
      ...edited.categories.map((each) =>
        each.category === 'Sides' ? { ...each, title: 'Sides & Dips' } : each,
      ),
      { category: 'Lunch', title: 'Lunch Specials', kind: 'simple' },
    ],
    products: edited.products.map((each) =>
      each === side ? { ...side, category: 'Lunch' } : each,
    ),
  };
  await section.getByRole('button', { name: 'Close' }).click();
  await upload(page, 'menu-categories.json', JSON.stringify(withCategories));
  const categoryList = section.getByRole('list', { name: 'Changes in menu-categories.json' });
  await categoryList.waitFor();
  expect(await categoryList.getByRole('listitem').allTextContents()).toEqual([
    'Category Sides & Dips — Title: Sides → Sides & Dips',
    'Add category: Lunch Specials',
    `${side.name} — Category: Sides & Dips → Lunch Specials`,
  ]);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/menu-import-categories-1280.png` });
  await page.setViewportSize(PHONE);
  await section.screenshot({ path: `${SHOTS}/menu-import-categories-390.png` });
  await page.setViewportSize(TABLET);
  await section.getByRole('button', { name: 'Apply these 3 changes' }).click();
  await page
    .getByRole('status')
    .getByText('menu-categories.json is imported: 3 changes made.', { exact: true })
    .waitFor(LIVE);
  const categories = (await call(h.app, admin, 'GET', '/api/staff/categories')).json<
    { id: string; title: string }[]
  >();
  expect(categories.find((each) => each.id === 'Sides')?.title).toBe('Sides & Dips');
  expect(categories.find((each) => each.id === 'LunchSpecials')?.title).toBe('Lunch Specials');
  expect((await staffProducts()).find((each) => each._id === side._id)?.category).toBe(
    'LunchSpecials',
  );
  expect(problems).toEqual([]);
});

it('a staff member the admin has not let edit the menu downloads it but is offered no import', async () => {
  const staff = (await registerMember(h.app, h.db, 'staff')).account;
  const { page } = await h.newPage({ now: NOW, session: staff.cookie });
  await page.setViewportSize(TABLET);
  const problems = watchConsole(page);
  await page.goto('/staff/menu');
  const section = page.getByRole('region', { name: 'Back up or bring in a menu' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download the menu' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`menu-${NOW.slice(0, 10)}.json`);
  expect(await section.getByLabel('Import a menu file').count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
});
