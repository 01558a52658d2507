import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
});
afterAll(() => h.close());

it('shows the categories on Home', async () => {
  const { page } = await h.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Categories' }).waitFor();
  await page.getByRole('link', { name: /Wings/ }).first().waitFor();
  expect(h.pageErrors).toEqual([]);
});
