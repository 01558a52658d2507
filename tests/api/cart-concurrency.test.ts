import { beforeAll, expect, it } from 'vitest';
import type { ApiCart, ApiCartItem } from '../../src/domain';
import { testDbKind } from '../support/test-app';
import { storeTest } from '../support/store-test';
import { registerUser } from '../support/users';

/**
 * Two requests at once on one cart line. Every write path locks the cart row before its lines
 * (`repositories/carts.ts`), so on Postgres no pair may deadlock (40P01, a 500) and the result is
 * always that of running the two one after the other, in one order or the other. On PGlite
 * (one connection) the requests run in turn anyway; the test still holds there.
 */

let who: { id: string; cookie: string };
let coke = '';

const t = storeTest({ clock: null });
beforeAll(async () => {
  const products = await t.app.inject({ method: 'GET', url: '/api/products?category=Beverages' });
  coke = products.json<{ _id: string; name: string }[]>().find((p) => p.name === 'Coke')?._id ?? '';
  const registered = await registerUser(t.app);
  who = { id: registered.user._id, cookie: registered.cookie };
});

/** The Coke line in the model: its quantity, and whether it is still the line the pair named. */
type Line = { quantity: number; original: boolean } | null;

interface Op {
  name: string;
  send: (lineId: string) => Promise<number>;
  /** The op run alone on `line`: its status and the line after it. */
  model: (line: Line) => { status: number; line: Line };
}

function inject(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app
    .inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })
    .then((response) => {
      if (response.statusCode >= 500) throw new Error(`${method} ${url}: ${response.body}`);
      return response.statusCode;
    });
}

const raise = (line: Line, by: number): Line => ({
  quantity: (line?.quantity ?? 0) + by,
  original: line?.original ?? false,
});

const add = (quantity: number): Op => ({
  name: `add ${quantity}`,
  send: () => inject('POST', '/api/cart', { userId: who.id, productId: coke, quantity }),
  model: (line) => ({ status: 200, line: raise(line, quantity) }),
});

const merge = (quantity: number): Op => ({
  name: `merge ${quantity}`,
  send: () =>
    inject('POST', '/api/cart/merge-cart', {
      userId: who.id,
      localCart: [{ productId: coke, quantity }],
    }),
  model: (line) => ({ status: 200, line: raise(line, quantity) }),
});

const change = (quantity: number): Op => ({
  name: `change to ${quantity}`,
  send: (lineId) => inject('PUT', `/api/cart/${who.id}/${lineId}`, { quantity }),
  model: (line) =>
    line?.original ? { status: 200, line: { quantity, original: true } } : { status: 404, line },
});

const remove: Op = {
  name: 'delete',
  send: (lineId) => inject('DELETE', `/api/cart/${who.id}/${lineId}`),
  model: (line) => (line?.original ? { status: 200, line: null } : { status: 404, line }),
};

const PAIRS: [Op, Op][] = [
  [add(2), change(5)],
  [add(2), remove],
  [merge(3), change(5)],
  [merge(3), remove],
  [change(5), remove],
  [add(2), merge(3)],
  [change(5), change(7)],
  [remove, remove],
  [add(2), add(4)],
  [merge(3), merge(4)],
];

async function cokeLines(): Promise<ApiCartItem[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/cart/${who.id}`,
    headers: { cookie: who.cookie },
  });
  return response.json<ApiCart>().items.filter((item) => item.productId._id === coke);
}

it(`100 concurrent pairs of add / change / delete / merge on one line (${testDbKind()})`, async () => {
  const start: Line = { quantity: 1, original: true };
  for (let round = 0; round < 100; round += 1) {
    const [first, second] = PAIRS[round % PAIRS.length] as [Op, Op];
    await t.db.query(
      'delete from cart_items where cart_id in (select id from carts where user_id = $1)',
      [who.id],
    );
    expect(await add(1).send('')).toBe(200);
    const lineId = (await cokeLines())[0]?._id ?? '';

    const statuses = await Promise.all([first.send(lineId), second.send(lineId)]);

    const lines = await cokeLines();
    // The merge rule held under concurrency: never two lines of the same item.
    expect(lines.length, `${first.name} + ${second.name}`).toBeLessThanOrEqual(1);
    const [line] = lines;
    const seen = {
      statuses,
      line: line ? { quantity: line.quantity, original: line._id === lineId } : null,
    };
    const serial = (a: Op, b: Op, aIndex: 0 | 1) => {
      const one = a.model(start);
      const two = b.model(one.line);
      const ordered = aIndex === 0 ? [one.status, two.status] : [two.status, one.status];
      return { statuses: ordered, line: two.line };
    };
    const allowed = [serial(first, second, 0), serial(second, first, 1)];
    expect(allowed, `round ${round}: ${first.name} + ${second.name}`).toContainEqual(seen);
  }
});

it(`two first adds at once make one cart holding both lines (${testDbKind()})`, async () => {
  const sprite = (await t.app.inject({ method: 'GET', url: '/api/products?category=Beverages' }))
    .json<{ _id: string; name: string }[]>()
    .find((p) => p.name === 'Sprite')?._id;
  expect(sprite).toBeDefined();
  for (let round = 0; round < 20; round += 1) {
    // No active cart: each add's upsert may be the one that makes it.
    await t.db.query(`delete from carts where user_id = $1`, [who.id]);
    const statuses = await Promise.all([
      inject('POST', '/api/cart', { userId: who.id, productId: coke, quantity: 1 }),
      inject('POST', '/api/cart', { userId: who.id, productId: sprite, quantity: 2 }),
    ]);
    expect(statuses, `round ${round}`).toEqual([200, 200]);
    const carts = await t.db.query<{ n: number }>(
      `select count(*)::int as n from carts where user_id = $1 and status = 'active'`,
      [who.id],
    );
    expect(carts[0]?.n).toBe(1);
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/cart/${who.id}`,
      headers: { cookie: who.cookie },
    });
    const lines = cart
      .json<ApiCart>()
      .items.map((item: ApiCartItem) => [item.productId._id, item.quantity])
      .sort();
    expect(lines, `round ${round}`).toEqual(
      [
        [coke, 1],
        [sprite, 2],
      ].sort(),
    );
  }
});
