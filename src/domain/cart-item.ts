/**
 * One cart line: the payload a screen sends, how it is checked against its product, and how it
 * reads and prices. The browser (detail screens, guest cart) and the server (cart routes) use
 * the same functions, so a choice the screen accepts is a choice the server accepts, at the
 * same price.
 *
 * Options a product does not take are refused when sent non-empty (an empty string, null or an
 * empty list counts as "not sent"), so a screen bug shows up as a clear 400 instead of being
 * silently dropped.
 */
import type { CartItemPayload } from './cart-item-schema';
import {
  drinkLimit,
  drinkLimitMessage,
  flavorAlias,
  flavorOptions,
  pizzaCount,
  productRules,
  type Product,
} from './catalog';
import { unitPrice } from './pricing';
import { MAX_QUANTITY, MIN_QUANTITY } from './pricing-terms';

export type { CartItemPayload };

/**
 * A guest's cart line in local storage (key `cart`): the payload without `userId`, always with
 * the product's id (also for beverages and sides), plus a local `_id` for editing and removing.
 */
export type LocalCartItem = Omit<CartItemPayload, 'userId' | 'productId'> & {
  productId: string;
  _id: string;
};

export interface CartDrink {
  name: string;
  quantity: number;
}

/**
 * The checked options of a line, in one shape for every product. Toppings are always one list
 * per pizza: [] for a product without toppings, one list for a flat list (combo, panzerotte),
 * `pizzaCount` lists for the deals and the family and mega combos.
 */
export interface NormalisedSelection {
  size?: string;
  flavor?: string;
  wingsFlavor?: string;
  sides: string[];
  drinks: CartDrink[];
  toppings: string[][];
}

/** The choice a refused selection is about, so a screen can take the customer to it. */
export type SelectionField = 'quantity' | 'size' | 'flavor' | 'sides' | 'drinks' | 'toppings';

export type SelectionResult =
  | { ok: true; selection: NormalisedSelection }
  | {
      ok: false;
      /** A sentence the screen can show as it is. */
      message: string;
      /** A conflict with the product's state, not with anything chosen. */
      reason: 'sold-out';
    }
  | {
      ok: false;
      message: string;
      /** A bad choice, in `field`. */
      reason: 'invalid';
      field: SelectionField;
    };

/** The selection part of a payload (what validateSelection reads). */
export type SelectionInput = Pick<
  CartItemPayload,
  'size' | 'flavor' | 'wingsFlavor' | 'sides' | 'drinks' | 'toppings' | 'quantity'
>;

/** "A, B, C or D". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

class Invalid extends Error {
  constructor(
    message: string,
    readonly field: SelectionField,
  ) {
    super(message);
  }
}

function fail(field: SelectionField, message: string): never {
  throw new Invalid(message, field);
}

/**
 * A chosen topping, drink, side or flavour the store has marked sold out: a conflict, not a bad
 * choice.
 */
class SoldOutOption extends Error {}

function checkSize(product: Product, size: string | null | undefined): string | undefined {
  const rules = productRules(product);
  const sizes = rules.size ? (product.details.sizes ?? []) : [];
  if (sizes.length === 0) {
    if (present(size)) fail('size', `${product.name} has no size to choose.`);
    return undefined;
  }
  const choose = `Choose a size: ${orList(sizes)}.`;
  if (!present(size)) fail('size', choose);
  if (!sizes.includes(size)) fail('size', `Unknown size "${size}". ${choose}`);
  return size;
}

