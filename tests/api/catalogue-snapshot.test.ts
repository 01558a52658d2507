/**
 * The catalogue and the store's status from each process's in-memory snapshot (decision 11):
 * strong ETags and 304s; brotli and gzip prepared once; the very next answer after a staff
 * change carries it, with a new ETag; a write behind the app's back is heard through the
 * database's NOTIFY; the open flag turns with the clock whatever was remembered; the cart is
 * priced and checked from the same snapshot, and placing an order from the database; and, on
 * the Postgres server, a second app instance follows the first. Runs on both databases.
 */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_HOURS, type ApiProduct } from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { Database } from '../../src/server/data/db';
import { apiProductSchema } from '../../src/server/http/api-schemas';
import { presentProduct } from '../../src/server/http/present';
import { productsRepository } from '../../src/server/repositories/products';
import {
  OPEN_TUESDAY,
  call,
  completeOrder,
  confirm,
  registerCustomer,
  registerStaff,
  type Account,
} from '../support/orders';
import { secondInstance } from '../support/second-instance';
import { createTestDatabase, testConfig, testDbKind, type TestDatabase } from '../support/test-app';

const kind = testDbKind();
const clock = fixedClock(OPEN_TUESDAY);
const appName = `snapshot-${randomBytes(4).toString('hex')}`;
const BROWSER = 'gzip, deflate, br, zstd';
const OPEN_STATUS = { storeOpen: true, status: 'open', resumesAt: null };
const CLOSED_STATUS = { storeOpen: false, status: 'closed', resumesAt: null };

let database: TestDatabase;
let app: FastifyInstance;
let staff: Account;
let ids: Map<string, string>;

async function start(on: Database): Promise<FastifyInstance> {
  const built = await buildApp(testConfig(), { db: on, clock });
  await built.ready();
  return built;
}

const get = (url: string, headers: Record<string, string> = {}, on: FastifyInstance = app) =>
  on.inject({ method: 'GET', url, headers });

const id = (name: string) => {
  const found = ids.get(name);
  if (!found) throw new Error(`No product ${name}`);
  return found;
};

/** The body as JSON, whatever the encoding it came in. */
function decoded(response: LightMyRequestResponse): unknown {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  const text =
    encoding === 'br'
      ? brotliDecompressSync(raw)
      : encoding === 'gzip'
        ? gunzipSync(raw)
        : encoding === undefined
          ? raw
          : null;
  if (!text) throw new Error(`unexpected encoding ${String(encoding)}`);
  return JSON.parse(text.toString()) as unknown;
}

const etagOf = (response: LightMyRequestResponse) => String(response.headers.etag);

/** What changed behind the app reaches it through the database's NOTIFY, moments later. */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A write the snapshot does not hear of: `replica` turns the triggers off for this one
 * transaction (as logical replication does), so no NOTIFY goes out.
 */
const unheard = (sql: string, params: unknown[]) =>
  database.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(sql, params);
  });

const patch = (productId: string, body: object, on: FastifyInstance = app) =>
  on.inject({
    method: 'PATCH',
    url: `/api/staff/products/${productId}`,
    headers: { cookie: staff.cookie },
    payload: body,
  });
const putStore = (body: object, on: FastifyInstance = app) =>
  call(on, staff, 'PUT', '/api/staff/store', body);

