import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
});
afterAll(() => h.close());

/** Puts `raw` in local storage as the guest cart and opens /cart afresh. */
async function openCartWith(page: Page, raw: string) {
  await page.evaluate((value) => localStorage.setItem('cart', value), raw);
  await page.goto('/cart');
  await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
}

const cartLink = (page: Page, count: number) =>
  page.getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`, exact: true });

it('shows only the valid line of a guest cart that local storage holds garbage in', async () => {
  const { context, page } = await h.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // A guest's session check answers 401 by design; Chromium logs every such response.
    const text = message.text();
    if (message.type() === 'error' && !text.startsWith('Failed to load resource')) {
      consoleErrors.push(text);
    }
  });
  const products = (await (await page.request.get('/api/products')).json()) as {
    _id: string;
    name: string;
    price: number;
  }[];
  const water = products.find((product) => product.name === 'Water Bottle');
  if (!water) throw new Error('No Water Bottle in the seeded menu');
  await page.goto('/');

  // Not JSON at all, and JSON that is not a list: an empty cart, not a crash.
  for (const raw of ['not json {[', JSON.stringify({ productId: water._id, quantity: 2 })]) {
    await openCartWith(page, raw);
    await page.getByText('Your cart is empty.', { exact: false }).waitFor();
    await cartLink(page, 0).waitFor();
  }

  // Every broken entry names the real product, so one that got through would show as a line.
  const broken: unknown[] = [
    null,
    'Water Bottle',
    7,
    [water._id, 1],
    { productId: 42, quantity: 1 },
    { quantity: 1 },
    { productId: water._id },
    { productId: water._id, quantity: '2' },
    { productId: water._id, quantity: -1 },
    { productId: water._id, quantity: 0 },
    { productId: water._id, quantity: 1.5 },
    { productId: water._id, quantity: 1e9 },
    { productId: water._id, quantity: 1, toppings: 5 },
    { productId: water._id, quantity: 1, toppings: [[1]] },
    { productId: water._id, quantity: 1, sides: 'Fries' },
    { productId: water._id, quantity: 1, drinks: [{ name: 3, quantity: 'x' }] },
    { productId: water._id, quantity: 1, size: { name: 'Large' } },
    { productId: water._id, quantity: 1, name: ['Water Bottle'] },
  ];
  const valid = { _id: 'valid-line', productId: water._id, name: 'Water Bottle', quantity: 3 };
  await openCartWith(page, JSON.stringify([...broken.slice(0, 9), valid, ...broken.slice(9)]));

  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  const line = lines.filter({ hasText: 'Water Bottle' });
  await line
    .getByTestId('line-price')
    .getByText(formatMoney(Math.round(water.price * 100) * 3))
    .waitFor();
  expect(await lines.count()).toBe(1);
  expect(await line.getByTestId('line-quantity').textContent()).toBe('3');
  await cartLink(page, 3).waitFor();
  expect(await page.locator('.cart-count').textContent()).toBe('3');

  await context.close();
  expect(consoleErrors).toEqual([]);
  expect(h.pageErrors).toEqual([]);
});
