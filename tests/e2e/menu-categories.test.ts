/**
 * The owner's Categories on /staff/menu (issue 34), against the store's category routes: the
 * admin at 1280 px makes "Lunch Deals" a pizza deal category offered Mon–Fri 11:00–15:00, adds a
 * deal to it with the item editor and moves it to the top of Home; a customer at 390 px, inside
 * the window, sees the deal first on Home and opens it at /lunchdeals/{id}; the admin renames the
 * category and the customer's /category/lunchdeals has the new title; delete is refused while an
 * item is in a category (the server's 409 said in the row when the page did not know); the admin
 * hides Lunch Deals and the customer's Home no longer has the deal. A staff member the admin has
 * not allowed sees the list without its controls. axe on each screen; screenshots in SHOTS.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiCategory, ApiStaffCategory, ApiStaffProduct } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { CATEGORY_IN_USE_MESSAGE } from '../../src/server/staff/categories';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { refused, watchConsole, type ConsoleAllowance } from '../support/console';
import { LIVE } from '../support/journey';
import { call, registerMember, registerPerson, type Account, type Person } from '../support/orders';

/** Monday 2026-11-23 12:00 in Toronto: the store is open and inside the lunch window. */
const NOW = '2026-11-23T17:00:00Z';
/** Monday 2026-11-23 18:00 in Toronto: still open, past the lunch window. */
const EVENING = '2026-11-23T23:00:00Z';
const clock = fixedClock(NOW);
const SHOTS = screenshotsFolder('catui');
const TABLET = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LUNCH = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };
const DEAL = 'Noon Two-Pizza Deal';
const WINDOW_PROBLEM = 'Each time window needs at least one day, a start and an end.';

let h: BrowserHarness;
let admin: Account;
let staffMember: Account;
let customer: Person;

beforeAll(async () => {
  h = await startBrowserHarness({ clock });
  admin = (await registerMember(h.app, h.db, 'admin')).account;
  staffMember = (await registerMember(h.app, h.db, 'staff')).account;
  customer = await registerPerson(h.app, {
    contacts: [
      { phone: '519-555-0100', address: '55 Wyndham St N, Guelph, ON N1H 7T8', isDefault: true },
    ],
  });
});
afterAll(() => h.close());

async function open(
  path: string,
  who: Account,
  size: { width: number; height: number },
  allow: ConsoleAllowance[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({ now: NOW, session: who.cookie });
  await page.setViewportSize(size);
  const problems = watchConsole(page, allow);
  await page.goto(path);
  return { context, page, problems };
}

async function staffCategories(): Promise<ApiStaffCategory[]> {
  return (await call(h.app, admin, 'GET', '/api/staff/categories')).json<ApiStaffCategory[]>();
}

async function staffCategory(id: string): Promise<ApiStaffCategory | undefined> {
  return (await staffCategories()).find((each) => each.id === id);
}

const said = (page: Page, words: string) =>
  page.getByRole('status').getByText(words, { exact: true }).waitFor(LIVE);

const categoriesOf = (page: Page) => page.getByRole('region', { name: 'Categories', exact: true });
const rowOf = (page: Page, title: string) =>
  categoriesOf(page).getByRole('listitem', { name: title, exact: true });
const isFocused = (locator: Locator) => locator.evaluate((node) => node === document.activeElement);

/** Home's cards' titles, in order, once the page shows `ready` (the snapshot may lag a write). */
async function homeCards(page: Page): Promise<string[]> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  return page
    .getByRole('main')
    .locator('.card-grid .card-title')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent));
}

