import type { ApiCartItem, ApiCartView } from '../../domain';
import type { Database } from '../data/db';
import { cartsRepository } from '../repositories/carts';
import { presentCart, presentCheckout, pricedItems } from './present-cart';

/**
 * GET /api/cart/{userId}: the customer's cart with its totals and its checkout details (null
 * before Confirm Order), created empty on first use.
 */
export async function viewCart(db: Database, userId: string): Promise<ApiCartView> {
  const carts = cartsRepository(db);
  const cart = await carts.ensureActive(userId);
  const checkout = await carts.checkout(cart.id);
  return {
    ...(await presentCart(db, cart)),
    checkout: checkout ? presentCheckout(checkout) : null,
  };
}

/** GET /api/cart?userId=: the cart's lines only (the spec's first cart call). */
export async function listItems(db: Database, userId: string): Promise<ApiCartItem[]> {
  const cart = await cartsRepository(db).findActive(userId);
  return cart ? (await pricedItems(db, cart.id)).items : [];
}
