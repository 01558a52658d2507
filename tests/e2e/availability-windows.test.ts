/**
 * A lunch special outside its window (issue 34), on a 390 px phone: the item's screen and its
 * list row say when it is offered, and Add to Cart is disabled with that text read with it.
 * Offered at a time the customer may schedule, it can be ordered for then: "Schedule for later"
 * chooses the order's time among the times it is offered, Add works, and the checkout starts
 * from that time (Sunday evening's order for Monday's lunch special, placed).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  seededCategory,
  type AvailabilityWindow,
  type Product,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { watchConsole } from '../support/console';
import { findProduct } from '../support/menu';
import { registerPerson } from '../support/orders';
import { text } from '../support/journey';

/** Monday 2026-11-23 18:00 in Toronto: open by the hours, past the lunch special's 15:00. */
const NOW = '2026-11-23T23:00:00Z';
const SHOTS = screenshotsFolder('windows');
const LUNCH: AvailabilityWindow = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };
const LUNCH_TEXT = 'Available Mon–Fri 11:00 AM–3:00 PM';

/** Sunday 2026-11-22 19:00 in Toronto: open, and the lunch special's next window is tomorrow. */
const SUNDAY_EVENING = '2026-11-23T00:00:00Z';
const clock = fixedClock(NOW);

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
  h = await startBrowserHarness({ clock });
  const menu = await productsRepository(h.db).list();
  bread = findProduct(menu, 'Garlic Bread');
  const firstWings = menu.find((product) => product.category === 'Wings');
  if (!firstWings) throw new Error('No Wings in the seeded menu');
  wings = firstWings;
  await makeLunchSpecial(bread);
  await makeLunchSpecial(wings);
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

/** The options' texts of a select. */
const options = (select: ReturnType<Page['getByLabel']>) =>
  select.locator('option').evaluateAll((nodes) => nodes.map((node) => node.textContent));

