/**
 * What a cart line says changed since it was added. A module of its own (money only): the
 * first view's cart code reads it, and the cart's merge rules stay in their lazy chunk.
 */
import type { NormalisedSelection } from './cart-item';
import { MAX_PRICE_CENTS, formatMoney, toCents } from './money';

/** A line whose product the store retired (hidden) or is gone: the server's and the guest's. */
export const NOT_ON_MENU_NOTICE = 'No longer on the menu. Remove it to place your order.';

/**
 * What changed on a cart line since it was added, in words for the line and for checkout, or
 * null when nothing did: the item retired from the menu (`hidden`), sold out, one of its chosen
 * options sold out (`soldOutOptions`: a topping, side, drink or flavour, by name), or its unit
 * price moved (cents; `addedUnit` null when the line's price then is not known). Said, never
 * applied silently.
 */
export function cartLineNotice(line: {
  hidden: boolean;
  soldOut: boolean;
  unit: number;
  addedUnit: number | null;
  soldOutOptions?: readonly string[];
}): string | null {
  // Retired outranks sold out: showing it again is the store's call, not a matter of stock.
  if (line.hidden) return NOT_ON_MENU_NOTICE;
  if (line.soldOut) return 'Sold out since you added it. Remove it to place your order.';
  // What blocks the order outranks a price, which only informs it.
  const options = line.soldOutOptions ?? [];
  if (options.length > 0) {
    const it = options.length === 1 ? 'it' : 'them';
    return `${andList(options)} sold out since you added ${it}. Remove this item and add it again without ${it} to place your order.`;
  }
  if (line.addedUnit !== null && line.addedUnit !== line.unit) {
    return `Price changed from ${formatMoney(line.addedUnit)} to ${formatMoney(line.unit)}`;
  }
  return null;
}

/**
 * The most a carried "was" price may be: ten times the highest product price, above anything a
 * line's unit (base, size and extra toppings) reaches on a real menu.
 */
const MAX_CARRIED_UNIT_CENTS = 10 * MAX_PRICE_CENTS;

/**
 * The unit price (cents) a guest's line was added at, as it carries it (`priceByQuantity`:
 * dollars, a number or the spec client's numeric text), or null when it carries none or none a
 * line could have had (not whole cents, below zero, past MAX_CARRIED_UNIT_CENTS). Only ever the
 * "was" of the line's notice: a hostile client can change what its own cart says, never what
 * it is charged, which is the menu's price when the order is placed.
 */
export function carriedUnitCents(priceByQuantity: unknown): number | null {
  const dollars =
    typeof priceByQuantity === 'number'
      ? priceByQuantity
      : typeof priceByQuantity === 'string' && priceByQuantity.trim() !== ''
        ? Number(priceByQuantity)
        : NaN;
  if (!Number.isFinite(dollars)) return null;
  const cents = toCents(dollars);
  // 12.345 is no price the store could have shown.
  if (Math.abs(cents - dollars * 100) > 1e-6) return null;
  return cents >= 0 && cents <= MAX_CARRIED_UNIT_CENTS ? cents : null;
}

/** "A", "A and B", "A, B and C". */
export function andList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/**
 * The options chosen on a line (toppings, sides, drinks, flavours) that are in `soldOut`, each
 * once, in the line's order: what complete-order would refuse the line for.
 */
export function soldOutChoices(
  selection: NormalisedSelection,
  soldOut: ReadonlySet<string>,
): string[] {
  const chosen = [
    selection.flavor,
    selection.wingsFlavor,
    ...selection.toppings.flat(),
    ...selection.sides,
    ...selection.drinks.map((drink) => drink.name),
  ];
  return [...new Set(chosen.filter((name): name is string => !!name && soldOut.has(name)))];
}
