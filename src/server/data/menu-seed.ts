/**
 * The store's menu from shared/design/menu.md, as seed data (the profile's defaults are the
 * settings' own, domain/store-settings.ts). Seeding fills an empty
 * database with them once and never touches what exists (decision 4), so a restart neither
 * duplicates items, nor overwrites the store's own changes, nor brings back what it deleted.
 */
import {
  isListKind,
  seededCategory,
  THREE_PIZZA_DEAL,
  toCents,
  TWO_PIZZA_DEAL,
  type Category,
  type ProductDetails,
} from '../../domain';
import type { Allergen, DietaryMark } from '../../domain/allergens';
import { slugify } from './slug';

export interface SeedProduct {
  slug: string;
  name: string;
  category: Category;
  price: number;
  description: string;
  details?: ProductDetails;
}

export const TOPPINGS = [
  'Anchovies',
  'Bacon',
  'Beef',
  'Black Olives',
  'Broccoli',
  'Chicken',
  'Feta Cheese',
  'Green Peppers',
  'Ham',
  'Hot Peppers',
  'Hot Sausage',
  'Italian Sausage',
  'Mushroom',
  'Onions',
  'Pepperoni',
  'Pineapple',
  'Salami',
  'Sliced Tomatoes',
  'Sun-Dried Tomatoes',
];

/** What a topping contains and its marks; a topping not named here has neither. */
export interface SeedToppingFacts {
  allergens: Allergen[];
  marks: DietaryMark[];
}

const VEGGIE: SeedToppingFacts = { allergens: [], marks: ['vegetarian', 'vegan'] };

/**
 * Plausible values for the seeded toppings, for the owner to check against the suppliers'
 * labels (migration 020 writes the same ones into a database seeded before it).
 */
export const TOPPING_FACTS: Record<string, SeedToppingFacts> = {
  Anchovies: { allergens: ['fish'], marks: [] },
  'Black Olives': VEGGIE,
  Broccoli: VEGGIE,
  'Feta Cheese': { allergens: ['milk'], marks: ['vegetarian'] },
  'Green Peppers': VEGGIE,
  'Hot Peppers': { allergens: [], marks: ['vegetarian', 'vegan', 'spicy'] },
  'Hot Sausage': { allergens: ['mustard'], marks: ['spicy'] },
  'Italian Sausage': { allergens: ['mustard'], marks: [] },
  Mushroom: VEGGIE,
  Onions: VEGGIE,
  Pepperoni: { allergens: ['sulphites'], marks: [] },
  Pineapple: VEGGIE,
  Salami: { allergens: ['sulphites'], marks: [] },
  'Sliced Tomatoes': VEGGIE,
  'Sun-Dried Tomatoes': { allergens: ['sulphites'], marks: ['vegetarian', 'vegan'] },
};

/** The crust and cheese every pizza, panzerotto and garlic finger is made of. */
const DOUGH_AND_CHEESE = {
  allergens: ['milk', 'wheat-triticale'],
  marks: ['vegetarian'],
} satisfies ProductDetails;

const VEGAN = { marks: ['vegetarian', 'vegan'] } satisfies ProductDetails;
const POUTINE = { allergens: ['milk', 'wheat-triticale'] } satisfies ProductDetails;
const CREAMY_DIP = { allergens: ['milk', 'eggs'], marks: ['vegetarian'] } satisfies ProductDetails;
const DAIRY = { allergens: ['milk'], marks: ['vegetarian'] } satisfies ProductDetails;

/** Wings sauces are thickened with soy sauce and flour (Honey Garlic, Sweet Chili). */
const WING_SAUCE = { allergens: ['soy', 'wheat-triticale'] } satisfies ProductDetails;

const WING_FLAVORS = ['Mild', 'Medium', 'Hot', 'Honey Garlic', 'Sweet Chili'];
const COMBO_SIDES = ['Garlic Bread', 'Potato Wedges', 'Caesar Salad', 'French Fries'];
const PIZZA_SIZES = ['Small', 'Medium', 'Large', 'ExtraLarge'];

const CANS = [
  'Coke',
  'Diet Coke',
  'Sprite',
  'Pepsi',
  'Diet Pepsi',
  'A&W Root Beer',
  'Mountain Dew',
  'Dr Pepper',
  'Cream Soda',
  'Orange Crush',
  'Ginger Ale',
];
const BOTTLES = [
  'Ginger Ale',
  '7Up',
  'Mountain Dew',
  'Orange Crush',
  'Pepsi',
  'Diet Pepsi',
  'Root Beer',
];

