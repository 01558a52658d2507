import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiCart, ApiErrorBody } from '../../src/domain';
import { productIdsByName } from '../support/test-app';
import { storeTest } from '../support/store-test';
import { registerUser } from '../support/users';

/**
 * A client written against the spec sends the shapes of the spec's screens: its own figures as
 * `toFixed(2)` strings, the wings flavour in two fields, extra fields. Our server takes them and
 * still prices every line itself.
 */

let id: (name: string) => string;
let who: { id: string; cookie: string };

const t = storeTest({ clock: null });
beforeAll(async () => {
  id = await productIdsByName(t.app);
  const registered = await registerUser(t.app);
  who = { id: registered.user._id, cookie: registered.cookie };
});

function add(item: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart',
    payload: { userId: who.id, quantity: 1, ...item },
    headers: { cookie: who.cookie },
  });
}

async function clear(): Promise<void> {
  await t.db.query(
    'delete from cart_items where cart_id in (select id from carts where user_id = $1)',
    [who.id],
  );
}

describe('a cart line as the spec’s screens send it', () => {
  it('takes priceByQuantity, totalPrice, description and name as numeric strings, at our price', async () => {
    await clear();
    const response = await add({
      productId: id('Wings'),
      size: '25 pcs',
      flavor: 'Hot',
      quantity: 2,
      name: 'Wings',
      priceByQuantity: '0.01',
      totalPrice: '0.02',
      description: '25 pcs Hot',
      image: '/images/wings.webp',
      _clientOnly: { anything: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cart = response.json<ApiCart>();
    // (8.99 + 14) x 2
    expect(cart.items.map((item) => [item.priceByQuantity, item.totalPrice])).toEqual([
      [22.99, 45.98],
    ]);
    expect(cart.subtotal).toBe(45.98);
    expect(cart.items[0]).not.toHaveProperty('_clientOnly');
    expect(cart.items[0]?.description).toBe('25 pcs · Hot');

    const numbers = await add({
      name: 'Coke',
      priceByQuantity: 12.99,
      totalPrice: 12.99,
      description: 7,
    });
    expect(numbers.statusCode, numbers.body).toBe(200);
    expect(numbers.json<ApiCart>().items.map((item) => item.totalPrice)).toEqual([45.98, 1.25]);
  });

  it('refuses a figure that is not a number', async () => {
    const response = await add({ name: 'Coke', totalPrice: '12,99' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input' });
    expect(response.json<ApiErrorBody>().message).toContain('totalPrice');
  });

  it('takes the wings flavour in flavor, wingsFlavor or both, and refuses two different', async () => {
    await clear();
    for (const fields of [
      { flavor: 'Mild', wingsFlavor: 'Mild' },
      { wingsFlavor: 'Mild' },
      { flavor: 'Mild', wingsFlavor: '' },
    ]) {
      const response = await add({ productId: id('Wings'), size: '10 pcs', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(200);
    }
    const cart = (
      await t.app.inject({
        method: 'GET',
        url: `/api/cart/${who.id}`,
        headers: { cookie: who.cookie },
      })
    ).json<ApiCart>();
    // One flavour, however it arrived: one line.
    expect(cart.items.map((item) => [item.flavor, item.wingsFlavor, item.quantity])).toEqual([
      ['Mild', null, 3],
    ]);

    const different = await add({
      productId: id('Wings'),
      size: '10 pcs',
      flavor: 'Mild',
      wingsFlavor: 'Hot',
    });
    expect(different.statusCode).toBe(400);
    expect(different.json()).toMatchObject({
      code: 'invalid_option',
      message: 'Choose one flavour, not "Mild" and "Hot".',
    });
  });
});
