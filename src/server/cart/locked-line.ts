import type { Queryable } from '../data/db';
import { checkedId, notFound } from '../http/errors';
import { cartsRepository, type CartItemRecord, type CartRecord } from '../repositories/carts';

/**
 * The caller's line `itemId`, its cart locked first (lock order in `repositories/carts.ts`).
 * 404 when it is not in their active cart, whoever owns it, and also when a concurrent request
 * removed it while this one waited for the lock: the line is gone, so nothing was changed.
 */
export async function lockedLine(
  tx: Queryable,
  userId: string,
  itemId: string,
): Promise<{
  cart: CartRecord;
  item: CartItemRecord;
  carts: ReturnType<typeof cartsRepository>;
}> {
  checkedId(itemId, 'cart item');
  const carts = cartsRepository(tx);
  const cart = await carts.lockActive(userId);
  const item = cart ? await carts.item(cart.id, itemId) : null;
  if (!cart || !item) throw notFound('This item is not in your cart.');
  return { cart, item, carts };
}
