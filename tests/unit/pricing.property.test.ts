import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KINDS,
  MAX_QUANTITY,
  TIP_PERCENTS,
  HST_PERCENT,
  cartTotals,
  extraToppingCount,
  linePrice,
  mulDivRoundHalfUp,
  pizzaCount,
  productRules,
  tipPercentFromClientTotal,
  toppingSummary,
  unitPrice,
  type Product,
} from '../../src/domain';

const SIZES = ['Small', 'Medium', 'Large', 'ExtraLarge'];

/** Any product the menu could hold: any kind, non-negative prices, 1 to 4 pizzas. */
const productArb: fc.Arbitrary<Product> = fc.record({
  id: fc.constant('p'),
  name: fc.constant('Product'),
  category: fc.constant('Any'),
  kind: fc.constantFrom(...KINDS),
  image: fc.constant(''),
  price: fc.integer({ min: 0, max: 20_000 }),
  description: fc.constant(''),
  soldOut: fc.constant(false),
  hidden: fc.constant(false),
  details: fc.record({
    sizes: fc.constant(SIZES),
    sizePrices: fc.record({
      Small: fc.integer({ min: 0, max: 5000 }),
      Medium: fc.integer({ min: 0, max: 5000 }),
      Large: fc.integer({ min: 0, max: 5000 }),
      ExtraLarge: fc.integer({ min: 0, max: 5000 }),
    }),
    pizzas: fc.integer({ min: 1, max: 4 }),
    toppingsPerPizza: fc.integer({ min: 0, max: 5 }),
    extraToppingPrice: fc.integer({ min: 0, max: 500 }),
  }),
});

const toppingListsArb = fc.array(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G')), {
  maxLength: 4,
});
const sizeArb = fc.option(fc.constantFrom(...SIZES), { nil: undefined });
const quantityArb = fc.integer({ min: 1, max: MAX_QUANTITY });
/** Any line: a product, a size or none, toppings for its pizzas, a quantity. */
const anyLine = fc.tuple(productArb, sizeArb, toppingListsArb, quantityArb);

