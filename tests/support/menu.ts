import {
  SEEDED_CATEGORIES,
  isListKind,
  seededCategory,
  toCents,
  type NormalisedSelection,
  type Product,
} from '../../src/domain';
import { PRODUCTS, TOPPINGS } from '../../src/server/data/menu-seed';

/** The seeded menu as domain products (cents), keyed by name, for tests that need no database. */
export const SEEDED_MENU = new Map<string, Product>(
  PRODUCTS.map((seed) => [
    seed.name,
    {
      id: seed.slug,
      name: seed.name,
      category: seed.category,
      kind: seededCategory(seed.category).kind,
      image: '',
      price: toCents(seed.price),
      description: seed.description,
      details: seed.details ?? {},
      soldOut: false,
      hidden: false,
    },
  ]),
);

/** The seeded categories whose items have a detail screen (all but the lists), in their order. */
export const DETAIL_CATEGORY_IDS: readonly string[] = SEEDED_CATEGORIES.filter(
  (category) => !isListKind(category.kind),
).map((category) => category.id);

/**
 * The product called `name` in a list of products (the domain's, the API's or the staff API's):
 * the seeded menu's names are unique. Throws when there is none, so a renamed seed fails loudly.
 */
export function findProduct<P extends { name: string }>(list: readonly P[], name: string): P {
  const found = list.find((product) => product.name === name);
  if (!found) throw new Error(`No product "${name}" in the menu`);
  return found;
}

/** The first product of `category` in a list of products; throws when there is none. */
export function firstOf<P extends { category: string }>(list: readonly P[], category: string): P {
  const found = list.find((product) => product.category === category);
  if (!found) throw new Error(`No ${category} in the menu`);
  return found;
}

/** A seeded product as the domain sees it, for tests without a database. */
export function seededProduct(name: string): Product {
  return findProduct([...SEEDED_MENU.values()], name);
}

/** The seeded toppings' and drinks' names, as the server checks a selection against them. */
export const SEEDED_TOPPING_NAMES = new Set(TOPPINGS);
export const SEEDED_DRINK_NAMES = new Set(
  PRODUCTS.filter((seed) => seed.category === 'Beverages').map((seed) => seed.name),
);

/** A normalised selection: no sides, drinks or toppings unless given. */
export function selection(over: Partial<NormalisedSelection> = {}): NormalisedSelection {
  return { sides: [], drinks: [], toppings: [], ...over };
}
