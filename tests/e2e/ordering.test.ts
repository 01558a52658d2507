import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cartTotals,
  formatMoney,
  linePrice,
  type PriceableSelection,
  type Product,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { storeRepository } from '../../src/server/repositories/store';
import { findProduct } from '../support/menu';
import { signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { registerUser } from '../support/users';

let h: BrowserHarness;
let menu: Product[];
beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
  menu = await productsRepository(h.db).list();
});
afterAll(() => h.close());

/** What the test expects on the cart screen, priced by the domain engine from the same choices. */
const expectedLines: { name: string; cents: number }[] = [];

function expectLine(item: Product, selection: PriceableSelection, quantity: number): number {
  const cents = linePrice(item, selection, quantity);
  expectedLines.push({ name: item.name, cents });
  return cents;
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

async function expectPrice(page: Page, cents: number) {
  await expect.poll(() => text(page.getByTestId('item-price'))).toBe(formatMoney(cents));
}

/**
 * A spec alert is shown, with `detail` (the reason) under it in the same message; dismissed
 * afterwards so the next identical text is a new one.
 */
async function expectNotice(
  page: Page,
  message: string,
  role: 'status' | 'alert' = 'status',
  detail?: string,
) {
  const notice = page.getByRole(role).locator('p', { hasText: message });
  await notice.getByText(message, { exact: true }).waitFor();
  if (detail) await notice.getByText(detail, { exact: true }).waitFor();
  await notice.getByRole('button', { name: 'Dismiss message' }).click();
}

async function expectCartCount(page: Page, count: number) {
  await page
    .getByRole('link', {
      name: count === 0 ? 'Cart' : `Cart ${count} ${count === 1 ? 'item' : 'items'}`,
      exact: true,
    })
    .waitFor();
}

const group = (page: Page, name: string | RegExp) =>
  page.getByRole('group', { name, exact: typeof name === 'string' });
const choose = (page: Page, legend: string, option: string | RegExp) =>
  group(page, legend)
    .getByRole(
      'radio',
      typeof option === 'string' ? { name: option, exact: true } : { name: option },
    )
    .check();

/**
 * Ticks toppings: on one list (`pizza` null), or on pizza n of a deal, whose tab is opened
 * first (one pizza's toppings are shown at a time).
 */
async function toppings(page: Page, pizza: number | null, names: readonly string[]) {
  if (pizza !== null) {
    const tab = page.getByRole('tab', { name: `Pizza ${pizza}`, exact: true });
    await tab.click();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
  }
  const list = group(page, pizza === null ? 'Choose toppings' : `Pizza ${pizza} toppings`);
  for (const name of names) {
    await list.getByRole('checkbox', { name, exact: true }).check();
  }
}

const quantity = (page: Page, item: Product) =>
  page.getByRole('spinbutton', { name: `Quantity of ${item.name}`, exact: true });

async function drinks(page: Page, names: readonly string[]) {
  for (const name of names) {
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('button', { name, exact: true, pressed: true }).waitFor();
  }
}

async function openDetail(page: Page, item: Product) {
  await page.goto(`/${item.category.toLowerCase()}/${item.id}`);
  await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
  await page.getByRole('link', { name: 'Back to Categories' }).waitFor();
}

async function addToCart(page: Page, count: number, message = 'Item added to cart.') {
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectNotice(page, message);
  await expectCartCount(page, count);
  await page.getByRole('link', { name: 'Go to Cart' }).waitFor();
}

async function expectCart(page: Page, tipPercent: number) {
  await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  const shown = async () =>
    (
      await lines.evaluateAll((items) =>
        items.map(
          (item) =>
            `${item.getAttribute('aria-label') ?? ''} ${item.querySelector('[data-testid="line-price"]')?.textContent ?? ''}`,
        ),
      )
    ).sort();
  const want = expectedLines.map((line) => `${line.name} ${formatMoney(line.cents)}`).sort();
  await expect.poll(shown).toEqual(want);
  const totals = cartTotals({
    lineTotals: expectedLines.map((line) => line.cents),
    tipPercent,
    delivery: false,
    deliveryFee: 0,
  });
  await expect.poll(() => text(page.getByTestId('cart-total'))).toBe(formatMoney(totals.total));
  expect(await text(page.getByTestId('cart-subtotal'))).toBe(formatMoney(totals.subtotal));
  expect(await text(page.getByTestId('cart-hst'))).toBe(formatMoney(totals.hst));
  expect(await text(page.getByTestId('cart-tip'))).toBe(formatMoney(totals.tip));
  expect(
    await group(page, 'Tip')
      .getByRole('radio', { name: `${tipPercent}%`, exact: true })
      .isChecked(),
  ).toBe(true);
  return totals;
}

it('customises every item as a guest, keeps the cart, and merges it at sign-in', async () => {
  const { context, page } = await h.newPage();
  // A returning visitor who already chose pickup: this journey is about the cart.
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('orderType'))
      window.localStorage.setItem('orderType', 'pickup');
  });

  // Wings, reached from Home: size, flavour, quantity (worked example: 25 pcs x 2 = 45.98).
  const wings = findProduct(menu, 'Wings');
  await page.goto('/');
  await page
    .getByRole('link', { name: /^Wings/ })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: 'Wings' }).waitFor();
  expect(await page.getByRole('link', { name: 'Go to Cart' }).count()).toBe(0);
  await expectPrice(page, linePrice(wings, { size: '10 pcs' }, 1));
  await choose(page, 'Size', /^25 pcs/);
  await choose(page, 'Flavour', 'Hot');
  await quantity(page, wings).fill('2');
  const wingsLine = expectLine(wings, { size: '25 pcs' }, 2);
  expect(wingsLine).toBe(4598);
  await expectPrice(page, wingsLine);
  await addToCart(page, 2);

  // Pizza & wings combo: the drink limit follows the size, and a smaller size drops extras.
  const combo = findProduct(menu, 'Pizza & Wings Combo');
  await openDetail(page, combo);
  await choose(page, 'Size', /^Medium/);
  await page.getByText('Medium: 1 pizza with 3 toppings, 15 wings, 3 pops, 1 side').waitFor();
  await drinks(page, ['Coke', 'Sprite', 'Pepsi']);
  await page.getByRole('button', { name: 'Dr Pepper', exact: true }).click();
  await expectNotice(page, 'You can select a maximum of 3 drinks for a Medium size.', 'alert');
  expect(await page.getByRole('button', { pressed: true }).count()).toBe(3);
  await choose(page, 'Size', /^Small/);
  expect(await page.getByRole('button', { pressed: true }).count()).toBe(2);
  await choose(page, 'Size', /^Large/);
  await choose(page, 'Wings flavour', 'Honey Garlic');
  await choose(page, 'Side', 'Caesar Salad');
  await page.getByText('3 toppings free; each extra topping $1.75.').waitFor();
  await toppings(page, null, ['Bacon', 'Ham', 'Onions', 'Pineapple']);
  const comboLine = expectLine(combo, { size: 'Large', toppings: [['a', 'b', 'c', 'd']] }, 1);
  expect(comboLine).toBe(3274);
  await expectPrice(page, comboLine);
  await addToCart(page, 3);

  // Family combo: toppings 7 + 2 counted over the total (6 free), four drinks at most.
  const family = findProduct(menu, 'Two Pizzas Family Combo');
  await openDetail(page, family);
  await choose(page, 'Size', /^Large/);
  await choose(page, 'Wings flavour', 'Mild');
  await choose(page, 'Side', 'French Fries');
  await toppings(page, 1, ['Bacon', 'Beef', 'Chicken', 'Ham', 'Mushroom', 'Onions', 'Pepperoni']);
  await toppings(page, 2, ['Salami', 'Broccoli']);
  await drinks(page, ['Coke', 'Diet Coke', 'Sprite', 'Ginger Ale']);
  await page.getByRole('button', { name: 'Cream Soda', exact: true }).click();
  await expectNotice(page, 'You can select a maximum of 4 drinks.', 'alert');
  const familyLine = expectLine(
    family,
    {
      size: 'Large',
      toppings: [
        ['1', '2', '3', '4', '5', '6', '7'],
        ['8', '9'],
      ],
    },
    1,
  );
  expect(familyLine).toBe(5424);
  await expectPrice(page, familyLine);
  await addToCart(page, 4);

  // Mega combo: three pizzas, no drink choice.
  const mega = findProduct(menu, 'Mega Deal Combo');
  await openDetail(page, mega);
  expect(await group(page, 'Drinks').count()).toBe(0);
  await choose(page, 'Size', /^Medium/);
  await choose(page, 'Wings flavour', 'Sweet Chili');
  await choose(page, 'Side', 'Garlic Bread');
  await toppings(page, 1, ['Bacon', 'Ham', 'Beef', 'Onions']);
  await toppings(page, 2, ['Salami', 'Broccoli', 'Mushroom', 'Pineapple']);
  await toppings(page, 3, ['Anchovies', 'Feta Cheese']);
  const megaLine = expectLine(
    mega,
    {
      size: 'Medium',
      toppings: [
        ['1', '2', '3', '4'],
        ['5', '6', '7', '8'],
        ['9', '10'],
      ],
    },
    1,
  );
  await expectPrice(page, megaLine);
  await addToCart(page, 5);

  // The Two-for-One deal holds three pizzas: toppings counted per pizza (worked example: 28.24).
  const threePizzaDeal = findProduct(menu, 'Two-for-One Pizza Deal');
  await openDetail(page, threePizzaDeal);
  await choose(page, 'Size', /^Medium/);
  await toppings(page, 1, ['Bacon', 'Ham', 'Beef', 'Onions']);
  await toppings(page, 2, ['Salami', 'Broccoli', 'Mushroom']);
  await toppings(page, 3, ['Anchovies', 'Feta Cheese', 'Ham', 'Bacon', 'Beef']);
  const threePizzaLine = expectLine(
    threePizzaDeal,
    {
      size: 'Medium',
      toppings: [
        ['1', '2', '3', '4'],
        ['5', '6', '7'],
        ['8', '9', '10', '11', '12'],
      ],
    },
    1,
  );
  expect(threePizzaLine).toBe(2824);
  await expectPrice(page, threePizzaLine);
  await addToCart(page, 6);

  // The Two Pizza Deal: toppings for two pizzas.
  const twoPizzaDeal = findProduct(menu, 'Two Pizza Deal');
  await openDetail(page, twoPizzaDeal);
  await choose(page, 'Size', /^Extra Large/);
  await toppings(page, 1, ['Bacon', 'Ham', 'Beef', 'Onions', 'Salami']);
  await toppings(page, 2, ['Pineapple']);
  const twoPizzaLine = expectLine(
    twoPizzaDeal,
    { size: 'ExtraLarge', toppings: [['1', '2', '3', '4', '5'], ['6']] },
    1,
  );
  await expectPrice(page, twoPizzaLine);
  await addToCart(page, 7);

  // Panzerotte: flavour, toppings, quantity.
  const panzerotti = findProduct(menu, 'Panzerotti');
  await openDetail(page, panzerotti);
  await choose(page, 'Flavour', 'Classic');
  await toppings(page, null, ['Bacon', 'Ham', 'Beef', 'Onions', 'Salami']);
  await quantity(page, panzerotti).fill('3');
  const panzerottiLine = expectLine(panzerotti, { toppings: [['1', '2', '3', '4', '5']] }, 3);
  await expectPrice(page, panzerottiLine);
  await addToCart(page, 10);

  // Super Bowl combo: flavour and side, quantity fixed at 1 on its screen.
  const superBowl = findProduct(menu, 'Super Bowl Wings Combo');
  await openDetail(page, superBowl);
  expect(await page.getByRole('spinbutton').count()).toBe(0);
  expect(await page.getByLabel(/quantity/i).count()).toBe(0);
  await page.getByText('Quantity: 1').waitFor();
  await choose(page, 'Wings flavour', 'Sweet Chili');
  await choose(page, 'Side', 'French Fries');
  await expectPrice(page, linePrice(superBowl, {}, 1));
  await addToCart(page, 11);
  // Each add adds one more, as the spec's client does: the line holds two.
  await addToCart(page, 12);
  expectLine(superBowl, {}, 2);

  // A beverage and a side from their lists.
  const coke = findProduct(menu, 'Coke');
  await page.goto('/category/beverages');
  const cokeCard = page.getByRole('form', { name: 'Coke', exact: true });
  await cokeCard.getByLabel('Quantity of Coke', { exact: true }).fill('0');
  await cokeCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expectNotice(page, 'Please select a quantity greater than 0.', 'alert');
  await cokeCard.getByLabel('Quantity of Coke', { exact: true }).fill('3');
  await cokeCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expectNotice(page, 'Item added to cart.');
  await expectCartCount(page, 15);
  expectLine(coke, {}, 3);

  const bread = findProduct(menu, 'Garlic Bread');
  await page.goto(`/sides/${bread.id}`);
  const breadCard = page.getByRole('form', { name: 'Garlic Bread', exact: true });
  await breadCard.getByLabel('Quantity of Garlic Bread', { exact: true }).fill('2');
  await breadCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expectNotice(page, 'Item added to cart.');
  await expectCartCount(page, 17);
  expectLine(bread, {}, 2);

  // The cart: every line and figure as the engine computes them.
  await page.getByRole('link', { name: /^Cart/ }).click();
  // The tip starts at none (issue 44), not a tip the customer did not choose.
  await expectCart(page, 0);
  await group(page, 'Tip').getByRole('radio', { name: '15%', exact: true }).check();
  await expectCart(page, 15);

  // It survives a reload, the tip with it (the last choice); the tip chosen after it goes
  // along to the server cart.
  await page.reload();
  await expectCart(page, 15);
  await group(page, 'Tip').getByRole('radio', { name: '10%', exact: true }).check();
  const guestTotals = await expectCart(page, 10);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/login');
  const { user } = await registerUser(h.app);
  await signIn(page, user.email, { open: false, landsOn: '**/cart' });
  const merged = await expectCart(page, 10);
  expect(merged).toEqual(guestTotals);
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
  const server = await page.request.get(`/api/cart/${user._id}`);
  expect(server.status()).toBe(200);
  const cart = (await server.json()) as { items: unknown[]; totalPrice: number };
  expect(cart.items).toHaveLength(expectedLines.length);
  expect(Math.round(cart.totalPrice * 100)).toBe(guestTotals.total);

  // Signed in: the screen's own success text, and quantity edits priced by the server.
  await openDetail(page, wings);
  await choose(page, 'Size', /^10 pcs/);
  await addToCart(page, 18, 'Wing order added to cart!');
  expectLine(wings, { size: '10 pcs' }, 1);
  await page.getByRole('link', { name: 'Go to Cart' }).click();
  await expectCart(page, 10);
  await page.getByRole('button', { name: 'Increase quantity of Coke' }).click();
  const cokeLine = expectedLines.find((line) => line.name === 'Coke');
  if (cokeLine) cokeLine.cents = linePrice(coke, {}, 4);
  await expectCart(page, 10);
  await page.getByRole('button', { name: 'Remove Garlic Bread' }).click();
  expectedLines.splice(
    expectedLines.findIndex((line) => line.name === 'Garlic Bread'),
    1,
  );
  await expectCart(page, 10);

  // Proceed goes to checkout when signed in; a closed store disables it.
  const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
  expect(await proceed.isEnabled()).toBe(true);
  await storeRepository(h.db).setOpenMode('closed');
  await page.reload();
  const closed = page.getByRole('button', { name: 'Store Closed' });
  await closed.waitFor();
  expect(await closed.isDisabled()).toBe(true);
  await storeRepository(h.db).setOpenMode('auto');
  await page.reload();
  await proceed.click();
  await page.waitForURL('**/checkout');

  expect(h.pageErrors).toEqual([]);
  await context.close();
});

it('says so when an item is sold out or unknown', async () => {
  const { context, page } = await h.newPage();
  const wings = findProduct(menu, 'Wings');
  await h.db.query('update products set sold_out = true where id = $1', [wings.id]);
  try {
    await openDetail(page, wings);
    await page.getByText('Sold out', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
  } finally {
    await h.db.query('update products set sold_out = false where id = $1', [wings.id]);
  }
  await page.goto('/wings/00000000-0000-4000-8000-000000000000');
  await page.getByRole('heading', { name: 'Item not found' }).waitFor();
  await page.goto('/cart');
  await page.getByText('Your cart is empty.', { exact: false }).waitFor();
  await page.getByRole('link', { name: 'Browse the menu' }).waitFor();
  expect(h.pageErrors).toEqual([]);
  await context.close();
});
