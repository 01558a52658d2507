import { isRetired, offeredWindows, type Product } from '../../domain';
import { isAvailableAt, notOfferedMessage } from '../../domain/availability';
import { conflict, type HttpError } from '../http/errors';

/**
 * The 409 `not_offered_now` for a product whose availability windows do not hold `at`, or null
 * when it is offered then (or has no windows). `advice` follows the message: what the customer
 * can do where they are asked (the cart's Add needs none).
 */
export function notOfferedAt(product: Product, at: Date, advice = ''): HttpError | null {
  const windows = offeredWindows(product);
  if (!windows || isAvailableAt(product, at)) return null;
  const message = notOfferedMessage(product.name, windows);
  return conflict(advice ? `${message} ${advice}` : message, 'not_offered_now');
}

/**
 * Refuses an order (Confirm Order, complete-order) holding a product outside its windows at the
 * order's time: its scheduled time when it has one (Sunday evening's order for Monday noon may
 * hold Monday's lunch special), else now. Names the first such product and when it is offered.
 */
export function refuseNotOffered(
  lines: readonly { productId: string }[],
  productOf: (id: string) => Product | undefined,
  orderTime: Date,
): void {
  for (const line of lines) {
    const product = productOf(line.productId);
    const refusal =
      product &&
      notOfferedAt(
        product,
        orderTime,
        'Remove it from your cart, or schedule your order for a time it is available.',
      );
    if (refusal) throw refusal;
  }
}

/**
 * The 409 `not_on_menu` for a product the store retired (hidden, or its category), or null. Its lines stay in
 * carts, priced, with the notice (`cartLineNotice`); adding one, raising one, and ordering one
 * are refused. `advice` as for `notOfferedAt`.
 */
export function notOnMenu(product: Product, advice = ''): HttpError | null {
  if (!isRetired(product)) return null;
  const message = `Sorry, ${product.name} is no longer on the menu.`;
  return conflict(advice ? `${message} ${advice}` : message, 'not_on_menu');
}

/** Refuses an order (Confirm Order, complete-order) holding a hidden product, naming it. */
export function refuseNotOnMenu(
  lines: readonly { productId: string }[],
  productOf: (id: string) => Product | undefined,
): void {
  for (const line of lines) {
    const product = productOf(line.productId);
    const refusal = product && notOnMenu(product, 'Remove it from your cart to place the order.');
    if (refusal) throw refusal;
  }
}
