import { lineQuantityProblem, type ApiCartItem } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Database } from '../data/db';
import { badRequest, conflict } from '../http/errors';
import type { CartItemRecord } from '../repositories/carts';
import { currentOffer } from './checked-line';
import { lockedLine } from './locked-line';
import { notOnMenu } from '../orders/offered-at';
import { pricedItems } from './present-cart';

/** What in this line is sold out now (the item, a topping, a drink or a flavour), or null. */
function soldOutPart(
  productName: string,
  productSoldOut: boolean,
  item: CartItemRecord,
  soldOut: ReadonlySet<string>,
): string | null {
  if (productSoldOut) return productName;
  const { flavor, wingsFlavor } = item.selection;
  const options = [
    ...item.selection.toppings.flat(),
    ...item.selection.drinks.map((d) => d.name),
    ...[flavor, wingsFlavor].filter((name) => name !== undefined),
  ];
  return options.find((name) => soldOut.has(name)) ?? null;
}

/**
 * PUT /api/cart/{userId}/{itemId}: a line's new quantity; answers the cart's lines. A line with
 * something sold out in it, or of a retired product, may go down (the customer is making room)
 * but never up: 409 naming it.
 */
export async function changeQuantity({
  db,
  catalogue,
  userId,
  itemId,
  quantity,
}: {
  db: Database;
  catalogue: CatalogueSnapshot;
  userId: string;
  itemId: string;
  quantity: number;
}): Promise<ApiCartItem[]> {
  const menu = await catalogue.menu();
  return db.transaction(async (tx) => {
    const { cart, item, carts } = await lockedLine(tx, userId, itemId);
    const product = menu.lineProduct(item.productId);
    const problem = lineQuantityProblem(quantity);
    if (problem) throw badRequest(problem, 'quantity_limit');
    if (product && quantity > item.quantity) {
      const retired = notOnMenu(product);
      if (retired) throw retired;
      const gone = soldOutPart(product.name, product.soldOut, item, currentOffer(menu).soldOut);
      if (gone) throw conflict(`${gone} is sold out.`, 'sold_out');
    }
    await carts.setQuantity(cart.id, item.id, quantity);
    return (await pricedItems(tx, menu, cart.id)).items;
  });
}