it('the admin adds Lunch Deals, a pizza deal category offered Mon–Fri 11:00–15:00', async () => {
  // The title another category has, refused on purpose.
  const { context, page, problems } = await open('/staff/menu', admin, TABLET, [refused(400)]);
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  const before = await staffCategories();
  await rowOf(page, before[0]?.title ?? '').waitFor();
  expect(await axeViolations(page, 'main')).toEqual([]);

  const form = page.getByRole('form', { name: 'New category' });
  // The kinds in the owner's words, one per kind the engine knows.
  expect(
    await form
      .getByLabel('Kind of items')
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent)),
  ).toEqual(['Pizza deal', 'Combo with wings', 'Wings', 'Panzerotti', 'Simple list', 'Beverages']);
  // A title another category has: the server's 400 beside the title, focus on it.
  await form.getByLabel('Title').fill(before[0]?.title ?? '');
  await form.getByRole('button', { name: 'Add category' }).click();
  const title = form.getByLabel('Title');
  await expect.poll(() => title.getAttribute('aria-invalid'), LIVE).toBe('true');
  await form
    .getByText(`Another category is called "${before[0]?.title ?? ''}": choose another title.`)
    .waitFor();
  expect(await isFocused(title)).toBe(true);

  await title.fill('Lunch Deals');
  await form.getByLabel('Kind of items').selectOption({ label: 'Pizza deal' });
  await page.screenshot({ path: `${SHOTS}/categories-new-1280.png`, fullPage: false });
  await form.locator('..').screenshot({ path: `${SHOTS}/categories-section-new-1280.png` });
  await form.getByRole('button', { name: 'Add category' }).click();
  await said(page, 'Lunch Deals is added. Add its items under its heading below.');
  expect(await title.inputValue()).toBe('');
  const row = rowOf(page, 'Lunch Deals');
  await row.getByText('Pizza deal', { exact: true }).waitFor();
  // Its items' group follows at once, empty, with its Add link.
  await page.getByRole('link', { name: 'Add item to Lunch Deals' }).waitFor();
  expect(await staffCategory('LunchDeals')).toMatchObject({
    kind: 'pizza-deal',
    segment: 'lunchdeals',
    title: 'Lunch Deals',
    hidden: false,
    offer: false,
    image: null,
  });

  await row.getByRole('button', { name: 'Change...' }).click();
  await row.getByRole('button', { name: 'When offered...' }).click();
  const windows = row.getByRole('form', { name: 'When Lunch Deals is offered' });
  await windows.getByRole('button', { name: 'Add a time window' }).click();
  // A window without days is said before anything is sent.
  await windows.getByRole('button', { name: 'Save' }).click();
  await windows.getByText(WINDOW_PROBLEM, { exact: true }).waitFor();
  expect(await isFocused(windows.getByRole('checkbox', { name: 'Sunday' }))).toBe(true);
  expect((await staffCategory('LunchDeals'))?.availableAt).toBeUndefined();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await windows.getByRole('checkbox', { name: day }).check();
  }
  expect(await windows.getByLabel('Time window 1: from').inputValue()).toBe('11:00');
  expect(await windows.getByLabel('Time window 1: to').inputValue()).toBe('15:00');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await windows.getByRole('button', { name: 'Save' }).click();
  await said(page, 'Lunch Deals is offered Mon–Fri 11:00 AM–3:00 PM.');
  await row.getByText('Mon–Fri 11:00 AM–3:00 PM', { exact: false }).waitFor();
  // Focus is back on the button that opened the form.
  expect(await isFocused(row.getByRole('button', { name: 'When offered...' }))).toBe(true);
  expect((await staffCategory('LunchDeals'))?.availableAt).toEqual([LUNCH]);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await categoriesOf(page).screenshot({ path: `${SHOTS}/categories-1280.png` });
  await page.setViewportSize(PHONE);
  await categoriesOf(page).screenshot({ path: `${SHOTS}/categories-390.png` });
  expect(problems).toEqual([]);
  await context.close();
});

