import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIP_PERCENT,
  TIP_PERCENTS,
  cartTotals,
  convertDetailsMoney,
  extraToppingCount,
  linePrice,
  priceSelection,
  toCents,
  toDollars,
  unitPrice,
  type NormalisedSelection,
  type Product,
  type TipPercent,
  tipPercentForAmount,
  toppingSummary,
  toppingSummaryText,
} from '../../src/domain';
import { SEEDED_MENU, seededProduct, selection } from '../support/menu';

/** n distinct topping names. */
function toppings(n: number): string[] {
  return Array.from({ length: n }, (_, index) => `Topping ${index + 1}`);
}

describe('the issue’s worked examples (line totals)', () => {
  it('Wings 25 pcs x 2 = (8.99 + 14) x 2 = 45.98', () => {
    const wings = seededProduct('Wings');
    expect(linePrice(wings, { size: '25 pcs' }, 2)).toBe(4598);
    expect(unitPrice(wings, { size: '25 pcs' })).toBe(2299);
  });

  it('Pizza & Wings Combo, Large, 4 toppings = 25.99 + 5 + 1.75 = 32.74', () => {
    expect(
      linePrice(
        seededProduct('Pizza & Wings Combo'),
        { size: 'Large', toppings: [toppings(4)] },
        1,
      ),
    ).toBe(3274);
  });

  it('Family Combo, Large, toppings 7 + 2 (9 of 6 free) = 32.99 + 16 + 3 x 1.75 = 54.24', () => {
    const family = seededProduct('Two Pizzas Family Combo');
    const lists = [toppings(7), toppings(2)];
    expect(extraToppingCount(family, lists)).toBe(3);
    expect(linePrice(family, { size: 'Large', toppings: lists }, 1)).toBe(5424);
  });

  it('Two-for-One, Medium, toppings 4/3/5 (1 + 0 + 2 extra) = 18.99 + 4 + 3 x 1.75 = 28.24', () => {
    const deal = seededProduct('Two-for-One Pizza Deal');
    const lists = [toppings(4), toppings(3), toppings(5)];
    expect(extraToppingCount(deal, lists)).toBe(3);
    expect(linePrice(deal, { size: 'Medium', toppings: lists }, 1)).toBe(2824);
  });
});

/**
 * Every product of the menu with a choice and its line total worked out by hand (dollars).
 * Each row notes the arithmetic so a reader can check it against menu.md.
 */
