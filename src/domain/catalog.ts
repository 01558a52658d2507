/**
 * The menu's shape: kinds, categories, products and the rules each kind of product follows.
 * Prices are integer cents here; the API converts to dollars at its edge.
 *
 * A product's kind (closed: the engine's code) says which screen it has, which details fields
 * it may hold and how they are read; its category (the store's: title, order, the spec's alerts)
 * only groups it. What differs between two products of one kind is in their details, so a
 * product the store adds of a known kind needs no code (decision 17).
 */
import type { Allergen, DietaryMark } from './allergens';

/**
 * The kinds of product the engine knows: a pizza deal, a combo of pizzas (or none) with wings,
 * wings, panzerotti, a simple list (sides, dips) and the beverages (also what a combo's drinks
 * are chosen from).
 */
export const KINDS = [
  'pizza-deal',
  'wings-combo',
  'wings',
  'panzerotti',
  'simple',
  'beverages',
] as const;
export type Kind = (typeof KINDS)[number];

/**
 * A category's id: the name products carry in `category` on the wire and in the database
 * ("Wings", "TwoforOneDeals"). The categories themselves are the store's: a table it edits
 * (migration 023), read through the catalogue snapshot; the engine knows only their kinds.
 */
export type Category = string;

/** A category as the store keeps it and every screen reads it (`GET /api/categories`). */
export interface CategoryEntry {
  /** What products name in their `category`; letters and digits, never changed once made. */
  id: Category;
  /** The kind of every product in it: its screen and rules (`KIND_RULES`). */
  kind: Kind;
  /** Its route: `/category/{segment}` and `/{segment}/{id}` (spec: lowercased); never changed. */
  segment: string;
  /** The heading of its list, and its card's title on Home when its items collapse into one. */
  title: string;
  /** Retired by the store: its products leave the storefront with it. */
  hidden: boolean;
  /** The storefront's special offer: its products are the sidebar's "Order Now". At most one. */
  offer: boolean;
  /** Its card's picture on Home, where its items collapse into one card; null: the first item's. */
  image: string | null;
  /** The success alert for a signed-in customer (spec section 8). */
  added: string;
  /** The failure alert (spec section 8). */
  failed: string;
  /** When its products are offered, where a product has no windows of its own (`availability.ts`). */
  availableAt?: AvailabilityWindow[];
}

const FAILED = 'Failed to add to cart.';
const ITEM_FAILED = 'Failed to add item to cart.';

/** The alerts a category the store makes takes from its kind (the seeded ones keep the spec's). */
export const KIND_ALERTS: Record<Kind, Pick<CategoryEntry, 'added' | 'failed'>> = {
  'pizza-deal': { added: 'Item added to cart!', failed: ITEM_FAILED },
  'wings-combo': { added: 'Item added to cart!', failed: ITEM_FAILED },
  wings: { added: 'Wing order added to cart!', failed: FAILED },
  panzerotti: { added: 'Panzerotte added to cart!', failed: FAILED },
  simple: { added: 'Item added to cart!', failed: ITEM_FAILED },
  beverages: { added: 'Beverage added to cart!', failed: 'Failed to add beverage to cart.' },
};

/**
 * The two pizza deals' categories stay as the spec names them on the wire and in the database,
 * though neither name says what the deal holds: these say it.
 */
export const THREE_PIZZA_DEAL = 'TwoforOneDeals';
export const TWO_PIZZA_DEAL = 'ThreeforOneDeals';

const seeded = (
  id: Category,
  kind: Kind,
  title: string,
  added: string,
  failed: string = FAILED,
  offer = false,
): CategoryEntry => ({
  id,
  kind,
  segment: id.toLowerCase(),
  title,
  hidden: false,
  offer,
  image: null,
  added,
  failed,
});

/**
 * The categories a new store starts with, in their order: the rows migration 023 writes (the
 * API test `categories` checks they agree). Only the seed, the artwork script and tests read
 * this; the app reads the store's table.
 */
