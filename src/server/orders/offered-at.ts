import type { Product } from '../../domain';
import { isAvailableAt, notOfferedMessage } from '../../domain/availability';
import { conflict } from '../http/errors';

/**
 * 409 `not_offered_now` when a line's product has availability windows that do not hold the
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
    const windows = product?.details.availableAt;
    if (product && windows && !isAvailableAt(product, orderTime)) {
      throw conflict(
        `${notOfferedMessage(product.name, windows)} Remove it from your cart, or schedule your order for a time it is available.`,
        'not_offered_now',
      );
    }
  }
}