beforeAll(async () => {
  database = await createTestDatabase(kind, { applicationName: appName });
  app = await start(database.db);
  staff = await registerStaff(app, database.db);
  const products = decoded(await get('/api/products')) as ApiProduct[];
  ids = new Map(products.map((product) => [product.name, product._id]));
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const ROUTES = [
  '/api/store/status',
  '/api/products',
  '/api/products?category=Wings',
  '/api/products/beverages',
  '/api/items/wings',
  '/api/toppings',
];

describe('ETag and 304', () => {
  it.each(ROUTES)(
    '%s: a strong ETag, no-cache, and 304 with no body for the same bytes',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(etagOf(first)).toMatch(/^"[\w-]{20,}"$/);

      const again = await get(url, { 'if-none-match': etagOf(first) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(etagOf(again)).toBe(etagOf(first));
      // As browsers and proxies send it too: weak, or among others.
      expect((await get(url, { 'if-none-match': `W/${etagOf(first)}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': `"other", ${etagOf(first)}` })).statusCode).toBe(
        304,
      );

      const stale = await get(url, { 'if-none-match': '"not-this-one"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    },
  );

  it('answers a product by id with its own ETag', async () => {
    const coke = await get(`/api/products/${id('Coke')}`);
    const wings = await get(`/api/products/${id('Wings')}`);
    expect(etagOf(coke)).not.toBe(etagOf(wings));
    const revalidated = await get(`/api/products/${id('Coke')}`, { 'if-none-match': etagOf(coke) });
    expect(revalidated.statusCode).toBe(304);
    // Ids in capitals name the same product, as the database reads them.
    expect((await get(`/api/products/${id('Coke').toUpperCase()}`)).body).toBe(coke.body);
  });

  it('never answers 500 or 304 to a malformed If-None-Match, and refuses bad ids as before', async () => {
    for (const header of [',,,', '"', 'W/', 'x'.repeat(4000), '"a",,"b"']) {
      expect((await get('/api/products', { 'if-none-match': header })).statusCode).toBe(200);
    }
    expect((await get('/api/products/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await get(`/api/products/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).statusCode,
    ).toBe(404);
    expect((await get('/api/products?category=Nope')).statusCode).toBe(400);
    expect((await get('/api/items/nope')).statusCode).toBe(404);
  });

  it('answers the very bytes the route’s schema made before the snapshot (shapes unchanged)', async () => {
    const products = await productsRepository(database.db).list();
    expect((await get('/api/products')).body).toBe(
      JSON.stringify(
        apiProductSchema.array().parse(products.map((product) => presentProduct(product, false))),
      ),
    );
    const wings = products.find((product) => product.name === 'Wings');
    if (!wings) throw new Error('no Wings');
    expect((await get(`/api/products/${wings.id}`)).body).toBe(
      JSON.stringify(apiProductSchema.parse(presentProduct(wings))),
    );
  });
});

describe('compressed answers', () => {
  it('sends brotli to a browser, gzip to a client without brotli, and the same JSON either way', async () => {
    const plain = await get('/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/api/products', { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decoded(br)).toEqual(JSON.parse(plain.body));

    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5', 'deflate, gzip;q=0.1']) {
      const gz = await get('/api/products', { 'accept-encoding': accept });
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(decoded(gz)).toEqual(JSON.parse(plain.body));
    }
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
      const none = await get('/api/products', { 'accept-encoding': accept });
      expect(none.headers['content-encoding'], accept).toBeUndefined();
      expect(none.body).toBe(plain.body);
    }
  });

  it('gives each encoding its own ETag, and a copy in any encoding revalidates', async () => {
    const plain = await get('/api/toppings');
    const br = await get('/api/toppings', { 'accept-encoding': 'br' });
    const gz = await get('/api/toppings', { 'accept-encoding': 'gzip' });
    expect(new Set([etagOf(plain), etagOf(br), etagOf(gz)]).size).toBe(3);
    const revalidated = await get('/api/toppings', {
      'accept-encoding': 'br',
      'if-none-match': etagOf(gz),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(etagOf(revalidated)).toBe(etagOf(br));
  });

  it('answers HEAD with the headers and length of the GET, and no body', async () => {
    const body = await get('/api/products', { 'accept-encoding': 'br' });
    const head = await app.inject({
      method: 'HEAD',
      url: '/api/products',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(body.rawPayload.length));
    expect(head.headers.etag).toBe(body.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('does not compress answers too small to gain from it', async () => {
    const status = await get('/api/store/status', { 'accept-encoding': BROWSER });
    expect(status.headers['content-encoding']).toBeUndefined();
    expect(status.json()).toEqual(OPEN_STATUS);
  });
});

describe('a change shows in the very next answer, with a new ETag', () => {
  it('sold out and back, then a price: the list, the category and the product', async () => {
    const urls = [
      '/api/products',
      '/api/products?category=Beverages',
      `/api/products/${id('Coke')}`,
    ];
    const before = await Promise.all(urls.map((url) => get(url)));

    expect((await patch(id('Coke'), { available: false })).statusCode).toBe(200);
    for (const [index, url] of urls.entries()) {
      const after = await get(url, { 'if-none-match': etagOf(before[index]!) });
      expect(after.statusCode, url).toBe(200);
      expect(etagOf(after)).not.toBe(etagOf(before[index]!));
      const products = [decoded(after)].flat() as ApiProduct[];
      expect(products.find((product) => product._id === id('Coke'))?.soldOut, url).toBe(true);
    }

    const original = (decoded(before[2]!) as ApiProduct).price;
    expect((await patch(id('Coke'), { available: true, price: 1.25 })).statusCode).toBe(200);
    const repriced = decoded(await get(`/api/products/${id('Coke')}`)) as ApiProduct;
    expect(repriced).toMatchObject({ soldOut: false, price: 1.25 });
    expect((await patch(id('Coke'), { price: original })).statusCode).toBe(200);
    expect((await get(urls[0]!)).body).toBe(before[0]!.body);
    // The same bytes again, so the same ETag: a browser's old copy is good again.
    expect(etagOf(await get(urls[0]!))).toBe(etagOf(before[0]!));
  });

  it('a new photo', async () => {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#c0392b' },
    })
      .png()
      .toBuffer();
    const before = decoded(await get(`/api/products/${id('Poutine Fries')}`)) as ApiProduct;
    const uploaded = await call(
      app,
      staff,
      'POST',
      `/api/staff/products/${id('Poutine Fries')}/image`,
      photo,
      { 'content-type': 'image/png' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const after = decoded(await get(`/api/products/${id('Poutine Fries')}`)) as ApiProduct;
    expect(after.image).not.toBe(before.image);
    expect(after.image).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.webp$/);
  });

  it('the store closed, paused, its hours: the open flag follows at once', async () => {
    const open = await get('/api/store/status');
    expect(open.json()).toEqual(OPEN_STATUS);

    expect((await putStore({ mode: 'closed' })).statusCode).toBe(200);
    const closed = await get('/api/store/status', { 'if-none-match': etagOf(open) });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual(CLOSED_STATUS);
    expect(etagOf(closed)).not.toBe(etagOf(open));

    expect((await putStore({ mode: 'auto' })).statusCode).toBe(200);
    expect((await get('/api/store/status')).json()).toEqual(OPEN_STATUS);

    // Tuesday (index 2) closing at 17:00: it is 18:00 on Tuesday.
    const early = DEFAULT_WEEKLY_HOURS.map((day, index) =>
      index === 2 ? { open: '11:00', close: '17:00' } : day,
    );
    expect((await putStore({ hours: early })).statusCode).toBe(200);
    expect((await get('/api/store/status')).json()).toEqual(CLOSED_STATUS);
    expect((await putStore({ hours: DEFAULT_WEEKLY_HOURS })).statusCode).toBe(200);
    expect((await get('/api/store/status')).json()).toEqual(OPEN_STATUS);
  });

  it('turns with the clock from the remembered settings: at 11:00 sharp, the second a pause ends', async () => {
    try {
      // Monday 10:59 and 11:00 in Toronto (EST), with no write in between.
      clock.set('2026-11-23T15:59:59Z');
      expect((await get('/api/store/status')).json()).toEqual(CLOSED_STATUS);
      clock.set('2026-11-23T16:00:00Z');
      expect((await get('/api/store/status')).json()).toEqual(OPEN_STATUS);

      expect((await putStore({ pauseMinutes: 1 })).statusCode).toBe(200);
      // Paused is not closed: it says so, and when it ends, here and in the store's profile.
      const paused = {
        storeOpen: false,
        status: 'paused',
        resumesAt: new Date(clock.now().getTime() + 60_000).toISOString(),
      };
      const pausedAnswer = await get('/api/store/status');
      expect(pausedAnswer.json()).toEqual(paused);
      expect((await get('/api/store')).json()).toMatchObject(paused);
      clock.advance(59_000);
      const stillPaused = await get('/api/store/status', { 'if-none-match': etagOf(pausedAnswer) });
      expect(stillPaused.statusCode).toBe(304);
      clock.advance(1_000);
      const resumed = await get('/api/store/status', { 'if-none-match': etagOf(pausedAnswer) });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json()).toEqual(OPEN_STATUS);
      expect((await get('/api/store')).json()).toMatchObject(OPEN_STATUS);
    } finally {
      clock.set(OPEN_TUESDAY);
      await putStore({ pauseMinutes: 0 });
    }
  });

  it('the process that made a change shows it before the database’s NOTIFY has arrived', async () => {
    // The same database, but every notification reaches this app a second late: only the
    // change's own forgetting, before the staff's answer, can make the next read right.
    const late: Database = {
      ...database.db,
      listen: (channel, onNotify, onReconnect, onLost) =>
        database.db.listen(
          channel,
          (payload) => setTimeout(() => onNotify(payload), 1000),
          onReconnect,
          onLost,
        ),
    };
    const slow = await start(late);
    try {
      const product = `/api/products/${id('Sprite')}`;
      const before = await get(product, {}, slow);
      await get('/api/store/status', {}, slow);
      expect((await patch(id('Sprite'), { available: false }, slow)).statusCode).toBe(200);
      const after = await get(product, { 'if-none-match': etagOf(before) }, slow);
      expect(after.statusCode).toBe(200);
      expect((decoded(after) as ApiProduct).soldOut).toBe(true);
      expect((await putStore({ mode: 'closed' }, slow)).statusCode).toBe(200);
      expect((await get('/api/store/status', {}, slow)).json()).toEqual(CLOSED_STATUS);
    } finally {
      await patch(id('Sprite'), { available: true }, slow);
      await putStore({ mode: 'auto' }, slow);
      await slow.close();
    }
  });

  it('a refused change leaves the answer (and its ETag) as it was', async () => {
    const before = await get('/api/products');
    const unknown = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    expect((await patch(unknown, { available: false })).statusCode).toBe(404);
    expect((await patch(id('Coke'), { price: -3 })).statusCode).toBe(400);
    expect(etagOf(await get('/api/products'))).toBe(etagOf(before));
  });

  it('hears a write made behind its back (psql, a seed) through the database', async () => {
    const anchovies = () =>
      get('/api/toppings').then((response) =>
        (decoded(response) as { name: string; soldOut: boolean }[]).find(
          (topping) => topping.name === 'Anchovies',
        ),
      );
    expect((await anchovies())?.soldOut).toBe(false);
    await database.db.query(`update toppings set sold_out = true where name = 'Anchovies'`);
    expect((await eventually(anchovies, (topping) => topping?.soldOut === true))?.soldOut).toBe(
      true,
    );
    await database.db.query(`update toppings set sold_out = false where name = 'Anchovies'`);
    expect((await eventually(anchovies, (topping) => topping?.soldOut === false))?.soldOut).toBe(
      false,
    );
  });

  it('really answers from memory: a write that skips the triggers is not seen until the next change', async () => {
    const wings = () =>
      get(`/api/products/${id('Wings')}`).then((response) => decoded(response) as ApiProduct);
    const before = await wings();
    await unheard(`update products set price_cents = price_cents + 100 where id = $1`, [
      id('Wings'),
    ]);
    // Give a NOTIFY, were there one, every chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await wings()).toEqual(before);
    // The next change that does notify brings the whole menu up to date.
    expect((await patch(id('Coke'), { available: true })).statusCode).toBe(200);
    expect((await wings()).price).toBeCloseTo(before.price + 1, 2);
    await database.db.query(`update products set price_cents = price_cents - 100 where id = $1`, [
      id('Wings'),
    ]);
  });
});

describe('the cart reads the snapshot; placing an order reads the database', () => {
  const addCoke = (who: Account) =>
    call(app, who, 'POST', '/api/cart', { userId: who.id, name: 'Coke', quantity: 1 });

  it('a staff change shows in the very next cart answer: sold out refused, a new price', async () => {
    const customer = await registerCustomer(app);
    const added = await addCoke(customer);
    expect(added.statusCode).toBe(200);
    const price = added.json<{ items: { priceByQuantity: number }[] }>().items[0]!.priceByQuantity;

    expect((await patch(id('Coke'), { available: false })).statusCode).toBe(200);
    const refused = await addCoke(customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Coke is sold out.' });

    // A dollar more, worked out in cents as the server does (no float sum to compare).
    const raised = (Math.round(price * 100) + 100) / 100;
    expect((await patch(id('Coke'), { available: true, price: raised })).statusCode).toBe(200);
    const cart = await call(app, customer, 'GET', `/api/cart/${customer.id}`);
    expect(cart.json<{ items: { priceByQuantity: number }[] }>().items[0]!.priceByQuantity).toBe(
      raised,
    );
    expect((await patch(id('Coke'), { price })).statusCode).toBe(200);
  });

  it('an item sold out where the snapshot has not heard yet: in the cart, but never ordered', async () => {
    const customer = await registerCustomer(app);
    await get('/api/products'); // the menu, with Coke available, kept in memory
    // As on a second process in the moment before the database's NOTIFY reaches it.
    await unheard(`update products set sold_out = true where id = $1`, [id('Coke')]);
    try {
      expect((await addCoke(customer)).statusCode).toBe(200);
      expect((await confirm(app, customer)).statusCode).toBe(200);
      const placed = await completeOrder(app, customer);
      expect(placed.statusCode).toBe(409);
      expect(placed.json()).toMatchObject({
        code: 'sold_out',
        message: 'Sorry, Coke is sold out. Remove it from your cart to place the order.',
      });
      const orders = await database.db.query(`select 1 from orders where user_id = $1`, [
        customer.id,
      ]);
      expect(orders).toHaveLength(0);
    } finally {
      await unheard(`update products set sold_out = false where id = $1`, [id('Coke')]);
    }
  });
});

describe.runIf(kind === 'postgres')('two app instances on one Postgres schema', () => {
  const second = secondInstance(
    () => database,
    `${appName}-b`,
    start,
    (b) => b.close(),
  );

  it('B follows a sold-out item and a closed store saved on A, with new ETags', async () => {
    const product = `/api/products/${id('Garlic Bread')}`;
    const cached = await get(product, {}, second.app);
    expect((await get(product, { 'if-none-match': etagOf(cached) }, second.app)).statusCode).toBe(
      304,
    );

    expect((await patch(id('Garlic Bread'), { available: false })).statusCode).toBe(200);
    const seen = await eventually(
      () => get(product, { 'if-none-match': etagOf(cached) }, second.app),
      (response) => response.statusCode === 200,
    );
    expect(seen.statusCode).toBe(200);
    expect((decoded(seen) as ApiProduct).soldOut).toBe(true);
    expect(etagOf(seen)).not.toBe(etagOf(cached));

    const status = await get('/api/store/status', {}, second.app);
    expect(status.json()).toEqual(OPEN_STATUS);
    expect((await putStore({ mode: 'closed' })).statusCode).toBe(200);
    const closed = await eventually(
      () => get('/api/store/status', {}, second.app),
      (response) => response.body !== status.body,
    );
    expect(closed.json()).toEqual(CLOSED_STATUS);

    expect((await putStore({ mode: 'auto' })).statusCode).toBe(200);
    expect((await patch(id('Garlic Bread'), { available: true })).statusCode).toBe(200);
    const back = await eventually(
      () => get(product, {}, second.app),
      (response) => !(decoded(response) as ApiProduct).soldOut,
    );
    expect(back.body).toBe(cached.body);
  });

  it('B, its listener killed, still never keeps a menu it may have missed a change to', async () => {
    const toppings = () =>
      get('/api/toppings', {}, second.app).then((response) =>
        (decoded(response) as { name: string; soldOut: boolean }[]).find(
          (topping) => topping.name === 'Bacon',
        ),
      );
    expect((await toppings())?.soldOut).toBe(false);
    await database.db.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [`${appName}-b-listen`],
    );
    // Committed while B's listener is down or coming back: its NOTIFY reaches nobody on B.
    await database.db.query(`update toppings set sold_out = true where name = 'Bacon'`);
    const seen = await eventually(toppings, (topping) => topping?.soldOut === true);
    expect(seen?.soldOut).toBe(true);
    await database.db.query(`update toppings set sold_out = false where name = 'Bacon'`);
    expect((await eventually(toppings, (topping) => topping?.soldOut === false))?.soldOut).toBe(
      false,
    );
  });
});
