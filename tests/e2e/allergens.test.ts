/**
 * Allergens before adding (issue 34), on a 390 px phone: the item's screen says what the line
 * contains and its marks, in words, and changes as a topping with another allergen is chosen;
 * the cart line's details say it too.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededCategory, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { watchConsole } from '../support/console';
import { findProduct } from '../support/menu';

/** Monday 2026-11-23 18:00 in Toronto: open. */
const NOW = '2026-11-23T23:00:00Z';
const SHOTS = screenshotsFolder('allergens');

let h: BrowserHarness;
let deal: Product;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  deal = findProduct(await productsRepository(h.db).list(), 'Two Pizza Deal');
});
afterAll(() => h.close());

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

describe('allergens on a phone', () => {
  it('are on the item screen before adding, follow the toppings, and reach the cart line', async () => {
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    await page.goto(`/${seededCategory('ThreeforOneDeals').segment}/${deal.id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: deal.name }).waitFor();
    await page.waitForLoadState('networkidle');
    const note = main.getByTestId('item-allergens');
    expect(await text(note)).toBe('Vegetarian Contains: Milk, Wheat and triticale');
    // Before Add to Cart in the reading order.
    const before = await note.evaluate((node) => {
      const add = document.querySelector('main button.add-to-cart');
      return add !== null && (node.compareDocumentPosition(add) & 4) !== 0;
    });
    expect(before).toBe(true);

    await main.getByRole('radio', { name: /^Small/ }).check();
    await main
      .getByRole('tabpanel')
      .getByRole('checkbox', { name: 'Anchovies', exact: true })
      .check();
    await expect.poll(() => text(note)).toBe('Contains: Milk, Fish, Wheat and triticale');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/item-390.png`, fullPage: true });

    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Cart 1 item' }).waitFor();
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
    const line = page.getByRole('listitem', { name: deal.name });
    await expect
      .poll(() => text(line.getByTestId('line-allergens')))
      .toBe('Contains: Milk, Fish, Wheat and triticale');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cart-390.png`, fullPage: true });
    await context.close();
    expect(problems).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });

  it('are on a side’s list row, as words', async () => {
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    await page.goto('/category/sides');
    const row = page.getByRole('main').getByRole('form', { name: 'Ranch Dip', exact: true });
    await row.getByText('Contains: Milk, Eggs', { exact: true }).waitFor();
    expect(await row.getByText('Vegetarian', { exact: true }).count()).toBe(1);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/sides-390.png`, fullPage: true });
    await context.close();
    expect(problems).toEqual([]);
  });
});
