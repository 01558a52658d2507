/**
 * A line's options in words, for people: the one description the cart's line, the staff's order
 * detail, the kitchen ticket and (through the description stored on an order line) the order
 * mails all read. It works from the choices alone, so an order line's stored selection reads
 * like a cart line's, whatever happened to the product since.
 */
import { sizeLabel } from './catalog';

/** The choices a line holds: a checked cart selection, or an order line as stored. */
export interface DescribableSelection {
  size?: string | null;
  flavor?: string | null;
  wingsFlavor?: string | null;
  sides: readonly string[];
  drinks: readonly { name: string; quantity: number }[];
  /**
   * One list per pizza, as a checked selection holds them: none for a product without
   * toppings, one for a flat list (a combo's pizza, a panzerotte), one per pizza for a deal.
   */
  toppings: readonly (readonly string[])[];
}

/** One thing chosen, in words: "20 pcs", "Hot", "Pizza 2: Bacon, Onions", "Drinks: Coke x2". */
export interface SelectionPart {
  /** What the part is about, so a screen can lay it out (a size and flavour on one line). */
  kind: 'size' | 'flavor' | 'sides' | 'toppings' | 'drinks';
  /** Said before the text ("Pizza 2", "Side", "Drinks"); none where the text says it all. */
  label?: string;
  text: string;
}

/**
 * One topping in words. A topping is a name today; the roadmap's pizza builder adds a side
 * (whole, left, right) and an amount (light, regular, extra) to each choice, read here as
 * "left half: Pepperoni (extra)", so every screen says it the same way.
 */
function toppingWords(name: string): string {
  return name;
}

function toppingsText(list: readonly string[]): string {
  return list.map(toppingWords).join(', ');
}

/**
 * The options of a line as parts, in the order a customer chose them: size, flavour, sides,
 * toppings (per pizza when there are several), drinks. A beverage or a side has none.
 */
export function selectionParts(selection: DescribableSelection): SelectionPart[] {
  const parts: SelectionPart[] = [];
  if (selection.size) parts.push({ kind: 'size', text: sizeLabel(selection.size) });
  if (selection.flavor) parts.push({ kind: 'flavor', text: selection.flavor });
  if (selection.wingsFlavor) parts.push({ kind: 'flavor', text: selection.wingsFlavor });
  if (selection.sides.length > 0) {
    const label = selection.sides.length === 1 ? 'Side' : 'Sides';
    parts.push({ kind: 'sides', label, text: selection.sides.join(', ') });
  }
  const [only, ...more] = selection.toppings;
  if (only && more.length === 0) {
    parts.push(
      only.length > 0
        ? { kind: 'toppings', label: 'Toppings', text: toppingsText(only) }
        : { kind: 'toppings', text: 'No toppings' },
    );
  } else {
    selection.toppings.forEach((list, index) => {
      parts.push({
        kind: 'toppings',
        label: `Pizza ${index + 1}`,
        text: list.length > 0 ? toppingsText(list) : 'no toppings',
      });
    });
  }
  if (selection.drinks.length > 0) {
    const drinks = selection.drinks.map((drink) =>
      drink.quantity === 1 ? drink.name : `${drink.name} x${drink.quantity}`,
    );
    parts.push({ kind: 'drinks', label: 'Drinks', text: drinks.join(', ') });
  }
  return parts;
}

/** A part as one piece of text: "Pizza 2: Bacon, Onions". */
export function selectionPartText(part: SelectionPart): string {
  return part.label ? `${part.label}: ${part.text}` : part.text;
}

/**
 * The options in one line, as the cart shows them and an order line stores them, e.g. "Large ·
 * Hot · Side: Garlic Bread · Pizza 1: Bacon, Ham · Pizza 2: no toppings · Drinks: Coke x2".
 * Empty for beverages and sides.
 */
export function describeSelection(selection: DescribableSelection): string {
  return selectionParts(selection).map(selectionPartText).join(' · ');
}
