/**
 * The owner sets allergens and marks in the menu editor (issue 34): the admin at 1280 px ticks
 * Sesame on a pizza deal (the preview says it before saving) and saves; a customer at 390 px
 * reads it on the item's screen before adding. The admin then gives a topping Fish through its
 * "Contains..." form, and choosing that topping adds Fish to the line's Contains. axe on each
 * screen; screenshots of the editor and the toppings' form at 1280 and 390 px in SHOTS.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededCategory, type ApiStaffProduct, type ApiStaffTopping } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { watchConsole } from '../support/console';
import { LIVE, MONDAY_EVENING as NOW, text } from '../support/journey';
import { call, registerMember, type Account } from '../support/orders';

const SHOTS = screenshotsFolder('menu-allergens');
const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DEAL = 'Two Pizza Deal';
const TOPPING = 'Mushroom';

let h: BrowserHarness;
let admin: Account;
let deal: ApiStaffProduct;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  admin = (await registerMember(h.app, h.db, 'admin')).account;
  const found = (await call(h.app, admin, 'GET', '/api/staff/products'))
    .json<ApiStaffProduct[]>()
    .find((each) => each.name === DEAL);
  if (!found) throw new Error(`No ${DEAL} on the menu`);
  deal = found;
});
afterAll(() => h.close());

async function open(
  path: string,
  size: { width: number; height: number },
  session?: string,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({ now: NOW, ...(session ? { session } : {}) });
  await page.setViewportSize(size);
  const problems = watchConsole(page);
  await page.goto(path);
  return { context, page, problems };
}

/** A customer's item screen for the deal, on a phone. */
async function customerItem() {
  const shopper = await open(`/${seededCategory('ThreeforOneDeals').segment}/${deal._id}`, PHONE);
  const main = shopper.page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: DEAL }).waitFor();
  await shopper.page.waitForLoadState('networkidle');
  return { ...shopper, main, note: main.getByTestId('item-allergens') };
}

it('the admin ticks Sesame on a deal; the customer reads it before adding', async () => {
  const { context, page, problems } = await open('/staff/menu', TABLET, admin.cookie);
  const row = page.getByRole('listitem', { name: DEAL, exact: true });
  await row.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { level: 1, name: `Edit ${DEAL}` }).waitFor();
  const form = page.locator('form.product-editor');
  const allergens = form.getByRole('group', { name: 'Allergens', exact: true });
  // What the seed says is ticked; every one of Canada's eleven has its box.
  expect(await allergens.getByRole('checkbox').count()).toBe(11);
  expect(await allergens.getByRole('checkbox', { name: 'Milk', exact: true }).isChecked()).toBe(
    true,
  );
  const marks = form.getByRole('group', { name: 'Dietary marks', exact: true });
  expect(await marks.getByRole('checkbox', { name: 'Vegetarian' }).isChecked()).toBe(true);
  await allergens.getByRole('checkbox', { name: 'Sesame', exact: true }).check();

  // The preview reads the draft: Sesame before it is saved.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview: as a customer sees it' });
  await expect
    .poll(() => text(preview.getByTestId('item-allergens')))
    .toBe('Vegetarian Contains: Sesame, Milk, Wheat and triticale');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/editor-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/editor-390.png`, fullPage: true });
  await page.setViewportSize(TABLET);

  await form.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL('**/staff/menu');
  await page.getByRole('status').getByText(`${DEAL} is saved.`, { exact: true }).waitFor(LIVE);
  const saved = (await call(h.app, admin, 'GET', '/api/staff/products'))
    .json<ApiStaffProduct[]>()
    .find((each) => each._id === deal._id);
  // In Health Canada's order, not the order ticked.
  expect(saved?.details.allergens).toEqual(['sesame', 'milk', 'wheat-triticale']);
  expect(saved?.details.marks).toEqual(['vegetarian']);
  expect(problems).toEqual([]);
  await context.close();

  const shopper = await customerItem();
  await expect
    .poll(() => text(shopper.note))
    .toBe('Vegetarian Contains: Sesame, Milk, Wheat and triticale');
  expect(await axeViolations(shopper.page, 'main')).toEqual([]);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();
});

it('the admin gives a topping Fish; choosing it adds Fish to the line’s Contains', async () => {
  const { context, page, problems } = await open('/staff/menu', TABLET, admin.cookie);
  const toppings = page.getByRole('region', { name: 'Toppings', exact: true });
  const row = toppings.getByRole('listitem', { name: TOPPING, exact: true });
  const toggle = row.getByRole('button', { name: 'Contains...' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const form = row.getByRole('form', { name: `What ${TOPPING} contains` });
  // The seed's marks are ticked: a mushroom is vegetarian and vegan.
  const marks = form.getByRole('group', { name: 'Dietary marks', exact: true });
  expect(await marks.getByRole('checkbox', { name: 'Vegan' }).isChecked()).toBe(true);
  await form
    .getByRole('group', { name: 'Allergens', exact: true })
    .getByRole('checkbox', { name: 'Fish', exact: true })
    .check();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/topping-1280.png` });
  await page.setViewportSize(PHONE);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/topping-390.png` });
  await page.setViewportSize(TABLET);

  await form.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('status')
    .getByText(`${TOPPING}: allergens and marks saved.`, { exact: true })
    .waitFor(LIVE);
  // The form closes, focus back on its button, and the row says what the topping contains.
  await expect.poll(() => form.count()).toBe(0);
  await expect
    .poll(() => toggle.evaluate((button) => button === document.activeElement))
    .toBe(true);
  expect(await text(row.getByTestId('topping-allergens'))).toBe('Vegetarian Vegan Contains: Fish');
  const saved = (await call(h.app, admin, 'GET', '/api/staff/toppings'))
    .json<ApiStaffTopping[]>()
    .find((each) => each.name === TOPPING);
  expect(saved).toMatchObject({ allergens: ['fish'], marks: ['vegetarian', 'vegan'] });
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();

  const shopper = await customerItem();
  await expect
    .poll(() => text(shopper.note))
    .toBe('Vegetarian Contains: Sesame, Milk, Wheat and triticale');
  await shopper.main.getByRole('radio', { name: /^Small/ }).check();
  await shopper.main
    .getByRole('tabpanel')
    .getByRole('checkbox', { name: TOPPING, exact: true })
    .check();
  await expect
    .poll(() => text(shopper.note))
    .toBe('Vegetarian Contains: Sesame, Milk, Fish, Wheat and triticale');
  expect(await axeViolations(shopper.page, 'main')).toEqual([]);
  await shopper.page.screenshot({ path: `${SHOTS}/item-390.png`, fullPage: true });
  expect(shopper.problems).toEqual([]);
  expect(h.pageErrors).toEqual([]);
  await shopper.context.close();
});