function checkFlavor(
  product: Product,
  input: SelectionInput,
  soldOut: ReadonlySet<string>,
): Pick<NormalisedSelection, 'flavor' | 'wingsFlavor'> {
  const rules = productRules(product);
  // The spec's wings screen sends the chosen flavour in both `flavor` and `wingsFlavor`.
  const alias = flavorAlias(product);
  const options = flavorOptions(product);
  const fields = ['flavor', 'wingsFlavor'] as const;
  for (const field of fields) {
    if (field !== rules.flavor && field !== alias && present(input[field])) {
      fail(
        'flavor',
        `${product.name} takes no ${field === 'flavor' ? 'flavour' : 'wings flavour'}.`,
      );
    }
  }
  if (rules.flavor === 'none' || options.length === 0) return {};
  const label = rules.flavor === 'wingsFlavor' ? 'wings flavour' : 'flavour';
  const main = input[rules.flavor];
  const other = alias ? input[alias] : undefined;
  if (present(main) && present(other) && main !== other) {
    fail('flavor', `Choose one flavour, not "${main}" and "${other}".`);
  }
  const value = present(main) ? main : other;
  const choose = `Choose a ${label}: ${orList(options)}.`;
  if (!present(value)) fail('flavor', choose);
  if (!options.includes(value)) fail('flavor', `Unknown ${label} "${value}". ${choose}`);
  if (soldOut.has(value)) throw new SoldOutOption(`${value} is sold out.`);
  return { [rules.flavor]: value };
}

function checkSides(
  product: Product,
  sent: readonly string[],
  soldOut: ReadonlySet<string>,
): string[] {
  const required = productRules(product).sides;
  const sides = sent.filter((side) => side !== '');
  if (required === 0) {
    if (sides.length > 0) fail('sides', `${product.name} takes no side.`);
    return [];
  }
  const options = product.details.sides ?? [];
  for (const side of sides) {
    if (soldOut.has(side)) throw new SoldOutOption(`${side} is sold out.`);
    if (!options.includes(side))
      fail('sides', `Unknown side "${side}". Choose from ${orList(options)}.`);
  }
  if (sides.length !== required) {
    fail('sides', `Choose ${required === 1 ? '1 side' : `${required} sides`}: ${orList(options)}.`);
  }
  return sides;
}

function checkDrinks(
  product: Product,
  size: string | undefined,
  sent: readonly CartDrink[],
  drinkNames: ReadonlySet<string>,
  soldOut: ReadonlySet<string>,
): CartDrink[] {
  const rules = productRules(product);
  if (!rules.drinks) {
    if (sent.length > 0) fail('drinks', `${product.name} takes no drinks.`);
    return [];
  }
  // The spec's screen offers the beverage list, the product names its usual cans: either is fine.
  const allowed = new Set([...(product.details.drinks ?? []), ...drinkNames]);
  const merged = new Map<string, number>();
  for (const drink of sent) {
    if (soldOut.has(drink.name)) throw new SoldOutOption(`${drink.name} is sold out.`);
    if (!allowed.has(drink.name)) fail('drinks', `Unknown drink "${drink.name}".`);
    merged.set(drink.name, (merged.get(drink.name) ?? 0) + drink.quantity);
  }
  const drinks = [...merged].map(([name, quantity]) => ({ name, quantity }));
  const total = drinks.reduce((sum, drink) => sum + drink.quantity, 0);
  if (total > drinkLimit(product, size)) {
    fail('drinks', drinkLimitMessage(product, size));
  }
  return drinks;
}

function checkToppings(
  product: Product,
  sent: readonly string[] | readonly (readonly string[])[],
  toppingNames: ReadonlySet<string>,
  soldOut: ReadonlySet<string>,
): string[][] {
  const mode = productRules(product).toppingLists;
  const isNested = sent.length > 0 && sent.every((entry) => Array.isArray(entry));
  const lists: string[][] = isNested
    ? (sent as readonly (readonly string[])[]).map((list) => [...list])
    : sent.length > 0
      ? [[...(sent as readonly string[])]]
      : [];
  const count = lists.reduce((sum, list) => sum + list.length, 0);

  if (mode === 'none') {
    if (count > 0) fail('toppings', `${product.name} takes no toppings.`);
    return [];
  }
  const pizzas = pizzaCount(product);
  if (mode === 'per-pizza' && lists.length > 0 && !isNested) {
    fail('toppings', `Send one topping list per pizza (${pizzas} pizzas), not a single list.`);
  }
  // The spec's deal screens send one list per pizza they draw, starting empty, and may draw
  // more or fewer than the product has: a missing list is a plain pizza, an empty list past
  // the last pizza is nothing; only toppings on a pizza the product does not have are refused.
  const beyond = lists.slice(pizzas).findIndex((list) => list.length > 0);
  if (beyond >= 0) {
    fail(
      'toppings',
      mode === 'flat'
        ? `${product.name} takes one topping list, not ${pizzas + beyond + 1}.`
        : `Too many topping lists: ${product.name} has ${pizzas} pizzas, and toppings were sent for pizza ${pizzas + beyond + 1}.`,
    );
  }
  const perPizza = Array.from({ length: pizzas }, (_, index) => lists[index] ?? []);

  perPizza.forEach((list, index) => {
    const where = mode === 'per-pizza' ? ` on pizza ${index + 1}` : '';
    const seen = new Set<string>();
    for (const topping of list) {
      if (soldOut.has(topping)) throw new SoldOutOption(`${topping} is sold out.`);
      if (!toppingNames.has(topping)) fail('toppings', `Unknown topping "${topping}".`);
      if (seen.has(topping)) fail('toppings', `Topping "${topping}" is chosen twice${where}.`);
      seen.add(topping);
    }
  });
  return perPizza;
}

