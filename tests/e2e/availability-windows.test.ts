/**
 * A lunch special outside its window (issue 34), on a 390 px phone: the item's screen and its
 * list row say when it is offered, and Add to Cart is disabled with that text read with it.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededCategory, type AvailabilityWindow, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { watchConsole } from '../support/console';
import { findProduct } from '../support/menu';

/** Monday 2026-11-23 18:00 in Toronto: open by the hours, past the lunch special's 15:00. */
const NOW = '2026-11-23T23:00:00Z';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots-windows';
const LUNCH: AvailabilityWindow = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };
const LUNCH_TEXT = 'Available Mon–Fri 11:00 AM–3:00 PM';

let h: BrowserHarness;
let bread: Product;
let wings: Product;

/** Gives a product the lunch special's window and waits until the API shows it. */
async function makeLunchSpecial(product: Product): Promise<void> {
  await h.db.query(
    `update products set details = details || jsonb_build_object('availableAt', $2::jsonb)
      where id = $1`,
    [product.id, JSON.stringify([LUNCH])],
  );
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await fetch(`${h.baseUrl}/api/products/${product.id}`);
    const shown = ((await answer.json()) as { availableAt?: unknown }).availableAt;
    if (JSON.stringify(shown) === JSON.stringify([LUNCH])) return;
    if (Date.now() > deadline) throw new Error(`${product.name} has no window yet`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  const menu = await productsRepository(h.db).list();
  bread = findProduct(menu, 'Garlic Bread');
  const firstWings = menu.find((product) => product.category === 'Wings');
  if (!firstWings) throw new Error('No Wings in the seeded menu');
  wings = firstWings;
  await makeLunchSpecial(bread);
  await makeLunchSpecial(wings);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => h.close());

/** The element's accessible description: the texts its aria-describedby names. */
const description = (page: Page, selector: string) =>
  page.locator(selector).evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

describe('a lunch special outside its window', () => {
  it('on its item screen says when it is available, and its Add to Cart is disabled', async () => {
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    await page.goto(`/${seededCategory('Wings').segment}/${wings.id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: wings.name }).waitFor();
    await main.getByText(LUNCH_TEXT, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const add = main.getByRole('button', { name: 'Add to Cart' });
    expect(await add.isDisabled()).toBe(true);
    expect(await description(page, 'main button.add-to-cart')).toBe(LUNCH_TEXT);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/item-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/item-1280.png`, fullPage: true });
    await context.close();
    expect(problems).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });

  it('in its list row says when it is available, and only its own Add is disabled', async () => {
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    await page.goto('/category/sides');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Sides' }).waitFor();
    const row = main.getByRole('form', { name: 'Garlic Bread', exact: true });
    await row.getByText(LUNCH_TEXT, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const add = row.getByRole('button', { name: 'Add to Cart' });
    expect(await add.isDisabled()).toBe(true);
    expect(await description(page, 'form[aria-label="Garlic Bread"] button.list-row-add')).toBe(
      LUNCH_TEXT,
    );
    expect(
      await row.getByRole('spinbutton', { name: 'Quantity of Garlic Bread' }).isDisabled(),
    ).toBe(true);
    // Another side, with no window, is added as before.
    const other = main.getByRole('form', { name: 'Potato Wedges', exact: true });
    expect(await other.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(false);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/sides-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/sides-1280.png`, fullPage: true });
    await context.close();
    expect(problems).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