describe('pricing engine properties', () => {
  it('never prices a line below zero', () => {
    fc.assert(
      fc.property(anyLine, ([product, size, lists, qty]) => {
        expect(linePrice(product, { size, toppings: lists }, qty)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never lowers the price when a topping is added to any pizza', () => {
    fc.assert(
      fc.property(
        productArb,
        sizeArb,
        toppingListsArb.filter((lists) => lists.length > 0),
        fc.nat(),
        (product, size, lists, pick) => {
          const index = pick % lists.length;
          const more = lists.map((list, i) => (i === index ? [...list, 'Extra'] : list));
          const before = unitPrice(product, { size, toppings: lists });
          const after = unitPrice(product, { size, toppings: more });
          expect(after).toBeGreaterThanOrEqual(before);
          // Never by more than one extra topping's price either.
          expect(after - before).toBeLessThanOrEqual(product.details.extraToppingPrice ?? 0);
        },
      ),
    );
  });

  it('splits each pizza’s toppings into free and extra that add up to what the price charges', () => {
    fc.assert(
      fc.property(productArb, toppingListsArb, (product, lists) => {
        const summary = toppingSummary(product, lists);
        expect(summary).toHaveLength(lists.length);
        const each = product.details.extraToppingPrice ?? 0;
        summary.forEach((pizza, index) => {
          expect(pizza.chosen).toBe(lists[index]?.length);
          expect(pizza.free + pizza.extra).toBe(pizza.chosen);
          expect(pizza.free).toBeGreaterThanOrEqual(0);
          expect(pizza.extra).toBeGreaterThanOrEqual(0);
          expect(pizza.extraPrice).toBe(pizza.extra * each);
        });
        const extras = summary.reduce((sum, pizza) => sum + pizza.extra, 0);
        expect(extras).toBe(extraToppingCount(product, lists));
        const charged = summary.reduce((sum, pizza) => sum + pizza.extraPrice, 0);
        expect(charged).toBe(
          unitPrice(product, { toppings: lists }) - unitPrice(product, { toppings: [] }),
        );
      }),
    );
  });

  it('counts the extras as the free toppings say: per pizza, or over the whole order', () => {
    // The counter both pricing and the per-pizza figures read, against the rule in one line.
    fc.assert(
      fc.property(productArb, toppingListsArb, (product, lists) => {
        const free = product.details.toppingsPerPizza ?? 0;
        const total = lists.reduce((sum, list) => sum + list.length, 0);
        const pizzas = Math.max(pizzaCount(product), lists.length);
        const expected =
          productRules(product).allowance === 'over-total'
            ? Math.max(0, total - free * pizzas)
            : lists.reduce((sum, list) => sum + Math.max(0, list.length - free), 0);
        expect(extraToppingCount(product, lists)).toBe(expected);
      }),
    );
  });

  it('prices a line as unit x quantity, in whole cents', () => {
    fc.assert(
      fc.property(anyLine, ([product, size, lists, qty]) => {
        const unit = unitPrice(product, { size, toppings: lists });
        const line = linePrice(product, { size, toppings: lists }, qty);
        expect(line).toBe(unit * qty);
        expect(Number.isInteger(line)).toBe(true);
      }),
    );
  });

  const totalsInput = fc.record({
    lineTotals: fc.array(fc.integer({ min: 0, max: 2_000_000 }), { maxLength: 20 }),
    tipPercent: fc.constantFrom(...TIP_PERCENTS),
    delivery: fc.boolean(),
    deliveryFee: fc.integer({ min: 0, max: 5000 }),
  });

  it('makes the total the sum of its parts', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const totals = cartTotals(input);
        const subtotal = input.lineTotals.reduce((sum, line) => sum + line, 0);
        expect(totals.subtotal).toBe(subtotal);
        expect(totals.total).toBe(totals.subtotal + totals.hst + totals.tip + totals.deliveryFee);
        expect(totals.deliveryFee).toBe(input.delivery && subtotal > 0 ? input.deliveryFee : 0);
        for (const figure of [totals.hst, totals.tip, totals.total]) {
          expect(Number.isInteger(figure)).toBe(true);
          expect(figure).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('keeps HST and tip within half a cent of their exact percent', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const totals = cartTotals(input);
        expect(Math.abs(totals.hst - totals.subtotal * 0.13)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(
          Math.abs(totals.tip - (totals.subtotal * input.tipPercent) / 100),
        ).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

// The spec's client sends its tip and its total, priced on its own copy of the cart.
describe('a tip read from a client’s own figures', () => {
  const percentArb = fc.constantFrom(...TIP_PERCENTS.filter((percent) => percent > 0));

  it('finds the percent a client chose, with its figures rounded to the cent or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        percentArb,
        fc.boolean(),
        (subtotal, percent, rounded) => {
          const exactTip = (subtotal * percent) / 100;
          const tip = rounded ? mulDivRoundHalfUp(subtotal, percent, 100) : exactTip;
          const hst = rounded
            ? mulDivRoundHalfUp(subtotal, HST_PERCENT, 100)
            : (subtotal * HST_PERCENT) / 100;
          fc.pre(tip > 0);
          const found = tipPercentFromClientTotal(tip, subtotal + hst + tip);
          expect(found).not.toBeNull();
          // Another percent only where the two are within a cent on this subtotal.
          if (found !== percent && found !== null) {
            expect(Math.abs((subtotal * found) / 100 - exactTip)).toBeLessThanOrEqual(1.5);
          }
        },
      ),
    );
  });

  it('answers only a percent whose tip on the client’s subtotal is within a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (tip, rest) => {
          const found = tipPercentFromClientTotal(tip, tip + rest);
          const clientSubtotal = (rest * 100) / (100 + HST_PERCENT);
          if (found === null) {
            for (const percent of TIP_PERCENTS) {
              expect(Math.abs((clientSubtotal * percent) / 100 - tip)).toBeGreaterThan(1);
            }
          } else {
            expect(TIP_PERCENTS).toContain(found);
            expect(Math.abs((clientSubtotal * found) / 100 - tip)).toBeLessThanOrEqual(1 + 1e-6);
          }
        },
      ),
    );
  });

  it('reads nothing from figures that cannot be a tip and a total', () => {
    expect(tipPercentFromClientTotal(0, 1000)).toBeNull();
    expect(tipPercentFromClientTotal(500, 500)).toBeNull();
    expect(tipPercentFromClientTotal(500, 100)).toBeNull();
    expect(tipPercentFromClientTotal(Number.NaN, 1000)).toBeNull();
    // The figures: $51.99 on $346.62 is 15 %.
    expect(tipPercentFromClientTotal(5199, 44_367)).toBe(15);
  });
});
