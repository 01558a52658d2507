/**
 * An item with no photo (the rules allow it; an import can bring one): every screen that shows
 * its picture shows the store's placeholder (`/no-photo.svg`, web/shared/product.ts), loaded,
 * never an `<img>` with an empty `src` and its broken-image box: the customer at 390 px on the
 * category and the item's screen, the owner's row on /staff/menu at 1280 px. (The cart and the
 * order lines draw an empty frame of their own for it.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiStaffProduct } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { watchConsole } from '../support/console';
import { call, registerMember, type Account } from '../support/orders';

/** Monday 2026-11-23 18:00 in Toronto: the store is open. */
const NOW = '2026-11-23T23:00:00Z';
const SHOTS = screenshotsFolder('nophoto');

let h: BrowserHarness;
let admin: Account;
let wings: ApiStaffProduct;

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  admin = (await registerMember(h.app, h.db, 'admin')).account;
  const products = (await call(h.app, admin, 'GET', '/api/staff/products')).json<
    ApiStaffProduct[]
  >();
  const found = products.find((product) => product.category === 'Wings' && !product.hidden);
  if (!found) throw new Error('the seeded menu has no wings');
  const cleared = await call(h.app, admin, 'PATCH', `/api/staff/products/${found._id}`, {
    image: '',
  });
  expect(cleared.statusCode, cleared.body).toBe(200);
  wings = cleared.json<ApiStaffProduct>();
  expect(wings.image).toBe('');
});
afterAll(() => h.close());

/** Every picture on the page, as the browser loaded it. */
function pictures(page: Page) {
  return page.locator('img').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.getAttribute('src') ?? '',
      loaded: image.complete && image.naturalWidth > 0,
    })),
  );
}

async function placeholderShown(page: Page, selector: string): Promise<void> {
  const picture = page.locator(selector).first();
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  expect(await picture.getAttribute('src')).toBe('/no-photo.svg');
  expect((await pictures(page)).filter((each) => each.src === '')).toEqual([]);
}

it('the customer sees the placeholder on the category card and the item screen', async () => {
  const { context, page } = await h.newPage({ now: NOW });
  const problems = watchConsole(page);
  await page.goto('/category/wings');
  const card = page.getByRole('link', { name: new RegExp(`^${wings.name}`) });
  await placeholderShown(page, `a[href$="/${wings._id}"] img`);
  await page.screenshot({ path: `${SHOTS}/category-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/category-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page, 'main')).toEqual([]);

  await card.click();
  await page.getByRole('heading', { level: 1, name: wings.name }).waitFor();
  await placeholderShown(page, 'img.item-image');
  await page.screenshot({ path: `${SHOTS}/item-390.png` });
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

it('the owner sees the placeholder in the item’s row on the menu', async () => {
  const { context, page } = await h.newPage({ now: NOW, session: admin.cookie });
  await page.setViewportSize({ width: 1280, height: 900 });
  const problems = watchConsole(page);
  await page.goto('/staff/menu');
  // The product's row, not the Wings category's of the same name.
  const row = page
    .locator('li.menu-row')
    .filter({ has: page.getByRole('heading', { name: wings.name, exact: true }) });
  await row.waitFor();
  await placeholderShown(page, `img[alt="Photo of ${wings.name}"]`);
  await row.screenshot({ path: `${SHOTS}/staff-row-1280.png` });
  expect(problems).toEqual([]);
  await context.close();
});
