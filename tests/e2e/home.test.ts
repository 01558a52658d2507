import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiProduct } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { storeRepository } from '../../src/server/repositories/store';
import { findProduct } from '../support/menu';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
let products: ApiProduct[];

beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
  products = (await h.app.inject({ method: 'GET', url: '/api/products' })).json<ApiProduct[]>();
});
afterAll(() => h.close());

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Home's cards: the eight items of their own and one card each for Sides and Beverages. */
function expectedCards(): { title: string; path: string }[] {
  const own = products
    .filter((p) => p.category !== 'Sides' && p.category !== 'Beverages')
    .map((p) => ({ title: p.name, path: `/${p.category.toLowerCase()}/${p._id}` }));
  const firstSide = products.find((p) => p.category === 'Sides');
  if (!firstSide) throw new Error('No sides seeded');
  return [
    ...own,
    { title: 'Sides', path: `/sides/${firstSide._id}` },
    { title: 'Beverages', path: '/category/beverages' },
  ];
}

async function cardsOnHome(page: Page) {
  const grid = page.getByRole('main').getByRole('list').last();
  await grid.getByRole('link').first().waitFor();
  return grid.getByRole('link');
}

describe('Home', () => {
  it('shows the layout shell and every category card', async () => {
    const { page, context } = await h.newPage({ now: '2026-11-23T23:00:00Z' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();

    const hours = page.getByRole('region', { name: 'Opening hours' });
    await expect(hours.textContent()).resolves.toContain(
      'Sun-Wed 11 AM–11 PM · Thu 11 AM–12 AM · Fri-Sat 11 AM–1 AM',
    );
    await hours.getByText('Open now').waitFor();
    await expect(
      page.getByRole('link', { name: /Royal City Pizza & Wings/ }).getAttribute('href'),
    ).resolves.toBe('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await nav.getByRole('link', { name: /Cart/ }).waitFor();
    // The current year, not the spec's 2025 (issue 44): the server's clock in its first view,
    // the browser's after.
    const year = (html: string) => /<footer[^>]*>.*?(© \d{4})/s.exec(html)?.[1];
    const served = await h.app.inject({ method: 'GET', url: '/' });
    expect(year(served.body)).toBe('© 2026');
    await page.getByRole('contentinfo').getByText('© 2026 Royal City Pizza & Wings').waitFor();
    const offers = page.getByRole('complementary', { name: 'Special Offers' });
    await expect(
      offers.getByRole('link', { name: 'Order Now' }).getAttribute('href'),
    ).resolves.toBe(`/superbowlcombo/${findProduct(products, 'Super Bowl Wings Combo')._id}`);
    await expect(page.getByText(/store is closed/i).count()).resolves.toBe(0);

    const cards = await cardsOnHome(page);
    const expected = expectedCards();
    expect(expected).toHaveLength(10);
    await expect(cards.count()).resolves.toBe(expected.length);
    for (const [index, card] of expected.entries()) {
      const link = cards.nth(index);
      await expect(link.textContent()).resolves.toContain(card.title);
      await expect(link.getAttribute('href')).resolves.toBe(card.path);
      // Every card image has its size, so the grid does not shift while images load.
      const image = link.locator('img');
      await expect(image.getAttribute('width')).resolves.toBe('320');
      await expect(image.getAttribute('height')).resolves.toBe('240');
    }
    await context.close();
    expect(h.pageErrors).toEqual([]);
  });

  it('follows each card to its route, where a screen renders', async () => {
    const { page, context } = await h.newPage();
    for (const [index, card] of expectedCards().entries()) {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Categories' }).waitFor();
      await (await cardsOnHome(page)).nth(index).click();
      await page.waitForURL((url) => url.pathname === card.path);
      expect(pathOf(page)).toBe(card.path);
      // The detail screens are built elsewhere: here it is enough that one rendered.
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      // The click starts a navigation; Home's own heading stays until the next screen renders.
      await expect.poll(() => heading.first().textContent()).not.toBe('Categories');
      // The layout moves focus to the new screen's heading (the clicked card is gone).
      await expect
        .poll(() => heading.first().evaluate((node) => node === document.activeElement))
        .toBe(true);
    }
    await context.close();
    expect(h.pageErrors).toEqual([]);
  });

  it('shows Home for an unknown path', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await expect((await cardsOnHome(page)).count()).resolves.toBe(10);
    await context.close();
    expect(h.pageErrors).toEqual([]);
  });
});

describe('Category item list', () => {
  it('answers /category/Sides with the Sides list, every side named', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/category/Sides');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Sides' }).waitFor();
    // The Sides list (its own screen, per the spec: a row per item with Add to Cart).
    for (const side of products.filter((p) => p.category === 'Sides')) {
      await main.getByText(side.name, { exact: true }).waitFor();
    }
    // Each row's small picture keeps its size attributes (no layout shift while it loads).
    await expect(main.locator('img[width="96"][height="72"]').count()).resolves.toBe(8);
    // ... and is the raster thumbnail, loaded (a missing file would leave naturalWidth 0).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('main form img')].every(
        (img) => img.complete && img.naturalWidth === 192 && img.src.endsWith('.thumb.webp'),
      ),
    );
    await context.close();
    expect(h.pageErrors).toEqual([]);
  });

  it('lists a deal category and follows an item link to its detail screen', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/category/TwoforOneDeals');
    await page.getByRole('heading', { level: 1, name: 'Two-for-One Deals' }).waitFor();
    const deal = findProduct(products, 'Two-for-One Pizza Deal');
    const items = page.getByRole('main').getByRole('list').getByRole('link');
    await items.first().waitFor();
    await expect(items.count()).resolves.toBe(1);
    const item = items.first();
    await expect(item.textContent()).resolves.toContain('Two-for-One Pizza Deal');
    await expect(item.textContent()).resolves.toContain('$18.99');
    await expect(item.locator('img').getAttribute('height')).resolves.toBe('240');
    await item.click();
    await page.waitForURL((url) => url.pathname === `/twoforonedeals/${deal._id}`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
    expect(h.pageErrors).toEqual([]);
  });

  it('says so when the category does not exist', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/category/desserts');
    await page.getByRole('heading', { level: 1, name: 'Category not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Categories' }).waitFor();
    await context.close();
    expect(h.pageErrors).toEqual([]);
  });

  it('marks a sold-out item', async () => {
    await h.db.query(`update products set sold_out = true where slug = 'two-for-one-pizza-deal'`);
    try {
      const { page, context } = await h.newPage();
      await page.goto('/category/twoforonedeals');
      const item = page.getByRole('main').getByRole('list').getByRole('link').first();
      await item.getByText('Sold out').waitFor();
      await context.close();
    } finally {
      await h.db.query(
        `update products set sold_out = false where slug = 'two-for-one-pizza-deal'`,
      );
    }
    expect(h.pageErrors).toEqual([]);
  });
});

describe('when the store is closed', () => {
  it('shows the closed banner on Home', async () => {
    await storeRepository(h.db).setOpenMode('closed');
    try {
      const { page, context } = await h.newPage();
      await page.goto('/');
      await page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: 'The store is closed right now.' })
        .waitFor();
      await page.getByRole('region', { name: 'Opening hours' }).getByText('Closed now').waitFor();
      // Browsing still works while closed.
      await expect((await cardsOnHome(page)).count()).resolves.toBe(10);
      await context.close();
    } finally {
      await storeRepository(h.db).setOpenMode('auto');
    }
    expect(h.pageErrors).toEqual([]);
  });
});
