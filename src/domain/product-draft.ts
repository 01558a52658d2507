/**
 * The rules a product the staff write must keep, in one place: the server refuses a product that
 * breaks one (400, the message naming the field), and the menu editor can show the same messages
 * beside its fields. Plain TypeScript with no schema library, so the browser's editor can run it
 * without downloading zod. Money is integer cents (the API's dollars are converted at its edge).
 *
 * The stored-details schema (`product-details.ts`) decides what the server can read and price;
 * this decides what the staff may write, which is stricter: a field the product's kind does not
 * use, a deal of no pizza or a drink limit above the drinks listed would be stored without
 * complaint and then never behave as the owner meant.
 */
import {
  KIND_RULES,
  KINDS,
  kindHasField,
  type CategoryEntry,
  type ProductDetails,
} from './catalog';
import { checkListLength, type DraftProblem } from './menu-limits';
import { MAX_PRICE_CENTS, formatMoney } from './money';
import { isPlainText } from './plain-text';

export type { DraftProblem } from './menu-limits';

/** A product as the staff write it (the API's fields less `_id`), money in cents. */
export interface ProductDraft {
  name: string;
  /** Any text: an unknown category is one of the problems. */
  category: string;
  image: string;
  price: number;
  description: string;
  details: ProductDetails;
}

export interface DraftContext {
  /** The store's categories: the draft's must be one of them, and its kind says its fields. */
  categories: readonly Pick<CategoryEntry, 'id' | 'kind'>[];
  /**
   * The names already used by other products of the draft's category: a customer tells
   * products apart by name, and beverages are added to a cart by theirs.
   */
  takenNames?: Iterable<string>;
  /**
   * The beverages' names (hidden ones too): a combo's drinks are beverages, kept by id, so each
   * must name one. Left out, the drinks' names are not checked against the menu.
   */
  beverageNames?: Iterable<string>;
}

export const MAX_NAME_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 1000;
/** The longest option (size, flavour, side, drink) name. */
export const MAX_OPTION_LENGTH = 80;
/** The most pizzas one deal may hold: beyond this the screen is a wall of topping lists. */
export const MAX_PIZZAS = 10;
/** The most of one count (free toppings per pizza, drinks a line may include). */
export const MAX_COUNT = 99;

/**
 * A path on this site: a photo from elsewhere would be fetched by every customer's browser from
 * a server the store does not run (and the CSP refuses it anyway).
 */
export const isStoreImagePath = (image: string): boolean =>
  /^\/images\/[\w./-]+$/.test(image) && !image.includes('..');

export const IMAGE_PATH_MESSAGE =
  'The photo must be one of the store’s own, a path like /images/….webp.';

/** How a name is compared with the others in its category: case and spacing do not count. */
export const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Every details field some kind uses (each field is some kind's: decision 17). */
const DETAILS_FIELDS: readonly (keyof ProductDetails)[] = [
  ...new Set(KINDS.flatMap((kind): readonly (keyof ProductDetails)[] => KIND_RULES[kind].fields)),
];

const LIST_FIELDS = ['sizes', 'wingsFlavors', 'Flavors', 'sides', 'drinks'] as const;

/** Every rule `draft` breaks, in the order of its fields (empty: it may be saved). */
export function checkProductDraft(draft: ProductDraft, context: DraftContext): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  const name = draft.name.trim();
  if (name === '') problem('name', 'Please give the product a name.');
  else if (!isPlainText(name)) problem('name', 'Please remove special characters from the name.');
  else if (name.length > MAX_NAME_LENGTH) {
    problem('name', `The name is too long: at most ${MAX_NAME_LENGTH} characters.`);
  } else {
    const taken = new Set([...(context.takenNames ?? [])].map(sameName));
    if (taken.has(sameName(name))) {
      problem('name', `Another product in this category is called "${name}": choose another name.`);
    }
  }

  const category = context.categories.find((entry) => entry.id === draft.category);
  if (!category) {
    problem(
      'category',
      `No category "${draft.category}". Expected one of: ${context.categories
        .map((entry) => entry.id)
        .join(', ')}.`,
    );
  }

  if (draft.image !== '' && !isStoreImagePath(draft.image)) problem('image', IMAGE_PATH_MESSAGE);

  problems.push(...checkProductPrice(draft.price));
  if (draft.description.length > MAX_DESCRIPTION_LENGTH) {
    problem(
      'description',
      `The description is too long: at most ${MAX_DESCRIPTION_LENGTH} characters.`,
    );
  } else if (!isPlainText(draft.description)) {
    problem('description', 'Please remove special characters from the description.');
  }

  problems.push(...checkDetails(category, draft.details));
  if (context.beverageNames !== undefined) {
    const beverages = new Set(context.beverageNames);
    const unknown = (draft.details.drinks ?? []).find((drink) => !beverages.has(drink));
    if (unknown !== undefined) {
      problem('details.drinks', `"${unknown}" is not one of the beverages on the menu.`);
    }
  }
  return problems;
}

/**
 * The one rule for a product's base price, kept by every path that writes one (POST and PATCH
 * /api/staff/products, the menu editor, the day's price editor, the menu document's import):
 * whole cents from $0.00 to the highest price. $0.00 is allowed because a product priced by its
 * sizes charges only its size prices (base + size surcharge, pricing.ts); a negative price
 * never is, as it would take money off the rest of the cart.
 */
export function checkProductPrice(cents: number): DraftProblem[] {
  return checkMoney('price', cents);
}

