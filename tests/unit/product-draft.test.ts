import { describe, expect, it } from 'vitest';
import { checkProductDraft } from '../../src/domain/product-draft';
import { SEEDED_CATEGORIES } from '../../src/domain';
import { SEEDED_MENU } from '../support/menu';

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
    }
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
