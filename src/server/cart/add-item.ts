import type { ApiCart, CartItemPayload } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { badRequest } from '../http/errors';
import { cartOrderTime } from '../orders/order-time';
import { cartsRepository } from '../repositories/carts';
import { addLine, checkLine, currentOffer } from './checked-line';
import { cartPrices, presentCartLines } from './present-cart';

/**
 * POST /api/cart: one line into the customer's cart, priced by the server, merged into the same
 * line when the cart has it; a product with availability windows only inside them at the
 * customer's order time (`orderAt` when the store could take it, else now: `cartOrderTime`). Throws
 * the refusal as an HttpError.
 */
export async function addItem({
  db,
  catalogue,
  clock,
  userId,
  item,
  orderAt,
}: {
  db: Database;
  catalogue: CatalogueSnapshot;
  clock: Clock;
  userId: string;
  item: CartItemPayload;
  /** The customer's order time (our web app's extra field); absent or null: as soon as possible. */
  orderAt?: string | null;
}): Promise<ApiCart> {
  const [prices, at] = await Promise.all([
    cartPrices(catalogue),
    cartOrderTime(orderAt, catalogue, clock.now()),
  ]);
  const checked = checkLine(prices.menu, item, currentOffer(prices.menu), at);
  if (!checked.ok) throw checked.error;
  return db.transaction(async (tx) => {
    const carts = cartsRepository(tx);
    const cart = await carts.ensureLocked(userId);
    // A cart this request made has no lines to read.
    const lines = cart.isNew ? [] : await carts.items(cart.id);
    const added = await addLine(tx, cart.id, lines, checked.line);
    if ('refused' in added) throw badRequest(added.refused, 'quantity_limit');
    return presentCartLines(prices, cart, added.lines);
  });
}
