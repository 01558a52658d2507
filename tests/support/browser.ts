import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Clock } from '../../src/server/clock';
import type { AppConfig } from '../../src/server/config';
import { createTestApp, listenOnLoopback, type TestApp } from './test-app';
import { TEST_PASSWORD } from './users';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The built web app; WEB_DIR lets parallel work build and test its own copy. */
export const WEB_DIR = process.env.WEB_DIR ?? 'dist/web';

/**
 * Where a browser file puts the screenshots a person looks at before resolving (made if need
 * be): SCREENSHOT_DIR when set, else `shots-<feature>` in the system's temporary folder.
 */
export function screenshotsFolder(feature: string): string {
  const folder = process.env.SCREENSHOT_DIR ?? join(tmpdir(), `shots-${feature}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}

export interface BrowserHarness extends TestApp {
  baseUrl: string;
  browser: Browser;
  /** Uncaught errors of any page opened here; a journey test expects it empty at its end. */
  pageErrors: string[];
  /**
   * A fresh browser context (empty cookies), on a phone-sized screen, as a visitor who already
   * chose pickup: journeys about other things do not meet the order type modal. `orderType: null`
   * is a true first visit (empty storage), so the modal opens.
   */
  newPage: (options?: NewPageOptions) => Promise<{ context: BrowserContext; page: Page }>;
}

export interface NewPageOptions {
  /** Stored on every load unless the page already has one; null stores nothing. Default 'pickup'. */
  orderType?: 'pickup' | 'delivery' | null;
  /** The delivery address stored with a delivery order type. */
  address?: string;
  /** The page's clock, fixed at this instant (the server's, where opening hours matter). */
  now?: string;
  /**
   * Signed in with this session (a `Cookie` value, `sid=…`), as the server would have set it:
   * a test about something else skips the login screen and its rate limit.
   */
  session?: string;
}

/**
 * The built web app (dist/web, made by `npm run build`) served by the real server on a free port
 * with a fresh PGlite database, and Debian's Chromium driven by Playwright. `config` overrides
 * the test configuration (e.g. `google`); `webDir` is always WEB_DIR.
 */
export async function startBrowserHarness(
  options: {
    clock?: Clock;
    config?: Partial<AppConfig>;
    /**
     * Classic scrollbars, as a desktop browser draws them (Playwright hides them by default):
     * one that appears as the content arrives narrows the page, which a layout test must see.
     */
    scrollbars?: boolean;
  } = {},
): Promise<BrowserHarness> {
  if (!existsSync(`${WEB_DIR}/index.html`)) {
    throw new Error(`${WEB_DIR} is missing: run \`npm run build\` first (npm test does).`);
  }
  const testApp = await createTestApp({
    kind: 'pglite',
    clock: options.clock,
    config: { ...options.config, webDir: WEB_DIR },
  });
  const baseUrl = await listenOnLoopback(testApp.app);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    ignoreDefaultArgs: options.scrollbars ? ['--hide-scrollbars'] : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const pageErrors: string[] = [];
  return {
    ...testApp,
    baseUrl,
    browser,
    pageErrors,
    newPage: async ({ orderType = 'pickup', address, now, session }: NewPageOptions = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 390, height: 844 },
        locale: 'en-CA',
      });
      if (session) {
        const [name = '', value = ''] = session.split('=');
        await context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
      }
      if (orderType !== null) {
        // Only when absent, so a value the page itself stored survives a reload.
        await context.addInitScript(
          ({ type, address }) => {
            // about:blank (a customer who left the page) has no storage of ours.
            if (window.location.protocol !== 'http:') return;
            if (window.localStorage.getItem('orderType')) return;
            window.localStorage.setItem('orderType', type);
            if (address) window.localStorage.setItem('orderAddress', address);
          },
          { type: orderType, address: orderType === 'delivery' ? (address ?? null) : null },
        );
      }
      if (now) await context.clock.setFixedTime(new Date(now));
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // The server draws catalogue pages before their code runs (decision 14), and a tap
      // before hydration does nothing: a journey acts on the app, so a page load waits until
      // React has taken over a page the server drew (main.tsx marks <html data-hydrated>).
      const hydrated = () =>
        page.waitForFunction(
          () =>
            document.getElementById('first-view-data') === null ||
            document.documentElement.hasAttribute('data-hydrated'),
        );
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      Object.assign(page, {
        goto: async (...args: Parameters<Page['goto']>) => {
          const response = await goto(...args);
          await hydrated();
          return response;
        },
        reload: async (...args: Parameters<Page['reload']>) => {
          const response = await reload(...args);
          await hydrated();
          return response;
        },
      });
      return { context, page };
    },
    close: async () => {
      await browser.close();
      await testApp.close();
    },
  };
}

export interface SignInOptions {
  /** Opens /login first (the default); false when the page already shows the login form. */
  open?: boolean;
  /** Default: the password `registerUser` gives every test customer. */
  password?: string;
  /** Where the login lands, as `page.waitForURL` takes it; by default anywhere but /login. */
  landsOn?: string | ((url: URL) => boolean);
}

/** Signs in through the Login form as a person does, and waits until the app has moved on. */
export async function signIn(
  page: Page,
  email: string,
  {
    open = true,
    password = TEST_PASSWORD,
    landsOn = (url) => url.pathname !== '/login',
  }: SignInOptions = {},
): Promise<void> {
  if (open) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(landsOn);
}
