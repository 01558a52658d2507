/**
 * What a cart line says changed since it was added. A module of its own (money only): the
 * first view's cart code reads it, and the cart's merge rules stay in their lazy chunk.
 */
import { formatMoney } from './money';

/**
 * What changed on a cart line since it was added, in words for the line and for checkout, or
 * null when nothing did: the item sold out, or its unit price moved (cents; `addedUnit` null
 * when the line's price then is not known). Said, never applied silently.
 */
export function cartLineNotice(line: {
  soldOut: boolean;
  unit: number;
  addedUnit: number | null;
}): string | null {
  if (line.soldOut) return 'Sold out since you added it. Remove it to place your order.';
  if (line.addedUnit !== null && line.addedUnit !== line.unit) {
    return `Price changed from ${formatMoney(line.addedUnit)} to ${formatMoney(line.unit)}`;
  }
  return null;
}
