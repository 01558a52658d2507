import { CHECKOUT_MESSAGES, offeredWindows, type ApiConfirmAnswer } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../data/db';
import { conflict } from '../http/errors';
import { presentCartLines, presentCheckout } from '../cart/present-cart';
import { cartsRepository } from '../repositories/carts';
import type { CheckoutPayload } from './checkout-payload';
import { readScheduledTime } from './scheduled-time';
import { refuseNotOffered, refuseNotOnMenu } from './offered-at';
import { judgedAt } from './order-time';

export const EMPTY_CART_MESSAGE = 'Your cart is empty. Please add something to order first.';

/**
 * POST /api/cart/confirm: Confirm Order at checkout. Stores the delivery type, contact,
 * scheduled time and instructions on the customer's active cart (the update locks its row
 * first, lock order in `repositories/carts.ts`) and answers the cart as it now stands, priced,
 * with the delivery fee of the store's setting for delivery. A scheduled time must be one the
 * store can honour (400 `invalid_schedule`); an empty cart is a 409 `empty_cart`; a line
 * outside its availability windows at the order's time a 409 `not_offered_now` (nothing stored).
 */
export async function confirmCheckout({
  db,
  catalogue,
  clock,
  userId,
  payload,
}: {
  db: Database;
  catalogue: CatalogueSnapshot;
  clock: Clock;
  userId: string;
  payload: CheckoutPayload;
}): Promise<ApiConfirmAnswer> {
  const now = clock.now();
  // The hours and the fee as this process knows them (decision 11): placing the order checks
  // the time and charges the fee again from the database.
  const [menu, settings] = await Promise.all([catalogue.menu(), catalogue.settings()]);
  const { deliveryType, contactInfo, instructions } = payload;
  const scheduledTime = readScheduledTime(payload.scheduledTime, deliveryType, settings, now);
  const checkout = {
    deliveryType,
    phone: contactInfo.phone,
    address: contactInfo.address,
    scheduledTime,
    instructions,
  };
  const store = (queryable: Queryable) =>
    cartsRepository(queryable).confirmActive(
      userId,
      {
        ...checkout,
        deliveryFeeCents: deliveryType === 'delivery' ? settings.deliveryFeeCents : 0,
      },
      now,
    );
  // A line of a retired product, or outside its availability windows at the order's time,
  // undoes the confirmation (the transaction), so the customer hears it here rather than on
  // Payment; complete-order checks again at its own now. With no product hidden or limited to
  // windows, nothing can undo it: one statement, not three (the round trips
  // tests/api/order-round-trips pins).
  const windowed = menu.products.some((product) => offeredWindows(product) !== undefined);
  const productOf = (id: string) => menu.lineProduct(id);
  const confirmed =
    windowed || menu.hasHidden
      ? await db.transaction(async (tx) => {
          const stored = await store(tx);
          if (stored) {
            refuseNotOnMenu(stored.lines, productOf);
            refuseNotOffered(stored.lines, productOf, judgedAt(scheduledTime, settings, now));
          }
          return stored;
        })
      : await store(db);
  if (!confirmed) throw conflict(EMPTY_CART_MESSAGE, 'empty_cart');
  // The fee it stored, so the answer shows what the order will charge.
  const priced = presentCartLines(
    { menu, deliveryFeeCents: settings.deliveryFeeCents },
    confirmed.cart,
    confirmed.lines,
  );
  return {
    message: CHECKOUT_MESSAGES.confirmed,
    cart: {
      ...priced,
      checkout: presentCheckout(checkout),
    },
  };
}
