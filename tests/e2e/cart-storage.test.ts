import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { registerUser } from '../support/users';

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
  page.getByRole('link', {
    name: count === 0 ? 'Cart' : `Cart ${count} ${count === 1 ? 'item' : 'items'}`,
    exact: true,
  });

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
  // The badge shows 3; "items" is there for a screen reader only.
  expect(await page.locator('.cart-count').textContent()).toBe('3 items');

  await context.close();
  expect(consoleErrors).toEqual([]);
  expect(h.pageErrors).toEqual([]);
});

it('merges a guest cart at sign-in, tells which line stayed out, and keeps it on a failed merge', async () => {
  const { context, page } = await h.newPage();
  const products = (await (await page.request.get('/api/products')).json()) as {
    _id: string;
    name: string;
  }[];
  const idOf = (name: string) => products.find((product) => product.name === name)?._id ?? '';
  const guestCart = JSON.stringify([
    { _id: 'a', productId: idOf('Water Bottle'), name: 'Water Bottle', quantity: 2 },
    { _id: 'b', productId: idOf('Dr Pepper'), name: 'Dr Pepper', quantity: 1 },
    { _id: 'c', productId: idOf('Garlic Bread'), name: 'Garlic Bread', quantity: 1 },
  ]);
  await page.goto('/');
  await openCartWith(page, guestCart);
  await cartLink(page, 4).waitFor();
  await h.db.query('update products set sold_out = true where id = $1', [idOf('Dr Pepper')]);
  const { user } = await registerUser(h.app);
  try {
    // The server cannot take the cart right now: the guest's copy stays for the next try.
    await page.route('**/api/cart/merge-cart', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'unavailable', message: 'Try again.' }),
      }),
    );
    await signIn(page, user.email);
    await page.goto('/cart');
    await page.getByText('We could not load your cart.', { exact: false }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBe(guestCart);
    await page.unroute('**/api/cart/merge-cart');
    // Signed out again (the session ended), the guest cart is still there to merge.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.removeItem('user'));

    // Merged: the two good lines go in, the sold-out one is named with its reason.
    await signIn(page, user.email);
    const notice = page.getByRole('alert').locator('.notice');
    await notice.getByText('Dr Pepper: Dr Pepper is sold out.', { exact: true }).waitFor();
    await notice.getByText('Not added from your earlier cart:', { exact: true }).waitFor();
    await cartLink(page, 3).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
    const cart = (await (await page.request.get(`/api/cart/${user._id}`)).json()) as {
      items: { productId: { name: string }; quantity: number }[];
    };
    expect(cart.items.map((item) => [item.productId.name, item.quantity])).toEqual([
      ['Water Bottle', 2],
      ['Garlic Bread', 1],
    ]);
  } finally {
    await h.db.query('update products set sold_out = false where id = $1', [idOf('Dr Pepper')]);
  }
  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('adds what a signed-in customer taps before the signed-in cart’s code has arrived', async () => {
  const { context, page } = await h.newPage();
  const { user } = await registerUser(h.app);
  await signIn(page, user.email);
  // A slow phone: the signed-in cart's chunk (loaded only for a session) is held back.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/server-cart-[\w-]+\.js$/, async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  await page.goto('/category/beverages');
  const row = page.getByRole('form', { name: 'Water Bottle', exact: true });
  await row.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => held).toBe(1);
  release();
  await page.getByRole('status').getByText('Beverage added to cart!', { exact: true }).waitFor();
  await cartLink(page, 1).waitFor();
  const cart = (await (await page.request.get(`/api/cart/${user._id}`)).json()) as {
    items: { productId: { name: string }; quantity: number }[];
  };
  expect(cart.items.map((item) => [item.productId.name, item.quantity])).toEqual([
    ['Water Bottle', 1],
  ]);
  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('keeps an Add whose answer lands before the first load of the signed-in cart', async () => {
  const { context, page } = await h.newPage();
  const { user } = await registerUser(h.app);
  await signIn(page, user.email);
  // The first GET of the cart reads the empty cart at once but answers only after the Add's
  // POST has answered: the stale empty cart must not replace the one the Add returned.
  let added: () => void = () => undefined;
  const addAnswered = new Promise<void>((resolve) => (added = resolve));
  let staleAnswered: () => void = () => undefined;
  const staleDelivered = new Promise<void>((resolve) => (staleAnswered = resolve));
  let read: () => void = () => undefined;
  const emptyCartRead = new Promise<void>((resolve) => (read = resolve));
  let held = 0;
  await page.route(new RegExp(`/api/cart/${user._id}$`), async (route) => {
    if (route.request().method() !== 'GET' || held > 0) {
      await route.continue();
      return;
    }
    held += 1;
    const response = await route.fetch();
    read();
    await addAnswered;
    await route.fulfill({ response });
    staleAnswered();
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/api/cart')) added();
  });

  await page.goto('/category/beverages');
  const row = page.getByRole('form', { name: 'Water Bottle', exact: true });
  await emptyCartRead;
  await row.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('status').getByText('Beverage added to cart!', { exact: true }).waitFor();
  await staleDelivered;
  // Two frames for React to apply whatever the late answer would set.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(held).toBe(1);
  expect(await cartLink(page, 1).isVisible()).toBe(true);
  await context.close();
  expect(h.pageErrors).toEqual([]);
});
