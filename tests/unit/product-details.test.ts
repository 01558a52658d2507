import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ProductDetails } from '../../src/domain';
import {
  allergenList,
  markList,
  parseProductDetails,
  type productDetailsSchema,
} from '../../src/domain/product-details';
import type { z } from '../../src/domain/zod';
import { PRODUCTS } from '../../src/server/data/menu-seed';

describe('the stored details schema', () => {
  it('is ProductDetails, field for field (a field added to one must be added to the other)', () => {
    expectTypeOf<z.infer<typeof productDetailsSchema>>().toEqualTypeOf<ProductDetails>();
  });

  it('reads every seeded product as it is', () => {
    for (const product of PRODUCTS) {
      const details = product.details ?? {};
      expect(parseProductDetails(details), product.name).toEqual({ ok: true, details });
    }
  });

  it('drops a key it does not know (a newer process wrote it) and keeps the rest', () => {
    expect(parseProductDetails({ pizzas: 2, bakedIn: 'stone oven' })).toEqual({
      ok: true,
      details: { pizzas: 2 },
    });
  });

  it.each<[string, unknown, string]>([
    ['a string for the details', 'sizes', '(details)'],
    ['a price in dollars', { sizePrices: { Small: 1.5 } }, 'sizePrices.Small'],
    ['a negative extra topping price', { extraToppingPrice: -50 }, 'extraToppingPrice'],
    ['a deal of no pizzas', { pizzas: 0 }, 'pizzas'],
    ['sizes as text', { sizes: 'Small, Large' }, 'sizes'],
    [
      'a size without a price',
      { sizes: ['Small', 'Large'], sizePrices: { Small: 0 } },
      'sizePrices',
    ],
    ['an empty flavour name', { wingsFlavors: ['Hot', ''] }, 'wingsFlavors.1'],
  ])('refuses %s, naming where', (_, value, where) => {
    const parsed = parseProductDetails(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toContain(`${where}: `);
  });

  it("refuses an allergen or mark off the lists in the words a topping's lists use", () => {
    // The staff's topping editor reads allergenList and markList; a product's details the same.
    const allergen = allergenList.safeParse(['nuts']);
    const mark = markList.safeParse(['halal']);
    expect(allergen.error?.issues[0]?.message).toMatch(/^Allergens are some of: peanuts, /);
    expect(mark.error?.issues[0]?.message).toBe(
      'Marks are some of: vegetarian, vegan, spicy, gluten-free.',
    );
    expect(parseProductDetails({ allergens: ['nuts'], marks: ['halal'] })).toEqual({
      ok: false,
      problems: `allergens.0: ${allergen.error?.issues[0]?.message}; marks.0: ${mark.error?.issues[0]?.message}`,
    });
    expect(allergenList.parse(['milk', 'sesame'])).toEqual(['milk', 'sesame']);
    expect(markList.parse([])).toEqual([]);
  });
});
