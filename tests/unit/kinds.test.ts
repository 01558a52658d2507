import { describe, expect, it } from 'vitest';
import {
  KIND_RULES,
  KINDS,
  SEEDED_CATEGORIES,
  describeSelection,
  drinkLimit,
  drinkLimitMessage,
  linePrice,
  seededCategory,
  productRules,
  validateSelection,
  type Category,
  type Product,
  type ProductDetails,
  type ProductRules,
  type SelectionInput,
} from '../../src/domain';
import { SEEDED_DRINK_NAMES, SEEDED_MENU, SEEDED_TOPPING_NAMES } from '../support/menu';

/**
 * The rules each category had before they became the products' own data (the table
 * `PRODUCT_RULES` keyed by category, as it stood): the seeded menu must still follow them.
 */
const RULES_BEFORE: Record<Category, ProductRules> = (() => {
  const base: ProductRules = {
    size: false,
    flavor: 'none',
    sides: 0,
    drinks: false,
    toppingLists: 'none',
    allowance: 'per-pizza',
    fixedQuantity: false,
  };
  const combo = { size: true, flavor: 'wingsFlavor', sides: 1 } as const;
  return {
    Wings: { ...base, size: true, flavor: 'flavor' },
    Combos: { ...base, ...combo, drinks: true, toppingLists: 'flat' },
    FamilyCombos: {
      ...base,
      ...combo,
      drinks: true,
      toppingLists: 'per-pizza',
      allowance: 'over-total',
    },
    MegaDealCombo: { ...base, ...combo, toppingLists: 'per-pizza', allowance: 'over-total' },
    TwoforOneDeals: { ...base, size: true, toppingLists: 'per-pizza' },
    ThreeforOneDeals: { ...base, size: true, toppingLists: 'per-pizza' },
    panzerotti: { ...base, flavor: 'flavor', toppingLists: 'flat' },
    superbowlcombo: { ...base, flavor: 'wingsFlavor', sides: 1, fixedQuantity: true },
    Sides: base,
    Beverages: base,
  };
})();

/** A product the store might add: any category, its own details. */
function product(category: Category, details: ProductDetails, price = 2000): Product {
  return {
    id: 'new',
    name: 'New Item',
    category,
    kind: seededCategory(category).kind,
    image: '',
    price,
    description: '',
    details,
    soldOut: false,
    hidden: false,
  };
}

function check(item: Product, input: Partial<SelectionInput>) {
  return validateSelection(
    item,
    { quantity: 1, ...input },
    SEEDED_TOPPING_NAMES,
    SEEDED_DRINK_NAMES,
  );
}

const WINGS = { wingsFlavors: ['Hot'], sides: ['Garlic Bread'] };
const CANS = (count: number) => [{ name: 'Coke', quantity: count }];

describe('kinds and categories', () => {
  const ofKind = (kind: string) =>
    SEEDED_CATEGORIES.filter((category) => category.kind === kind).map((category) => category.id);

  it('gives every category a kind, and a list screen exactly to the list kinds', () => {
    for (const category of SEEDED_CATEGORIES) expect(KINDS).toContain(category.kind);
    expect(ofKind('beverages')).toEqual(['Beverages']);
    expect(ofKind('simple')).toEqual(['Sides']);
    expect(
      SEEDED_CATEGORIES.filter((c) => KIND_RULES[c.kind].screen === 'list').map((c) => c.id),
    ).toEqual(['Sides', 'Beverages']);
    expect(ofKind('wings-combo')).toEqual([
      'Combos',
      'FamilyCombos',
      'MegaDealCombo',
      'superbowlcombo',
    ]);
  });

  it('names the offer in the categories, not at the call site', () => {
    expect(SEEDED_CATEGORIES.filter((c) => c.offer).map((c) => c.id)).toEqual(['superbowlcombo']);
  });
});

describe('the seeded menu under rules read from its own details', () => {
  it('follows every rule its category had', () => {
    for (const seeded of SEEDED_MENU.values()) {
      expect(productRules(seeded), seeded.name).toEqual(RULES_BEFORE[seeded.category]);
    }
  });

  it('keeps the spec’s drink limits and alerts', () => {
    const menu = [...SEEDED_MENU.values()];
    const combo = menu.find((p) => p.category === 'Combos');
    const family = menu.find((p) => p.category === 'FamilyCombos');
    if (!combo || !family) throw new Error('seeded combos missing');
    const sizes = [undefined, 'Small', 'Medium', 'Large', 'ExtraLarge'];
    expect(sizes.map((size) => drinkLimit(combo, size))).toEqual([4, 2, 3, 4, 4]);
    expect(sizes.map((size) => drinkLimit(family, size))).toEqual([4, 4, 4, 4, 4]);
    expect(drinkLimitMessage(combo, 'ExtraLarge')).toBe(
      'You can select a maximum of 4 drinks for a ExtraLarge size.',
    );
    expect(drinkLimitMessage(family, 'Small')).toBe('You can select a maximum of 4 drinks.');
    for (const other of menu.filter((p) => !['Combos', 'FamilyCombos'].includes(p.category))) {
      expect(drinkLimit(other, 'Large'), other.name).toBe(0);
    }
  });
});

