/**
 * What a cart line says changed since it was added. A module of its own (money only): the
 * first view's cart code reads it, and the cart's merge rules stay in their lazy chunk.
 */
import { formatMoney } from './money';

/** A line whose product the store retired (hidden) or is gone: the server's and the guest's. */
export const NOT_ON_MENU_NOTICE = 'No longer on the menu. Remove it to place your order.';

/**
 * What changed on a cart line since it was added, in words for the line and for checkout, or
 * null when nothing did: the item retired from the menu (`hidden`), sold out, or its unit price
 * moved (cents; `addedUnit` null when the line's price then is not known). Said, never applied
 * silently.
 */
export function cartLineNotice(line: {
  hidden: boolean;
  soldOut: boolean;
  unit: number;
  addedUnit: number | null;
}): string | null {
  // Retired outranks sold out: showing it again is the store's call, not a matter of stock.
  if (line.hidden) return NOT_ON_MENU_NOTICE;
  if (line.soldOut) return 'Sold out since you added it. Remove it to place your order.';
  if (line.addedUnit !== null && line.addedUnit !== line.unit) {
    return `Price changed from ${formatMoney(line.addedUnit)} to ${formatMoney(line.unit)}`;
  }
  return null;
}
