import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../src/server/data/menu-seed';
import { groupListItems, listGroupOf, rowText } from '../../src/web/features/menu/list-groups';

const seeded = (category: 'Beverages' | 'Sides') =>
  PRODUCTS.filter((product) => product.category === category);

describe('the Beverages and Sides groups', () => {
  it('puts every seeded drink with a can or a bottle, in menu order, cans first', () => {
    const groups = groupListItems({ kind: 'beverages', title: 'Beverages' }, seeded('Beverages'));
    expect(groups.map((group) => group.id)).toEqual(['cans', 'bottles']);
    const names = (id: string) =>
      groups.find((group) => group.id === id)?.items.map((item) => item.name);
    expect(names('cans')).toEqual([
      'Coke',
      'Diet Coke',
      'Sprite',
      'Pepsi',
      'Diet Pepsi',
      'A&W Root Beer',
      'Mountain Dew',
      'Dr Pepper',
      'Cream Soda',
      'Orange Crush',
      'Ginger Ale',
      'Peace Iced Tea',
      'Arizona Mango',
      'Arizona Watermelon',
    ]);
    expect(names('bottles')).toEqual([
      'Water Bottle',
      'Ginger Ale 591 ml',
      '7Up 591 ml',
      'Mountain Dew 591 ml',
      'Orange Crush 591 ml',
      'Pepsi 591 ml',
      'Diet Pepsi 591 ml',
      'Root Beer 591 ml',
      'Chocolate Milk',
    ]);
  });

  it('puts the seeded dips apart from the other sides', () => {
    const groups = groupListItems({ kind: 'simple', title: 'Sides' }, seeded('Sides'));
    expect(groups.map((group) => [group.id, group.items.map((item) => item.name)])).toEqual([
      [
        'sides',
        ['Potato Wedges', 'Garlic Bread', 'Medium Garlic Fingers', 'French Fries', 'Poutine Fries'],
      ],
      ['dips', ['Ranch Dip', 'Creamy Garlic Dip', 'Cheddar']],
    ]);
  });

  it.each([
    ['beverages', 'Juice Box', '200 ml', 'other-drinks'],
    ['beverages', 'Canada Dry', '2 L', 'other-drinks'],
    ['beverages', 'Coke', 'Cans of coke', 'cans'],
    ['beverages', 'Scandal Cola', 'Cancun style', 'other-drinks'],
    ['beverages', 'Coke', 'Tall CAN.', 'cans'],
    ['beverages', 'Iced Tea', 'in a bottle or a can', 'cans'],
    ['beverages', 'Bottled Iced Tea', '', 'bottles'],
    ['simple', 'Ranch', 'A dip for wings', 'dips'],
    ['simple', 'Dippers', 'Bread sticks', 'sides'],
  ] as const)('%s: %s (%j) → %s', (category, name, description, group) => {
    expect(listGroupOf(category, { name, description })).toBe(group);
  });

  it('leaves out a group with nothing in it', () => {
    const groups = groupListItems({ kind: 'simple', title: 'Sides' }, [
      { name: 'Fries', description: 'Golden fries.' },
    ]);
    expect(groups.map((group) => group.id)).toEqual(['sides']);
    expect(groupListItems({ kind: 'beverages', title: 'Beverages' }, [])).toEqual([]);
  });
});

describe('what a row says', () => {
  it.each([
    [
      { name: 'Coke', description: '355 ml can' },
      { name: 'Coke', detail: '355 ml' },
    ],
    [
      { name: 'Pepsi 591 ml', description: '591 ml bottle' },
      { name: 'Pepsi', detail: '591 ml' },
    ],
    [
      { name: 'Water Bottle', description: 'Bottled water' },
      { name: 'Water Bottle', detail: null },
    ],
    [
      { name: 'Cola 2L', description: 'Family size' },
      { name: 'Cola', detail: '2L' },
    ],
    [
      { name: 'Root Beer', description: '20 oz bottle' },
      { name: 'Root Beer', detail: '20 oz' },
    ],
    [
      { name: '591 ml', description: '591 ml bottle' },
      { name: '591 ml', detail: '591 ml' },
    ],
  ])('a drink says its size once: %j', (product, expected) => {
    expect(rowText('beverages', product)).toEqual({ ...expected, detailIs: 'size' });
  });

  it('a side says what it is', () => {
    expect(
      rowText('simple', {
        name: 'Poutine Fries',
        description: 'Fries with cheese curds and gravy.',
      }),
    ).toEqual({
      name: 'Poutine Fries',
      detail: 'Fries with cheese curds and gravy.',
      detailIs: 'description',
    });
  });

  it('says every seeded drink’s size exactly once', () => {
    for (const product of seeded('Beverages')) {
      const { name, detail } = rowText('beverages', product);
      if (detail) expect(name.toLowerCase()).not.toContain(detail.toLowerCase());
      else expect(product.name).toBe('Water Bottle');
    }
  });
});