// What used to need code: a product of a known kind whose data differs from the seeded ones.
describe('a product the store adds of a known kind', () => {
  it('takes drinks in a mega deal when its details give a limit', () => {
    const mega = product('MegaDealCombo', { ...WINGS, drinks: ['Coke'], maxDrinks: 2 });
    expect(check(mega, { wingsFlavor: 'Hot', sides: ['Garlic Bread'], drinks: CANS(2) })).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(check(mega, { wingsFlavor: 'Hot', sides: ['Garlic Bread'], drinks: CANS(3) })).toEqual(
      expect.objectContaining({ ok: false, message: 'You can select a maximum of 2 drinks.' }),
    );
  });

  it('limits a combo’s drinks by its own size table, naming the size', () => {
    const combo = product('Combos', {
      ...WINGS,
      sizes: ['Party'],
      drinks: ['Coke'],
      maxDrinks: 6,
      drinkLimits: { Party: 1 },
    });
    const line = { size: 'Party', wingsFlavor: 'Hot', sides: ['Garlic Bread'] };
    expect(check(combo, { ...line, drinks: CANS(2) })).toEqual(
      expect.objectContaining({
        ok: false,
        message: 'You can select a maximum of 1 drinks for a Party size.',
      }),
    );
  });

  it('takes no drinks in a combo whose details give none', () => {
    const combo = product('FamilyCombos', { ...WINGS, drinks: ['Coke'] });
    expect(check(combo, { wingsFlavor: 'Hot', sides: ['Garlic Bread'], drinks: CANS(1) })).toEqual(
      expect.objectContaining({ ok: false, message: 'New Item takes no drinks.' }),
    );
  });

  it('counts free toppings as its details say, whatever its category', () => {
    const lists = [['Ham', 'Bacon', 'Beef', 'Onions'], []];
    const details = { sizes: [], pizzas: 2, toppingsPerPizza: 3, extraToppingPrice: 100 };
    const perPizza = product('TwoforOneDeals', details);
    const overTotal = product('TwoforOneDeals', { ...details, toppingAllowance: 'over-total' });
    expect(linePrice(perPizza, { toppings: lists }, 1)).toBe(2100);
    expect(linePrice(overTotal, { toppings: lists }, 1)).toBe(2000);
    // A family combo given no allowance counts per pizza, as any product does.
    const family = product('FamilyCombos', details);
    expect(linePrice(family, { toppings: lists }, 1)).toBe(2100);
  });

  it('draws one list per pizza from `pizzas`: none, a single list, or one each', () => {
    expect(productRules(product('Combos', WINGS)).toppingLists).toBe('none');
    expect(productRules(product('MegaDealCombo', { pizzas: 1 })).toppingLists).toBe('flat');
    expect(productRules(product('Combos', { pizzas: 2 })).toppingLists).toBe('per-pizza');
    const deal = product('ThreeforOneDeals', { pizzas: 4, toppingsPerPizza: 1 });
    const selection = check(deal, { toppings: [['Ham'], [], [], ['Bacon']] });
    if (!selection.ok) throw new Error(selection.message);
    expect(describeSelection(selection.selection)).toBe(
      'Pizza 1: Ham · Pizza 2: no toppings · Pizza 3: no toppings · Pizza 4: Bacon',
    );
  });

  it('fixes the quantity at one from its details', () => {
    expect(productRules(product('Combos', { fixedQuantity: true })).fixedQuantity).toBe(true);
    expect(productRules(product('superbowlcombo', WINGS)).fixedQuantity).toBe(false);
  });

  it('reads only the fields its kind may have', () => {
    const wings = product('Wings', {
      sizes: ['10 pcs'],
      wingsFlavors: ['Hot'],
      pizzas: 2,
      toppingsPerPizza: 1,
      drinks: ['Coke'],
      maxDrinks: 4,
      sides: ['Garlic Bread'],
      fixedQuantity: true,
    });
    expect(productRules(wings)).toEqual(RULES_BEFORE.Wings);
    expect(check(wings, { size: '10 pcs', flavor: 'Hot', drinks: CANS(1) })).toEqual(
      expect.objectContaining({ ok: false, message: 'New Item takes no drinks.' }),
    );
  });
});
