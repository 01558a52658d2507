import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_CONTACT } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { axeViolations } from '../support/axe';
import { watchConsole } from '../support/console';
import { registerUser } from '../support/users';

interface ApiProduct {
  _id: string;
  name: string;
  category: string;
}

let h: BrowserHarness;
let wings: ApiProduct;

beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
  const products = (await h.app.inject({ method: 'GET', url: '/api/products' })).json<
    ApiProduct[]
  >();
  const found = products.find((p) => p.category === 'Wings');
  if (!found) throw new Error('No wings seeded');
  wings = found;
});
afterAll(() => h.close());

const SHOTS = screenshotsFolder('resilience');
/** The code of `/{segment}/{id}` (app/product-route.tsx), which holds the item's detail screen. */
const DETAIL_CHUNK = /\/assets\/product-route-[\w-]+\.js$/;
/** Home's card of the wings, by its link (other cards' names contain "Wings" too). */
const wingsCard = (page: Page) => page.getByRole('main').locator(`a[href="/wings/${wings._id}"]`);
const isDocument = (request: Request) => request.resourceType() === 'document';

/** Opens each customer screen by its URL and waits for it to settle. */
async function visitCustomerScreens(page: Page) {
  const main = page.getByRole('main');
  const screens: [string, string | RegExp][] = [
    ['/', 'Categories'],
    ['/category/wings', 'Wings'],
    [`/wings/${wings._id}`, wings.name],
    ['/category/beverages', 'Beverages'],
    ['/cart', /cart/i],
    ['/login', 'Login'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await main.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    await page.waitForLoadState('networkidle');
  }
}

describe('the console on customer screens', () => {
  it('stays clean for a guest', async () => {
    const { page, context } = await h.newPage();
    const problems = watchConsole(page);
    await visitCustomerScreens(page);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('stays clean for a signed-in customer', async () => {
    const { user } = await registerUser(h.app);
    const { page, context } = await h.newPage();
    const problems = watchConsole(page);
    await signIn(page, user.email);
    await page.getByRole('navigation', { name: 'Main' }).getByText(user.name).first().waitFor();
    // Signed in from here on: a 401 now would be a real problem, so nothing is allowed.
    const signedIn = watchConsole(page);
    await visitCustomerScreens(page);
    await context.close();
    expect(signedIn).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('a screen whose data fails', () => {
  it("shows the boundary's message in the shell, with the store's phone, and recovers", async () => {
    const { page, context } = await h.newPage();
    let failures = 0;
    await page.route(`**/api/products/${wings._id}`, async (route) => {
      if (failures++ > 0) return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'internal', message: 'Server error.' }),
      });
    });
    // The server draws a page opened by its address with its own data (decision 14): the
    // browser's request fails on the way to a screen, as when the network drops mid-visit.
    await page.goto('/');
    await wingsCard(page).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Sorry, this page did not load' }).waitFor();
    // The shell around it still works, and the store can still be called.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .waitFor();
    await expect(
      main.getByRole('link', { name: DEFAULT_STORE_CONTACT.phone }).getAttribute('href'),
    ).resolves.toBe('tel:5195550142');
    await page.screenshot({ path: `${SHOTS}/boundary-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/boundary-1280.png` });

    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByRole('heading', { level: 1, name: wings.name }).waitFor();
    await main.getByRole('button', { name: 'Add to Cart' }).waitFor();
    expect(failures).toBe(2);
    await context.close();
  });

  it('says "not found" for a product the menu does not have, without the error screen', async () => {
    const { page, context } = await h.newPage();
    const problems = watchConsole(page, [
      // The 404 itself is the answer being shown; Chromium logs every 4xx resource.
      (message) => message.text().includes('status of 404'),
    ]);
    await page.goto('/wings/00000000-0000-4000-8000-000000000000');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Item not found' }).waitFor();
    await expect(main.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe('a missing code chunk (after a deploy)', () => {
  it('reloads the page once, and then the screen works', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (isDocument(request)) documents.push(new URL(request.url()).pathname);
    });
    // Missing on the page as it was (every try), there again once the page has reloaded.
    let aborted = 0;
    await page.route(DETAIL_CHUNK, (route) => {
      if (documents.length > 0) return route.continue();
      aborted++;
      return route.abort('failed');
    });
    await wingsCard(page).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: wings.name }).waitFor();
    expect(documents).toEqual([`/wings/${wings._id}`]);
    expect(aborted).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the error screen when the chunk stays missing, without a reload loop', async () => {
    const { page, context } = await h.newPage();
    await page.route(DETAIL_CHUNK, (route) => route.abort('failed'));
    const documents: string[] = [];
    page.on('request', (request) => {
      if (isDocument(request)) documents.push(new URL(request.url()).pathname);
    });
    await page.goto(`/wings/${wings._id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'This page needs a refresh' }).waitFor();
    // Time enough for another reload to have started, had the guard failed.
    await page.waitForTimeout(1500);
    expect(documents).toEqual([`/wings/${wings._id}`, `/wings/${wings._id}`]);
    await main.getByRole('link', { name: DEFAULT_STORE_CONTACT.phone }).waitFor();
    await context.close();
  });
});

describe('a screen whose code is not loaded yet, while offline', () => {
  it('shows the app’s offline message with Retry, and reloads only once the server answers', async () => {
    const { page, context } = await h.newPage();
    const problems = watchConsole(page, [
      // The chunk's and the loader's requests while offline: Chromium reports each.
      (message) => message.text().includes('net::ERR_INTERNET_DISCONNECTED'),
      // The error screen notes the failure for whoever debugs it.
      (message) => message.text().startsWith('A screen failed'),
      // The probe of the server this test refuses.
      (message) => message.text().includes('net::ERR_FAILED'),
    ]);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (isDocument(request)) documents.push(new URL(request.url()).pathname);
    });

    await context.setOffline(true);
    await wingsCard(page).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    const retry = main.getByRole('button', { name: 'Retry' });
    // Still offline: Retry asks, and stays on the app's page with a word about it.
    await retry.click();
    await main.getByText('Still offline.', { exact: false }).waitFor();
    expect(documents).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/offline-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/offline-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // Back online but the server does not answer yet: still the app's page, no reload.
    await page.route('**/healthz', (route) => route.abort('failed'));
    const probed = page.waitForRequest('**/healthz');
    await context.setOffline(false);
    await probed;
    const probedAgain = page.waitForRequest('**/healthz');
    await retry.click();
    await probedAgain;
    await main.getByText('Still offline.', { exact: false }).waitFor();
    expect(documents).toEqual([]);

    // The server answers: Retry loads the screen the customer asked for.
    await page.unroute('**/healthz');
    await retry.click();
    await main.getByRole('heading', { level: 1, name: wings.name }).waitFor();
    expect(documents).toEqual([`/wings/${wings._id}`]);
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("a detail screen's network trace", () => {
  it('starts the data request before the screen code has finished loading', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    // A slower network for the chunk, so "at the same time" and "one after the other" differ
    // by more than the machine's jitter. Code that fetched from the screen's component could
    // only start the request after the chunk arrived, delay or not.
    await page.route(DETAIL_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    let apiStarted: number | undefined;
    let chunkFinished: number | undefined;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/products/${wings._id}`) {
        apiStarted ??= performance.now();
      }
    });
    page.on('requestfinished', (request) => {
      if (DETAIL_CHUNK.test(request.url())) chunkFinished ??= performance.now();
    });
    await wingsCard(page).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: wings.name }).waitFor();
    expect(apiStarted).toBeDefined();
    expect(chunkFinished).toBeDefined();
    expect(apiStarted!).toBeLessThan(chunkFinished!);
    await context.close();
  });

  it('asks nothing again when going back and forth between screens', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    const main = page.getByRole('main');
    await wingsCard(page).click();
    await main.getByRole('heading', { level: 1, name: wings.name }).waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goBack();
    await main.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.goForward();
    await main.getByRole('heading', { level: 1, name: wings.name }).waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });
});