const HAND_CHECKED: [
  name: string,
  choice: NormalisedSelection,
  quantity: number,
  dollars: number,
][] = [
  // 8.99 + 0
  ['Wings', selection({ size: '10 pcs', flavor: 'Hot' }), 1, 8.99],
  ['Wings', selection({ size: '15 pcs', flavor: 'Mild' }), 1, 13.99],
  // (8.99 + 36) x 3
  ['Wings', selection({ size: '50 pcs', flavor: 'Mild' }), 3, 134.97],
  // 3 free toppings: 25.99
  [
    'Pizza & Wings Combo',
    selection({ size: 'Small', wingsFlavor: 'Hot', toppings: [toppings(3)] }),
    1,
    25.99,
  ],
  // 25.99 + 8 + 2 x 1.75 = 37.49
  [
    'Pizza & Wings Combo',
    selection({
      size: 'ExtraLarge',
      toppings: [toppings(5)],
      drinks: [{ name: 'Coke', quantity: 4 }],
    }),
    1,
    37.49,
  ],
  // 32.99 + 0, 3 + 3 of 6 free
  [
    'Two Pizzas Family Combo',
    selection({ size: 'Small', toppings: [toppings(3), toppings(3)] }),
    1,
    32.99,
  ],
  // 6 + 0 is still 6 of 6 free (counted over the total): 32.99 + 24 = 56.99
  [
    'Two Pizzas Family Combo',
    selection({ size: 'ExtraLarge', toppings: [toppings(6), []] }),
    1,
    56.99,
  ],
  // 38.99 + 10, no toppings
  ['Mega Deal Combo', selection({ size: 'Medium', toppings: [[], [], []] }), 1, 48.99],
  // 12 of 9 free: 38.99 + 24 + 3 x 1.75 = 68.24
  [
    'Mega Deal Combo',
    selection({ size: 'Large', toppings: [toppings(4), toppings(4), toppings(4)] }),
    1,
    68.24,
  ],
  // 18.99 + 8, 3/3/3 all free
  [
    'Two-for-One Pizza Deal',
    selection({ size: 'Large', toppings: [toppings(3), toppings(3), toppings(3)] }),
    1,
    26.99,
  ],
  // counted per pizza: 6/0/0 = 3 extra: 18.99 + 10 + 5.25 = 34.24
  [
    'Two-for-One Pizza Deal',
    selection({ size: 'ExtraLarge', toppings: [toppings(6), [], []] }),
    1,
    34.24,
  ],
  // 26.99 + 0 + (1 + 1) x 1.75 = 30.49
  ['Two Pizza Deal', selection({ size: 'Small', toppings: [toppings(4), toppings(4)] }), 1, 30.49],
  // (26.99 + 16 + 2 x 1.75) x 2 = 46.49 x 2 = 92.98
  ['Two Pizza Deal', selection({ size: 'ExtraLarge', toppings: [[], toppings(5)] }), 2, 92.98],
  // (18.99 + 2 x 1.75) x 2 = 22.49 x 2
  ['Panzerotti', selection({ flavor: 'Cheese', toppings: [toppings(5)] }), 2, 44.98],
  ['Panzerotti', selection({ flavor: 'Classic', toppings: [[]] }), 1, 18.99],
  ['Super Bowl Wings Combo', selection({ wingsFlavor: 'Hot', sides: ['French Fries'] }), 1, 79.99],
  ['Potato Wedges', selection({}), 2, 9.98],
  ['Garlic Bread', selection({}), 1, 5.99],
  ['Medium Garlic Fingers', selection({}), 3, 26.97],
  ['French Fries', selection({}), 1, 5.99],
  ['Poutine Fries', selection({}), 2, 11.98],
  ['Ranch Dip', selection({}), 3, 2.97],
  ['Creamy Garlic Dip', selection({}), 1, 0.99],
  ['Cheddar', selection({}), 99, 98.01],
  ['Coke', selection({}), 2, 2.5],
  ['Diet Coke', selection({}), 1, 1.25],
  ['Sprite', selection({}), 1, 1.25],
  ['Pepsi', selection({}), 4, 5],
  ['Diet Pepsi', selection({}), 1, 1.25],
  ['A&W Root Beer', selection({}), 1, 1.25],
  ['Mountain Dew', selection({}), 1, 1.25],
  ['Dr Pepper', selection({}), 1, 1.25],
  ['Cream Soda', selection({}), 1, 1.25],
  ['Orange Crush', selection({}), 1, 1.25],
  ['Ginger Ale', selection({}), 3, 3.75],
  ['Water Bottle', selection({}), 1, 1.25],
  ['Ginger Ale 591 ml', selection({}), 1, 2.49],
  ['7Up 591 ml', selection({}), 2, 4.98],
  ['Mountain Dew 591 ml', selection({}), 1, 2.49],
  ['Orange Crush 591 ml', selection({}), 1, 2.49],
  ['Pepsi 591 ml', selection({}), 1, 2.49],
  ['Diet Pepsi 591 ml', selection({}), 1, 2.49],
  ['Root Beer 591 ml', selection({}), 1, 2.49],
  ['Peace Iced Tea', selection({}), 1, 2.49],
  ['Arizona Mango', selection({}), 1, 2.99],
  ['Arizona Watermelon', selection({}), 2, 5.98],
  ['Chocolate Milk', selection({}), 1, 2.99],
];

describe('every product of the menu, checked by hand', () => {
  it('covers every seeded product', () => {
    const checked = new Set(HAND_CHECKED.map(([name]) => name));
    expect([...SEEDED_MENU.keys()].filter((name) => !checked.has(name))).toEqual([]);
  });

  it.each(HAND_CHECKED)('%s %j x %i = %d', (name, choice, quantity, dollars) => {
    const priced = priceSelection(seededProduct(name), choice, quantity);
    expect(priced.line).toBe(toCents(dollars));
    expect(priced.line).toBe(priced.unit * quantity);
  });
});

