/**
 * Lighthouse (the npm package, Debian's Chromium) on the storefront's pages, mobile and desktop.
 *
 * Each page and preset gets a Chromium of its own (a fresh profile: a first visit, as a new
 * customer sees it; Lighthouse also empties the HTTP cache before every run) and BENCH_LH_RUNS
 * runs (default 5); every figure is the median of its runs, taken per metric. The mobile preset
 * is Lighthouse's default (a mid-range phone, simulated slow 4G and 4× CPU slowdown); desktop is
 * `desktop-config.js`. Both throttle by simulation, so the figures are estimates from a trace and
 * less noisy than the wall clock of a shared machine, but still repeat a run before believing a
 * change of a few points.
 *
 * The cart is a guest's with one Coke in it and pickup chosen: a Playwright page on the same
 * profile (over the DevTools port) adds it from Beverages before the runs, and Lighthouse keeps
 * local storage between runs (its default `clearStorageTypes` leaves it). Every other page is a
 * first visit with nothing stored, so the order type dialog opens on it as for a new customer.
 * The store may be closed when the bench runs: every page still renders, only the header's
 * status and the checkout differ (and the cart's largest element is then the closed-store note
 * rather than its heading; both are in the server's first paint since the ninth session of
 * 2026-11-25, the note because the profile holds a cart).
 *
 * First comes a floor: a blank page from a bare `node:http` server, mobile only. What Lighthouse
 * counts there (the navigation's commit, creating the page's JavaScript context) is the browser
 * on this machine before any of our code; the pages' blocking time reads against it. Not a
 * budget.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { median } from './stats';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));
/** BENCH_LH_PAGES=<regexp>: only the pages (and floor) whose name matches, for comparing builds. */
const PAGES = new RegExp(process.env.BENCH_LH_PAGES ?? '', 'i');
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--headless=new',
  '--no-first-run',
  '--disable-sync',
];

export interface LighthouseResult {
  page: string;
  path: string;
  preset: 'mobile' | 'desktop';
  runs: number;
  /** The performance category, 0-100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the machine's pace while it ran (`environment.benchmarkIndex`,
   * median): TBT follows it, and on this machine it swings from about 1,100 to 2,900 within a
   * day. Read a row's blocking time beside it.
   */
  benchmarkIndex: number;
}

interface PageToMeasure {
  page: string;
  path: string;
  /** Prepares the profile's storage before the runs (the cart's line). */
  seed?: (origin: string, debuggingPort: number) => Promise<void>;
}

/** The products the pages need, from the running app's own catalogue. */
async function pagesOf(baseUrl: string): Promise<PageToMeasure[]> {
  const response = await fetch(`${baseUrl}/api/products`);
  const products = (await response.json()) as { _id: string; name: string; category: string }[];
  const pizzaDeal = products.find((product) => product.category === 'TwoforOneDeals');
  if (!pizzaDeal) throw new Error('no TwoforOneDeals product to open');
  return [
    { page: 'Home', path: '/' },
    { page: 'Wings (category)', path: '/category/wings' },
    { page: 'Beverages', path: '/category/beverages' },
    { page: 'Detail (2-for-1 pizza)', path: `/twoforonedeals/${pizzaDeal._id}` },
    { page: 'Cart (1 line)', path: '/cart', seed: seedGuestCart },
  ];
}

/** A guest who chose pickup and added one Coke from Beverages, as the app itself stores it. */
async function seedGuestCart(origin: string, debuggingPort: number): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default context to seed');
    const page = await context.newPage();
    await page.goto(`${origin}/category/beverages`);
    await page.evaluate(() => window.localStorage.setItem('orderType', 'pickup'));
    await page.reload();
    // Until React has taken over the server's HTML, Add is a plain form's submit button (the
    // browser tests wait the same way, tests/support/browser.ts).
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const coke = page.getByRole('main').getByRole('form', { name: 'Coke', exact: true });
    await coke.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForFunction(() => (window.localStorage.getItem('cart') ?? '[]') !== '[]');
    await page.close();
  } finally {
    // A browser reached over CDP is only disconnected here, not closed.
    await browser.close();
  }
}