describe("the first screen's code", () => {
  /** The names of the script chunks a page loaded ("home-screen", "guest-pricing", ...). */
  function watchScripts(page: Page): string[] {
    const names: string[] = [];
    page.on('request', (request) => {
      const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
      if (match?.[1]) names.push(match[1]);
    });
    return names;
  }

  it('leaves the pricing engine and the form schemas out of Home for a new guest', async () => {
    const { page, context } = await h.newPage();
    const scripts = watchScripts(page);
    await page.goto('/');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toContain('home-screen');
    // Pricing and option rules come with a guest's first cart line; zod with the account forms.
    expect(scripts).not.toContain('guest-pricing');
    expect(scripts).not.toContain('account');
    await context.close();
  });

  it('fetches the pricing engine once a guest cart holds a line, and prices it', async () => {
    const { page, context } = await h.newPage();
    await context.addInitScript((productId) => {
      window.localStorage.setItem(
        'cart',
        JSON.stringify([{ _id: 'line-1', productId, quantity: 2, size: 'Small', flavor: 'Hot' }]),
      );
    }, wings._id);
    const scripts = watchScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts).toContain('guest-pricing');
    await page.goto('/cart');
    await page.getByRole('main').getByText(wings.name).first().waitFor();
    await page.getByRole('main').getByText('Subtotal').first().waitFor();
    await context.close();
  });
});
