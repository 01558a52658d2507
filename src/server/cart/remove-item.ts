import type { ApiCartItem } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Database } from '../data/db';
import { lockedLine } from './locked-line';
import { pricedItems } from './present-cart';

/** DELETE /api/cart/{userId}/{itemId}: removes a line; answers the cart's lines. */
export async function removeItem({
  db,
  catalogue,
  userId,
  itemId,
}: {
  db: Database;
  catalogue: CatalogueSnapshot;
  userId: string;
  itemId: string;
}): Promise<ApiCartItem[]> {
  const menu = await catalogue.menu();
  return db.transaction(async (tx) => {
    const { cart, item, carts } = await lockedLine(tx, userId, itemId);
    await carts.deleteItem(cart.id, item.id);
    return (await pricedItems(tx, menu, cart.id)).items;
  });
}