export const SEEDED_CATEGORIES: readonly CategoryEntry[] = [
  seeded('Wings', 'wings', 'Wings', 'Wing order added to cart!'),
  seeded('Combos', 'wings-combo', 'Pizza & Wings Combos', 'Item added to cart!', ITEM_FAILED),
  seeded('FamilyCombos', 'wings-combo', 'Family Combos', 'Family combo added to cart!'),
  seeded('MegaDealCombo', 'wings-combo', 'Mega Deal Combo', 'Mega combo added to cart!'),
  seeded(THREE_PIZZA_DEAL, 'pizza-deal', 'Two-for-One Deals', 'Two-for-One Deal added to cart!'),
  seeded(TWO_PIZZA_DEAL, 'pizza-deal', 'Two Pizza Deals', 'Item added to cart!', ITEM_FAILED),
  seeded('panzerotti', 'panzerotti', 'Panzerotti', 'Panzerotte added to cart!'),
  seeded(
    'superbowlcombo',
    'wings-combo',
    'Super Bowl Combo',
    'Super Bowl Wings Combo added to cart!',
    FAILED,
    true,
  ),
  seeded('Sides', 'simple', 'Sides', 'Side added to cart!', 'Failed to add side to cart.'),
  seeded(
    'Beverages',
    'beverages',
    'Beverages',
    'Beverage added to cart!',
    'Failed to add beverage to cart.',
  ),
];

/** The seeded category `id`; throws for one that is not seeded (a test's or the seed's typo). */
export function seededCategory(id: Category): CategoryEntry {
  const found = SEEDED_CATEGORIES.find((category) => category.id === id);
  if (!found) throw new Error(`No seeded category ${id}`);
  return found;
}

/** What a kind decides for all its products: their screen, their details fields, their flavour. */
export interface KindRules {
  /** `detail`: each item has a screen of options; `list`: items are added from the list itself. */
  screen: 'detail' | 'list';
  /**
   * The details fields a product of this kind may hold; the rules read no other (a wings
   * product given `pizzas` still takes no toppings). The menu editor shows these.
   */
  fields: readonly (keyof ProductDetails)[];
  /** Which flavour field a line takes (`flavor`, or a combo's `wingsFlavor`)... */
  flavor: 'none' | 'flavor' | 'wingsFlavor';
  /** ...chosen from which of the product's lists. */
  flavorList?: 'wingsFlavors' | 'Flavors';
  /** The other flavour field, accepted too: the spec's wings screen sends the flavour in both. */
  flavorAlias?: 'flavor' | 'wingsFlavor';
}

const SIZED = ['sizes', 'sizePrices', 'sizeDescriptions'] as const;
const TOPPED = ['pizzas', 'toppingsPerPizza', 'extraToppingPrice', 'toppingAllowance'] as const;

/** The one table of kinds: the screen and the fields each kind's products may have. */
export const KIND_RULES = {
  'pizza-deal': { screen: 'detail', fields: [...SIZED, ...TOPPED], flavor: 'none' },
  'wings-combo': {
    screen: 'detail',
    fields: [
      ...SIZED,
      'wingsFlavors',
      'sides',
      'drinks',
      'maxDrinks',
      'drinkLimits',
      ...TOPPED,
      'fixedQuantity',
    ],
    flavor: 'wingsFlavor',
    flavorList: 'wingsFlavors',
  },
  wings: {
    screen: 'detail',
    fields: [...SIZED, 'wingsFlavors'],
    flavor: 'flavor',
    flavorList: 'wingsFlavors',
    flavorAlias: 'wingsFlavor',
  },
  panzerotti: {
    screen: 'detail',
    fields: ['Flavors', ...TOPPED],
    flavor: 'flavor',
    flavorList: 'Flavors',
  },
  // Added from their list by name, with no options.
  simple: { screen: 'list', fields: [], flavor: 'none' },
  beverages: { screen: 'list', fields: [], flavor: 'none' },
} as const satisfies Record<Kind, KindRules>;

/** Whether a product of this kind may have the details field `field`. */
export function kindHasField(kind: Kind, field: keyof ProductDetails): boolean {
  const fields: readonly (keyof ProductDetails)[] = KIND_RULES[kind].fields;
  return fields.includes(field);
}

