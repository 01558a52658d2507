import { describe, expect, it } from 'vitest';
import {
  describeSelection,
  selectionPartText,
  selectionParts,
  type ApiOrderItem,
} from '../../src/domain';

/** An order line as the API answers it: absent options are null, not missing. */
const orderLine: Pick<
  ApiOrderItem,
  'size' | 'flavor' | 'wingsFlavor' | 'sides' | 'drinks' | 'toppings'
> = {
  size: 'ExtraLarge',
  flavor: null,
  wingsFlavor: 'Hot',
  sides: ['Garlic Bread'],
  drinks: [
    { name: 'Coke', quantity: 2 },
    { name: 'Sprite', quantity: 1 },
  ],
  toppings: [['Bacon', 'Ham'], []],
};

describe('selectionParts', () => {
  it('describes a line as parts, each with what it is about', () => {
    expect(selectionParts(orderLine)).toEqual([
      { kind: 'size', text: 'Extra Large' },
      { kind: 'flavor', text: 'Hot' },
      { kind: 'sides', label: 'Side', text: 'Garlic Bread' },
      { kind: 'toppings', label: 'Pizza 1', text: 'Bacon, Ham' },
      { kind: 'toppings', label: 'Pizza 2', text: 'no toppings' },
      { kind: 'drinks', label: 'Drinks', text: 'Coke x2, Sprite' },
    ]);
  });

  it('reads an order line as stored as the cart read it: one line of its parts', () => {
    expect(describeSelection(orderLine)).toBe(
      'Extra Large · Hot · Side: Garlic Bread · Pizza 1: Bacon, Ham · Pizza 2: no toppings · Drinks: Coke x2, Sprite',
    );
    expect(describeSelection(orderLine)).toBe(
      selectionParts(orderLine).map(selectionPartText).join(' · '),
    );
  });

  it('says one topping list as toppings, and a plain one as "No toppings"', () => {
    const plain = { sides: [], drinks: [] };
    expect(selectionParts({ ...plain, toppings: [['Ham', 'Onions']] })).toEqual([
      { kind: 'toppings', label: 'Toppings', text: 'Ham, Onions' },
    ]);
    expect(selectionParts({ ...plain, toppings: [[]] })).toEqual([
      { kind: 'toppings', text: 'No toppings' },
    ]);
    expect(selectionParts({ ...plain, toppings: [] })).toEqual([]);
    expect(
      selectionParts({ ...plain, sides: ['Fries', 'Wedges'], flavor: '', toppings: [] }),
    ).toEqual([{ kind: 'sides', label: 'Sides', text: 'Fries, Wedges' }]);
  });
});
