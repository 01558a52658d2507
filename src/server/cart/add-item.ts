import type { ApiCart, CartItemPayload } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Database } from '../data/db';
import { badRequest } from '../http/errors';
import { cartsRepository } from '../repositories/carts';
import { addLine, checkLine, currentOffer } from './checked-line';
import { cartPrices, presentCart } from './present-cart';

/**
 * POST /api/cart: one line into the customer's cart, priced by the server, merged into the same
 * line when the cart has it. Throws the refusal as an HttpError.
 */
export async function addItem(
  db: Database,
  catalogue: CatalogueSnapshot,
  userId: string,
  item: CartItemPayload,
): Promise<ApiCart> {
  const prices = await cartPrices(catalogue);
  const checked = checkLine(prices.menu, item, currentOffer(prices.menu));
  if (!checked.ok) throw checked.error;
  return db.transaction(async (tx) => {
    const cart = await cartsRepository(tx).ensureLocked(userId);
    const refused = await addLine(tx, cart.id, checked.line);
    if (refused) throw badRequest(refused, 'quantity_limit');
    return presentCart(tx, prices, cart);
  });
}