/** Whether a kind's items are added from their list (beverages, sides), not a detail screen. */
export const isListKind = (kind: Kind): boolean => KIND_RULES[kind].screen === 'list';

export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

/** The category whose route segment this is, case-insensitively ("FamilyCombos" -> familycombos). */
export function categoryBySegment<C extends Pick<CategoryEntry, 'segment'>>(
  categories: readonly C[],
  segment: string,
): C | undefined {
  const lower = segment.toLowerCase();
  return categories.find((category) => category.segment === lower);
}

/** The category's segment for a product's `category`, or the name lowercased when unknown. */
export function segmentOf(
  categories: readonly Pick<CategoryEntry, 'id' | 'segment'>[],
  category: Category,
): string {
  return categories.find((entry) => entry.id === category)?.segment ?? category.toLowerCase();
}

/** How a product's free toppings are counted. */
export type ToppingAllowance = 'per-pizza' | 'over-total';

/**
 * A product's own data, beyond name and price: the spec's fields (section 7) and the fields
 * that make one product of a kind differ from another (the rules read them, never a category's
 * name). Which of them a product may hold is its kind's (`KIND_RULES`). The name `load` is kept
 * for a product's kitchen load in pizza-equivalents (decision 17).
 */
export interface ProductDetails {
  sizes?: string[];
  /** Size -> surcharge in cents. */
  sizePrices?: Record<string, number>;
  sizeDescriptions?: Record<string, string>;
  wingsFlavors?: string[];
  /** Panzerotte flavours (the spec's capitalised field name). */
  Flavors?: string[];
  /** The sides one is chosen from; present, a line must choose one. */
  sides?: string[];
  /** Names of the drinks a combo may include (chosen from the beverage list). */
  drinks?: string[];
  /** Most drinks a line may include, for a size `drinkLimits` does not name (or no size). */
  maxDrinks?: number;
  /**
   * Most drinks by size, where it differs (the single combo: Small 2, Medium 3). Present, the
   * drink limit's alert names the size, as the spec's single-combo alert does.
   */
  drinkLimits?: Record<string, number>;
  /** Pizzas whose toppings are chosen: one is a single topping list, more a list per pizza. */
  pizzas?: number;
  toppingsPerPizza?: number;
  /** Cents per topping beyond the free count. */
  extraToppingPrice?: number;
  /**
   * How the free toppings are counted: each pizza its own (the default), or over the total of
   * the pizzas (the family and mega combos).
   */
  toppingAllowance?: ToppingAllowance;
  /** The screen adds one at a time, with no quantity field (the Super Bowl combo). */
  fixedQuantity?: boolean;
  /**
   * When the product is offered (`availability.ts`), any kind's: absent, always; present, only
   * inside one of these windows, judged at the order's time.
   */
  availableAt?: AvailabilityWindow[];
  /**
   * What the product contains of Canada's priority allergens, and its dietary marks
   * (`allergens.ts`), any kind's: the screens add those of the toppings chosen.
   */
  allergens?: Allergen[];
  marks?: DietaryMark[];
}

/** Days and hours a product is offered, in the store's zone. */
export interface AvailabilityWindow {
  /** Weekdays it starts on, 0 = Sunday … 6 = Saturday; unique, at least one. */
  days: number[];
  /** "HH:MM", 24-hour. */
  from: string;
  /** "HH:MM"; at or before `from` means past midnight, the next day. */
  to: string;
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
  /** Its category's kind: the rules it follows (`KIND_RULES`). */
  kind: Kind;
  image: string;
  /** Base price, cents. */
  price: number;
  description: string;
  details: ProductDetails;
  soldOut: boolean;
  /** Retired by the store: left out of the storefront, kept for the orders and carts naming it. */
  hidden: boolean;
  /** Its category is hidden: retired with it (`isRetired`), its own `hidden` kept for later. */
  categoryHidden?: boolean;
  /** Its category's windows (`offeredWindows`: its own, where it has any, come first). */
  categoryAvailableAt?: AvailabilityWindow[];
}

