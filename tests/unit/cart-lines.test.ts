import { describe, expect, it } from 'vitest';
import {
  NOT_ON_MENU_NOTICE,
  cartLineNotice,
  mergeLine,
  sameLine,
  type CartLineState,
  type NormalisedSelection,
} from '../../src/domain';
import { localLine } from '../../src/web/shared/cart/guest-pricing';
import { seededProduct, selection } from '../support/menu';

const line = (
  productId: string,
  quantity: number,
  over: Partial<NormalisedSelection> = {},
): CartLineState => ({ productId, quantity, selection: selection(over) });

describe('sameLine', () => {
  it('is the same product with the same options, whatever their order', () => {
    const a = line('p', 1, {
      size: 'Large',
      drinks: [
        { name: 'Coke', quantity: 1 },
        { name: 'Sprite', quantity: 2 },
      ],
      toppings: [['Ham', 'Bacon'], []],
    });
    const b = line('p', 5, {
      size: 'Large',
      drinks: [
        { name: 'Sprite', quantity: 2 },
        { name: 'Coke', quantity: 1 },
      ],
      toppings: [['Bacon', 'Ham'], []],
    });
    expect(sameLine(a, b)).toBe(true);
  });

  it('tells apart another product, size, flavour, drink count or pizza', () => {
    const base = line('p', 1, { size: 'Large', toppings: [['Ham'], []] });
    expect(sameLine(base, { ...base, productId: 'q' })).toBe(false);
    expect(sameLine(base, line('p', 1, { size: 'Small', toppings: [['Ham'], []] }))).toBe(false);
    expect(
      sameLine(base, line('p', 1, { size: 'Large', flavor: 'Hot', toppings: [['Ham'], []] })),
    ).toBe(false);
    // The same toppings on the other pizza is another item.
    expect(sameLine(base, line('p', 1, { size: 'Large', toppings: [[], ['Ham']] }))).toBe(false);
    expect(
      sameLine(
        line('p', 1, { drinks: [{ name: 'Coke', quantity: 1 }] }),
        line('p', 1, { drinks: [{ name: 'Coke', quantity: 2 }] }),
      ),
    ).toBe(false);
  });
});

describe('mergeLine', () => {
  const wings = seededProduct('Wings');
  const superbowl = seededProduct('Super Bowl Wings Combo');

  it('answers a new line when no line holds the same item', () => {
    const lines = [line(wings.id, 2, { size: '10 pcs', flavor: 'Hot' })];
    expect(mergeLine(lines, line(wings.id, 1, { size: '10 pcs', flavor: 'Mild' }))).toEqual({
      kind: 'new',
    });
    expect(mergeLine([], line(wings.id, 1))).toEqual({ kind: 'new' });
  });

  it('raises the same line by the added quantity', () => {
    const lines = [
      line('other', 1),
      line(wings.id, 2, { size: '10 pcs', flavor: 'Hot' }),
      line(wings.id, 4, { size: '20 pcs', flavor: 'Hot' }),
    ];
    expect(mergeLine(lines, line(wings.id, 3, { size: '10 pcs', flavor: 'Hot' }))).toEqual({
      kind: 'raise',
      index: 1,
      quantity: 5,
    });
  });

  it('refuses past the product’s limit, with the words to show', () => {
    const hot = { size: '10 pcs', flavor: 'Hot' };
    expect(mergeLine([line(wings.id, 98, hot)], line(wings.id, 1, hot))).toEqual({
      kind: 'raise',
      index: 0,
      quantity: 99,
    });
    expect(mergeLine([line(wings.id, 98, hot)], line(wings.id, 2, hot))).toEqual({
      kind: 'refused',
      message: 'You can have at most 99 of one item in the cart.',
    });
    const combo = { wingsFlavor: 'Hot', sides: ['French Fries'] };
    // The Super Bowl combo's screen adds one at a time (the spec): each add raises its line,
    // up to the same 99 as any line.
    expect(mergeLine([line(superbowl.id, 1, combo)], line(superbowl.id, 1, combo))).toEqual({
      kind: 'raise',
      index: 0,
      quantity: 2,
    });
    expect(mergeLine([line(superbowl.id, 99, combo)], line(superbowl.id, 1, combo))).toEqual({
      kind: 'refused',
      message: 'You can have at most 99 of one item in the cart.',
    });
  });
});

describe('a line whose product left the menu (issue 34)', () => {
  it('says so, before sold out or a price change, on the server cart’s lines', () => {
    expect(cartLineNotice({ hidden: true, soldOut: true, unit: 999, addedUnit: 899 })).toBe(
      NOT_ON_MENU_NOTICE,
    );
    expect(cartLineNotice({ hidden: false, soldOut: false, unit: 899, addedUnit: 899 })).toBeNull();
  });

  it('says the same on a guest’s line whose product the storefront no longer answers', () => {
    const gone = localLine({ _id: 'l1', productId: 'p', quantity: 1 }, null);
    expect(gone).toMatchObject({ available: false, lineTotal: null, notice: NOT_ON_MENU_NOTICE });
    // Still loading is not gone: nothing to say yet.
    expect(localLine({ _id: 'l1', productId: 'p', quantity: 1 }, undefined).notice).toBeNull();
  });
});
