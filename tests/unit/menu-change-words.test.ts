/**
 * An import's change list in words (menu-change-words.ts): what the staff's dry run lists, one
 * line a change, each field's change said as the menu's history says it (field-change-words.ts)
 * after the item's name: money in dollars as the screens show it, places counted from 1.
 */
import { describe, expect, it } from 'vitest';
import type { ApiMenuChange } from '../../src/domain';
import { changeWords, titlesAfter } from '../../src/web/features/staff-admin/menu-change-words';

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
      'Topping Hawaiian — Sold out: no → yes',
    );
  });

  it('says a price in dollars with cents, as the screens show money', () => {
    expect(update([{ field: 'price', from: 14.99, to: 15.99 }])).toBe(
      'Hawaiian — Price: $14.99 → $15.99',
    );
    expect(update([{ field: 'price', from: 15, to: 15.5 }])).toBe(
      'Hawaiian — Price: $15.00 → $15.50',
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
      'Hawaiian — Name: Hawaii → Hawaiian; Sold out: yes → no; Hidden; Place in the list: 1 → 3; Category: Specialty Pizzas → Two-for-One Deals',
    );
  });

  it('says a by-size field whole, before and after, as the history does', () => {
    expect(
      update([
        {
          field: 'details.sizePrices',
          from: { Medium: 0, Large: 4 },
          to: { Medium: 0, Large: 5, XL: 7.5 },
        },
      ]),
    ).toBe(
      'Hawaiian — Size prices: Medium $0.00, Large $4.00 → Medium $0.00, Large $5.00, XL $7.50',
    );
    expect(update([{ field: 'details.drinkLimits', from: { Small: 2 }, to: { Small: 3 } }])).toBe(
      'Hawaiian — Drink limits: Small 2 → Small 3',
    );
  });

  it('says other details by the editor label, lists joined, nothing as "none", no window as "always"', () => {
    expect(
      update([
        { field: 'details.wingsFlavors', from: ['Hot'], to: ['Hot', 'BBQ'] },
        { field: 'details.extraToppingPrice', from: 1.5, to: 1.75 },
        { field: 'details.pizzas', from: null, to: 2 },
        {
          field: 'details.availableAt',
          from: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }],
          to: null,
        },
      ]),
    ).toBe(
      'Hawaiian — Wing flavours: Hot → Hot, BBQ; Extra topping price: $1.50 → $1.75; Pizzas in the deal: none → 2; Available: Mon–Fri 11:00 AM–3:00 PM → always',
    );
  });

  it('says a category added, hidden or changed, and a product moved into a new one by its title', () => {
    const changes: ApiMenuChange[] = [
      { kind: 'category', action: 'create', name: 'Lunch Specials', category: 'LunchSpecials' },
      {
        kind: 'category',
        action: 'hide',
        _id: 'panzerotti',
        name: 'Panzerotti',
        category: 'panzerotti',
      },
      {
        kind: 'category',
        action: 'update',
        _id: 'TwoforOneDeals',
        name: 'Pizza Deals',
        category: 'TwoforOneDeals',
        fields: [
          { field: 'title', from: 'Two-for-One Deals', to: 'Pizza Deals' },
          { field: 'offer', from: true, to: false },
          { field: 'position', from: 4, to: 0 },
        ],
      },
      {
        kind: 'product',
        action: 'update',
        _id: '1',
        name: 'French Fries',
        category: 'LunchSpecials',
        fields: [{ field: 'category', from: 'SpecialtyPizzas', to: 'LunchSpecials' }],
      },
    ];
    const after = titlesAfter(changes, titleOf);
    expect(changes.map((change) => changeWords(change, after))).toEqual([
      'Add category: Lunch Specials',
      'Hide category: Panzerotti',
      'Category Pizza Deals — Title: Two-for-One Deals → Pizza Deals; Special offer: yes → no; Place in the list: 5 → 1',
      'French Fries — Category: Specialty Pizzas → Lunch Specials',
    ]);
    // Without the list, a new category is only its id: what titlesAfter is for.
    expect(after('LunchSpecials')).toBe('Lunch Specials');
    expect(titleOf('LunchSpecials')).toBe('LunchSpecials');
  });
});