describe('cart totals', () => {
  it('adds HST 13% and the tip on the subtotal, without a delivery fee for pickup', () => {
    // 45.98 + 32.74 = 78.72; HST 10.2336 -> 10.23; tip 5% 3.936 -> 3.94
    const totals = cartTotals({
      lineTotals: [4598, 3274],
      tipPercent: DEFAULT_TIP_PERCENT,
      delivery: false,
      deliveryFee: 800,
    });
    expect(totals).toEqual({
      subtotal: 7872,
      hst: 1023,
      tipPercent: 5,
      tip: 394,
      deliveryFee: 0,
      total: 7872 + 1023 + 394,
    });
  });

  it('adds the delivery fee only for delivery', () => {
    const totals = cartTotals({
      lineTotals: [1000],
      tipPercent: 0,
      delivery: true,
      deliveryFee: 800,
    });
    expect(totals).toMatchObject({
      subtotal: 1000,
      hst: 130,
      tip: 0,
      deliveryFee: 800,
      total: 1930,
    });
  });

  it('charges no delivery fee on an empty cart', () => {
    expect(
      cartTotals({ lineTotals: [], tipPercent: 5, delivery: true, deliveryFee: 800 }),
    ).toMatchObject({ subtotal: 0, hst: 0, tip: 0, deliveryFee: 0, total: 0 });
  });

  it('rounds HST and tip half up to the cent', () => {
    const pickup = (cents: number, tipPercent: TipPercent) =>
      cartTotals({ lineTotals: [cents], tipPercent, delivery: false, deliveryFee: 0 });
    // 0.50 x 13% = 6.5 cents -> 7; 1.50 x 13% = 19.5 -> 20; 0.10 x 15% = 1.5 -> 2; 0.10 x 5% = 0.5 -> 1
    expect(pickup(50, 0).hst).toBe(7);
    expect(pickup(150, 0).hst).toBe(20);
    expect(pickup(10, 15).tip).toBe(2);
    expect(pickup(10, 5).tip).toBe(1);
    // 0.49 x 13% = 6.37 -> 6 (down)
    expect(pickup(49, 0).hst).toBe(6);
  });

  it.each([
    [0, 0],
    [5, 500],
    [10, 1000],
    [15, 1500],
    [20, 2000],
    [25, 2500],
    [50, 5000],
  ])('tip %i%% of a 100.00 subtotal is %i cents', (percent, tip) => {
    const totals = cartTotals({
      lineTotals: [10000],
      tipPercent: percent,
      delivery: false,
      deliveryFee: 0,
    });
    expect(totals.tip).toBe(tip);
    expect(totals.total).toBe(10000 + 1300 + tip);
  });

  it('offers the spec’s tip percents, default 5', () => {
    expect([...TIP_PERCENTS]).toEqual([0, 5, 10, 15, 20, 25, 50]);
    expect(DEFAULT_TIP_PERCENT).toBe(5);
  });
});

describe('convertDetailsMoney', () => {
  it('turns every seeded product’s money fields into dollars and back without losing a cent', () => {
    for (const product of SEEDED_MENU.values()) {
      const dollars = convertDetailsMoney(product.details, toDollars);
      expect(convertDetailsMoney(dollars, toCents), product.name).toEqual(product.details);
    }
    const combo = convertDetailsMoney(seededProduct('Pizza & Wings Combo').details, toDollars);
    expect(combo.sizePrices).toEqual({ Small: 0, Medium: 3, Large: 5, ExtraLarge: 8 });
    expect(combo.extraToppingPrice).toBe(1.75);
    expect(combo.sides).toEqual(seededProduct('Pizza & Wings Combo').details.sides);
  });
});

describe('tipPercentForAmount (the spec sends the tip in dollars)', () => {
  it('reads the percent back from its amount on the subtotal, within a cent', () => {
    // 80.00 subtotal: 20% is 16.00.
    expect(tipPercentForAmount(8000, 1600, 5)).toEqual({ ok: true, tipPercent: 20 });
    expect(tipPercentForAmount(8000, 1601, 5)).toEqual({ ok: true, tipPercent: 20 });
    expect(tipPercentForAmount(8000, 1599, 5)).toEqual({ ok: true, tipPercent: 20 });
    expect(tipPercentForAmount(8000, 0, 5)).toEqual({ ok: true, tipPercent: 0 });
    // 45.98 x 10% = 4.598: the spec's client may send 4.598 or 4.60.
    expect(tipPercentForAmount(4598, 459.8, 5)).toEqual({ ok: true, tipPercent: 10 });
    expect(tipPercentForAmount(4598, 460, 5)).toEqual({ ok: true, tipPercent: 10 });
  });

  it('refuses an amount that is no allowed percent, listing each option', () => {
    const result = tipPercentForAmount(8000, 1602, 5);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.options).toEqual([
      { tipPercent: 0, tip: 0 },
      { tipPercent: 5, tip: 400 },
      { tipPercent: 10, tip: 800 },
      { tipPercent: 15, tip: 1200 },
      { tipPercent: 20, tip: 1600 },
      { tipPercent: 25, tip: 2000 },
      { tipPercent: 50, tip: 4000 },
    ]);
  });

  it('keeps the current percent when the amount cannot tell (an empty or tiny cart)', () => {
    expect(tipPercentForAmount(0, 0, 15)).toEqual({ ok: true, tipPercent: 15 });
    expect(tipPercentForAmount(0, 100, 15).ok).toBe(false);
    // 0.10 subtotal: 5% and 10% are both one cent; the nearest, then the current, then the lowest.
    expect(tipPercentForAmount(10, 1, 10)).toEqual({ ok: true, tipPercent: 10 });
    expect(tipPercentForAmount(10, 1, 0)).toEqual({ ok: true, tipPercent: 5 });
  });
});

