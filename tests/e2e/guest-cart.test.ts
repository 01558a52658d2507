/**
 * A guest's cart on a phone (issue 44): a line keeps the price it was added at and says when the
 * store changes it, as the signed-in cart does, and the notice survives signing up.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_PIZZA_DEAL, seededCategory, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { watchConsole } from '../support/console';
import { MONDAY_EVENING as NOW } from '../support/journey';
import { findProduct } from '../support/menu';
import { registerStaff, type Account } from '../support/orders';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots-guest-cart';

let h: BrowserHarness;
let menu: Product[];
let staff: Account;
beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
  staff = await registerStaff(h.app, h.db);
  mkdirSync(SHOTS, { recursive: true });
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
