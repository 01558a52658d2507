/**
 * The storefront as a phone shows it (issue 10): a compact header, no sideways scrolling at
 * 320 px, one message at a time, the offers only where they belong, and axe-core finding
 * nothing on any customer screen at 390 and 1280 px, dialogs and menus open included.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededCategory, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import { DETAIL_CATEGORY_IDS, firstOf } from '../support/menu';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { MONDAY_EVENING as NOW } from '../support/journey';
import { watchConsole } from '../support/console';
import { call, confirm, fillCart, placeOrder, registerPerson } from '../support/orders';
import { untilMenuHeard } from '../support/test-app';
import type { ApiUser } from '../support/users';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const ADDRESS = '55 Wyndham St N, Guelph, ON N1H 7T8';
/** The header's budget at 390 px: the hours line, logo and nav, the order-type chip. */
const HEADER_MAX_PX = 110;
/** A delivery address long enough to take the chip's second line. */
const HEADER_MAX_DELIVERY_PX = 116;

let h: BrowserHarness;
let menu: Product[];

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
});
afterAll(() => h.close());

const first = (category: string) => firstOf(menu, category);

/** Every screen a guest can open, by path. */
function guestScreens(): { name: string; path: string }[] {
  return [
    { name: 'home', path: '/' },
    { name: 'category list', path: '/category/combos' },
    { name: 'beverages', path: '/category/beverages' },
    { name: 'sides', path: `/category/${seededCategory('Sides').segment}` },
    ...DETAIL_CATEGORY_IDS.map((category) => ({
      name: category,
      path: `/${seededCategory(category).segment}/${first(category).id}`,
    })),
    { name: 'cart', path: '/cart' },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'item not found', path: `/wings/${MISSING_ID}` },
  ];
}

const SIGNED_IN_SCREENS = [
  { name: 'cart (signed in)', path: '/cart' },
  { name: 'checkout', path: '/checkout' },
  { name: 'payment', path: '/payment' },
  { name: 'my orders', path: '/my-orders' },
  { name: 'manage contacts', path: '/managecontacts' },
];

/** A guest's cart of 12 items (two lines), so the nav carries a two-digit count. */
async function withGuestCart(context: BrowserContext) {
  const cart = [
    { productId: first('Beverages').id, _id: 'local-1', quantity: 10 },
    { productId: first('Sides').id, _id: 'local-2', quantity: 2 },
  ];
  await context.addInitScript((lines) => {
    if (!window.localStorage.getItem('cart')) {
      window.localStorage.setItem('cart', JSON.stringify(lines));
    }
  }, cart);
}

/**
 * A signed-in customer with a default contact, an order placed earlier and a confirmed cart
 * (so Checkout and Payment have something to show), and the page's clock set to the server's.
 */
async function signedInPage(): Promise<{ context: BrowserContext; page: Page; user: ApiUser }> {
  const { user, account } = await registerPerson(h.app, {
    contacts: [{ phone: '519-555-0100', address: ADDRESS, isDefault: true }],
  });
  await placeOrder(h.app, account, [{ name: 'Coke' }]);
  await fillCart(h.app, account, [{ name: 'Coke', quantity: 3 }]);
  const confirmed = await confirm(h.app, account);
  expect(confirmed.statusCode).toBe(200);
  const { context, page } = await h.newPage({ now: NOW, session: account.cookie });
  const contacts = await call(h.app, account, 'GET', `/api/user/${user._id}/contacts`);
  await context.addInitScript(
    (stored) => window.localStorage.setItem('user', JSON.stringify(stored)),
    { ...user, contacts: contacts.json<unknown[]>() },
  );
  return { context, page, user };
}

/** Opens a screen and waits until its heading and data are there. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // Loading states end (contacts, orders, the cart's prices).
  await expect
    .poll(() =>
      page
        .getByRole('main')
        .getByText(/^Loading\.\.\.$|loading contact info/)
        .count(),
    )
    .toBe(0);
}

/**
 * Each screen at 320 px (no sideways scroll, asserted) and at 390 and 1280 px (axe): the
 * findings, named by screen and width, so one run lists every violation at once.
 */