/** Surcharges given in dollars, kept in cents. */
function surcharges(sizes: string[], dollars: number[]): Record<string, number> {
  return Object.fromEntries(sizes.map((size, index) => [size, toCents(dollars[index] ?? 0)]));
}

const wingSizes = [
  '10 pcs',
  '15 pcs',
  '20 pcs',
  '25 pcs',
  '30 pcs',
  '35 pcs',
  '40 pcs',
  '45 pcs',
  '50 pcs',
];

export const PRODUCTS: SeedProduct[] = [
  {
    slug: 'wings',
    name: 'Wings',
    category: 'Wings',
    price: 8.99,
    description: 'Crispy oven-baked chicken wings tossed in the sauce of your choice.',
    details: {
      sizes: wingSizes,
      sizePrices: surcharges(wingSizes, [0, 5, 10, 14, 18, 22, 27, 32, 36]),
      wingsFlavors: WING_FLAVORS,
      ...WING_SAUCE,
    },
  },
  {
    slug: 'pizza-and-wings-combo',
    name: 'Pizza & Wings Combo',
    category: 'Combos',
    price: 25.99,
    description: 'One pizza with three toppings, wings, pop and a side.',
    details: {
      sizes: PIZZA_SIZES,
      sizePrices: surcharges(PIZZA_SIZES, [0, 3, 5, 8]),
      sizeDescriptions: {
        Small: '1 pizza with 3 toppings, 12 wings, 2 pops, 1 side',
        Medium: '1 pizza with 3 toppings, 15 wings, 3 pops, 1 side',
        Large: '1 pizza with 3 toppings, 15 wings, 4 pops, 1 side',
        ExtraLarge: '1 pizza with 3 toppings, 15 wings, 4 pops, 1 side',
      },
      wingsFlavors: WING_FLAVORS,
      sides: COMBO_SIDES,
      drinks: CANS,
      // Spec: Small 2, Medium 3, any other size 4.
      maxDrinks: 4,
      drinkLimits: { Small: 2, Medium: 3 },
      pizzas: 1,
      toppingsPerPizza: 3,
      extraToppingPrice: toCents(1.75),
      allergens: ['milk', 'soy', 'wheat-triticale'],
    },
  },
  {
    slug: 'two-pizzas-family-combo',
    name: 'Two Pizzas Family Combo',
    category: 'FamilyCombos',
    price: 32.99,
    description: 'Two pizzas with three toppings each, wings, four cans of pop and a side.',
    details: {
      sizes: PIZZA_SIZES,
      sizePrices: surcharges(PIZZA_SIZES, [0, 8, 16, 24]),
      sizeDescriptions: {
        Small: '2 pizzas with 3 toppings each, 15 wings, 4 cans of pop, 1 side',
        Medium: '2 pizzas with 3 toppings each, 20 wings, 4 cans of pop, 1 side',
        Large: '2 pizzas with 3 toppings each, 25 wings, 4 cans of pop, 1 side',
        ExtraLarge: '2 pizzas with 3 toppings each, 30 wings, 4 cans of pop, 1 side',
      },
      wingsFlavors: WING_FLAVORS,
      sides: COMBO_SIDES,
      drinks: CANS,
      maxDrinks: 4,
      pizzas: 2,
      toppingsPerPizza: 3,
      extraToppingPrice: toCents(1.75),
      toppingAllowance: 'over-total',
      allergens: ['milk', 'soy', 'wheat-triticale'],
    },
  },
  {
    slug: 'mega-deal-combo',
    name: 'Mega Deal Combo',
    category: 'MegaDealCombo',
    price: 38.99,
    description: 'Three pizzas with three toppings each, wings, a side and a 2-litre Pepsi.',
    details: {
      sizes: ['Small', 'Medium', 'Large'],
      sizePrices: surcharges(['Small', 'Medium', 'Large'], [0, 10, 24]),
      sizeDescriptions: {
        Small: '3 pizzas with 3 toppings each, 15 wings, 1 side, 2-litre Pepsi',
        Medium: '3 pizzas with 3 toppings each, 20 wings, 1 side, 2-litre Pepsi',
        Large: '3 pizzas with 3 toppings each, 30 wings, 1 side, 2-litre Pepsi',
      },
      wingsFlavors: WING_FLAVORS,
      sides: COMBO_SIDES,
      pizzas: 3,
      toppingsPerPizza: 3,
      extraToppingPrice: toCents(1.75),
      toppingAllowance: 'over-total',
      allergens: ['milk', 'soy', 'wheat-triticale'],
    },
  },
  {
    slug: 'two-for-one-pizza-deal',
    name: 'Two-for-One Pizza Deal',
    category: THREE_PIZZA_DEAL,
    price: 18.99,
    description: 'Three pizzas with three toppings each.',
    details: {
      sizes: PIZZA_SIZES,
      sizePrices: surcharges(PIZZA_SIZES, [0, 4, 8, 10]),
      pizzas: 3,
      toppingsPerPizza: 3,
      extraToppingPrice: toCents(1.75),
      ...DOUGH_AND_CHEESE,
    },
  },
  {
    slug: 'two-pizza-deal',
    name: 'Two Pizza Deal',
    category: TWO_PIZZA_DEAL,
    price: 26.99,
    description: 'Two pizzas with three toppings each.',
    details: {
      sizes: PIZZA_SIZES,
      sizePrices: surcharges(PIZZA_SIZES, [0, 5, 12, 16]),
      pizzas: 2,
      toppingsPerPizza: 3,
      extraToppingPrice: toCents(1.75),
      ...DOUGH_AND_CHEESE,
    },
  },
  {
    slug: 'panzerotti',
    name: 'Panzerotti',
    category: 'panzerotti',
    price: 18.99,
    description: 'Two panzerotti with three toppings and two dips.',
    details: {
      Flavors: ['Cheese', 'Classic'],
      pizzas: 1,
      toppingsPerPizza: 3,
      extraToppingPrice: toCents(1.75),
      // Not marked vegetarian: the Classic flavour has pepperoni.
      allergens: ['milk', 'wheat-triticale'],
    },
  },
  {
    slug: 'super-bowl-wings-combo',
    name: 'Super Bowl Wings Combo',
    category: 'superbowlcombo',
    price: 79.99,
    description: '80 wings, one large fries or wedges and one large garlic fingers.',
    details: {
      wingsFlavors: WING_FLAVORS,
      sides: ['Potato Wedges', 'French Fries'],
      fixedQuantity: true,
      allergens: ['milk', 'soy', 'wheat-triticale'],
    },
  },
  ...(
    [
      ['Potato Wedges', 4.99, 'Seasoned potato wedges.', VEGAN],
      ['Garlic Bread', 5.99, 'Toasted garlic bread.', DOUGH_AND_CHEESE],
      ['Medium Garlic Fingers', 8.99, 'Cheesy garlic fingers, medium.', DOUGH_AND_CHEESE],
      ['French Fries', 5.99, 'Golden fries.', VEGAN],
      ['Poutine Fries', 5.99, 'Fries with cheese curds and gravy.', POUTINE],
      ['Ranch Dip', 0.99, 'Ranch dipping sauce.', CREAMY_DIP],
      ['Creamy Garlic Dip', 0.99, 'Creamy garlic dipping sauce.', CREAMY_DIP],
      ['Cheddar', 0.99, 'Cheddar cheese dip.', DAIRY],
    ] as const
  ).map(([name, price, description, details]) => ({
    slug: `side-${slugify(name)}`,
    name,
    category: 'Sides' as const,
    price,
    description,
    details,
  })),
  ...CANS.map((name) => ({
    slug: `can-${slugify(name)}`,
    name,
    category: 'Beverages' as const,
    price: 1.25,
    description: '355 ml can',
  })),
  {
    slug: 'water-bottle',
    name: 'Water Bottle',
    category: 'Beverages',
    price: 1.25,
    description: 'Bottled water',
  },
  // Bottles share some names with cans; the size in the name keeps every beverage name unique,
  // because beverages are added to a cart by name.
  ...BOTTLES.map((name) => ({
    slug: `bottle-${slugify(name)}`,
    name: `${name} 591 ml`,
    category: 'Beverages' as const,
    price: 2.49,
    description: '591 ml bottle',
  })),
  ...(
    [
      ['Peace Iced Tea', 2.49, '695 ml can'],
      ['Arizona Mango', 2.99, '680 ml can'],
      ['Arizona Watermelon', 2.99, '680 ml can'],
      ['Chocolate Milk', 2.99, '473 ml bottle'],
    ] as const
  ).map(([name, price, description]) => ({
    slug: `drink-${slugify(name)}`,
    name,
    category: 'Beverages' as const,
    price,
    description,
    ...(name === 'Chocolate Milk' ? { details: DAIRY } : {}),
  })),
];

/** Image path of a seeded product: one SVG per item, made for this project (assets/images). */
export function seedImagePath(product: SeedProduct): string {
  // Items added from a list (beverages, sides) are many: each list has a folder of its own.
  const category = seededCategory(product.category);
  return isListKind(category.kind)
    ? `/images/${category.segment}/${product.slug}.svg`
    : `/images/${product.slug}.svg`;
}
