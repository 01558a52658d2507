/**
 * The menu editor in the browser (issue 34): the admin at 1280 px adds a pizza deal with two
 * sizes at /staff/menu/new (the domain's check said beside a size left without its price, no
 * request sent; the preview shows the draft's sizes), a customer at 390 px finds it from Home
 * and orders it, the admin hides it and the customer's category list no longer shows it, and a
 * topping marked sold out on the staff's menu cannot be picked on the item screen. axe on each
 * screen; screenshots of the list and the editor at 1280 and 390 px in SHOTS.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededCategory, type ApiStaffProduct } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { watchConsole } from '../support/console';
import { EDITOR_ONLY } from '../../src/web/features/staff-admin/use-menu-editor';
import { LIVE, MONDAY_EVENING as NOW, text } from '../support/journey';
import { call, registerMember, registerPerson, type Account, type Person } from '../support/orders';

const SHOTS = screenshotsFolder('menu-editor');
const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DEAL = 'Harvest Two-for-One';
const CATEGORY = seededCategory('TwoforOneDeals');

let h: BrowserHarness;
let admin: Account;
let staffMember: Account;
let customer: Person;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
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
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({ now: NOW, session: who.cookie });
  await page.setViewportSize(size);
  const problems = watchConsole(page);
  await page.goto(path);
  return { context, page, problems };
}

async function staffProduct(name: string): Promise<ApiStaffProduct | undefined> {
  const answer = await call(h.app, admin, 'GET', '/api/staff/products');
  return answer.json<ApiStaffProduct[]>().find((each) => each.name === name);
}

/** The texts an element's aria-describedby names: what a screen reader reads with it. */
const description = (page: Page, selector: string) =>
  page.locator(selector).evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