async function survey(page: Page, screens: readonly { name: string; path: string }[]) {
  const findings: string[] = [];
  for (const screen of screens) {
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await open(page, screen.path);
      if (width === 320) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${screen.name} scrolls sideways at 320 px`).toBe(0);
      } else {
        for (const line of await axeViolations(page))
          findings.push(`${screen.name} @${width}: ${line}`);
      }
    }
  }
  return findings;
}

const headerBottom = (page: Page) =>
  page.locator('.site-header').evaluate((node) => node.getBoundingClientRect().bottom);

describe('the header on a phone', () => {
  it('stays within its budget, hours on one line and the nav on one row', async () => {
    // "Today" is the browser's day: fixed with the server's, so a Thursday run reads Monday too.
    const { context, page } = await h.newPage({ now: NOW });
    await withGuestCart(context);
    const problems = watchConsole(page);
    await open(page, '/');
    expect(await headerBottom(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
    // No separate slogan band on a phone.
    expect(await page.locator('.tagline').isVisible()).toBe(false);

    // Hours: one line with today's hours and open now; the week one tap away.
    const hours = page.getByRole('region', { name: 'Opening hours' });
    const summary = hours.locator('summary');
    expect(await summary.textContent()).toMatch(/^Open now\s*Today 11 AM–11 PM\s*All hours$/);
    expect(await summary.evaluate((node) => node.getBoundingClientRect().height)).toBeLessThan(30);
    const week = hours.getByText(/Sun-Wed 11 AM–11 PM/);
    expect(await week.isVisible()).toBe(false);
    await summary.click();
    await week.waitFor();
    await summary.click();
    await week.waitFor({ state: 'hidden' });

    // The nav keeps one row with a two-digit cart count, at 390 and at 320 px.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Cart 12 items', exact: true }).waitFor();
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const tops = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(new Set(tops).size, `nav rows at ${width} px`).toBe(1);
      const logoTop = await page
        .locator('.logo')
        .evaluate((node) => Math.round(node.getBoundingClientRect().top));
      expect(Math.abs((tops[0] ?? 0) - logoTop), `logo and nav share a row at ${width} px`).toBe(0);
      // The store's name is shown whole beside them, or (under 390 px) not at all: never cut.
      const name = page.locator('.logo-name');
      const box = await name.evaluate((node) => ({
        shown: node.clientWidth > 1,
        cut: node.scrollHeight > node.clientHeight + 1,
      }));
      expect(box.shown, `the name shown at ${width} px`).toBe(width >= 390);
      if (box.shown) expect(box.cut, `the name cut at ${width} px`).toBe(false);
      // Shown or not, it names the logo's link.
      await page
        .getByRole('link', { name: 'Royal City Pizza & Wings, home', exact: true })
        .waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a delivery address in full on its own row, still compact', async () => {
    const { context, page } = await h.newPage({ orderType: 'delivery', address: ADDRESS });
    await open(page, '/');
    const chip = page.getByRole('button', {
      name: `Order type: Delivery to ${ADDRESS} Change`,
      exact: true,
    });
    await chip.waitFor();
    // Nothing of the address is cut off (no ellipsis, no hidden overflow).
    const text = page.locator('.order-type-text');
    expect(
      await text.evaluate((node) => node.scrollHeight <= node.clientHeight + 1),
      'the address fits its lines',
    ).toBe(true);
    expect(await headerBottom(page)).toBeLessThanOrEqual(HEADER_MAX_DELIVERY_PX);
    await context.close();
  });
});

describe('small things at 390 px (issue 31)', () => {
  /** True when the element's text is cut (clamped lines, an ellipsis). */
  const isCut = (page: Page, selector: string) =>
    page
      .locator(selector)
      .evaluate(
        (node) => node.scrollHeight > node.clientHeight || node.scrollWidth > node.clientWidth,
      );

  it('shows the store’s whole name and the cart count clear of “Cart”, signed in', async () => {
    const { context, page } = await signedInPage();
    await open(page, '/');
    await page.getByRole('link', { name: 'Cart 3 items', exact: true }).waitFor();
    expect(await isCut(page, '.logo-name')).toBe(false);
    const { textRight, countLeft } = await page.locator('.cart-link').evaluate((link) => {
      const range = document.createRange();
      const text = link.firstChild;
      if (!text) throw new Error('The cart link has no text');
      range.selectNodeContents(text);
      const count = link.querySelector('.cart-count');
      return {
        textRight: range.getBoundingClientRect().right,
        countLeft: count?.getBoundingClientRect().left ?? 0,
      };
    });
    expect(countLeft - textRight).toBeGreaterThanOrEqual(3);
    expect(await headerBottom(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
    await context.close();
  });

  it('draws a sold-out card and row as the others, the badge whole (Home, Beverages)', async () => {
    const soldOut = [first('Combos').id, first('Beverages').id];
    await h.db.query('update products set sold_out = true where id = any($1)', [soldOut]);
    await untilMenuHeard(h.app, h.db);
    const { context, page } = await h.newPage();
    try {
      // The item screen's styles loaded first, as after a visit to one.
      await open(page, `/${seededCategory('Wings').segment}/${first('Wings').id}`);
      for (const [path, shape] of [
        ['/', '.category-card'],
        ['/category/beverages', '.list-row'],
      ] as const) {
        await open(page, path);
        const item = page.locator(`${shape}.sold-out`).first();
        const other = page.locator(`${shape}:not(.sold-out)`).first();
        const radius = (locator: typeof item) =>
          locator.evaluate((node) => getComputedStyle(node).borderTopLeftRadius);
        expect(await radius(item), path).toBe(await radius(other));
        const badge = item.locator('.sold-out-badge');
        expect(await badge.textContent()).toBe('Sold out');
        const [itemBox, badgeBox] = await Promise.all([item.boundingBox(), badge.boundingBox()]);
        expect(badgeBox && itemBox && badgeBox.x - itemBox.x, path).toBeGreaterThanOrEqual(4);
      }
    } finally {
      await context.close();
      await h.db.query('update products set sold_out = false where id = any($1)', [soldOut]);
      await untilMenuHeard(h.app, h.db);
    }
  });

  it('keeps the sticky Add to Cart on one line beside Go to Cart, and says “Extra Large”', async () => {
    const { context, page } = await h.newPage();
    const family = first('FamilyCombos');
    await open(page, `/${seededCategory('FamilyCombos').segment}/${family.id}`);
    const size = page.getByRole('radio', { name: /^Extra Large/ });
    await size.check();
    await page.getByText(/^Extra Large: /).waitFor();
    const add = page.locator('.item-summary').getByRole('button', { name: 'Add to Cart' });
    const alone = await add.boundingBox();
    await add.click();
    await page.locator('.item-summary').getByRole('link', { name: 'Go to Cart' }).waitFor();
    const beside = await add.boundingBox();
    expect(beside?.height).toBe(alone?.height);
    const goTo = await page.locator('.item-summary .secondary-link').boundingBox();
    expect(goTo?.height).toBe(alone?.height);
    // The spec's value on the wire and in the cart's storage.
    const stored = await page.evaluate(() => window.localStorage.getItem('cart') ?? '');
    expect(stored).toContain('"size":"ExtraLarge"');
    await context.close();
  });

  it('keeps the header, and the order type just chosen, in view on a first visit', async () => {
    const { context, page } = await h.newPage({ orderType: null });
    await page.goto('/');
    await page.getByRole('heading', { name: 'How would you like your order?' }).waitFor();
    await page.locator('.order-type-choice', { hasText: 'Pickup' }).click();
    const chip = page.locator('.order-type-chip');
    await expect.poll(async () => ((await chip.textContent()) ?? '').includes('Pickup')).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await chip.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});

describe('every customer screen', () => {
  it('never scrolls sideways at 320 px and axe finds nothing at 390 and 1280 px (guest)', async () => {
    const { context, page } = await h.newPage();
    await withGuestCart(context);
    await context.clock.setFixedTime(new Date(NOW));
    // "Item not found" is the screen for a product the API answers 404 for.
    const problems = watchConsole(page, [
      (message) => message.location().url.endsWith(`/api/products/${MISSING_ID}`),
    ]);
    const findings: string[] = [];
    findings.push(...(await survey(page, guestScreens())));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('and signed in: cart, checkout, payment, my orders, contacts', async () => {
    const { context, page } = await signedInPage();
    const problems = watchConsole(page);
    const findings: string[] = [];
    findings.push(...(await survey(page, SIGNED_IN_SCREENS)));
    // The account menu open.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await open(page, '/');
      await page.locator('.account-menu-toggle').click();
      await page.getByRole('link', { name: 'My Orders' }).waitFor();
      for (const line of await axeViolations(page))
        findings.push(`account menu @${width}: ${line}`);
    }
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with the order-type dialog open, and the week of hours shown', async () => {
    const { context, page } = await h.newPage({ orderType: null });
    const problems = watchConsole(page);
    const findings: string[] = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      for (const line of await axeViolations(page)) findings.push(`dialog @${width}: ${line}`);
      await dialog.getByRole('button', { name: /^Delivery/ }).click();
      await dialog.getByLabel('Delivery address').waitFor();
      for (const line of await axeViolations(page))
        findings.push(`dialog, delivery @${width}: ${line}`);
      await dialog.getByRole('button', { name: /^Pickup/ }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Opening hours' }).locator('summary').click();
      for (const line of await axeViolations(page)) findings.push(`hours open @${width}: ${line}`);
      await page.evaluate(() => window.localStorage.removeItem('orderType'));
    }
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('messages', () => {
  it('shows one at a time, the newest replacing the last, and none after leaving the page', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    await open(page, `/${seededCategory('Wings').segment}/${first('Wings').id}`);
    const toasts = page.locator('.notices .notice');
    const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await toasts.getByText('Item added to cart.', { exact: true }).waitFor();
    // An error next: it replaces the success rather than stacking under it.
    const quantity = page.getByRole('main').getByLabel(/^Quantity/);
    await quantity.fill('0');
    await add.click();
    await page.getByRole('alert').getByText('Please select a quantity greater than 0.').waitFor();
    expect(await toasts.count()).toBe(1);
    // And a success replaces the error.
    await quantity.fill('2');
    await add.click();
    await page.getByRole('status').getByText('Item added to cart.', { exact: true }).waitFor();
    expect(await toasts.count()).toBe(1);
    // Another page: the message about this one is gone.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Cart/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /Cart/ }).waitFor();
    expect(await toasts.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Special Offers', () => {
  it('only on Home and the category lists, after the content on a phone', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page, [
      (message) => message.location().url.endsWith(`/api/products/${MISSING_ID}`),
    ]);
    const offers = page.getByRole('complementary', { name: 'Special Offers' });
    for (const path of ['/', '/category/combos', '/category/beverages']) {
      await open(page, path);
      await offers.getByRole('link', { name: 'Order Now' }).waitFor();
      // Below the page's own content on a phone.
      const contentBottom = await page
        .locator('.with-offers-main')
        .evaluate((node) => node.getBoundingClientRect().bottom);
      const offersTop = await offers.evaluate((node) => node.getBoundingClientRect().top);
      expect(offersTop, path).toBeGreaterThan(contentBottom);
    }
    const superBowl = first('superbowlcombo');
    for (const path of [
      `/${seededCategory('superbowlcombo').segment}/${superBowl.id}`,
      `/category/${seededCategory('superbowlcombo').segment}`,
      `/${seededCategory('Wings').segment}/${first('Wings').id}`,
      '/cart',
      '/login',
      `/wings/${MISSING_ID}`,
    ]) {
      await open(page, path);
      expect(await offers.count(), path).toBe(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
