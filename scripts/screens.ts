/**
 * A survey of the customer's screens: a full-page screenshot of each at phone and desktop widths,
 * and a table of page heights, header heights and horizontal overflow, to look at before a
 * change to the storefront lands (`npm run screens`, with `npm start` running).
 *
 *   npx tsx scripts/screens.ts [baseUrl=http://localhost:3000] [outDir=screens]
 *
 * The cart is filled as a guest (local storage), so no account is needed; the order type is
 * stored as pickup unless a row asks for delivery. Screens that need a sign-in are left to the
 * browser tests.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = process.argv[3] ?? 'screens';
const WIDTHS = [320, 360, 390, 1280];

interface ProductRow {
  _id: string;
  category: string;
  name: string;
}

async function main() {
  const response = await fetch(`${baseUrl}/api/products`);
  const products = (await response.json()) as ProductRow[];
  const first = (category: string) => {
    const product = products.find((row) => row.category === category);
    if (!product) throw new Error(`No product in ${category}`);
    return product._id;
  };
  const cart = [
    {
      productId: first('Wings'),
      _id: 'survey-1',
      size: '1 lb',
      flavor: 'Honey Garlic',
      quantity: 2,
    },
    { productId: first('Beverages'), _id: 'survey-2', quantity: 3 },
  ];
  const screens: { name: string; path: string; delivery?: boolean; cart?: boolean }[] = [
    { name: 'home', path: '/' },
    { name: 'category', path: '/category/combos' },
    { name: 'beverages', path: '/category/beverages' },
    { name: 'sides', path: '/category/sides' },
    { name: 'wings', path: `/wings/${first('Wings')}` },
    { name: 'combo', path: `/combos/${first('Combos')}` },
    { name: 'family', path: `/familycombos/${first('FamilyCombos')}` },
    { name: 'mega-deal', path: `/megadealcombo/${first('MegaDealCombo')}` },
    { name: 'two-for-one', path: `/twoforonedeals/${first('TwoforOneDeals')}` },
    { name: 'two-pizza', path: `/threeforonedeals/${first('ThreeforOneDeals')}` },
    { name: 'panzerotti', path: `/panzerotti/${first('panzerotti')}` },
    { name: 'super-bowl', path: `/superbowlcombo/${first('superbowlcombo')}` },
    { name: 'cart', path: '/cart', cart: true },
    { name: 'cart-delivery', path: '/cart', cart: true, delivery: true },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'not-found-item', path: '/wings/00000000-0000-4000-8000-000000000000' },
  ];

  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const rows: string[] = [];
  for (const width of WIDTHS) {
    for (const screen of screens) {
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        locale: 'en-CA',
      });
      await context.addInitScript(
        ({ delivery, cart }) => {
          if (window.localStorage.getItem('orderType')) return;
          window.localStorage.setItem('orderType', delivery ? 'delivery' : 'pickup');
          if (delivery)
            window.localStorage.setItem('orderAddress', '50 Stone Rd E, Guelph, ON N1G 2W1');
          if (cart) window.localStorage.setItem('cart', JSON.stringify(cart));
        },
        { delivery: screen.delivery ?? false, cart: screen.cart ? cart : null },
      );
      const page = await context.newPage();
      await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'networkidle' });
      await page.waitForSelector('main h1');
      const figures = await measure(page);
      await page.screenshot({ path: `${outDir}/${screen.name}-${width}.png`, fullPage: true });
      rows.push(
        `${String(width).padStart(5)}  ${screen.name.padEnd(15)} ${String(figures.height).padStart(6)} ${String(figures.header).padStart(7)} ${figures.overflow ? '  yes' : '   no'}`,
      );
      await context.close();
    }
  }
  await browser.close();
  console.log(`width  screen          height  header  h-scroll`);
  console.log(rows.join('\n'));
}

/** Page height, the height above <main> (hours, header, banners), and horizontal overflow. */
function measure(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      height: document.documentElement.scrollHeight,
      header: Math.round((main?.getBoundingClientRect().top ?? 0) + window.scrollY),
      overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

await main();
