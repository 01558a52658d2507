/**
 * Allergens and dietary marks (issue 34): the closed lists a product's details and a topping
 * carry, their words for customers, and what one line holds once its toppings are chosen. Kept
 * out of the domain's index, as `availability.ts` is, so the first view does not download the
 * labels: the item screen, the cart and the staff's screens import it.
 */

/**
 * Canada's priority food allergens (Health Canada), in its order. Closed: a label printed on a
 * ticket must mean the same to every screen, so a new one is a code change, not a typo.
 */
export const ALLERGENS = [
  'peanuts',
  'tree-nuts',
  'sesame',
  'milk',
  'eggs',
  'fish',
  'crustaceans-shellfish',
  'soy',
  'wheat-triticale',
  'mustard',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/**
 * Marks a product or topping may carry. `vegetarian`, `vegan` and `gluten-free` are promises
 * about everything in the line; `spicy` is true of a line when one part of it is.
 */
export const DIETARY_MARKS = ['vegetarian', 'vegan', 'spicy', 'gluten-free'] as const;
export type DietaryMark = (typeof DIETARY_MARKS)[number];

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  peanuts: 'Peanuts',
  'tree-nuts': 'Tree nuts',
  sesame: 'Sesame',
  milk: 'Milk',
  eggs: 'Eggs',
  fish: 'Fish',
  'crustaceans-shellfish': 'Crustaceans and shellfish',
  soy: 'Soy',
  'wheat-triticale': 'Wheat and triticale',
  mustard: 'Mustard',
  sulphites: 'Sulphites',
};

export const MARK_LABELS: Record<DietaryMark, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  spicy: 'Spicy',
  'gluten-free': 'Gluten-free',
};

/** Marks that hold for a line only when every part of it has them. */
const WHOLE_LINE_MARKS: readonly DietaryMark[] = ['vegetarian', 'vegan', 'gluten-free'];

export function isAllergen(value: string): value is Allergen {
  return (ALLERGENS as readonly string[]).includes(value);
}

export function isDietaryMark(value: string): value is DietaryMark {
  return (DIETARY_MARKS as readonly string[]).includes(value);
}

/** What a product or a topping says of itself; absent lists are empty ones. */
export interface AllergenFacts {
  allergens?: readonly string[];
  marks?: readonly string[];
}

/** What a line holds: its allergens and marks, each in the lists' order, each once. */
export interface LineAllergens {
  allergens: Allergen[];
  marks: DietaryMark[];
}

/**
 * The allergens and marks of a line: the product's, with those of every topping chosen (a pizza
 * with anchovies contains fish). Names the lists do not know are left out (a newer process may
 * have written one), and a whole-line mark (vegetarian) is kept only when the product and every
 * chosen topping have it: ham on a vegetarian pizza makes it not one.
 */
export function lineAllergens(
  product: AllergenFacts,
  toppings: readonly AllergenFacts[] = [],
): LineAllergens {
  const parts = [product, ...toppings];
  const allergens = new Set(parts.flatMap((part) => part.allergens ?? []));
  const has = (part: AllergenFacts, mark: DietaryMark) => (part.marks ?? []).includes(mark);
  return {
    allergens: ALLERGENS.filter((allergen) => allergens.has(allergen)),
    marks: DIETARY_MARKS.filter((mark) =>
      WHOLE_LINE_MARKS.includes(mark)
        ? parts.every((part) => has(part, mark))
        : parts.some((part) => has(part, mark)),
    ),
  };
}

/**
 * The toppings of a selection (every pizza's), as facts, found by name in the topping list. A
 * name the list does not have (retired since) adds nothing.
 */
export function chosenToppingFacts(
  toppingLists: readonly (readonly string[])[],
  toppings: readonly ({ name: string } & AllergenFacts)[],
): AllergenFacts[] {
  const byName = new Map(toppings.map((topping) => [topping.name, topping]));
  return toppingLists.flat().flatMap((name) => byName.get(name) ?? []);
}

/** "Contains: Milk, Wheat and triticale", or null when the line lists no allergen. */
export function containsText(allergens: readonly string[]): string | null {
  const known = ALLERGENS.filter((allergen) => allergens.includes(allergen));
  if (known.length === 0) return null;
  return `Contains: ${known.map((allergen) => ALLERGEN_LABELS[allergen]).join(', ')}`;
}

/** The marks in words, in the list's order ("Vegetarian", "Spicy"). */
export function markLabels(marks: readonly string[]): string[] {
  return DIETARY_MARKS.filter((mark) => marks.includes(mark)).map((mark) => MARK_LABELS[mark]);
}