it('the admin adds a pizza deal with two sizes: a size without a price is said beside it first', async () => {
  const { context, page, problems } = await open('/staff/menu', admin, TABLET);
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  await page.getByRole('link', { name: `Add item to ${CATEGORY.title}` }).waitFor();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/list-1280.png`, fullPage: true });

  await page.getByRole('link', { name: `Add item to ${CATEGORY.title}` }).click();
  await page.getByRole('heading', { level: 1, name: 'New item' }).waitFor();
  const form = page.locator('form.product-editor');
  // The category is the one the link named, and a deal's fields follow from its kind.
  expect(await form.getByLabel('Category').inputValue()).toBe('TwoforOneDeals');
  expect(await form.getByLabel('Pizzas in the deal').inputValue()).toBe('1');
  await form.getByLabel('Name', { exact: true }).fill(DEAL);
  await form.getByLabel('Description').fill('Two medium pizzas, three toppings each.');
  await form.getByLabel('Base price in dollars').fill('21.99');
  await form.getByLabel('Free toppings per pizza').fill('3');
  await form.getByLabel('Extra topping price in dollars').fill('1.50');
  await form.getByRole('button', { name: 'Add a size' }).click();
  await form.getByLabel('Size 1 name').fill('Medium');
  await form.getByLabel('Medium price in dollars').fill('0');
  await form.getByRole('button', { name: 'Add a size' }).click();
  await form.getByLabel('Size 2 name').fill('Large');

  // The domain's check runs before anything is sent.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/staff/products')) posts += 1;
  });
  await form.getByRole('button', { name: 'Add to the menu' }).click();
  const largePrice = form.getByLabel('Large price in dollars');
  await expect.poll(() => largePrice.getAttribute('aria-invalid')).toBe('true');
  await expect
    .poll(() => largePrice.evaluate((input) => input === document.activeElement))
    .toBe(true);
  expect(await description(page, 'input[aria-invalid="true"]')).toContain(
    'The size "Large" needs a price.',
  );
  await form.getByRole('alert').getByText('One field needs a fix', { exact: false }).waitFor();
  expect(posts).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The preview: the customer's item screen for the draft, its two sizes, nothing to add.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview: as a customer sees it' });
  const sizes = preview.getByRole('group', { name: 'Size' });
  await sizes.getByRole('radio', { name: /Medium/ }).waitFor();
  await sizes.getByRole('radio', { name: /Large/ }).waitFor();
  expect(await preview.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
  // Pressed below the long form, the preview comes into view.
  await expect
    .poll(() =>
      preview.evaluate((node) => {
        const box = node.getBoundingClientRect();
        return box.top >= -1 && box.top < window.innerHeight / 2;
      }),
    )
    .toBe(true);
  // A one-pizza deal starts from the illustration that says "1 PIZZA", not the three-pizza
  // deal's "3 PIZZAS".
  const pictures = await preview
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  expect(pictures.filter((src) => /pizza-deal/.test(src))).toEqual(['/images/one-pizza-deal.svg']);
  await preview.getByRole('group', { name: 'Choose toppings' }).waitFor();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/editor-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/editor-390.png`, fullPage: true });
  await page.setViewportSize(TABLET);

  await largePrice.fill('4.00');
  await expect.poll(() => largePrice.getAttribute('aria-invalid')).toBe(null);
  await form.getByRole('button', { name: 'Add to the menu' }).click();
  await page.waitForURL('**/staff/menu');
  await page.getByRole('status').getByText(`${DEAL} is saved.`, { exact: true }).waitFor(LIVE);
  const group = page.getByRole('region', { name: CATEGORY.title, exact: true });
  await group.getByRole('listitem', { name: DEAL, exact: true }).waitFor();
  expect(posts).toBe(1);

  const saved = await staffProduct(DEAL);
  expect(saved).toMatchObject({
    category: 'TwoforOneDeals',
    // No deal with one pizza to borrow a picture from: the one drawn for it, not "3 PIZZAS".
    image: '/images/one-pizza-deal.svg',
    price: 21.99,
    hidden: false,
    details: {
      sizes: ['Medium', 'Large'],
      sizePrices: { Medium: 0, Large: 4 },
      pizzas: 1,
      toppingsPerPizza: 3,
      extraToppingPrice: 1.5,
    },
  });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/list-390.png`, fullPage: true });
  expect(problems).toEqual([]);
  await context.close();
});

it('a customer at 390 px finds the new deal from Home and orders it', async () => {
  const { context, page, problems } = await open('/', customer.account, PHONE);
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  // Home lists each deal as a card of its own, among its category's.
  await page.getByRole('main').getByRole('link', { name: DEAL }).click();
  await page.getByRole('heading', { level: 1, name: DEAL }).waitFor();
  await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: /Large/ }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Cart 1 item', exact: true }).waitFor(LIVE);

  await page.goto('/checkout');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL('**/payment');
  const lines = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
  expect(await text(lines)).toContain(DEAL);
  await page.getByRole('button', { name: 'Place My Order' }).click();
  await page.getByRole('dialog').waitFor(LIVE);
  const orders = await h.db.query<{ status: string }>(
    'select status from orders where user_id = $1',
    [customer.user._id],
  );
  expect(orders.map((order) => order.status)).toEqual(['pending']);
  expect(problems).toEqual([]);
  await context.close();
});

it('Delete on the ordered deal knows it was ordered before it asks, and offers Hide', async () => {
  const { context, page, problems } = await open('/staff/menu', admin, TABLET);
  const row = page.getByRole('listitem', { name: DEAL, exact: true });
  await row.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { level: 1, name: `Edit ${DEAL}` }).waitFor();
  let deletes = 0;
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes += 1;
  });
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `${DEAL} has been ordered` });
  await dialog.waitFor(LIVE);
  await dialog.getByText(`Orders include ${DEAL}, so it cannot be deleted`).waitFor();
  // No dead Delete: the dialog offers Hide, and Cancel holds the focus.
  expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Hide', exact: true }).waitFor();
  expect(
    await dialog
      .getByRole('button', { name: 'Cancel' })
      .evaluate((b) => b === document.activeElement),
  ).toBe(true);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/delete-ordered-1280.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/delete-ordered-390.png` });
  await page.setViewportSize(TABLET);

  await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
  await page.getByRole('button', { name: 'Show again' }).waitFor(LIVE);
  expect((await staffProduct(DEAL))?.hidden).toBe(true);
  expect(deletes).toBe(0);
  // Back on the menu as it was, for the next test's own Hide.
  await page.getByRole('button', { name: 'Show again' }).click();
  await page.getByRole('button', { name: 'Hide from customers' }).waitFor(LIVE);
  expect((await staffProduct(DEAL))?.hidden).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('the admin hides the deal and the customer’s category list no longer shows it', async () => {
  const staff = await open('/staff/menu', admin, TABLET);
  const row = staff.page.getByRole('listitem', { name: DEAL, exact: true });
  await row.getByRole('link', { name: 'Edit' }).click();
  await staff.page.getByRole('heading', { level: 1, name: `Edit ${DEAL}` }).waitFor();
  await staff.page.getByRole('button', { name: 'Hide from customers' }).click();
  await staff.page.getByRole('button', { name: 'Show again' }).waitFor(LIVE);
  expect((await staffProduct(DEAL))?.hidden).toBe(true);
  await staff.page.getByRole('link', { name: 'Back to the menu' }).click();
  await row.getByText('Hidden', { exact: true }).waitFor();
  expect(await axeViolations(staff.page, 'main')).toEqual([]);
  expect(staff.problems).toEqual([]);
  await staff.context.close();

  const shopper = await open(`/category/${CATEGORY.segment}`, customer.account, PHONE);
  await shopper.page.getByRole('heading', { level: 1, name: CATEGORY.title }).waitFor();
  await shopper.page.waitForLoadState('networkidle');
  expect(await shopper.page.getByRole('main').getByText(DEAL).count()).toBe(0);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();
});

