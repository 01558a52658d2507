/**
 * The first view the server sends (decision 14): a catalogue page comes as HTML with the page
 * already drawn (Home's grid, a list, an item), the loader data the browser's router starts
 * from, and in the head what the page needs next (its screen's chunks, their CSS, the lead
 * image at high priority). Screens that show one person's data and the staff app come as the
 * plain index.html. Uses the real build (`npm run build`: dist/web and dist/ssr).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { inlineHash } from '../../src/server/http/first-view';
import { STORAGE_KEYS } from '../../src/web/shared/storage';
import { OPEN_TUESDAY, registerStaff, type Account } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';

const WEB_DIR = process.env.WEB_DIR ?? 'dist/web';
const DATA_SCRIPT = /<script type="application\/json" id="first-view-data">(.*?)<\/script>/s;
const INLINE_SCRIPT = /<script data-entry="([^"]*)">(.*?)<\/script>\s*<\/body>/s;

interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  image: string;
  price: number;
}
interface Manifest {
  [key: string]: { file: string; css?: string[]; isEntry?: boolean };
}

let t: TestApp;
let staff: Account;
let products: ApiProduct[];
let manifest: Manifest;
const clock = fixedClock(OPEN_TUESDAY);

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, '..', 'ssr', 'entry-server.js'))) {
    throw new Error(`No server bundle beside ${WEB_DIR}: run \`npm run build\` first.`);
  }
  manifest = JSON.parse(readFileSync(join(WEB_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  t = await createTestApp({ clock, config: { webDir: WEB_DIR } });
  staff = await registerStaff(t.app, t.db);
  products = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<ApiProduct[]>();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

interface FirstViewData {
  renderedAt: number;
  answers: Record<string, unknown>;
}
function dataOf(html: string): FirstViewData {
  const json = DATA_SCRIPT.exec(html)?.[1];
  if (json === undefined) throw new Error('no first-view data in the page');
  return JSON.parse(json) as FirstViewData;
}
/** The page's inline script (the built first-view-loader.ts). */
const inlineScriptOf = (html: string) => INLINE_SCRIPT.exec(html)?.[2] ?? 'none';
const rootOf = (html: string) =>
  /<div id="root">(.*)<\/div><script type="application/s.exec(html)?.[1];
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const chunk = (source: string) => {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the manifest`);
  return entry;
};
const escaped = (text: string) => text.replace(/&/g, '&amp;');

describe('Home as the server sends it', () => {
  let response: LightMyRequestResponse;
  beforeAll(async () => {
    response = await get('/');
  });

  it('holds the shell and every category card, drawn', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const root = rootOf(response.body) ?? '';
    expect(root).toContain('<h1 id="categories-title">Categories</h1>');
    expect(root).toContain('<ul class="card-grid">');
    const ownCards = products.filter((p) => !['Sides', 'Beverages'].includes(p.category));
    expect(ownCards.length).toBeGreaterThan(5);
    for (const product of ownCards) {
      expect(root).toContain(`href="/${product.category.toLowerCase()}/${product._id}"`);
      expect(root).toContain(`<span class="card-title">${escaped(product.name)}</span>`);
    }
    expect(root).toContain('href="/category/beverages"');
    // The hours as the server's clock sees them (a Tuesday evening: open), the offers sidebar.
    expect(root).toContain('Open now');
    expect(root).toContain('Special Offers');
    expect((root.match(/<li>/g) ?? []).length).toBe(ownCards.length + 2);
  });

  it('holds the order type chooser, open but marked as the server’s (CSS shows it on a first visit)', () => {
    const root = rootOf(response.body) ?? '';
    const dialog = /<dialog [^>]*>/.exec(root)?.[0] ?? '';
    expect(dialog).toContain('class="sheet-dialog order-type-dialog"');
    expect(dialog).toContain('open=""');
    expect(dialog).toContain('data-drawn-by-server=""');
    expect(root).toContain('>How would you like your order?</h2>');
    // The inline script marks a first visit before the paint; the stylesheet shows the chooser
    // then. It reads the very keys the app keeps the order type and a guest cart under, and
    // marks a stored guest cart too (the cart screen's closed note).
    const script = inlineScriptOf(response.body);
    expect(script).toContain('localStorage.getItem(');
    expect(script).toContain(JSON.stringify(STORAGE_KEYS.orderType));
    expect(script).toContain(JSON.stringify(STORAGE_KEYS.cart));
    expect(script).toContain('data-choose-order-type');
    expect(script).toContain('data-cart-stored');
  });

  it('hands over the API’s answers it drew with, once, and the minute it drew them at', () => {
    const data = dataOf(response.body);
    expect(data.renderedAt).toBe(new Date(OPEN_TUESDAY).getTime());
    expect(Object.keys(data).sort()).toEqual(['answers', 'renderedAt', 'storeOffset']);
    // Home's grid and the store's categories, the shell's store status (its offers are the
    // offer category's products in the same answers): nothing else.
    expect(Object.keys(data.answers)).toEqual(['/api/categories', '/api/products', '/api/store']);
    expect(data.answers['/api/products']).toEqual(products);
    // Nothing in it can end the script early.
    expect(DATA_SCRIPT.exec(response.body)?.[1]).not.toContain('<');
  });

  it('names Home’s chunks for the loader and preloads the first card’s image from the head', () => {
    const head = headOf(response.body);
    const modules = /<meta name="app-modules" content="([^"]*)">/.exec(head)?.[1]?.split(' ');
    expect(modules).toContain(`/${chunk('features/menu/home-screen.tsx').file}`);
    // The entry is index.html's script (Vite's manifest keys it by the HTML page); the loader
    // asks for it after the first paint, so the head holds no script at all.
    const entry = Object.values(manifest).find((c) => c.isEntry === true);
    expect(head).not.toContain('<script');
    expect(modules).not.toContain(`/${entry?.file ?? 'none'}`);
    expect(INLINE_SCRIPT.exec(response.body)?.[1]).toBe(`/${entry?.file ?? 'none'}`);
    const first = products[0]!;
    expect(head).toContain(
      `<link rel="preload" as="image" href="${first.image}" fetchpriority="high">`,
    );
    // The image itself is eager and high priority; the grid's last card waits to be scrolled to.
    expect(response.body).toMatch(
      new RegExp(`<img src="${first.image}"[^>]*loading="eager"[^>]*fetchPriority="high"`),
    );
    expect(response.body).toMatch(/<img src="[^"]+"[^>]*loading="lazy"/);
  });

  it('holds the entry’s stylesheet inline, allowed by its hash like the loader, and only here', async () => {
    const entry = Object.values(manifest).find((c) => c.isEntry === true);
    const cssFile = entry?.css?.[0] ?? 'none';
    const css = readFileSync(join(WEB_DIR, cssFile), 'utf8');
    const head = headOf(response.body);
    expect(head).toContain(`<style>${css}</style>`);
    expect(head).not.toContain(cssFile);
    const policy = String(response.headers['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([first]) => first === name)
        ?.slice(1);
    expect(directive('script-src')).toEqual(["'self'", inlineHash(inlineScriptOf(response.body))]);
    expect(directive('style-src')).toEqual(["'self'", inlineHash(css)]);
    // The hashes are the first view's alone: the plain app and the API allow no inline code.
    for (const url of ['/login', '/api/products']) {
      const other = String((await get(url)).headers['content-security-policy']);
      expect(other).not.toContain('sha256-');
      expect(other.replace(/ 'sha256-[^']+'/g, '')).toBe(policy.replace(/ 'sha256-[^']+'/g, ''));
    }
  });

  it('is compressed, revalidated by its ETag, and never kept without asking', async () => {
    const br = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(response.body);
    const etag = String(br.headers.etag);
    const again = await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('other pages', () => {
  it('a list (Beverages) with its own chunk named and stylesheet linked', async () => {
    const response = await get('/category/beverages');
    const root = rootOf(response.body) ?? '';
    for (const drink of products.filter((p) => p.category === 'Beverages')) {
      expect(root).toContain(escaped(drink.name));
    }
    // `/category/{segment}`'s route, which shows a list kind's rows.
    const list = chunk('features/menu/category-route.tsx');
    expect(headOf(response.body)).toContain(`/${list.file}`);
    for (const css of list.css ?? []) {
      expect(headOf(response.body)).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
  });

  it('a detail screen with its product drawn', async () => {
    const wings = products.find((p) => p.category === 'Wings')!;
    const response = await get(`/wings/${wings._id}`);
    expect(rootOf(response.body)).toContain(`>${wings.name}</h1>`);
    // Its picture is the page's lead image.
    expect(headOf(response.body)).toContain(
      `<link rel="preload" as="image" href="${wings.image}" fetchpriority="high">`,
    );
    // `/{segment}/{id}`'s route, which holds the detail screen.
    expect(headOf(response.body)).toContain(chunk('app/product-route.tsx').file);
  });

  it('the cart, loading until the browser knows what it holds', async () => {
    const response = await get('/cart');
    expect(rootOf(response.body)).toContain('Loading...');
    expect(rootOf(response.body)).not.toContain('Your cart is empty');
    expect(headOf(response.body)).toContain(chunk('features/cart/cart-screen.tsx').file);
  });

  it.each(['/login', '/my-orders', '/checkout', '/staff', '/staff/menu'])(
    '%s comes as the plain app, drawn by the browser',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(readFileSync(join(WEB_DIR, 'index.html'), 'utf8'));
    },
  );

  it('does not serve the build’s manifest (the path is just another page)', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('"isEntry"');
  });
});

describe('pages rendered at the same moment', () => {
  it('share nothing: each holds its own answers only', async () => {
    const wings = products.find((p) => p.name === 'Wings')!;
    const pages: [string, string[]][] = [
      ['/', ['/api/categories', '/api/products', '/api/store']],
      [
        '/category/beverages',
        ['/api/categories', '/api/items/Beverages', '/api/products', '/api/store'],
      ],
      [
        `/wings/${wings._id}`,
        ['/api/categories', '/api/products', `/api/products/${wings._id}`, '/api/store'],
      ],
    ];
    for (let round = 0; round < 5; round += 1) {
      const responses = await Promise.all(pages.map(([url]) => get(url)));
      responses.forEach((response, index) => {
        const [url, own] = pages[index]!;
        expect(Object.keys(dataOf(response.body).answers), url).toEqual(own.sort());
      });
    }
  });
});

describe('kept current', () => {
  it('shows a sold-out item and a new price at once, and the store closed when it is', async () => {
    const wings = products.find((p) => p.name === 'Wings')!;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/products/${wings._id}`,
      headers: { 'content-type': 'application/json', cookie: staff.cookie },
      payload: JSON.stringify({ available: false, price: 9.49 }),
    });
    expect(changed.statusCode).toBe(200);
    const root = rootOf((await get('/')).body) ?? '';
    const card = new RegExp(
      `<a class="category-card sold-out" href="/wings/${wings._id}"[^>]*>.*?</a>`,
    ).exec(root)?.[0];
    expect(card).toContain('$<!-- -->9.49');
    expect(card).toContain('Sold out');

    // Monday 03:00 in Guelph: closed by the hours.
    clock.set('2026-11-23T03:00:00-05:00');
    try {
      const closed = rootOf((await get('/')).body) ?? '';
      expect(closed).toContain('Closed now');
      expect(closed).toContain('The store is closed right now.');
    } finally {
      clock.set(OPEN_TUESDAY);
    }
  });
});

describe('the store’s profile', () => {
  it('names the page: the title is the store’s name as the staff last saved it, escaped', async () => {
    const before = headOf((await get('/')).body);
    expect(before).toContain('<title>Royal City Pizza &amp; Wings</title>');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/store',
      headers: { 'content-type': 'application/json', cookie: staff.cookie },
      payload: JSON.stringify({ name: 'Lakeside <Pizza> & Co' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      const page = (await get('/wings')).body;
      expect(headOf(page)).toContain('<title>Lakeside &lt;Pizza&gt; &amp; Co</title>');
      expect(headOf(page).match(/<title>/g)).toHaveLength(1);
      expect(rootOf(page)).toContain('Lakeside &lt;Pizza&gt; &amp; Co');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/staff/store',
        headers: { 'content-type': 'application/json', cookie: staff.cookie },
        payload: JSON.stringify({ name: 'Royal City Pizza & Wings' }),
      });
    }
  });
});
