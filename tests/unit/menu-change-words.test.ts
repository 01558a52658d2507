/**
 * An import's change list in words (menu-change-words.ts): what the staff's dry run lists, one
 * line a change, money in dollars as the screens show it, places counted from 1.
 */
import { describe, expect, it } from 'vitest';
import type { ApiMenuChange } from '../../src/domain';
import { changeWords } from '../../src/web/features/staff-admin/menu-change-words';

const titles: Record<string, string> = {
  TwoforOneDeals: 'Two-for-One Deals',
  SpecialtyPizzas: 'Specialty Pizzas',
};
const titleOf = (category: string) => titles[category] ?? category;

const update = (fields: ApiMenuChange['fields'], kind: ApiMenuChange['kind'] = 'product') =>
  changeWords({ kind, action: 'update', _id: '1', name: 'Hawaiian', fields }, titleOf);

describe('changeWords', () => {
  it('says an added product with its category title, a hidden one by name', () => {
    expect(
      changeWords(
        { kind: 'product', action: 'create', name: 'Lunch Duo', category: 'TwoforOneDeals' },
        titleOf,
      ),
    ).toBe('Add: Lunch Duo (Two-for-One Deals)');
    expect(
      changeWords(
        { kind: 'product', action: 'hide', _id: '2', name: 'Garlic Knots', category: 'Sides' },
        titleOf,
      ),
    ).toBe('Hide: Garlic Knots');
  });

  it('says a topping as one', () => {
    expect(changeWords({ kind: 'topping', action: 'create', name: 'Figs' }, titleOf)).toBe(
      'Add topping: Figs',
    );
    expect(changeWords({ kind: 'topping', action: 'hide', _id: '3', name: 'Figs' }, titleOf)).toBe(
      'Hide topping: Figs',
    );
    expect(update([{ field: 'soldOut', from: false, to: true }], 'topping')).toBe(
      'Topping Hawaiian: sold out',
    );
  });

  it('says a price in dollars with cents, as the screens show money', () => {
    expect(update([{ field: 'price', from: 14.99, to: 15.99 }])).toBe(
      'Hawaiian: price $14.99 → $15.99',
    );
    expect(update([{ field: 'price', from: 15, to: 15.5 }])).toBe(
      'Hawaiian: price $15.00 → $15.50',
    );
  });

  it('joins several fields of one product, and counts places from 1', () => {
    expect(
      update([
        { field: 'name', from: 'Hawaii', to: 'Hawaiian' },
        { field: 'soldOut', from: true, to: false },
        { field: 'hidden', from: false, to: true },
        { field: 'position', from: 0, to: 2 },
        { field: 'category', from: 'SpecialtyPizzas', to: 'TwoforOneDeals' },
      ]),
    ).toBe(
      'Hawaiian: name Hawaii → Hawaiian; back in stock; hidden; place 1 → 3; moved from Specialty Pizzas to Two-for-One Deals',
    );
  });

  it('says a by-size field size by size, only the sizes that changed', () => {
    expect(
      update([
        {
          field: 'details.sizePrices',
          from: { Medium: 0, Large: 4 },
          to: { Medium: 0, Large: 5, XL: 7.5 },
        },
      ]),
    ).toBe('Hawaiian: Large price $4.00 → $5.00; XL price none → $7.50');
    expect(update([{ field: 'details.drinkLimits', from: { Small: 2 }, to: { Small: 3 } }])).toBe(
      'Hawaiian: most drinks for Small 2 → 3',
    );
  });

  it('says other details by the editor label, lists joined and nothing as "none"', () => {
    expect(
      update([
        { field: 'details.wingsFlavors', from: ['Hot'], to: ['Hot', 'BBQ'] },
        { field: 'details.extraToppingPrice', from: 1.5, to: 1.75 },
        { field: 'details.pizzas', from: null, to: 2 },
        { field: 'details.availableAt', from: null, to: [] },
      ]),
    ).toBe(
      'Hawaiian: wing flavours Hot → Hot, BBQ; extra topping price $1.50 → $1.75; pizzas in the deal none → 2; when it is offered changed',
    );
  });
});
