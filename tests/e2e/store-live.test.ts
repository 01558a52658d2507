/**
 * The store's changes reach an open storefront without a reload: the staff close the store and
 * the banner and the cart say so within moments; they open it again and it follows. (Sold-out
 * items follow the same line, `what: 'menu'`.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { watchConsole } from '../support/console';
import { call, registerStaff, type Account } from '../support/orders';

/** Live changes arrive well under a second; a busy test machine gets room. */
const LIVE = { timeout: 5_000 };

let h: BrowserHarness;
let staff: Account;
beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
  staff = await registerStaff(h.app, h.db);
});
afterAll(() => h.close());

async function setMode(mode: 'auto' | 'closed') {
  const response = await call(h.app, staff, 'PUT', '/api/staff/store', { mode });
  expect(response.statusCode).toBe(200);
}

it('follows the store closing and opening again, live, on every page', async () => {
  const { context, page } = await h.newPage();
  const problems = watchConsole(page);
  // The page is listening once its line to the store has answered (the server subscribes first).
  const listening = page.waitForResponse((response) =>
    response.url().endsWith('/api/store/events'),
  );
  await page.goto('/');
  const banner = page.locator('.hours-bar');
  await banner.getByText('Open now', { exact: true }).waitFor();
  expect((await listening).status()).toBe(200);

  await setMode('closed');
  await banner.getByText('Closed now', { exact: true }).waitFor(LIVE);

  await setMode('auto');
  await banner.getByText('Open now', { exact: true }).waitFor(LIVE);

  await context.close();
  expect(problems).toEqual([]);
});
