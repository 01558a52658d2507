/**
 * The store's changes reach an open storefront without a reload: the staff close the store and
 * the banner and the cart say so within moments; they open it again and it follows. A pause
 * says what it is and when it ends, and goes when lifted or when its time is up. (Sold-out
 * items follow the same line, `what: 'menu'`.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { MONDAY_EVENING as NOW } from '../support/journey';
import { watchConsole } from '../support/console';
import { call, fillCart, registerStaff, type Account } from '../support/orders';
import { registerUser } from '../support/users';

/** Live changes arrive well under a second; a busy test machine gets room. */
const LIVE = { timeout: 5_000 };

/** Monday 2026-11-23 18:00 in Toronto: open by the hours. */
const SHOTS = screenshotsFolder('store-live');
const clock = fixedClock(NOW);

let h: BrowserHarness;
let staff: Account;
beforeAll(async () => {
  h = await startBrowserHarness({ clock });
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

async function pause(minutes: number) {
  const response = await call(h.app, staff, 'PUT', '/api/staff/store', { pauseMinutes: minutes });
  expect(response.statusCode, response.body).toBe(200);
}

/** The page is listening once its line to the store has answered (the server subscribes first). */
async function openListening(page: Page, path: string) {
  const listening = page.waitForResponse((response) =>
    response.url().endsWith('/api/store/events'),
  );
  await page.goto(path);
  expect((await listening).status()).toBe(200);
}

it('says a pause is a pause and when it ends, lets an order be scheduled after it, and follows its end', async () => {
  const { user, cookie } = await registerUser(h.app, {
    contacts: [
      { phone: '519-555-0100', address: '55 Wyndham St N, Guelph, ON N1H 7T8', isDefault: true },
    ],
  });
  await fillCart(h.app, { id: user._id, cookie }, [{ name: 'Coke' }]);
  const { context, page } = await h.newPage({ now: NOW, session: cookie });
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openListening(page, '/');
  const hours = page.locator('.hours-bar');
  await hours.getByText('Open now', { exact: true }).waitFor();

  // Fifteen minutes' pause inside the hours: paused, not closed, back at 6:15 PM.
  await pause(15);
  await hours.getByText('Paused — back at 6:15 PM', { exact: true }).waitFor(LIVE);
  expect(await hours.getByText('Closed now').count()).toBe(0);
  const banner = page.locator('.closed-banner');
  expect(await banner.textContent()).toBe(
    'Paused — back at 6:15 PM. We are not taking orders for a few minutes; you can browse the menu, or schedule an order for later.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/paused-home-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/paused-home-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });

  // The cart says so too, and lets the customer on to schedule for later.
  await openListening(page, '/cart');
  const note = page.locator('.cart-closed-note');
  await expect
    .poll(() => note.textContent(), LIVE)
    .toBe('Paused — back at 6:15 PM. You can schedule your order for later at checkout.');
  const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
  await expect.poll(() => proceed.isDisabled()).toBe(false);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/paused-cart-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/paused-cart-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // Checkout: nothing for as soon as possible, but a time after the pause can be ordered.
  await openListening(page, '/checkout');
  const submit = page.locator('button.checkout-submit');
  await expect.poll(() => submit.textContent(), LIVE).toBe('Paused — back at 6:15 PM');
  expect(await submit.isDisabled()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/paused-checkout-asap-390.png`, fullPage: true });
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  const first = await page.getByLabel('Time').locator('option').first().textContent();
  expect(first).toBe('6:30 PM');
  await expect.poll(() => submit.textContent()).toBe('Confirm Order');
  expect(await submit.isDisabled()).toBe(false);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/paused-checkout-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/paused-checkout-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // Lifted by the staff: open again at once.
  await pause(0);
  await hours.getByText('Open now', { exact: true }).waitFor(LIVE);
  await page.getByRole('radio', { name: 'As soon as possible' }).check();
  await expect.poll(() => submit.textContent()).toBe('Confirm Order');

  // A minute's pause that runs out by itself: nobody announces it, the page still follows.
  await pause(1);
  await hours.getByText('Paused — back at 6:01 PM', { exact: true }).waitFor(LIVE);
  const end = new Date(Date.parse(NOW) + 60_000);
  clock.set(end);
  await context.clock.setFixedTime(end);
  await hours.getByText('Open now', { exact: true }).waitFor(LIVE);
  await expect.poll(() => submit.textContent()).toBe('Confirm Order');

  await context.close();
  expect(problems).toEqual([]);
});
