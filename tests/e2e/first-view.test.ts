/**
 * The server's first view in a browser (decision 14): Home's grid is there with JavaScript off,
 * and with it on the page hydrates without a word in the console, even for a returning
 * customer whose browser holds what the server cannot see (order type, guest cart) and whose
 * clock reads another day than the server's; then it is the app (a card opens in place).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProduct } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { storeRepository } from '../../src/server/repositories/store';
import { COMPILE_HINT } from '../../scripts/compile-hint';
import { WEB_DIR, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { watchConsole } from '../support/console';

let h: BrowserHarness;
let products: ApiProduct[];

beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours (Monday 11:00-23:00).
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
  products = (await h.app.inject({ method: 'GET', url: '/api/products' })).json<ApiProduct[]>();
});
afterAll(() => h.close());

const HOME_CARDS = 10;

/** The app's entry chunk: hydration waits for it. */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/**
 * A phone-sized page in a browser context of its own (the harness's pages wait for hydration,
 * which these tests hold back), with `storage` in local storage before every load, and the
 * responses whose URL matches `held` kept back until `release()`. `close` releases them too.
 */
async function pageHolding(held: RegExp, storage: Record<string, string> = {}) {
  const context = await h.browser.newContext({
    baseURL: h.baseUrl,
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const problems = watchConsole(page);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    page,
    problems,
    release: () => release(),
    close: async () => {
      release();
      await context.close();
    },
  };
}

describe('the first view', () => {
  it('shows Home’s grid, the hours and the offers with JavaScript disabled', async () => {
    const context = await h.browser.newContext({
      baseURL: h.baseUrl,
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
      const cards = main.locator('.card-grid').getByRole('link');
      await expect(cards.count()).resolves.toBe(HOME_CARDS);
      const wings = products.find((product) => product.name === 'Wings')!;
      await expect(
        main.getByRole('link', { name: /^Wings \$/ }).getAttribute('href'),
      ).resolves.toBe(`/wings/${wings._id}`);
      await page.getByRole('region', { name: 'Opening hours' }).getByText('Open now').waitFor();
      await page.getByRole('complementary', { name: 'Special Offers' }).waitFor();
      // The lead image is asked for first, not when it is scrolled to.
      await expect(cards.first().locator('img').getAttribute('fetchpriority')).resolves.toBe(
        'high',
      );
    } finally {
      await context.close();
    }
  });

  it('hydrates without a warning for a returning customer, then works as the app', async () => {
    // The page's clock on Tuesday morning (closed then), the server's on Monday evening: the
    // page must first draw Monday's hours, as the server did.
    const { context, page } = await h.newPage({
      orderType: 'delivery',
      address: '12 Main St, Guelph ON',
      now: '2026-11-24T13:00:00Z',
    });
    const coke = products.find((product) => product.name === 'Coke')!;
    await context.addInitScript((productId) => {
      if (!window.localStorage.getItem('cart')) {
        window.localStorage.setItem(
          'cart',
          JSON.stringify([{ productId, _id: 'l1', quantity: 3 }]),
        );
      }
    }, coke._id);
    const problems = watchConsole(page);
    await page.goto('/');
    // What only the browser knows shows once hydrated.
    await page
      .getByRole('button', { name: 'Order type: Delivery to 12 Main St, Guelph ON' })
      .waitFor();
    await page.getByRole('link', { name: 'Cart 3 items', exact: true }).waitFor();
    await expect(page.locator('.card-grid').getByRole('link').count()).resolves.toBe(HOME_CARDS);

    // A card opens its screen in place: no new document.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: /^Wings \$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Wings' }).waitFor();
    await expect(
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
    expect(h.pageErrors).toEqual([]);
    await context.close();
  });

  it('paints before it asks for the app’s JavaScript, its inline loader and style allowed', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? null;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime);
      // The inline stylesheet applied: the page's colours come from it, not a file.
      const styled = getComputedStyle(document.documentElement).backgroundColor;
      return { paint, scripts, styled };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(1);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint ?? 0);
    expect(timing.styled).toBe('rgb(255, 250, 243)');
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends the entry script with V8’s compile hint as its first line, its source map in step', async () => {
    const html = await (await fetch(`${h.baseUrl}/`)).text();
    const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const code = await (await fetch(`${h.baseUrl}${entry}`)).text();
    expect(code.split('\n')[0]).toBe(COMPILE_HINT);
    // One group of mappings per line of code: every line but the hint's (an empty group), the
    // source map's own comment and the empty line after the file's last newline.
    const map = JSON.parse(readFileSync(join(WEB_DIR, `${entry}.map`), 'utf8')) as {
      mappings: string;
    };
    expect(map.mappings.startsWith(';')).toBe(true);
    const lines = code.split('\n');
    expect(lines.at(-2)).toMatch(/^\/\/# sourceMappingURL=/);
    expect(map.mappings.split(';')).toHaveLength(lines.length - 2);
  });

  it('leaves out of the entry script what only later screens use', async () => {
    // Rollup places a module in one chunk with every export any chunk uses: a module the entry
    // imports for one constant brings along what only a screen loaded later needs.
    const html = await (await fetch(`${h.baseUrl}/`)).text();
    const entry = /data-entry="([^"]+)"/.exec(html)?.[1] ?? 'none';
    const { sources } = JSON.parse(readFileSync(join(WEB_DIR, `${entry}.map`), 'utf8')) as {
      sources: string[];
    };
    const inEntry = (module: string) => sources.some((source) => source.endsWith(`/src/${module}`));
    // The map is read right: the first view's own modules are there.
    expect(inEntry('domain/pricing-terms.ts')).toBe(true);
    expect(inEntry('web/shared/cart/local-cart.ts')).toBe(true);
    for (const later of [
      'domain/pricing.ts', // the engine: an item, the cart, a guest's cart lines
      'domain/line-notice.ts', // the server cart's lines, Payment
      'web/shared/cart/cart-lines.ts',
      'domain/hst-number.ts', // the staff's store screen
    ]) {
      expect(inEntry(later), later).toBe(false);
    }
    // React Router is one module, so the same holds for its hooks (one screen used this one).
    const code = await (await fetch(`${h.baseUrl}${entry}`)).text();
    expect(code).not.toContain('useSearchParams');
  });

  it('shows a first visit the order type chooser before the app’s code runs; the app makes that same element modal', async () => {
    const chooser = (page: Page) =>
      page.getByRole('dialog', { name: 'How would you like your order?' });
    for (const stored of [null, 'pickup'] as const) {
      // The app's code is held back until the server's page has been looked at.
      const { page, problems, release, close } = await pageHolding(
        ENTRY,
        stored ? { orderType: stored } : {},
      );
      try {
        // Not until `load`: the held script holds it back.
        await page.goto('/category/beverages', { waitUntil: 'domcontentloaded' });
        await page.getByRole('heading', { level: 1, name: 'Beverages' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe(
          undefined,
        );
        if (stored) {
          // A returning customer: the server's chooser is there but never shown.
          await expect(chooser(page).count()).resolves.toBe(0);
          await expect(page.locator('dialog').isVisible()).resolves.toBe(false);
        } else {
          await chooser(page)
            .getByRole('button', { name: /^Pickup/ })
            .waitFor();
          await expect(chooser(page).isVisible()).resolves.toBe(true);
          await page.evaluate(() => {
            (window as unknown as { drawn?: Element | null }).drawn =
              document.querySelector('dialog');
          });
        }
        release();
        await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
        if (stored) {
          await page.getByRole('button', { name: 'Order type: Pickup' }).waitFor();
          await expect(page.locator('dialog').count()).resolves.toBe(0);
        } else {
          await expect(
            page.evaluate(() => {
              const dialog = document.querySelector('dialog');
              return {
                same: dialog === (window as unknown as { drawn?: Element | null }).drawn,
                modal: dialog?.matches(':modal') ?? false,
                focusInside: dialog?.contains(document.activeElement) ?? false,
              };
            }),
          ).resolves.toEqual({ same: true, modal: true, focusInside: true });
          await chooser(page)
            .getByRole('button', { name: /^Pickup/ })
            .click();
          await page.getByRole('button', { name: 'Order type: Pickup' }).waitFor();
          await expect(chooser(page).count()).resolves.toBe(0);
        }
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('acts on a tap made before the app’s code runs once the app has started, with no reload', async () => {
    const chooser = (page: Page) =>
      page.getByRole('dialog', { name: 'How would you like your order?' });
    for (const stored of [null, 'pickup'] as const) {
      const { page, problems, release, close } = await pageHolding(
        ENTRY,
        stored ? { orderType: stored } : {},
      );
      const cart = () =>
        page.evaluate(() =>
          (
            JSON.parse(localStorage.getItem('cart') ?? '[]') as { name: string; quantity: number }[]
          ).map((line) => [line.name, line.quantity]),
        );
      try {
        await page.goto('/category/beverages', { waitUntil: 'domcontentloaded' });
        await page.getByRole('heading', { level: 1, name: 'Beverages' }).waitFor();
        // Set on this document: a reload would lose it.
        await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1));
        if (stored) {
          await page
            .getByRole('form', { name: 'Coke', exact: true })
            .getByRole('button', { name: 'Add to Cart' })
            .click();
        } else {
          await chooser(page)
            .getByRole('button', { name: /^Pickup/ })
            .click();
        }
        // Held: the app is not there yet, and nothing happened.
        expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe(
          undefined,
        );
        await expect(cart()).resolves.toEqual([]);
        release();
        await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
        if (stored) {
          await expect.poll(cart).toEqual([['Coke', 1]]);
          await page.getByRole('link', { name: 'Cart 1 item', exact: true }).waitFor();
        } else {
          await page.getByRole('button', { name: 'Order type: Pickup' }).waitFor();
          await expect(chooser(page).count()).resolves.toBe(0);
          await expect(cart()).resolves.toEqual([]);
        }
        await expect(
          page.evaluate(() => (window as unknown as { marker?: number }).marker),
        ).resolves.toBe(1);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('asks for a guest cart’s product before the cart screen’s code is in, and only once', async () => {
    const coke = products.find((product) => product.name === 'Coke')!;
    // The cart screen's chunk (preloaded with the entry) is held back: hydration waits for it.
    const { page, problems, release, close } = await pageHolding(
      /\/assets\/cart-screen-[^/]+\.js$/,
      {
        orderType: 'pickup',
        cart: JSON.stringify([{ _id: 'line-1', productId: coke._id, name: 'Coke', quantity: 2 }]),
      },
    );
    const productPath = `/api/products/${coke._id}`;
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === productPath) asked.push(pathname);
    });
    try {
      await page.goto('/cart', { waitUntil: 'domcontentloaded' });
      await expect.poll(() => asked.length).toBe(1);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe(undefined);
      release();
      const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem', {
        name: 'Coke',
      });
      await line.getByTestId('line-quantity').getByText('2').waitFor();
      expect(asked).toEqual([productPath]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a stored cart the closed-store note in the first paint, and an empty cart never', async () => {
    const coke = products.find((product) => product.name === 'Coke')!;
    const line = { _id: 'line-1', productId: coke._id, name: 'Coke', quantity: 2 };
    const note = (page: Page) =>
      page.getByText('We are closed right now, so checkout is paused.', { exact: false });
    await storeRepository(h.db).setOpenMode('closed');
    try {
      await expect
        .poll(async () =>
          (await h.app.inject({ method: 'GET', url: '/api/store/status' })).json<unknown>(),
        )
        .toEqual({ storeOpen: false, status: 'closed', resumesAt: null });
      for (const stored of [true, false]) {
        const { page, problems, release, close } = await pageHolding(ENTRY, {
          orderType: 'pickup',
          ...(stored ? { cart: JSON.stringify([line]) } : {}),
        });
        try {
          await page.goto('/cart', { waitUntil: 'domcontentloaded' });
          await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe(
            undefined,
          );
          await expect(note(page).isVisible()).resolves.toBe(stored);
          release();
          await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
          if (stored) {
            const lines = page.getByRole('list', { name: 'Items in your cart' });
            await lines.getByRole('listitem', { name: 'Coke' }).waitFor();
            await expect(note(page).isVisible()).resolves.toBe(true);
            // Above the lines: what the lines' arrival pushes down is below it.
            const [noteBox, linesBox] = await Promise.all([
              note(page).boundingBox(),
              lines.boundingBox(),
            ]);
            expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(linesBox!.y);
            await page.getByRole('button', { name: 'Store Closed' }).waitFor();
          } else {
            await page.getByText('Your cart is empty.', { exact: false }).waitFor();
            await expect(note(page).count()).resolves.toBe(0);
          }
          expect(problems).toEqual([]);
        } finally {
          await close();
        }
      }
    } finally {
      await storeRepository(h.db).setOpenMode('auto');
    }
  });

  it('hydrates Beverages, an item and the cart without a warning or a request for the menu', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    // The page holds the answers it was drawn with: the browser's router starts from them.
    const menuReads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(products|items|toppings|store$)/.test(pathname)) menuReads.push(pathname);
    });
    const wings = products.find((product) => product.name === 'Wings')!;
    for (const [path, heading] of [
      ['/category/beverages', 'Beverages'],
      [`/wings/${wings._id}`, 'Wings'],
      ['/cart', 'Your Cart'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Hydrated: the stored order type (pickup) replaced the server's question.
      await page.getByRole('button', { name: 'Order type: Pickup' }).waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
      expect(menuReads, path).toEqual([]);
    }
    await page.getByText('Your cart is empty.', { exact: false }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