it('the admin adds a deal to Lunch Deals with the item editor and moves the category to the top', async () => {
  const { context, page, problems } = await open('/staff/menu', admin, TABLET);
  await page.getByRole('link', { name: 'Add item to Lunch Deals' }).click();
  await page.getByRole('heading', { level: 1, name: 'New item' }).waitFor();
  const editor = page.locator('form.product-editor');
  expect(await editor.getByLabel('Category').inputValue()).toBe('LunchDeals');
  // The kind's fields, from the category's kind alone.
  expect(await editor.getByLabel('Pizzas in the deal').inputValue()).toBe('1');
  await editor.getByLabel('Pizzas in the deal').fill('2');
  await editor.getByLabel('Name', { exact: true }).fill(DEAL);
  await editor.getByLabel('Description').fill('Two medium pizzas, two toppings each, weekdays.');
  await editor.getByLabel('Base price in dollars').fill('19.99');
  await editor.getByLabel('Free toppings per pizza').fill('2');
  await editor.getByLabel('Extra topping price in dollars').fill('1.50');
  await editor.getByRole('button', { name: 'Add to the menu' }).click();
  await page.waitForURL('**/staff/menu');
  await said(page, `${DEAL} is saved.`);
  await page
    .getByRole('region', { name: 'Lunch Deals', exact: true })
    .getByRole('listitem', { name: DEAL, exact: true })
    .waitFor();

  const row = rowOf(page, 'Lunch Deals');
  await row.getByText('1 item', { exact: false }).waitFor();
  const count = (await staffCategories()).length;
  const up = row.getByRole('button', { name: 'Move up' });
  for (let place = count - 1; place >= 1; place -= 1) {
    await up.click();
    await said(page, `Lunch Deals is now ${place} of ${count} on Home.`);
  }
  // At the top: first in the list, Move up refused, focus kept on it all the way.
  expect(await up.getAttribute('aria-disabled')).toBe('true');
  expect(await isFocused(up)).toBe(true);
  expect(await categoriesOf(page).locator('.category-row-title').first().textContent()).toBe(
    'Lunch Deals',
  );
  // The items' groups below follow the new order.
  expect(await page.locator('.menu-group-head h2').first().textContent()).toBe('Lunch Deals');
  expect((await staffCategories())[0]?.id).toBe('LunchDeals');
  const storefront = (await call(h.app, null, 'GET', '/api/categories')).json<ApiCategory[]>();
  expect(storefront[0]?.id).toBe('LunchDeals');
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

it('a customer at 390 px inside the window sees the deal first on Home and opens it', async () => {
  const { context, page, problems } = await open('/', customer.account, PHONE);
  await expect.poll(async () => (await homeCards(page))[0], LIVE).toBe(DEAL);
  await page.getByRole('main').getByRole('link', { name: DEAL }).first().click();
  await page.getByRole('heading', { level: 1, name: DEAL }).waitFor();
  const deal = (await call(h.app, admin, 'GET', '/api/staff/products'))
    .json<ApiStaffProduct[]>()
    .find((each) => each.name === DEAL);
  expect(new URL(page.url()).pathname).toBe(`/lunchdeals/${deal?._id ?? ''}`);
  // Inside its category's window: it can be added now.
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(false);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();

  // The same evening, past the window: the category's times are the deal's (it has none).
  clock.set(EVENING);
  try {
    const later = await h.newPage({ now: EVENING });
    const laterProblems = watchConsole(later.page);
    await later.page.goto(`/lunchdeals/${deal?._id ?? ''}`);
    const main = later.page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: DEAL }).waitFor();
    await main.getByText('Available Mon–Fri 11:00 AM–3:00 PM', { exact: true }).waitFor();
    await later.page.waitForLoadState('networkidle');
    expect(await main.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(laterProblems).toEqual([]);
    await later.context.close();
  } finally {
    clock.set(NOW);
  }
});

it('the admin renames Lunch Deals and the customer’s category page has the new title', async () => {
  // The title another category has, refused on purpose.
  const { context, page, problems } = await open('/staff/menu', admin, TABLET, [refused(400)]);
  const row = rowOf(page, 'Lunch Deals');
  await row.getByRole('button', { name: 'Change...' }).click();
  await row.getByRole('button', { name: 'Rename' }).click();
  const rename = row.getByRole('form', { name: 'Rename Lunch Deals' });
  const field = rename.getByLabel('New title');
  expect(await isFocused(field)).toBe(true);
  // Another category's title: the server's words beside the field.
  const other = (await staffCategories())[1]?.title ?? '';
  await field.fill(other);
  await rename.getByRole('button', { name: 'Save' }).click();
  await rename.getByText(`Another category is called "${other}": choose another title.`).waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await isFocused(field)).toBe(true);
  await field.fill('Weekday Lunch');
  await rename.getByRole('button', { name: 'Save' }).click();
  await said(page, 'Lunch Deals is now Weekday Lunch.');
  const renamed = rowOf(page, 'Weekday Lunch');
  expect(await isFocused(renamed.getByRole('button', { name: 'Rename' }))).toBe(true);
  // The group heading and its Add link follow at once.
  await page.getByRole('link', { name: 'Add item to Weekday Lunch' }).waitFor();
  expect(await page.getByRole('region', { name: 'Lunch Deals', exact: true }).count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();

  const shopper = await open('/category/lunchdeals', customer.account, PHONE);
  await expect
    .poll(async () => {
      await shopper.page.goto('/category/lunchdeals');
      return shopper.page.getByRole('heading', { level: 1 }).textContent();
    }, LIVE)
    .toBe('Weekday Lunch');
  await shopper.page.getByRole('main').getByRole('link', { name: DEAL }).waitFor();
  expect(await axeViolations(shopper.page, 'main')).toEqual([]);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();
});

it('delete is refused while an item is in the category, and offered once it is empty', async () => {
  // The delete the server refuses (409) is the point of the test.
  const { context, page, problems } = await open('/staff/menu', admin, TABLET, [refused(409)]);
  // A category with items offers no Delete.
  const lunch = rowOf(page, 'Weekday Lunch');
  await lunch.getByRole('button', { name: 'Change...' }).click();
  await lunch.getByRole('button', { name: 'Rename' }).waitFor();
  expect(await lunch.getByRole('button', { name: 'Delete' }).count()).toBe(0);

  const form = page.getByRole('form', { name: 'New category' });
  await form.getByLabel('Title').fill('Late Snacks');
  await form.getByRole('button', { name: 'Add category' }).click();
  await said(page, 'Late Snacks is added. Add its items under its heading below.');
  const snacks = rowOf(page, 'Late Snacks');
  await snacks.getByText('Simple list', { exact: true }).waitFor();

  // Someone else adds an item to it meanwhile: this page still offers Delete, the server refuses.
  const photo = (await call(h.app, admin, 'GET', '/api/staff/products')).json<
    ApiStaffProduct[]
  >()[0]?.image;
  const added = await call(h.app, admin, 'POST', '/api/staff/products', {
    name: 'Late Fries',
    category: 'LateSnacks',
    image: photo,
    price: 4.99,
    description: 'Crispy fries for the evening.',
    details: {},
  });
  expect(added.statusCode).toBe(201);
  await snacks.getByRole('button', { name: 'Change...' }).click();
  await snacks.getByRole('button', { name: 'Delete' }).click();
  await snacks.getByRole('alert').getByText(CATEGORY_IN_USE_MESSAGE, { exact: true }).waitFor(LIVE);
  expect(await staffCategory('LateSnacks')).toBeDefined();
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Emptied (the item deleted), it goes.
  const fries = (await call(h.app, admin, 'GET', '/api/staff/products'))
    .json<ApiStaffProduct[]>()
    .find((each) => each.name === 'Late Fries');
  expect(
    (await call(h.app, admin, 'DELETE', `/api/staff/products/${fries?._id ?? ''}`)).statusCode,
  ).toBe(204);
  await snacks.getByRole('button', { name: 'Delete' }).click();
  await said(page, 'Late Snacks is deleted.');
  expect(await rowOf(page, 'Late Snacks').count()).toBe(0);
  expect(await isFocused(page.getByRole('heading', { level: 2, name: 'Categories' }))).toBe(true);
  expect(await page.getByRole('link', { name: 'Add item to Late Snacks' }).count()).toBe(0);
  expect(await staffCategory('LateSnacks')).toBeUndefined();
  expect(problems).toEqual([]);
  await context.close();
});

it('the admin makes Weekday Lunch the special offer and picks the Sides card’s picture', async () => {
  const { context, page, problems } = await open('/staff/menu', admin, TABLET);
  const before = (await staffCategories()).find((each) => each.offer);
  if (!before) throw new Error('the seed has a special offer');
  const lunch = rowOf(page, 'Weekday Lunch');
  await lunch.getByRole('button', { name: 'Change...' }).click();
  await lunch.getByRole('button', { name: 'Make it the special offer' }).click();
  await said(page, 'Weekday Lunch is now the special offer.');
  await lunch.getByText('Special offer', { exact: true }).waitFor();
  // Only one: the one that had it is no longer marked, here as on the server.
  expect(await rowOf(page, before.title).getByText('Special offer', { exact: true }).count()).toBe(
    0,
  );
  expect((await staffCategories()).filter((each) => each.offer).map((each) => each.id)).toEqual([
    'LunchDeals',
  ]);

  const sides = rowOf(page, 'Sides');
  await sides.getByRole('button', { name: 'Change...' }).click();
  await sides.getByRole('button', { name: 'Card picture...' }).click();
  const picture = sides.getByRole('form', { name: 'Card picture of Sides' });
  const choice = picture.getByLabel('Card picture');
  expect(await isFocused(choice)).toBe(true);
  const photos = await choice
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(photos[0]).toBe('');
  const chosen = photos.at(-1) ?? '';
  expect(chosen).toMatch(/^\/images\//);
  await choice.selectOption(chosen);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await picture.getByRole('button', { name: 'Save' }).click();
  await said(page, "Sides's card picture is saved.");
  expect(await isFocused(sides.getByRole('button', { name: 'Card picture...' }))).toBe(true);
  expect((await staffCategory('Sides'))?.image).toBe(chosen);
  expect(problems).toEqual([]);
  await context.close();

  const shopper = await open('/', customer.account, PHONE);
  await expect
    .poll(async () => {
      await shopper.page.goto('/');
      return shopper.page
        .getByRole('main')
        .locator('.card-grid a', { hasText: 'Sides' })
        .locator('img')
        .getAttribute('src');
    }, LIVE)
    .toBe(chosen);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();
});

it('the admin hides Weekday Lunch and the customer’s Home no longer has the deal', async () => {
  const { context, page, problems } = await open('/staff/menu', admin, TABLET);
  const row = rowOf(page, 'Weekday Lunch');
  await row.getByRole('button', { name: 'Change...' }).click();
  await row.getByRole('button', { name: 'Hide' }).click();
  await said(page, 'Weekday Lunch and its items are hidden from customers.');
  await row.getByText('Hidden', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Show again' }).waitFor();
  // The group below says so too.
  await page
    .getByRole('region', { name: /^Weekday Lunch/ })
    .getByText('Hidden', { exact: true })
    .first()
    .waitFor();
  // Its id and route stay as made: only the title changed.
  expect(await staffCategory('LunchDeals')).toMatchObject({ title: 'Weekday Lunch', hidden: true });
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();

  const shopper = await open('/', customer.account, PHONE);
  await expect.poll(async () => (await homeCards(shopper.page)).includes(DEAL), LIVE).toBe(false);
  expect((await homeCards(shopper.page)).length).toBeGreaterThan(0);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();
});

it('a staff member the admin has not allowed sees the categories without their controls', async () => {
  const { context, page, problems } = await open('/staff/menu', staffMember, PHONE);
  const row = rowOf(page, 'Weekday Lunch');
  await row.getByText('Hidden', { exact: true }).waitFor();
  await row.getByText('Pizza deal', { exact: true }).waitFor();
  expect(await categoriesOf(page).getByRole('button').count()).toBe(0);
  expect(await page.getByRole('form', { name: 'New category' }).count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await categoriesOf(page).screenshot({ path: `${SHOTS}/categories-staff-390.png` });
  expect(problems).toEqual([]);
  await context.close();
});
