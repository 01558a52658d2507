import { describe, expect, it } from 'vitest';
import {
  cartItemPayloadSchema,
  describeSelection,
  sizeLabel,
  lineQuantityProblem,
  priceSelection,
  selectionKey,
  validateSelection,
  type SelectionInput,
} from '../../src/domain';
import { SEEDED_TOPPING_NAMES, SEEDED_DRINK_NAMES, seededProduct } from '../support/menu';

function check(name: string, input: Partial<SelectionInput>) {
  return validateSelection(
    seededProduct(name),
    { quantity: 1, ...input },
    SEEDED_TOPPING_NAMES,
    SEEDED_DRINK_NAMES,
  );
}

function problem(name: string, input: Partial<SelectionInput>): string {
  const result = check(name, input);
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.selection)}`);
  return result.message;
}

const COMBO = { size: 'Large', wingsFlavor: 'Hot', sides: ['Garlic Bread'] };

describe('cartItemPayloadSchema', () => {
  it('accepts the spec’s payload with a productId or a name', () => {
    expect(cartItemPayloadSchema.safeParse({ productId: 'x', quantity: 2 }).success).toBe(true);
    expect(
      cartItemPayloadSchema.safeParse({ userId: null, name: 'Coke', quantity: 1, totalPrice: 1 })
        .success,
    ).toBe(true);
    expect(
      cartItemPayloadSchema.safeParse({ productId: 'x', quantity: 1, toppings: [['Ham'], []] })
        .success,
    ).toBe(true);
  });

  // The spec's client sends its own figures as `toFixed(2)` strings; the server ignores them.
  it('accepts the figures and texts the spec’s client sends as numbers or numeric strings', () => {
    for (const sent of [
      { priceByQuantity: '12.99', totalPrice: '25.98', description: 'Large', name: 'Wings' },
      { priceByQuantity: 12.99, totalPrice: 25.98, description: 3, name: 7 },
      { priceByQuantity: null, totalPrice: ' 0 ', unknownField: { a: 1 } },
    ]) {
      const result = cartItemPayloadSchema.safeParse({ productId: 'x', quantity: 2, ...sent });
      expect(result.success, JSON.stringify(sent)).toBe(true);
      expect(result.data && 'unknownField' in result.data).toBe(false);
    }
    for (const figure of ['12,99', 'abc', '', {}, []]) {
      const result = cartItemPayloadSchema.safeParse({
        productId: 'x',
        quantity: 1,
        totalPrice: figure,
      });
      expect(result.success, JSON.stringify(figure)).toBe(false);
    }
  });

  it.each([
    [{ quantity: 1 }, 'productId'],
    [{ productId: 'x', quantity: 0 }, 'quantity'],
    [{ productId: 'x', quantity: 100 }, 'quantity'],
    [{ productId: 'x', quantity: 1.5 }, 'quantity'],
    [{ productId: 'x', quantity: 1, drinks: [{ name: 'Coke', quantity: 0 }] }, 'drinks'],
    [{ productId: 'x', quantity: 1, toppings: ['Ham', ['Bacon']] }, 'toppings'],
  ])('refuses %j (problem at %s)', (payload, field) => {
    const result = cartItemPayloadSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('validateSelection', () => {
  it('normalises a valid wings order', () => {
    expect(check('Wings', { size: '25 pcs', flavor: 'Hot', quantity: 2 })).toEqual({
      ok: true,
      selection: { size: '25 pcs', flavor: 'Hot', sides: [], drinks: [], toppings: [] },
    });
  });

  it('wants a known size', () => {
    expect(problem('Pizza & Wings Combo', { ...COMBO, size: undefined })).toBe(
      'Choose a size: Small, Medium, Large or ExtraLarge.',
    );
    expect(problem('Pizza & Wings Combo', { ...COMBO, size: 'Huge' })).toBe(
      'Unknown size "Huge". Choose a size: Small, Medium, Large or ExtraLarge.',
    );
    expect(problem('Panzerotti', { size: 'Large', flavor: 'Cheese' })).toBe(
      'Panzerotti has no size to choose.',
    );
  });

  it('wants the flavour field of the product, from its list', () => {
    expect(problem('Wings', { size: '10 pcs', flavor: 'Gold' })).toBe(
      'Unknown flavour "Gold". Choose a flavour: Mild, Medium, Hot, Honey Garlic or Sweet Chili.',
    );
    expect(problem('Panzerotti', { flavor: 'Hot' })).toContain(
      'Choose a flavour: Cheese or Classic.',
    );
    expect(problem('Panzerotti', {})).toBe('Choose a flavour: Cheese or Classic.');
    expect(problem('Pizza & Wings Combo', { ...COMBO, wingsFlavor: '' })).toContain(
      'Choose a wings flavour',
    );
    expect(problem('Pizza & Wings Combo', { ...COMBO, flavor: 'Hot' })).toBe(
      'Pizza & Wings Combo takes no flavour.',
    );
  });

  // The spec's wings screen sends the flavour in both fields.
  it('takes the wings flavour in `flavor`, `wingsFlavor` or both when they agree', () => {
    for (const input of [
      { flavor: 'Hot' },
      { wingsFlavor: 'Hot' },
      { flavor: 'Hot', wingsFlavor: 'Hot' },
      { flavor: '', wingsFlavor: 'Hot' },
    ]) {
      const result = check('Wings', { size: '10 pcs', ...input });
      expect(result.ok && result.selection, JSON.stringify(input)).toEqual({
        size: '10 pcs',
        flavor: 'Hot',
        sides: [],
        drinks: [],
        toppings: [],
      });
    }
    expect(problem('Wings', { size: '10 pcs', flavor: 'Hot', wingsFlavor: 'Mild' })).toBe(
      'Choose one flavour, not "Hot" and "Mild".',
    );
    expect(problem('Wings', { size: '10 pcs', wingsFlavor: 'Gold' })).toContain(
      'Unknown flavour "Gold".',
    );
  });

  it('wants exactly the product’s sides, from its list', () => {
    expect(problem('Pizza & Wings Combo', { ...COMBO, sides: [] })).toBe(
      'Choose 1 side: Garlic Bread, Potato Wedges, Caesar Salad or French Fries.',
    );
    expect(
      problem('Pizza & Wings Combo', { ...COMBO, sides: ['Garlic Bread', 'French Fries'] }),
    ).toContain('Choose 1 side');
    expect(problem('Super Bowl Wings Combo', { wingsFlavor: 'Hot', sides: ['Caesar Salad'] })).toBe(
      'Unknown side "Caesar Salad". Choose from Potato Wedges or French Fries.',
    );
    expect(problem('Wings', { size: '10 pcs', flavor: 'Hot', sides: ['Garlic Bread'] })).toBe(
      'Wings takes no side.',
    );
  });

  it('limits drinks by the spec’s rules and messages', () => {
    expect(
      problem('Pizza & Wings Combo', {
        ...COMBO,
        size: 'Medium',
        drinks: [
          { name: 'Coke', quantity: 2 },
          { name: 'Sprite', quantity: 2 },
        ],
      }),
    ).toBe('You can select a maximum of 3 drinks for a Medium size.');
    expect(
      problem('Pizza & Wings Combo', {
        ...COMBO,
        size: 'Small',
        drinks: [{ name: 'Coke', quantity: 3 }],
      }),
    ).toBe('You can select a maximum of 2 drinks for a Small size.');
    expect(
      problem('Two Pizzas Family Combo', { ...COMBO, drinks: [{ name: 'Coke', quantity: 5 }] }),
    ).toBe('You can select a maximum of 4 drinks.');
    expect(
      problem('Pizza & Wings Combo', { ...COMBO, drinks: [{ name: 'Beer', quantity: 1 }] }),
    ).toBe('Unknown drink "Beer".');
    expect(problem('Mega Deal Combo', { ...COMBO, drinks: [{ name: 'Coke', quantity: 1 }] })).toBe(
      'Mega Deal Combo takes no drinks.',
    );
  });

  it('merges a drink named twice and accepts any beverage of the list', () => {
    const result = check('Pizza & Wings Combo', {
      ...COMBO,
      drinks: [
        { name: 'Coke', quantity: 1 },
        { name: 'Peace Iced Tea', quantity: 1 },
        { name: 'Coke', quantity: 2 },
      ],
    });
    expect(result.ok && result.selection.drinks).toEqual([
      { name: 'Coke', quantity: 3 },
      { name: 'Peace Iced Tea', quantity: 1 },
    ]);
  });

  it('checks toppings exist, are not doubled, and come one list per pizza', () => {
    expect(problem('Pizza & Wings Combo', { ...COMBO, toppings: ['Ham', 'Gold'] })).toBe(
      'Unknown topping "Gold".',
    );
    expect(problem('Pizza & Wings Combo', { ...COMBO, toppings: ['Ham', 'Ham'] })).toBe(
      'Topping "Ham" is chosen twice.',
    );
    expect(
      problem('Two-for-One Pizza Deal', {
        size: 'Small',
        toppings: [['Ham'], ['Bacon', 'Bacon'], []],
      }),
    ).toBe('Topping "Bacon" is chosen twice on pizza 2.');
    expect(problem('Two Pizza Deal', { size: 'Small', toppings: [['Ham'], [], ['Bacon']] })).toBe(
      'Too many topping lists: Two Pizza Deal has 2 pizzas, and toppings were sent for pizza 3.',
    );
    expect(problem('Two Pizza Deal', { size: 'Small', toppings: ['Ham'] })).toBe(
      'Send one topping list per pizza (2 pizzas), not a single list.',
    );
    expect(problem('Panzerotti', { flavor: 'Cheese', toppings: [['Ham'], ['Bacon']] })).toBe(
      'Panzerotti takes one topping list, not 2.',
    );
    expect(problem('Wings', { size: '10 pcs', flavor: 'Hot', toppings: ['Ham'] })).toBe(
      'Wings takes no toppings.',
    );
  });

  it('normalises toppings to one list per pizza', () => {
    const flat = check('Pizza & Wings Combo', { ...COMBO, toppings: ['Ham', 'Bacon'] });
    expect(flat.ok && flat.selection.toppings).toEqual([['Ham', 'Bacon']]);
    const nested = check('Pizza & Wings Combo', { ...COMBO, toppings: [['Ham']] });
    expect(nested.ok && nested.selection.toppings).toEqual([['Ham']]);
    const none = check('Mega Deal Combo', { ...COMBO, toppings: [] });
    expect(none.ok && none.selection.toppings).toEqual([[], [], []]);
    const plain = check('Panzerotti', { flavor: 'Classic' });
    expect(plain.ok && plain.selection.toppings).toEqual([[]]);
  });

  // The spec's deal screens draw their own number of pizzas, each starting with an empty list.
  it('reads fewer lists than pizzas as plain pizzas, and ignores empty lists past the last', () => {
    const short = check('Two-for-One Pizza Deal', { size: 'Small', toppings: [['Ham']] });
    expect(short.ok && short.selection.toppings).toEqual([['Ham'], [], []]);
    const long = check('Two Pizza Deal', { size: 'Small', toppings: [['Ham'], [], [], []] });
    expect(long.ok && long.selection.toppings).toEqual([['Ham'], []]);
    const flat = check('Panzerotti', { flavor: 'Cheese', toppings: [['Ham'], []] });
    expect(flat.ok && flat.selection.toppings).toEqual([['Ham']]);
    // Same item, same key: a short list and its padded form merge into one line.
    const padded = check('Two-for-One Pizza Deal', {
      size: 'Small',
      toppings: [['Ham'], [], []],
    });
    expect(short.ok && padded.ok && selectionKey(short.selection)).toBe(
      padded.ok && selectionKey(padded.selection),
    );
  });

  it('takes the Super Bowl combo in any quantity a line holds and refuses a sold-out product', () => {
    expect(
      check('Super Bowl Wings Combo', { wingsFlavor: 'Hot', sides: ['French Fries'], quantity: 2 })
        .ok,
    ).toBe(true);
    expect(problem('Coke', { quantity: 0 })).toBe('Quantity must be a whole number from 1 to 99.');
    const soldOut = validateSelection(
      { ...seededProduct('Coke'), soldOut: true },
      { quantity: 1 },
      SEEDED_TOPPING_NAMES,
      SEEDED_DRINK_NAMES,
    );
    expect(soldOut).toEqual({ ok: false, message: 'Coke is sold out.', reason: 'sold-out' });
  });

  it('names the choice each refusal is about, so a screen can take the customer to it', () => {
    const field = (name: string, input: Partial<SelectionInput>) => {
      const result = check(name, input);
      return !result.ok && result.reason === 'invalid' ? result.field : null;
    };
    expect(field('Pizza & Wings Combo', { ...COMBO, quantity: 0 })).toBe('quantity');
    expect(field('Pizza & Wings Combo', { ...COMBO, size: undefined })).toBe('size');
    expect(field('Pizza & Wings Combo', { ...COMBO, wingsFlavor: 'Gold' })).toBe('flavor');
    expect(field('Pizza & Wings Combo', { ...COMBO, sides: [] })).toBe('sides');
    expect(
      field('Pizza & Wings Combo', { ...COMBO, drinks: [{ name: 'Coke', quantity: 5 }] }),
    ).toBe('drinks');
    expect(field('Two-for-One Pizza Deal', { size: 'Small', toppings: ['Ham'] })).toBe('toppings');
    expect(field('Pizza & Wings Combo', COMBO)).toBeNull();
  });

  it('refuses options on a beverage but takes empty ones', () => {
    expect(problem('Coke', { size: 'Large' })).toBe('Coke has no size to choose.');
    expect(check('Coke', { size: '', flavor: null, sides: [], drinks: [], toppings: [] }).ok).toBe(
      true,
    );
  });
});

describe('describeSelection, priceSelection and selectionKey', () => {
  it('reads a family combo in words', () => {
    const family = seededProduct('Two Pizzas Family Combo');
    const result = validateSelection(
      family,
      {
        ...COMBO,
        quantity: 1,
        toppings: [['Bacon', 'Ham'], []],
        drinks: [
          { name: 'Coke', quantity: 2 },
          { name: 'Sprite', quantity: 1 },
        ],
      },
      SEEDED_TOPPING_NAMES,
      SEEDED_DRINK_NAMES,
    );
    if (!result.ok) throw new Error(result.message);
    expect(describeSelection(result.selection)).toBe(
      'Large · Hot · Side: Garlic Bread · Pizza 1: Bacon, Ham · Pizza 2: no toppings · Drinks: Coke x2, Sprite',
    );
    // 32.99 + 16, 2 of 6 free
    expect(priceSelection(family, result.selection, 2)).toEqual({ unit: 4899, line: 9798 });
  });

  it('says the spec’s ExtraLarge as “Extra Large”, keeping the value in the selection', () => {
    const combo = check('Pizza & Wings Combo', { ...COMBO, size: 'ExtraLarge' });
    if (!combo.ok) throw new Error(combo.message);
    expect(combo.selection.size).toBe('ExtraLarge');
    expect(describeSelection(combo.selection)).toMatch(/^Extra Large · /);
    expect(sizeLabel('ExtraLarge')).toBe('Extra Large');
    expect(sizeLabel('25 pcs')).toBe('25 pcs');
  });

  it('reads simple and flat items', () => {
    const coke = check('Coke', {});
    expect(coke.ok && describeSelection(coke.selection)).toBe('');
    const panzo = check('Panzerotti', { flavor: 'Cheese', toppings: ['Ham'] });
    expect(panzo.ok && describeSelection(panzo.selection)).toBe('Cheese · Toppings: Ham');
  });

  it('gives the same key to the same item whatever the order of drinks and toppings', () => {
    const a = check('Pizza & Wings Combo', {
      ...COMBO,
      toppings: ['Ham', 'Bacon'],
      drinks: [
        { name: 'Coke', quantity: 1 },
        { name: 'Sprite', quantity: 1 },
      ],
    });
    const b = check('Pizza & Wings Combo', {
      ...COMBO,
      toppings: [['Bacon', 'Ham']],
      drinks: [
        { name: 'Sprite', quantity: 1 },
        { name: 'Coke', quantity: 1 },
      ],
    });
    const c = check('Pizza & Wings Combo', { ...COMBO, toppings: ['Bacon'] });
    if (!a.ok || !b.ok || !c.ok) throw new Error('expected valid selections');
    expect(selectionKey(a.selection)).toBe(selectionKey(b.selection));
    expect(selectionKey(a.selection)).not.toBe(selectionKey(c.selection));
  });
});

describe('lineQuantityProblem', () => {
  it('caps a line at 99, whatever the product, with the words to show', () => {
    expect(lineQuantityProblem(1)).toBeNull();
    expect(lineQuantityProblem(99)).toBeNull();
    expect(lineQuantityProblem(100)).toBe('You can have at most 99 of one item in the cart.');
  });
});