describe('a lunch special ordered for later', () => {
  it('on Sunday evening: Monday noon chosen on its screen, added, preselected at checkout, and placed', async () => {
    clock.set(SUNDAY_EVENING);
    try {
      const customer = await registerPerson(h.app, {
        contacts: [
          { phone: '519-555-0100', address: '55 Wyndham St N, Guelph, ON', isDefault: true },
        ],
      });
      const { context, page } = await h.newPage({
        now: SUNDAY_EVENING,
        session: customer.account.cookie,
      });
      const problems = watchConsole(page);
      await page.goto(`/${seededCategory('Wings').segment}/${wings.id}`);
      const main = page.getByRole('main');
      await main.getByText(LUNCH_TEXT, { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const add = main.getByRole('button', { name: 'Add to Cart' });
      expect(await add.isDisabled()).toBe(true);

      await main.getByRole('button', { name: 'Schedule for later' }).click();
      const dialog = page.getByRole('dialog', { name: 'Order for later' });
      await dialog.waitFor();
      const day = dialog.getByLabel('Day');
      const time = dialog.getByLabel('Time');
      // Only the days and times it is offered at: Monday to Friday, 11:00 AM to 2:45 PM.
      expect(await options(day)).toEqual([
        'Tomorrow (Mon, Nov 23)',
        'Tue, Nov 24',
        'Wed, Nov 25',
        'Thu, Nov 26',
        'Fri, Nov 27',
      ]);
      const times = await options(time);
      expect([times[0], times.at(-1), times.length]).toEqual(['11:00 AM', '2:45 PM', 16]);
      await time.selectOption({ label: '12:00 PM' });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/later-dialog-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/later-dialog-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await dialog.waitFor({ state: 'detached' });

      const forText = 'For Mon, Nov 23, 12:00 PM';
      await main.getByText(forText, { exact: true }).waitFor();
      expect(await add.isEnabled()).toBe(true);
      expect(await description(page, 'main button.add-to-cart')).toBe(forText);
      expect(await main.getByText(LUNCH_TEXT, { exact: true }).count()).toBe(0);
      // The whole order is for that time, and the header says so.
      await page
        .getByRole('button', { name: 'Order type: Pickup · Mon 12:00 PM Change', exact: true })
        .waitFor();
      // Focus is back on the button that opened the choice, now the way to change it.
      expect(
        await main
          .getByRole('button', { name: 'Change time' })
          .evaluate((node) => node === document.activeElement),
      ).toBe(true);
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/later-item-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/later-item-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });

      await add.click();
      await page
        .getByRole('status')
        .getByText(seededCategory('Wings').added, { exact: true })
        .waitFor();
      await page.getByRole('link', { name: 'Cart 1 item', exact: true }).waitFor();

      await page.goto('/checkout');
      await main.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      const when = main.getByRole('group', { name: 'When' });
      await expect
        .poll(() => when.getByRole('radio', { name: 'Schedule for later' }).isChecked())
        .toBe(true);
      expect(await when.getByLabel('Day').inputValue()).toBe('2026-11-23');
      expect(await when.getByLabel('Time').inputValue()).toBe('2026-11-23T17:00:00.000Z');
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/later-checkout-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/later-checkout-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });

      await main.getByRole('button', { name: 'Confirm Order' }).click();
      await page.waitForURL('**/payment');
      await expect
        .poll(() => text(page.getByTestId('pay-details')))
        .toBe('Pickup, scheduled for Mon, Nov 23, 12:00 PM. Change');
      await page.getByRole('button', { name: 'Place My Order' }).click();
      await page.getByRole('dialog', { name: CHECKOUT_MESSAGES.waiting }).waitFor();

      const orders = await h.db.query<{ scheduled_time: Date | string; name: string }>(
        `select o.scheduled_time, i.name from orders o join order_items i on i.order_id = o.id
          where o.user_id = $1`,
        [customer.user._id],
      );
      expect(
        orders.map((order) => [new Date(order.scheduled_time).toISOString(), order.name]),
      ).toEqual([['2026-11-23T17:00:00.000Z', wings.name]]);
      await context.close();
      expect(problems).toEqual([]);
      expect(h.pageErrors).toEqual([]);
    } finally {
      clock.set(NOW);
    }
  });

  it('from a list row on Monday evening: a guest orders the side for Tuesday 11:00 AM', async () => {
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    await page.goto('/category/sides');
    const main = page.getByRole('main');
    const row = main.getByRole('form', { name: 'Garlic Bread', exact: true });
    await row.getByText(LUNCH_TEXT, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await row
      .getByRole('button', { name: 'Schedule for later: Garlic Bread', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Order for later' });
    // Tuesday's first time it is offered is the first choice.
    expect(await dialog.getByLabel('Day').inputValue()).toBe('2026-11-24');
    expect(await text(dialog.getByLabel('Time').locator('option:checked'))).toBe('11:00 AM');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('For Tue, Nov 24, 11:00 AM', { exact: true }).waitFor();
    const add = row.getByRole('button', { name: 'Add to Cart' });
    expect(await add.isDisabled()).toBe(false);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/later-sides-390.png`, fullPage: true });
    await add.click();
    await page.getByRole('status').getByText('Item added to cart.', { exact: true }).waitFor();
    // Kept beside the order type: a new visit starts from it.
    expect(await page.evaluate(() => window.localStorage.getItem('orderAt'))).toBe(
      '2026-11-24T16:00:00.000Z',
    );
    await context.close();
    expect(problems).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });

  it('reads a stored time that has passed as as soon as possible', async () => {
    const { context, page } = await h.newPage({ now: NOW });
    const problems = watchConsole(page);
    await context.addInitScript(() => {
      window.localStorage.setItem('orderAt', '2026-11-23T17:00:00.000Z');
    });
    await page.goto('/category/sides');
    const row = page.getByRole('main').getByRole('form', { name: 'Garlic Bread', exact: true });
    await row.getByText(LUNCH_TEXT, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await row.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Order type: Pickup Change', exact: true }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });
});
