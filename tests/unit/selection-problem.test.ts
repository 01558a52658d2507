import { describe, expect, it } from 'vitest';
import type { SelectionInput } from '../../src/domain';
import { selectionProblem } from '../../src/web/features/item/selection-problem';
import { SEEDED_TOPPING_NAMES, SEEDED_DRINK_NAMES, seededProduct } from '../support/menu';

function problem(name: string, input: Partial<SelectionInput>, quantity: number | null = 1) {
  return selectionProblem(
    seededProduct(name),
    { quantity: 1, ...input },
    quantity,
    SEEDED_TOPPING_NAMES,
    SEEDED_DRINK_NAMES,
  );
}

const COMBO = { size: 'Large', wingsFlavor: 'Hot', sides: ['Garlic Bread'] };

describe('selectionProblem: what the sticky bar says is missing', () => {
  it('is nothing for a complete choice, and nothing for a sold-out product (its button says so)', () => {
    expect(problem('Pizza & Wings Combo', COMBO)).toBeNull();
    expect(problem('Wings', { size: '10 pcs', flavor: 'Hot' })).toBeNull();
    expect(
      selectionProblem(
        { ...seededProduct('Wings'), soldOut: true },
        { quantity: 1, size: '10 pcs', flavor: 'Hot' },
        1,
        SEEDED_TOPPING_NAMES,
        SEEDED_DRINK_NAMES,
      ),
    ).toBeNull();
  });

  it('names the first missing choice in the order the screen shows them', () => {
    expect(problem('Pizza & Wings Combo', {})).toEqual({
      field: 'size',
      missing: 'Choose a size',
      message: 'Choose a size: Small, Medium, Large or ExtraLarge.',
    });
    expect(problem('Pizza & Wings Combo', { ...COMBO, wingsFlavor: undefined })).toMatchObject({
      field: 'flavor',
      missing: 'Choose a wings flavour',
    });
    expect(problem('Wings', { size: '10 pcs' })).toMatchObject({
      field: 'flavor',
      missing: 'Choose a flavour',
    });
    expect(problem('Panzerotti', {})).toMatchObject({
      field: 'flavor',
      missing: 'Choose a flavour',
      message: 'Choose a flavour: Cheese or Classic.',
    });
    expect(problem('Super Bowl Wings Combo', { wingsFlavor: 'Hot' })).toMatchObject({
      field: 'sides',
      missing: 'Choose a side',
    });
  });

  it('asks for a quantity the cart takes before anything else', () => {
    const range = { field: 'quantity', missing: 'Enter a quantity from 1 to 99' };
    expect(problem('Pizza & Wings Combo', {}, null)).toEqual({
      ...range,
      message: 'Enter a quantity from 1 to 99.',
    });
    expect(problem('Wings', { size: '10 pcs', flavor: 'Hot' }, null)).toMatchObject(range);
    // The quantity parsed from the field wins over the payload's placeholder.
    expect(
      problem('Super Bowl Wings Combo', { wingsFlavor: 'Hot', sides: ['French Fries'] }, 100),
    ).toMatchObject({
      field: 'quantity',
      missing: 'Quantity must be a whole number from 1 to 99',
    });
    expect(
      problem('Super Bowl Wings Combo', { wingsFlavor: 'Hot', sides: ['French Fries'] }, 2),
    ).toBeNull();
  });

  it('passes on the domain’s words for drinks and toppings past a limit or off the menu', () => {
    const drinks = ['Coke', 'Sprite', 'Pepsi'].map((name) => ({ name, quantity: 1 }));
    expect(problem('Pizza & Wings Combo', { ...COMBO, size: 'Small', drinks })).toEqual({
      field: 'drinks',
      missing: 'You can select a maximum of 2 drinks for a Small size',
      message: 'You can select a maximum of 2 drinks for a Small size.',
    });
    expect(problem('Pizza & Wings Combo', { ...COMBO, toppings: ['Gold Leaf'] })).toMatchObject({
      field: 'toppings',
      missing: 'Unknown topping "Gold Leaf"',
    });
  });
});
