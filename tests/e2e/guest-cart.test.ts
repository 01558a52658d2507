/**
 * A guest's cart on a phone (issue 44): a line keeps the price it was added at and says when the
 * store changes it, as the signed-in cart does, and the notice survives signing up.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_PIZZA_DEAL, seededCategory, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { watchConsole } from '../support/console';
import { MONDAY_EVENING as NOW } from '../support/journey';
import { findProduct } from '../support/menu';
import { call, registerPerson, registerStaff, type Account } from '../support/orders';

const SHOTS = screenshotsFolder('guest-cart');
const BACON_SOLD_OUT =
  'Bacon sold out since you added it. Remove this item and add it again without it to place your order.';

let h: BrowserHarness;
let menu: Product[];
let staff: Account;
beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
  staff = await registerStaff(h.app, h.db);
});
afterAll(() => h.close());

/** The staff's menu editor call, as the owner's Edit price makes it. */
const patchProduct = (id: string, body: object) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/staff/products/${id}`,
    headers: { cookie: staff.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** Marks a topping sold out (or back) as the staff's menu screen does. */
async function toppingSoldOut(name: string, soldOut: boolean): Promise<void> {
  const list = await h.app.inject({
    method: 'GET',
    url: '/api/staff/toppings',
    headers: { cookie: staff.cookie },
  });
  const topping = list.json<{ _id: string; name: string }[]>().find((t) => t.name === name);
  if (!topping) throw new Error(`No topping ${name}`);
  const changed = await h.app.inject({
    method: 'PATCH',
    url: `/api/staff/toppings/${topping._id}`,
    headers: { cookie: staff.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ soldOut }),
  });
  expect(changed.statusCode).toBe(200);
}

/** The tip choice's checked percent. */
const checkedTip = (page: Page) =>
  page
    .getByRole('group', { name: 'Tip' })
    .locator('input:checked')
    .evaluate((input) => (input as HTMLInputElement).value);

const tipOption = (page: Page, percent: number): Locator =>
  page.getByRole('group', { name: 'Tip' }).getByRole('radio', { name: `${percent}%`, exact: true });

/** Signs up through Login's "Sign up", as a guest at checkout does; lands on Manage Contacts. */
async function signUp(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL('**/register');
  await page.getByLabel('Name').fill('Gus Guest');
  await page.getByLabel('Email').fill(`gus-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('pepperoni-2026');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/managecontacts');
}

describe('a guest’s line keeps its price', () => {
  it('says "Price changed from $31.99 to $33.99", and still does after signing up', async () => {
    const deal = findProduct(menu, 'Two Pizza Deal');
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    try {
      await page.goto(`/${seededCategory(TWO_PIZZA_DEAL).segment}/${deal.id}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: deal.name }).waitFor();
      await main.getByRole('radio', { name: /^Medium/ }).check();
      await main.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('link', { name: 'Cart 1 item' }).waitFor();

      // The owner raises the deal by $2 while the guest's cart waits.
      expect((await patchProduct(deal.id, { price: 28.99 })).statusCode).toBe(200);
      await page.goto('/cart');
      const line = page.getByRole('listitem', { name: deal.name });
      const changed = 'Price changed from $31.99 to $33.99';
      await line.getByText(changed, { exact: true }).waitFor();
      expect(await line.getByTestId('line-price').textContent()).toBe('$33.99');
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/guest-price-changed-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/guest-price-changed-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });

      // Checkout asks a guest to sign in; a new customer signs up, and the merged line says
      // the same.
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL('**/login');
      await signUp(page);
      await page.getByRole('link', { name: 'Proceed to Cart' }).click();
      await page.waitForURL('**/cart');
      await line.getByText(changed, { exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/signed-up-price-changed-390.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await patchProduct(deal.id, { price: deal.price / 100 });
    }
  });
});

describe('a topping sold out since it was added', () => {
  it('is flagged on a guest’s line, and on a signed-in cart and at Payment, with the way to fix it', async () => {
    const deal = findProduct(menu, 'Two Pizza Deal');
    const { user, account } = await registerPerson(h.app, {
      contacts: [
        { phone: '519-555-0100', address: '55 Wyndham St N, Guelph, ON N1H 7T8', isDefault: true },
      ],
    });
    const added = await call(h.app, account, 'POST', '/api/cart', {
      userId: user._id,
      productId: deal.id,
      size: 'Medium',
      toppings: [['Bacon'], []],
      quantity: 1,
    });
    expect(added.statusCode).toBe(200);
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    try {
      await page.goto(`/${seededCategory(TWO_PIZZA_DEAL).segment}/${deal.id}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: deal.name }).waitFor();
      await main.getByRole('radio', { name: /^Medium/ }).check();
      await main
        .getByRole('tabpanel')
        .getByRole('checkbox', { name: 'Bacon', exact: true })
        .check();
      await main.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('link', { name: 'Cart 1 item' }).waitFor();
      await toppingSoldOut('Bacon', true);

      await page.goto('/cart');
      const line = page.getByRole('listitem', { name: deal.name });
      await line.getByText(BACON_SOLD_OUT, { exact: true }).waitFor();
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/guest-topping-sold-out-390.png`, fullPage: true });

      // Signed in (the guest's line is not merged: it is sold out, and said so), the server's
      // line says the same, on the cart and at Payment.
      await page.evaluate(() => localStorage.removeItem('cart'));
      await signIn(page, user.email);
      await page.goto('/cart');
      await line.getByText(BACON_SOLD_OUT, { exact: true }).waitFor();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/cart-topping-sold-out-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL('**/checkout');
      await page.getByRole('button', { name: 'Confirm Order' }).click();
      await page.waitForURL('**/payment');
      const summary = page.getByRole('list', { name: 'Items in your order' });
      await summary.getByText(BACON_SOLD_OUT, { exact: true }).waitFor();
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/payment-topping-sold-out-390.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await toppingSoldOut('Bacon', false);
    }
  });
});

describe('the tip', () => {
  it('starts at 0 %, then at the customer’s last choice, for a guest and once signed in', async () => {
    const coke = findProduct(menu, 'Coke');
    const { user, account } = await registerPerson(h.app);
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    try {
      await context.addInitScript((id) => {
        if (!window.localStorage.getItem('cart')) {
          window.localStorage.setItem(
            'cart',
            JSON.stringify([{ productId: id, _id: 'l1', quantity: 1 }]),
          );
        }
      }, coke.id);
      await page.goto('/cart');
      await expect.poll(() => checkedTip(page)).toBe('0');
      expect(await page.getByTestId('cart-tip').textContent()).toBe('$0.00');
      await tipOption(page, 15).check();
      await page.reload();
      await expect.poll(() => checkedTip(page)).toBe('15');

      // Signed in, a new cart's first line starts at the same choice, not the server's 5 %.
      await page.evaluate(() => localStorage.removeItem('cart'));
      await signIn(page, user.email);
      const added = await call(h.app, account, 'GET', `/api/cart/${user._id}`);
      expect(added.json<{ items: unknown[] }>().items).toEqual([]);
      await page.goto('/category/beverages');
      await page
        .getByRole('main')
        .getByRole('form', { name: 'Coke', exact: true })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await page
        .getByRole('status')
        .getByText('Beverage added to cart!', { exact: true })
        .waitFor();
      await page.goto('/cart');
      await expect.poll(() => checkedTip(page)).toBe('15');
      expect(
        (await call(h.app, account, 'GET', `/api/cart/${user._id}`)).json<{ tipPercent: number }>()
          .tipPercent,
      ).toBe(15);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