interface OneRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
}

async function runOnce(url: string, port: number, config: Config | undefined): Promise<OneRun> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  };
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function measure(
  baseUrl: string,
  target: PageToMeasure,
  preset: 'mobile' | 'desktop',
): Promise<LighthouseResult> {
  let chrome: LaunchedChrome | null = null;
  try {
    chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
    await target.seed?.(baseUrl, chrome.port);
    const runs: OneRun[] = [];
    const config = preset === 'desktop' ? desktopConfig : undefined;
    // A run that Lighthouse itself gives up on (a trace without its navigation start, now and
    // then on a busy machine) is tried again, twice at most, rather than losing the whole table.
    let failures = 0;
    while (runs.length < RUNS) {
      try {
        runs.push(await runOnce(`${baseUrl}${target.path}`, chrome.port, config));
      } catch (error) {
        failures += 1;
        if (failures > 2) throw error;
        console.warn(
          `Lighthouse: ${error instanceof Error ? error.message : String(error)}; again`,
        );
      }
    }
    const of = (key: keyof OneRun) => median(runs.map((run) => run[key]));
    return {
      page: target.page,
      path: target.path,
      preset,
      runs: RUNS,
      score: of('score'),
      fcpMs: Math.round(of('fcpMs')),
      lcpMs: Math.round(of('lcpMs')),
      tbtMs: Math.round(of('tbtMs')),
      cls: Number(of('cls').toFixed(3)),
      benchmarkIndex: Math.round(of('benchmarkIndex')),
    };
  } finally {
    chrome?.kill();
  }
}

const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Blank</title>' +
  '</head><body><h1>A page with nothing to do</h1></body></html>';

/** `use` given the origin of a bare server answering BLANK_PAGE to every request. */
async function withBlankPage<T>(use: (origin: string) => Promise<T>): Promise<T> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BLANK_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** The blank page's floor, then every page, mobile then desktop; [] without Chromium. */
export async function benchLighthouse(baseUrl: string): Promise<LighthouseResult[]> {
  if (!existsSync(CHROMIUM_PATH)) return [];
  const floor = { page: 'Blank page (floor)', path: '/' };
  const rows: LighthouseResult[] = PAGES.test(floor.page)
    ? [await withBlankPage((origin) => measure(origin, floor, 'mobile'))]
    : [];
  for (const target of (await pagesOf(baseUrl)).filter(({ page }) => PAGES.test(page))) {
    for (const preset of ['mobile', 'desktop'] as const) {
      rows.push(await measure(baseUrl, target, preset));
    }
  }
  return rows;
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

export function printLighthouse(rows: LighthouseResult[]): void {
  if (rows.length === 0) {
    console.log(`\nLighthouse: skipped (no Chromium at ${CHROMIUM_PATH})`);
    return;
  }
  console.log(`\nLighthouse 12, median of ${rows[0]?.runs ?? RUNS} runs per page and preset`);
  console.log(
    `${'page'.padEnd(24)} ${'preset'.padEnd(7)} ${pad('score', 5)} ${pad('FCP ms', 7)} ${pad('LCP ms', 7)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('pace', 5)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.page.slice(0, 24).padEnd(24)} ${row.preset.padEnd(7)} ${pad(row.score, 5)} ${pad(row.fcpMs, 7)} ${pad(row.lcpMs, 7)} ${pad(row.tbtMs, 7)} ${pad(row.cls.toFixed(3), 6)} ${pad(row.benchmarkIndex, 5)}`,
    );
  }
}

// `tsx scripts/bench/lighthouse.ts http://127.0.0.1:PORT`: these pages alone, against a running app.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl] = process.argv.slice(2);
  if (!baseUrl) throw new Error('usage: tsx scripts/bench/lighthouse.ts http://127.0.0.1:PORT');
  const rows = await benchLighthouse(baseUrl.replace(/\/$/, ''));
  printLighthouse(rows);
  if (process.env.BENCH_LH_JSON) console.log(JSON.stringify(rows));
}
