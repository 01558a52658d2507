/**
 * The menu's shape: categories, products and the rules each kind of product follows.
 * Prices are integer cents here; the API converts to dollars at its edge.
 */

export const CATEGORIES = [
  'Wings',
  'Combos',
  'FamilyCombos',
  'MegaDealCombo',
  'TwoforOneDeals',
  'ThreeforOneDeals',
  'panzerotti',
  'superbowlcombo',
  'Sides',
  'Beverages',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The two pizza deals' categories stay as the spec names them on the wire and in the database,
 * though neither name says what the deal holds: these say it.
 */
export const THREE_PIZZA_DEAL = 'TwoforOneDeals' satisfies Category;
export const TWO_PIZZA_DEAL = 'ThreeforOneDeals' satisfies Category;

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** How a category is shown to a customer, and what the spec says when its items are added. */
export interface CategoryEntry {
  /** The category's route segment: `/{segment}/{id}`, `/category/{segment}` (spec: lowercased). */
  segment: string;
  /** The heading of its list. */
  title: string;
  /** `detail`: each item has a screen of options; `list`: items are added from the list itself. */
  screen: 'detail' | 'list';
  /** The success alert for a signed-in customer (spec section 8). */
  added: string;
  /** The failure alert (spec section 8). */
  failed: string;
}

const FAILED = 'Failed to add to cart.';
const ITEM_FAILED = 'Failed to add item to cart.';

/**
 * The one table of categories for every screen and route: segment, titles, list or detail
 * screen, and the spec's alerts. Nothing else restates these.
 */
export const CATALOGUE = {
  Wings: {
    segment: 'wings',
    title: 'Wings',
    screen: 'detail',
    added: 'Wing order added to cart!',
    failed: FAILED,
  },
  Combos: {
    segment: 'combos',
    title: 'Pizza & Wings Combos',
    screen: 'detail',
    added: 'Item added to cart!',
    failed: ITEM_FAILED,
  },
  FamilyCombos: {
    segment: 'familycombos',
    title: 'Family Combos',
    screen: 'detail',
    added: 'Family combo added to cart!',
    failed: FAILED,
  },
  MegaDealCombo: {
    segment: 'megadealcombo',
    title: 'Mega Deal Combo',
    screen: 'detail',
    added: 'Mega combo added to cart!',
    failed: FAILED,
  },
  [THREE_PIZZA_DEAL]: {
    segment: 'twoforonedeals',
    title: 'Two-for-One Deals',
    screen: 'detail',
    added: 'Two-for-One Deal added to cart!',
    failed: FAILED,
  },
  [TWO_PIZZA_DEAL]: {
    segment: 'threeforonedeals',
    title: 'Two Pizza Deals',
    screen: 'detail',
    added: 'Item added to cart!',
    failed: ITEM_FAILED,
  },
  panzerotti: {
    segment: 'panzerotti',
    title: 'Panzerotti',
    screen: 'detail',
    added: 'Panzerotte added to cart!',
    failed: FAILED,
  },
  superbowlcombo: {
    segment: 'superbowlcombo',
    title: 'Super Bowl Combo',
    screen: 'detail',
    added: 'Super Bowl Wings Combo added to cart!',
    failed: FAILED,
  },
  Sides: {
    segment: 'sides',
    title: 'Sides',
    screen: 'list',
    added: 'Side added to cart!',
    failed: 'Failed to add side to cart.',
  },
  Beverages: {
    segment: 'beverages',
    title: 'Beverages',
    screen: 'list',
    added: 'Beverage added to cart!',
    failed: 'Failed to add beverage to cart.',
  },
} as const satisfies Record<Category, CategoryEntry>;

type ScreenOf<S extends CategoryEntry['screen']> = {
  [C in Category]: (typeof CATALOGUE)[C]['screen'] extends S ? C : never;
}[Category];

/** Categories whose items each have a detail screen of options. */
export type DetailCategory = ScreenOf<'detail'>;
/** Categories whose items are added straight from their list (beverages, sides). */
export type ListCategory = ScreenOf<'list'>;

export function isDetailCategory(category: Category): category is DetailCategory {
  return CATALOGUE[category].screen === 'detail';
}

export function isListCategory(category: Category): category is ListCategory {
  return CATALOGUE[category].screen === 'list';
}

export const DETAIL_CATEGORIES: readonly DetailCategory[] = CATEGORIES.filter(isDetailCategory);
export const LIST_CATEGORIES: readonly ListCategory[] = CATEGORIES.filter(isListCategory);

/** Finds a category by its route segment, case-insensitively ("familycombos" -> "FamilyCombos"). */
export function categoryFromSegment(segment: string): Category | undefined {
  const lower = segment.toLowerCase();
  return CATEGORIES.find((category) => CATALOGUE[category].segment === lower);
}

export interface ProductDetails {
  sizes?: string[];
  /** Size -> surcharge in cents. */
  sizePrices?: Record<string, number>;
  sizeDescriptions?: Record<string, string>;
  wingsFlavors?: string[];
  /** Panzerotte flavours (the spec's capitalised field name). */
  Flavors?: string[];
  sides?: string[];
  /** Names of the drinks a combo may include (chosen from the beverage list). */
  drinks?: string[];
  pizzas?: number;
  toppingsPerPizza?: number;
  /** Cents per topping beyond the free count. */
  extraToppingPrice?: number;
}

/**
 * A product's details with their money fields (size surcharges, extra topping price) passed
 * through `convert`: cents to dollars at the API's edge (`toDollars`), back in the browser
 * (`toCents`). Everything else is copied as it is.
 */
export function convertDetailsMoney(
  details: ProductDetails,
  convert: (amount: number) => number,
): ProductDetails {
  const { sizePrices, extraToppingPrice, ...rest } = details;
  return {
    ...rest,
    ...(sizePrices
      ? {
          sizePrices: Object.fromEntries(
            Object.entries(sizePrices).map(([size, amount]) => [size, convert(amount)]),
          ),
        }
      : {}),
    ...(extraToppingPrice !== undefined ? { extraToppingPrice: convert(extraToppingPrice) } : {}),
  };
}

export interface Product {
  id: string;
  name: string;
  category: Category;
  image: string;
  /** Base price, cents. */
  price: number;
  description: string;
  details: ProductDetails;
  soldOut: boolean;
}

/** How a product's free toppings are counted. */
export type ToppingAllowance = 'per-pizza' | 'over-total';

/**
 * What a customer chooses for each kind of product. The detail screens and the server's
 * validation both read this table, so a screen can never ask for less than the server needs.
 */
export interface ProductRules {
  size: boolean;
  /** Which flavour field the item takes: wings `flavor`, panzerotte `flavor` from `Flavors`,
   *  combos `wingsFlavor`. */
  flavor: 'none' | 'flavor' | 'wingsFlavor';
  /** How many sides must be chosen (0 = none offered). */
  sides: number;
  /** Whether drinks are chosen, and how many at most (a function of size). */
  drinks: boolean;
  /** Topping lists: none offered, one flat list, or one list per pizza (`details.pizzas`). */
  toppingLists: 'none' | 'flat' | 'per-pizza';
  allowance: ToppingAllowance;
  /** Quantity is fixed at 1 (the Super Bowl combo). */
  fixedQuantity: boolean;
}

const BASE: ProductRules = {
  size: false,
  flavor: 'none',
  sides: 0,
  drinks: false,
  toppingLists: 'none',
  allowance: 'per-pizza',
  fixedQuantity: false,
};

export const PRODUCT_RULES: Record<Category, ProductRules> = {
  Wings: { ...BASE, size: true, flavor: 'flavor' },
  Combos: {
    ...BASE,
    size: true,
    flavor: 'wingsFlavor',
    sides: 1,
    drinks: true,
    toppingLists: 'flat',
  },
  FamilyCombos: {
    ...BASE,
    size: true,
    flavor: 'wingsFlavor',
    sides: 1,
    drinks: true,
    toppingLists: 'per-pizza',
    allowance: 'over-total',
  },
  MegaDealCombo: {
    ...BASE,
    size: true,
    flavor: 'wingsFlavor',
    sides: 1,
    toppingLists: 'per-pizza',
    allowance: 'over-total',
  },
  [THREE_PIZZA_DEAL]: { ...BASE, size: true, toppingLists: 'per-pizza' },
  [TWO_PIZZA_DEAL]: { ...BASE, size: true, toppingLists: 'per-pizza' },
  panzerotti: { ...BASE, flavor: 'flavor', toppingLists: 'flat' },
  superbowlcombo: { ...BASE, flavor: 'wingsFlavor', sides: 1, fixedQuantity: true },
  // Added from their list by name, with no options (CATALOGUE's `screen: 'list'`).
  Sides: BASE,
  Beverages: BASE,
};

/** The flavour list a product offers for its flavour field. */
export function flavorOptions(product: Pick<Product, 'category' | 'details'>): string[] {
  const rules = PRODUCT_RULES[product.category];
  if (rules.flavor === 'wingsFlavor') return product.details.wingsFlavors ?? [];
  if (rules.flavor === 'flavor')
    return product.details.Flavors ?? product.details.wingsFlavors ?? [];
  return [];
}

/** Number of pizzas whose toppings are chosen (1 for a flat topping list). */
export function pizzaCount(product: Pick<Product, 'category' | 'details'>): number {
  const rules = PRODUCT_RULES[product.category];
  if (rules.toppingLists === 'none') return 0;
  if (rules.toppingLists === 'flat') return 1;
  return product.details.pizzas ?? 1;
}

/**
 * Most drinks a combo may include: the single combo by size (Small 2, Medium 3, any other 4),
 * the family combo 4, everything else none.
 */
export function drinkLimit(category: Category, size: string | undefined): number {
  if (category === 'Combos') {
    if (size === 'Small') return 2;
    if (size === 'Medium') return 3;
    return 4;
  }
  if (category === 'FamilyCombos') return 4;
  return 0;
}

/** The spec's alert when a drink over the limit is chosen. */
export function drinkLimitMessage(category: Category, size: string | undefined): string {
  const limit = drinkLimit(category, size);
  return category === 'Combos'
    ? `You can select a maximum of ${limit} drinks for a ${size ?? ''} size.`
    : `You can select a maximum of ${limit} drinks.`;
}

/**
 * A size as a customer reads it: the spec's `ExtraLarge` is "Extra Large". Only for showing;
 * the spec's value is what is sent and stored.
 */
export function sizeLabel(size: string): string {
  return size.replace(/([a-z])([A-Z])/g, '$1 $2');
}
