import { describe, expect, it } from 'vitest';
import { checkProductDraft } from '../../src/domain/product-draft';
import { SEEDED_DRINK_NAMES, SEEDED_MENU } from '../support/menu';

/**
 * The rules a product the staff write must keep (`domain/product-draft.ts`): today's menu keeps
 * them all (so the editor can save any seeded product unchanged), and a problem names its field.
 * One API test per rule is in tests/api/staff-products.test.ts.
 */
describe('checkProductDraft', () => {
  it('finds nothing wrong with any seeded product', () => {
    for (const product of SEEDED_MENU.values()) {
      expect(checkProductDraft(product), product.name).toEqual([]);
      // Every combo's drinks are the seeded beverages (kept by their ids: drink-refs.ts).
      expect(
        checkProductDraft(product, { beverageNames: SEEDED_DRINK_NAMES }),
        product.name,
      ).toEqual([]);
    }
  });

  it('refuses a combo’s drink that is no beverage, when the beverages are given', () => {
    const combo = SEEDED_MENU.get('Pizza & Wings Combo');
    if (!combo) throw new Error('no seeded combo');
    const drinks = ['Coke', 'Pepsi', 'coke zero', 'Sprite'];
    const draft = { ...combo, details: { ...combo.details, drinks } };
    expect(checkProductDraft(draft, { beverageNames: SEEDED_DRINK_NAMES })).toEqual([
      {
        field: 'details.drinks',
        message: '"coke zero" is not one of the beverages on the menu.',
      },
    ]);
    // Without the beverages (a caller that does not know them), the names are not checked.
    expect(checkProductDraft(draft)).toEqual([]);
  });

  it('names the field of each problem, in the order of the fields', () => {
    const wings = SEEDED_MENU.get('Wings');
    if (!wings) throw new Error('no seeded Wings');
    const problems = checkProductDraft(
      { ...wings, name: ' ', price: -5, details: { ...wings.details, pizzas: 2 } },
      { takenNames: ['Wings'] },
    );
    expect(problems.map((problem) => problem.field)).toEqual(['name', 'price', 'details.pizzas']);
  });

  it('compares names without letter case or spacing', () => {
    const wings = SEEDED_MENU.get('Wings');
    if (!wings) throw new Error('no seeded Wings');
    expect(checkProductDraft({ ...wings, name: 'WINGS' }, { takenNames: [' wings'] })).toEqual([
      {
        field: 'name',
        message: 'Another product in this category is called "WINGS": choose another name.',
      },
    ]);
  });
});