/**
 * Checks a line's options against its product and answers them normalised, or the first
 * problem as a sentence. `toppingNames`: the toppings on offer; `drinkNames`: the beverage names;
 * `soldOut`: topping, drink, side and flavour names the store has marked sold out (refused as
 * sold out, a conflict, rather than as unknown, whatever the product's usual drinks say).
 */
export function validateSelection(
  product: Product,
  payload: SelectionInput,
  toppingNames: ReadonlySet<string>,
  drinkNames: ReadonlySet<string>,
  soldOut: ReadonlySet<string> = new Set(),
): SelectionResult {
  if (product.soldOut) {
    return { ok: false, message: `${product.name} is sold out.`, reason: 'sold-out' };
  }
  try {
    const quantity = payload.quantity;
    if (!Number.isInteger(quantity) || quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) {
      fail('quantity', `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`);
    }
    const size = checkSize(product, payload.size);
    const selection: NormalisedSelection = {
      ...(size !== undefined ? { size } : {}),
      ...checkFlavor(product, payload, soldOut),
      sides: checkSides(product, payload.sides ?? [], soldOut),
      drinks: checkDrinks(product, size, payload.drinks ?? [], drinkNames, soldOut),
      toppings: checkToppings(product, payload.toppings ?? [], toppingNames, soldOut),
    };
    return { ok: true, selection };
  } catch (error) {
    if (error instanceof SoldOutOption) {
      return { ok: false, message: error.message, reason: 'sold-out' };
    }
    if (error instanceof Invalid) {
      return { ok: false, message: error.message, reason: 'invalid', field: error.field };
    }
    throw error;
  }
}

/** Unit and line price in cents of a checked selection. */
export function priceSelection(
  product: Pick<Product, 'kind' | 'details' | 'price'>,
  selection: NormalisedSelection,
  quantity: number,
): { unit: number; line: number } {
  const unit = unitPrice(product, { size: selection.size ?? null, toppings: selection.toppings });
  return { unit, line: unit * quantity };
}

/**
 * A key equal for two selections that make the same item (order of drinks and of the toppings
 * on one pizza does not matter), so adding the same thing again merges into one line.
 */
export function selectionKey(selection: NormalisedSelection): string {
  return JSON.stringify([
    selection.size ?? '',
    selection.flavor ?? '',
    selection.wingsFlavor ?? '',
    [...selection.sides].sort(),
    [...selection.drinks]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((drink) => [drink.name, drink.quantity]),
    selection.toppings.map((list) => [...list].sort()),
  ]);
}

/**
 * The most of one product a cart line may hold (MAX_QUANTITY, one cap for every product, the
 * Super Bowl combo included: its screen adds one at a time, and adding it again raises its
 * line), as the words to show when `quantity` goes past it, or null when it fits. Adding an item
 * that is already in the cart raises its line, so both carts check the sum with this.
 */
export function lineQuantityProblem(quantity: number): string | null {
  return quantity > MAX_QUANTITY
    ? `You can have at most ${MAX_QUANTITY} of one item in the cart.`
    : null;
}