describe('toppingSummary: each pizza’s free and extra toppings', () => {
  const texts = (product: Product, lists: string[][]) =>
    toppingSummary(product, lists).map((summary) =>
      toppingSummaryText(summary, product.details.toppingsPerPizza ?? 0),
    );

  it('counts per pizza on the deals: 4/3/5 of 3 free each', () => {
    const deal = seededProduct('Two-for-One Pizza Deal');
    expect(toppingSummary(deal, [toppings(4), toppings(3), toppings(5)])).toEqual([
      { chosen: 4, free: 3, extra: 1, extraPrice: 175 },
      { chosen: 3, free: 3, extra: 0, extraPrice: 0 },
      { chosen: 5, free: 3, extra: 2, extraPrice: 350 },
    ]);
    expect(texts(deal, [toppings(4), toppings(3), toppings(5)])).toEqual([
      '3 free, 1 extra +$1.75',
      '3 free toppings',
      '3 free, 2 extra +$3.50',
    ]);
    // A pizza under its allowance lends nothing to another on a per-pizza deal.
    expect(texts(deal, [toppings(5), [], toppings(1)])).toEqual([
      '3 free, 2 extra +$3.50',
      '3 toppings included',
      '2 more free toppings',
    ]);
    expect(texts(deal, [toppings(2), [], []])[0]).toBe('1 more free topping');
  });

  it('counts over the total on the family combo: 7 + 2 of 6 free, the unused one going to pizza 1', () => {
    const family = seededProduct('Two Pizzas Family Combo');
    expect(toppingSummary(family, [toppings(7), toppings(2)])).toEqual([
      { chosen: 7, free: 4, extra: 3, extraPrice: 525 },
      { chosen: 2, free: 2, extra: 0, extraPrice: 0 },
    ]);
    // Pizza 2 using its third topping takes it back from pizza 1, as the price does.
    expect(texts(family, [toppings(7), toppings(3)])).toEqual([
      '3 free, 4 extra +$7.00',
      '3 free toppings',
    ]);
  });

  it('counts over the total on the mega combo, a plain pizza’s allowance shared in pizza order', () => {
    const mega = seededProduct('Mega Deal Combo');
    expect(texts(mega, [toppings(10), [], []])).toEqual([
      '9 free, 1 extra +$1.75',
      '3 toppings included',
      '3 toppings included',
    ]);
    expect(texts(mega, [toppings(10), toppings(1), []])).toEqual([
      '8 free, 2 extra +$3.50',
      '2 more free toppings',
      '3 toppings included',
    ]);
    // Pizza 3's two unused go to the first pizza over its allowance.
    expect(texts(mega, [toppings(5), toppings(5), toppings(1)])).toEqual([
      '5 free toppings',
      '3 free, 2 extra +$3.50',
      '2 more free toppings',
    ]);
    // Every allowance used: no spare, each pizza's own extras.
    expect(texts(mega, [toppings(5), toppings(4), toppings(3)])).toEqual([
      '3 free, 2 extra +$3.50',
      '3 free, 1 extra +$1.75',
      '3 free toppings',
    ]);
    // Pizzas of the product the lists leave out are plain, and lend their allowance.
    expect(texts(mega, [toppings(9)])).toEqual(['9 free toppings']);
  });

  it('has one list for the combo’s and the panzerotte’s flat toppings', () => {
    expect(texts(seededProduct('Pizza & Wings Combo'), [toppings(4)])).toEqual([
      '3 free, 1 extra +$1.75',
    ]);
    expect(texts(seededProduct('Panzerotti'), [toppings(2)])).toEqual(['1 more free topping']);
  });

  it('says "extra" alone when nothing is free', () => {
    expect(toppingSummaryText({ chosen: 2, free: 0, extra: 2, extraPrice: 350 }, 0)).toBe(
      '2 extra +$3.50',
    );
  });
});
