import { cartApi, type NewCartItem, type ServerCart } from './cart-api';

/**
 * Moves the guest's lines into the signed-in customer's server cart in one call. The server
 * merges every line it can and lists each refused one with its reason (merge-cart is never
 * all-or-nothing), so the customer is told what stayed out. Rejects when the call itself fails;
 * the caller then keeps the local copy for the next try.
 */
export async function mergeGuestCart(
  userId: string,
  local: readonly NewCartItem[],
): Promise<{ cart: ServerCart; refused: string[] }> {
  const cart = await cartApi.merge(userId, [...local]);
  return { cart, refused: cart.skipped.map((line) => `${line.name}: ${line.reason}`) };
}
