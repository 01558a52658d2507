import { describe, expect, it } from 'vitest';
import { SEEDED_CATEGORIES } from '../../src/domain';
import { MAX_PRICE_CENTS } from '../../src/domain/money';
import { checkProductDraft, checkProductPrice } from '../../src/domain/product-draft';
import { SEEDED_DRINK_NAMES, SEEDED_MENU } from '../support/menu';

const categories = SEEDED_CATEGORIES;

/**
 * The rules a product the staff write must keep (`domain/product-draft.ts`): today's menu keeps
 * them all (so the editor can save any seeded product unchanged), and a problem names its field.
 * One API test per rule is in tests/api/staff-products.test.ts.
 */
describe('checkProductDraft', () => {
  it('finds nothing wrong with any seeded product', () => {
    for (const product of SEEDED_MENU.values()) {
      expect(checkProductDraft(product, { categories }), product.name).toEqual([]);
      // Every combo's drinks are the seeded beverages (kept by their ids: drink-refs.ts).
      expect(
        checkProductDraft(product, { categories, beverageNames: SEEDED_DRINK_NAMES }),
        product.name,
      ).toEqual([]);
    }
  });

  it('refuses a combo’s drink that is no beverage, when the beverages are given', () => {
    const combo = SEEDED_MENU.get('Pizza & Wings Combo');
    if (!combo) throw new Error('no seeded combo');
    const drinks = ['Coke', 'Pepsi', 'coke zero', 'Sprite'];
    const draft = { ...combo, details: { ...combo.details, drinks } };
    expect(checkProductDraft(draft, { categories, beverageNames: SEEDED_DRINK_NAMES })).toEqual([
      {
        field: 'details.drinks',
        message: '"coke zero" is not one of the beverages on the menu.',
      },
    ]);
    // Without the beverages (a caller that does not know them), the names are not checked.
    expect(checkProductDraft(draft, { categories })).toEqual([]);
  });

  it('names the field of each problem, in the order of the fields', () => {
    const wings = SEEDED_MENU.get('Wings');
    if (!wings) throw new Error('no seeded Wings');
    const problems = checkProductDraft(
      { ...wings, name: ' ', price: -5, details: { ...wings.details, pizzas: 2 } },
      { categories, takenNames: ['Wings'] },
    );
    expect(problems.map((problem) => problem.field)).toEqual(['name', 'price', 'details.pizzas']);
  });

  it('compares names without letter case or spacing', () => {
    const wings = SEEDED_MENU.get('Wings');
    if (!wings) throw new Error('no seeded Wings');
    expect(
      checkProductDraft({ ...wings, name: 'WINGS' }, { categories, takenNames: [' wings'] }),
    ).toEqual([
      {
        field: 'name',
        message: 'Another product in this category is called "WINGS": choose another name.',
      },
    ]);
  });
});

/**
 * The one price rule (issue 34): every path that writes a base price (POST, PATCH, the editor,
 * the import) asks this, so the boundary is tested once here and each path says its words.
 */
describe('checkProductPrice', () => {
  it('takes $0.00 (a product priced by its sizes), a cent and the highest price', () => {
    for (const cents of [0, 1, 1299, MAX_PRICE_CENTS]) {
      expect(checkProductPrice(cents), String(cents)).toEqual([]);
    }
  });

  it('refuses a negative price, a part of a cent and more than the highest, naming the price', () => {
    const refused = (cents: number) => checkProductPrice(cents).map((problem) => problem.message);
    expect(refused(-1)).toEqual(['The amount cannot be negative.']);
    expect(refused(0.5)).toEqual(['Please give the amount in dollars and cents, like 12.99.']);
    expect(refused(Number.NaN)).toEqual([
      'Please give the amount in dollars and cents, like 12.99.',
    ]);
    expect(refused(MAX_PRICE_CENTS + 1)).toEqual(['The amount is too high: at most $1000.00.']);
    expect(checkProductPrice(-1)[0]?.field).toBe('price');
  });

  it('is the rule a whole product is checked by', () => {
    const fries = SEEDED_MENU.get('French Fries');
    if (!fries) throw new Error('no seeded French Fries');
    expect(checkProductDraft({ ...fries, price: 0 }, { categories })).toEqual([]);
    expect(checkProductDraft({ ...fries, price: -1 }, { categories })).toEqual(
      checkProductPrice(-1),
    );
  });
});
