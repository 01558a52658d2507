import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiCart, ApiErrorBody, ApiProduct, ApiStaffProduct } from '../../src/domain';
import { logUnreadableOnce } from '../../src/server/catalogue/snapshot';
import { findProduct } from '../support/menu';
import {
  call,
  completeOrder,
  confirm,
  fillCart,
  registerCustomer,
  registerStaff,
  type Account,
} from '../support/orders';
import { storeTest } from '../support/store-test';

/**
 * A product whose stored details do not parse (decision 18): the menu still answers, and the
 * product is neither shown, added, nor sold; the rest of the menu is as usual.
 */

let wings: ApiProduct;
let customer: Account;

const t = storeTest();
beforeAll(async () => {
  const menu = (await call(t.app, null, 'GET', '/api/products')).json<ApiProduct[]>();
  wings = findProduct(menu, 'Wings');
  // A customer's cart holds the wings before their details break.
  customer = await registerCustomer(t.app);
  await fillCart(t.app, customer, [
    { productId: wings._id, size: '10 pcs', flavor: 'Hot' },
    { name: 'Coke' },
  ]);
  // The old engine would read a size price of "free" as no surcharge: sold at the base price.
  await t.db.query(
    `update products set details = jsonb_set(details, '{sizePrices}', '"free"') where id = $1`,
    [wings._id],
  );
  // The app's menu is forgotten on the database's NOTIFY (decision 11): moments later on Postgres.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const listed = (await call(t.app, null, 'GET', '/api/products')).json<ApiProduct[]>();
    if (!listed.some((product) => product._id === wings._id) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

describe('a product whose details do not parse', () => {
  it('is left out of the menu, which still answers with everything else', async () => {
    const all = await call(t.app, null, 'GET', '/api/products');
    expect(all.statusCode).toBe(200);
    const listed = all.json<ApiProduct[]>();
    expect(listed).toHaveLength(38);
    expect(listed.map((product) => product._id)).not.toContain(wings._id);

    const category = await call(t.app, null, 'GET', '/api/products?category=Wings');
    expect(category.statusCode).toBe(200);
    expect(category.json<ApiProduct[]>().map((product) => product._id)).not.toContain(wings._id);

    expect((await call(t.app, null, 'GET', `/api/products/${wings._id}`)).statusCode).toBe(404);
  });

  it('cannot be added to a cart', async () => {
    const buyer = await registerCustomer(t.app);
    const added = await call(t.app, buyer, 'POST', '/api/cart', {
      userId: buyer.id,
      productId: wings._id,
      size: '10 pcs',
      flavor: 'Hot',
      quantity: 1,
    });
    expect(added.statusCode).toBe(404);
    expect(added.json<ApiErrorBody>().message).toBe('No product with this id.');
  });

  it('is not charged in a cart that held it, and stops its order', async () => {
    const cart = await call(t.app, customer, 'GET', `/api/cart/${customer.id}`);
    expect(cart.statusCode).toBe(200);
    expect(cart.json<ApiCart>().items.map((item) => item.productId.name)).toEqual(['Coke']);

    expect((await confirm(t.app, customer)).statusCode).toBe(200);
    const refused = await completeOrder(t.app, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toContain('no longer on the menu');
    const orders = await t.db.query('select id from orders where user_id = $1', [customer.id]);
    expect(orders).toHaveLength(0);
  });

  it('is left out of the staff list too, which still answers', async () => {
    const staff = await registerStaff(t.app, t.db);
    const listed = await call(t.app, staff, 'GET', '/api/staff/products');
    expect(listed.statusCode).toBe(200);
    const names = listed.json<ApiStaffProduct[]>().map((product) => product.name);
    expect(names).toHaveLength(38);
    expect(names).not.toContain('Wings');
  });
});

describe('the log of unreadable products', () => {
  it('names each product and problem once, however often the menu is read', () => {
    const lines: object[] = [];
    const report = logUnreadableOnce({ warn: (details) => lines.push(details) });
    const broken = { id: 'a', name: 'Wings', problems: 'sizePrices: expected record' };
    report(broken);
    report(broken);
    report({ ...broken, problems: 'pizzas: too small' });
    expect(lines).toEqual([
      { product: broken },
      { product: { ...broken, problems: 'pizzas: too small' } },
    ]);
  });
});
