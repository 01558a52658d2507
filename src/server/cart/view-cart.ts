import { DEFAULT_TIP_PERCENT, cartTotals, type ApiCartItem, type ApiCartView } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Database } from '../data/db';
import { cartsRepository } from '../repositories/carts';
import {
  cartPrices,
  presentCart,
  presentCheckout,
  presentTotals,
  pricedItems,
} from './present-cart';

/**
 * GET /api/cart/{userId}: the customer's cart with its totals and its checkout details (null
 * before Confirm Order). A GET writes nothing, and neither does its HEAD: a customer without an
 * active cart (none yet, or the last one became an order) sees an empty one whose `_id` is ''
 * until the first line added makes it.
 */
export async function viewCart(
  db: Database,
  catalogue: CatalogueSnapshot,
  userId: string,
): Promise<ApiCartView> {
  const carts = cartsRepository(db);
  const cart = await carts.findActive(userId);
  if (!cart) {
    const totals = cartTotals({
      lineTotals: [],
      tipPercent: DEFAULT_TIP_PERCENT,
      delivery: false,
      deliveryFee: 0,
    });
    return { _id: '', items: [], deliveryType: null, ...presentTotals(totals), checkout: null };
  }
  const checkout = await carts.checkout(cart.id);
  return {
    ...(await presentCart(db, await cartPrices(catalogue), cart)),
    checkout: checkout ? presentCheckout(checkout) : null,
  };
}

/** GET /api/cart?userId=: the cart's lines only (the spec's first cart call). */
export async function listItems(
  db: Database,
  catalogue: CatalogueSnapshot,
  userId: string,
): Promise<ApiCartItem[]> {
  const cart = await cartsRepository(db).findActive(userId);
  return cart ? (await pricedItems(db, await catalogue.menu(), cart.id)).items : [];
}