it('a topping the staff mark sold out cannot be picked on the item screen', async () => {
  const staff = await open('/staff/menu', admin, TABLET);
  const toppings = staff.page.getByRole('region', { name: 'Toppings', exact: true });
  const mushrooms = toppings.getByRole('listitem', { name: 'Mushroom', exact: true });
  await mushrooms.getByRole('switch').check();
  await staff.page
    .getByRole('status')
    .getByText('Mushroom is marked sold out.', { exact: true })
    .waitFor(LIVE);
  expect(await axeViolations(staff.page, 'main')).toEqual([]);
  expect(staff.problems).toEqual([]);
  await staff.context.close();

  const deal = await call(h.app, admin, 'GET', '/api/staff/products');
  const pizza = deal
    .json<ApiStaffProduct[]>()
    .find((each) => each.category === 'TwoforOneDeals' && !each.hidden);
  if (!pizza) throw new Error('No pizza deal on the menu');
  const shopper = await open(`/${CATEGORY.segment}/${pizza._id}`, customer.account, PHONE);
  await shopper.page.getByRole('heading', { level: 1, name: pizza.name }).waitFor();
  const box = shopper.page.getByRole('checkbox', { name: /^Mushroom/ }).first();
  await box.waitFor();
  expect(await box.isDisabled()).toBe(true);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();
});

it('a staff member the admin has not allowed sees the item read-only, and no editor controls', async () => {
  const wings = (await call(h.app, admin, 'GET', '/api/staff/products'))
    .json<ApiStaffProduct[]>()
    .find((each) => each.category === 'Wings');
  if (!wings) throw new Error('No wings on the menu');
  const { context, page, problems } = await open('/staff/menu', staffMember, TABLET);
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  // In its category's group: the Categories section above has a row called "Wings" too.
  const row = page
    .getByRole('region', { name: seededCategory('Wings').title, exact: true })
    .getByRole('listitem', { name: wings.name, exact: true });
  await row.getByRole('link', { name: 'View' }).click();
  await page.getByRole('heading', { level: 1, name: `Edit ${wings.name}` }).waitFor();
  await page.getByText(EDITOR_ONLY, { exact: true }).waitFor();
  const form = page.locator('form.product-editor');
  expect(await form.getByLabel('Name', { exact: true }).getAttribute('readonly')).toBe('');
  expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Back to the menu' }).click();
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  await row.waitFor();
  expect(await page.getByRole('link', { name: /^Add item to/ }).count()).toBe(0);
  expect(await row.getByRole('button', { name: 'Move up' }).count()).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