/** A price or surcharge: whole cents, not negative, at most the highest price. */
function checkMoney(field: string, cents: number): DraftProblem[] {
  if (!Number.isInteger(cents)) {
    return [{ field, message: 'Please give the amount in dollars and cents, like 12.99.' }];
  }
  if (cents < 0) return [{ field, message: 'The amount cannot be negative.' }];
  if (cents > MAX_PRICE_CENTS) {
    return [{ field, message: `The amount is too high: at most ${formatMoney(MAX_PRICE_CENTS)}.` }];
  }
  return [];
}

function checkCount(field: string, value: number, min: number, max: number): DraftProblem[] {
  if (!Number.isInteger(value) || value < min || value > max) {
    return [{ field, message: `Please give a whole number from ${min} to ${max}.` }];
  }
  return [];
}

function checkDetails(
  category: Pick<CategoryEntry, 'id' | 'kind'> | undefined,
  details: ProductDetails,
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const problem = (field: string, message: string) =>
    problems.push({ field: `details.${field}`, message });

  if (category) {
    const { kind } = category;
    for (const field of DETAILS_FIELDS) {
      if (details[field] !== undefined && !kindHasField(kind, field)) {
        problem(field, `A product of the ${kind} kind (${category.id}) cannot have ${field}.`);
      }
    }
    // With no pizzas the deal's screen would offer nothing to choose.
    if (kind === 'pizza-deal' && details.pizzas === undefined) {
      problem('pizzas', 'A pizza deal needs at least 1 pizza.');
    }
  }

  for (const field of LIST_FIELDS) {
    const list = details[field];
    if (!list) continue;
    problems.push(...checkListLength(field, `details.${field}`, list));
    const seen = new Set<string>();
    for (const option of list) {
      const trimmed = option.trim();
      if (
        trimmed === '' ||
        trimmed !== option ||
        trimmed.length > MAX_OPTION_LENGTH ||
        !isPlainText(trimmed)
      ) {
        problem(
          field,
          `Each choice needs a name of 1 to ${MAX_OPTION_LENGTH} plain characters, with no spaces around it.`,
        );
        break;
      }
      if (seen.has(sameName(option))) {
        problem(field, `"${trimmed}" is listed twice.`);
        break;
      }
      seen.add(sameName(option));
    }
  }

  // Lists that are not names: each capped all the same (issue 45: 10,000 windows on one item).
  for (const field of ['availableAt', 'allergens', 'marks'] as const) {
    problems.push(...checkListLength(field, `details.${field}`, details[field]));
  }

  const sizes = details.sizes ?? [];
  const sizePrices = details.sizePrices ?? {};
  for (const size of sizes) {
    if (!Object.hasOwn(sizePrices, size))
      problem('sizePrices', `The size "${size}" needs a price.`);
  }
  for (const [size, cents] of Object.entries(sizePrices)) {
    if (!sizes.includes(size)) problem('sizePrices', `"${size}" is not one of the sizes.`);
    else problems.push(...checkMoney(`details.sizePrices.${size}`, cents));
  }
  for (const [size, text] of Object.entries(details.sizeDescriptions ?? {})) {
    if (!sizes.includes(size)) problem('sizeDescriptions', `"${size}" is not one of the sizes.`);
    else if (text.length > MAX_DESCRIPTION_LENGTH || !isPlainText(text)) {
      problem(`sizeDescriptions.${size}`, `At most ${MAX_DESCRIPTION_LENGTH} plain characters.`);
    }
  }

  if (details.pizzas !== undefined && details.pizzas < 1) {
    problem('pizzas', 'A deal needs at least 1 pizza.');
  } else if (details.pizzas !== undefined) {
    problems.push(...checkCount('details.pizzas', details.pizzas, 1, MAX_PIZZAS));
  }
  if (details.toppingsPerPizza !== undefined) {
    problems.push(
      ...checkCount('details.toppingsPerPizza', details.toppingsPerPizza, 0, MAX_COUNT),
    );
  }
  if (details.extraToppingPrice !== undefined) {
    problems.push(...checkMoney('details.extraToppingPrice', details.extraToppingPrice));
  }

  // A line chooses its drinks from the list: a limit above the list's length reads as a promise
  // the screen cannot keep.
  const drinks = details.drinks?.length ?? 0;
  const tooMany = (limit: number) =>
    `The combo lists ${drinks} drink${drinks === 1 ? '' : 's'}: the limit cannot be more (${limit}).`;
  if (details.maxDrinks !== undefined) {
    const count = checkCount('details.maxDrinks', details.maxDrinks, 0, MAX_COUNT);
    problems.push(...count);
    if (count.length === 0 && details.maxDrinks > drinks) {
      problem('maxDrinks', tooMany(details.maxDrinks));
    }
  }
  for (const [size, limit] of Object.entries(details.drinkLimits ?? {})) {
    const count = checkCount(`details.drinkLimits.${size}`, limit, 0, MAX_COUNT);
    problems.push(...count);
    if (!sizes.includes(size)) problem('drinkLimits', `"${size}" is not one of the sizes.`);
    else if (count.length === 0 && limit > drinks) problem(`drinkLimits.${size}`, tooMany(limit));
  }
  return problems;
}

/** The first problem as one line naming its field ("details.pizzas: ..."), for an API answer. */
export function describeDraftProblem(problem: DraftProblem): string {
  return `${problem.field}: ${problem.message}`;
}
