import { lineQuantityProblem, type ApiCartItem } from '../../domain';
import type { Database } from '../data/db';
import { badRequest } from '../http/errors';
import { productsRepository } from '../repositories/products';
import { lockedLine } from './locked-line';
import { pricedItems } from './present-cart';

/** PUT /api/cart/{userId}/{itemId}: a line's new quantity; answers the cart's lines. */
export async function changeQuantity(
  db: Database,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<ApiCartItem[]> {
  return db.transaction(async (tx) => {
    const { cart, item, carts } = await lockedLine(tx, userId, itemId);
    const product = await productsRepository(tx).get(item.productId);
    const problem = product ? lineQuantityProblem(product, quantity) : null;
    if (problem) throw badRequest(problem, 'quantity_limit');
    await carts.setQuantity(cart.id, item.id, quantity);
    return (await pricedItems(tx, cart.id)).items;
  });
}
