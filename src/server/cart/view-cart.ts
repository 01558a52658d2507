import type { ApiCart, ApiCartItem } from '../../domain';
import type { Database } from '../data/db';
import { cartsRepository } from '../repositories/carts';
import { presentCart, pricedItems } from './present-cart';

/** GET /api/cart/{userId}: the customer's cart with its totals, created empty on first use. */
export async function viewCart(db: Database, userId: string): Promise<ApiCart> {
  return presentCart(db, await cartsRepository(db).ensureActive(userId));
}

/** GET /api/cart?userId=: the cart's lines only (the spec's first cart call). */
export async function listItems(db: Database, userId: string): Promise<ApiCartItem[]> {
  const cart = await cartsRepository(db).findActive(userId);
  return cart ? (await pricedItems(db, cart.id)).items : [];
}
