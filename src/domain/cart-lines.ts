/**
 * What "the same line" of a cart means, and what adding an item does to a cart's lines. The
 * guest cart in the browser and the server cart both decide with these functions, so a guest
 * who signs in keeps exactly the lines they saw.
 */
import type { NormalisedSelection } from './cart-item';
import { lineQuantityProblem, selectionKey } from './cart-item';

/** What makes a line: the product and its checked options. */
export interface LineIdentity {
  productId: string;
  selection: NormalisedSelection;
}

export interface CartLineState extends LineIdentity {
  quantity: number;
}

/**
 * The most lines (different items) one cart holds. A real order has a handful; without a cap a
 * script could merge thousands of lines, and every read, price and lock of that cart would
 * stall the store's one database connection for seconds.
 */
export const MAX_CART_LINES = 50;

export const CART_FULL_MESSAGE = `Your cart holds at most ${MAX_CART_LINES} different items. Change the quantity of an item already in it, or place this order first.`;

/**
 * True when two lines hold the same item: the same product with the same options (the order of
 * drinks and of the toppings on one pizza does not matter).
 */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.productId === b.productId && selectionKey(a.selection) === selectionKey(b.selection);
}

/**
 * What adding `incoming` to `lines` does: a new line, or the same line raised to a new quantity,
 * or a refusal (as words to show) when the raised line would hold more than the product allows
 * or a new line would pass MAX_CART_LINES.
 * A decision only; each cart applies it to its own storage.
 */
export type LineMerge =
  | { kind: 'new' }
  | { kind: 'raise'; index: number; quantity: number }
  | { kind: 'refused'; message: string };

export function mergeLine(lines: readonly CartLineState[], incoming: CartLineState): LineMerge {
  const index = lines.findIndex((line) => sameLine(line, incoming));
  const existing = lines[index];
  if (!existing) {
    return lines.length >= MAX_CART_LINES
      ? { kind: 'refused', message: CART_FULL_MESSAGE }
      : { kind: 'new' };
  }
  const quantity = existing.quantity + incoming.quantity;
  const problem = lineQuantityProblem(quantity);
  return problem ? { kind: 'refused', message: problem } : { kind: 'raise', index, quantity };
}