/** Whether a product is off the storefront: hidden itself, or its whole category is. */
export const isRetired = (product: Pick<Product, 'hidden' | 'categoryHidden'>): boolean =>
  product.hidden || product.categoryHidden === true;

/** The part of a product its rules are read from. */
export type ProductShape = Pick<Product, 'kind' | 'details'>;

/**
 * What a customer chooses for one product: its kind's rules applied to its own details. The
 * detail screens and the server's validation both read this, so a screen can never ask for
 * less than the server needs.
 */
export interface ProductRules {
  size: boolean;
  /** Which flavour field the item takes: wings `flavor`, panzerotte `flavor` from `Flavors`,
   *  combos `wingsFlavor`. */
  flavor: 'none' | 'flavor' | 'wingsFlavor';
  /** How many sides must be chosen (0 = none offered). */
  sides: number;
  /** Whether drinks are chosen, and how many at most (`drinkLimit`, a function of size). */
  drinks: boolean;
  /** Topping lists: none offered, one flat list, or one list per pizza (`details.pizzas`). */
  toppingLists: 'none' | 'flat' | 'per-pizza';
  allowance: ToppingAllowance;
  /** Quantity is fixed at 1 (the Super Bowl combo). */
  fixedQuantity: boolean;
}

/** The product's details its kind lets it have; any other field is not read. */
function kindDetails(product: ProductShape): ProductDetails {
  const fields: readonly (keyof ProductDetails)[] = KIND_RULES[product.kind].fields;
  const details: ProductDetails = product.details;
  return Object.fromEntries(
    fields.filter((field) => details[field] !== undefined).map((field) => [field, details[field]]),
  );
}

function sizeDrinkLimit(details: ProductDetails, size: string | undefined): number | undefined {
  const limits = details.drinkLimits;
  return limits && size !== undefined && Object.hasOwn(limits, size) ? limits[size] : undefined;
}

export function productRules(product: ProductShape): ProductRules {
  const kind: KindRules = KIND_RULES[product.kind];
  const details = kindDetails(product);
  const pizzas = details.pizzas ?? 0;
  const drinkLimits = [details.maxDrinks ?? 0, ...Object.values(details.drinkLimits ?? {})];
  return {
    size: (details.sizes ?? []).length > 0,
    flavor: kind.flavor,
    sides: (details.sides ?? []).length > 0 ? 1 : 0,
    drinks: Math.max(...drinkLimits) > 0,
    toppingLists: pizzas < 1 ? 'none' : pizzas === 1 ? 'flat' : 'per-pizza',
    allowance: details.toppingAllowance ?? 'per-pizza',
    fixedQuantity: details.fixedQuantity === true,
  };
}

/** The other flavour field a line of this product may send its flavour in, if any. */
export function flavorAlias(product: ProductShape): 'flavor' | 'wingsFlavor' | undefined {
  const kind: KindRules = KIND_RULES[product.kind];
  return kind.flavorAlias;
}

/** The flavour list a product offers for its flavour field. */
export function flavorOptions(product: ProductShape): string[] {
  const kind: KindRules = KIND_RULES[product.kind];
  return kind.flavorList ? (kindDetails(product)[kind.flavorList] ?? []) : [];
}

/** Number of pizzas whose toppings are chosen (1 for a flat topping list). */
export function pizzaCount(product: ProductShape): number {
  const lists = productRules(product).toppingLists;
  if (lists === 'none') return 0;
  if (lists === 'flat') return 1;
  return kindDetails(product).pizzas ?? 1;
}

/**
 * Most drinks a line of this product may include: its limit for the size (`drinkLimits`), else
 * its `maxDrinks`, else none. (Seeded: the single combo Small 2, Medium 3, any other size 4; the
 * family combo 4.)
 */
export function drinkLimit(product: ProductShape, size: string | undefined): number {
  const details = kindDetails(product);
  return sizeDrinkLimit(details, size) ?? details.maxDrinks ?? 0;
}

/** The spec's alert when a drink over the limit is chosen. */
export function drinkLimitMessage(product: ProductShape, size: string | undefined): string {
  const limit = drinkLimit(product, size);
  return kindDetails(product).drinkLimits
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
