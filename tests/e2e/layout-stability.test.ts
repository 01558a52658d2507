/**
 * Layout stability (issue 11): nothing on a page moves as its parts arrive. Each page is loaded
 * afresh while a PerformanceObserver adds up every `layout-shift` entry (the browser's own
 * measure, the one CLS is made of), and the sum must stay at or under 0.02 at 390 and 1280 px.
 * Not a timing test: a shift is a fact of the layout (the footer under "Loading...", a line
 * re-centred when the store's status comes), whatever the machine's speed; a slow machine only
 * waits longer for the page to be complete. Scrollbars are drawn as a desktop browser draws
 * them, since one that appears narrows the page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededCategory, type Product } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { firstOf } from '../support/menu';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { MONDAY_EVENING as NOW } from '../support/journey';

/** Monday 2026-11-23 18:00 in Toronto: open by the hours. */
/** The budget for every page, as in issue 11 (Lighthouse's CLS, mobile and desktop). */
const MAX_SHIFT = 0.02;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts?: Shift[];
  }
}

let h: BrowserHarness;
let menu: Product[];

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW), scrollbars: true });
  menu = await productsRepository(h.db).list();
});
afterAll(() => h.close());

const first = (category: string) => firstOf(menu, category);

interface Screen {
  name: string;
  path: string;
  /** The heading that says the screen itself (not "Loading...") is there. */
  heading: () => string;
  /** A guest who chose pickup and has this cart; otherwise a first visit (the dialog opens). */
  cart?: () => { productId: string; _id: string; quantity: number }[];
}

const SCREENS: Screen[] = [
  { name: 'Home', path: '/', heading: () => 'Categories' },
  { name: 'Wings', path: `/category/${seededCategory('Wings').segment}`, heading: () => 'Wings' },
  {
    name: 'Beverages',
    path: `/category/${seededCategory('Beverages').segment}`,
    heading: () => 'Beverages',
  },
  {
    name: 'a pizza deal',
    path: `/${seededCategory('TwoforOneDeals').segment}/:id`,
    heading: () => first('TwoforOneDeals').name,
  },
  {
    name: 'the cart with one line',
    path: '/cart',
    heading: () => 'Your Cart',
    cart: () => [{ productId: first('Beverages').id, _id: 'local-1', quantity: 1 }],
  },
];

/** Records every layout shift of the page from its first frame, with the elements it moved. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.layoutShifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const classes = [...node.classList].map((name) => `.${name}`).join('');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        // What follows a tap or a key press is the customer's doing, not a late arrival.
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page as complete as it gets: the screen, the store's status, every image, then quiet. */
async function settled(page: Page, screen: Screen) {
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: screen.heading(), exact: true }).waitFor();
  if (screen.cart) await main.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();
  await page.getByRole('region', { name: 'Opening hours' }).getByText('Open now').waitFor();
  await page.waitForLoadState('networkidle');
  // Lazy images below the fold never load here: those in view (and every eager one) do.
  await page.waitForFunction(() =>
    [...document.images].every(
      (image) =>
        image.complete ||
        (image.loading === 'lazy' && image.getBoundingClientRect().top > window.innerHeight),
    ),
  );
  // Two frames, so a shift the last arrival caused has been laid out and reported.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))),
      ),
  );
}

describe('layout stability', () => {
  for (const width of [390, 1280]) {
    for (const screen of SCREENS) {
      it(`${screen.name} at ${width} px moves nothing as it loads`, async () => {
        const { context, page } = await h.newPage({
          orderType: screen.cart ? 'pickup' : null,
          now: NOW,
        });
        await page.setViewportSize({ width, height: width < 900 ? 844 : 800 });
        const cart = screen.cart?.();
        if (cart) {
          await context.addInitScript((lines) => {
            if (!window.localStorage.getItem('cart')) {
              window.localStorage.setItem('cart', JSON.stringify(lines));
            }
          }, cart);
        }
        await observeShifts(page);
        await page.goto(screen.path.replace(':id', first('TwoforOneDeals').id));
        await settled(page, screen);

        const shifts = await page.evaluate(() => window.layoutShifts ?? []);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        // The moved elements in the message, so a failure says where to look.
        expect(
          total,
          `layout shifts: ${JSON.stringify(shifts.map((shift) => [shift.value.toFixed(4), shift.sources]))}`,
        ).toBeLessThanOrEqual(MAX_SHIFT);
        await context.close();
      });
    }
  }
});
