import { describe, expect, it } from 'vitest';
import type { ApiMenuHistoryEntry } from '../../src/domain';
import { fieldLabel } from '../../src/domain/menu-field-words';
import { changeText } from '../../src/web/features/staff-admin/field-change-words';
import {
  clockOf,
  entryLines,
  entryName,
  whenText,
  whoText,
} from '../../src/web/features/staff-admin/history-words';

/**
 * The menu's history in the owner's words (issue 34): the API's field names and values (dollars,
 * lists, records) as the staff's editor names them, in the words every staff screen says a field
 * change with (field-change-words.ts; the import's dry run is in menu-change-words.test.ts).
 */

const entry = (over: Partial<ApiMenuHistoryEntry>): ApiMenuHistoryEntry => ({
  _id: '1',
  at: '2026-11-24T23:05:00.000Z',
  by: 'Sam Shift',
  subject: 'product',
  subjectId: 'p1',
  name: 'Wings',
  action: 'changed',
  fields: [],
  ...over,
});

describe('history words', () => {
  it('says prices in dollars and switches as yes or no', () => {
    expect(changeText({ field: 'price', from: 14.99, to: 15.49 })).toBe('Price: $14.99 → $15.49');
    expect(changeText({ field: 'price', from: 15, to: 0.5 })).toBe('Price: $15.00 → $0.50');
    expect(changeText({ field: 'soldOut', from: false, to: true })).toBe('Sold out: no → yes');
    expect(changeText({ field: 'details.extraToppingPrice', from: 1.5, to: 2 })).toBe(
      'Extra topping price: $1.50 → $2.00',
    );
  });

  it('says hiding and showing again as what happened', () => {
    expect(changeText({ field: 'hidden', from: false, to: true })).toBe('Hidden');
    expect(changeText({ field: 'hidden', from: true, to: false })).toBe('Shown again');
  });

  it('says a move as up or down, not as the sort order across the whole menu', () => {
    // The stored order counts every item of the menu; the owner moved one row past another.
    expect(changeText({ field: 'sort_order', from: 210, to: 200 })).toBe('Moved up the list');
    expect(changeText({ field: 'sort_order', from: 200, to: 210 })).toBe('Moved down the list');
    // The import's place is counted within the category, from 1: said as the number.
    expect(changeText({ field: 'position', from: 0, to: 2 })).toBe('Place in the list: 1 → 3');
  });

  it("gives the details' keys readable names and lists their values", () => {
    expect(
      changeText({
        field: 'details.sizes',
        from: ['Small', 'Medium'],
        to: ['Small', 'Medium', 'Large'],
      }),
    ).toBe('Sizes: Small, Medium → Small, Medium, Large');
    expect(
      changeText({
        field: 'details.sizePrices',
        from: { '1 lb': 8.99, '2 lb': 15.99 },
        to: { '1 lb': 9, '2 lb': 15.99 },
      }),
    ).toBe('Size prices: 1 lb $8.99, 2 lb $15.99 → 1 lb $9.00, 2 lb $15.99');
    expect(changeText({ field: 'details.wingsFlavors', from: null, to: ['Honey garlic'] })).toBe(
      'Wing flavours: none → Honey garlic',
    );
    expect(changeText({ field: 'details.pizzas', from: 2, to: 3 })).toBe(
      'Pizzas in the deal: 2 → 3',
    );
    expect(
      changeText({ field: 'details.sizeDescriptions', from: {}, to: { Large: 'Serves four' } }),
    ).toBe('Size descriptions: none → Large: Serves four');
  });

  it('says allergens, marks and availability windows as the customer screens do', () => {
    expect(
      changeText({ field: 'details.allergens', from: [], to: ['milk', 'wheat-triticale'] }),
    ).toBe('Allergens: none → Milk, Wheat and triticale');
    expect(changeText({ field: 'details.marks', from: ['spicy'], to: [] })).toBe(
      'Dietary marks: Spicy → none',
    );
    expect(changeText({ field: 'allergens', from: ['sesame'], to: [] })).toBe(
      'Allergens: Sesame → none',
    );
    // A size that happens to share a key's spelling is said as it is named.
    expect(changeText({ field: 'details.sizes', from: [], to: ['milk'] })).toBe(
      'Sizes: none → milk',
    );
    expect(
      changeText({
        field: 'details.availableAt',
        from: null,
        to: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }],
      }),
    ).toBe('Available: always → Mon–Fri 11:00 AM–3:00 PM');
    // No windows is no limit: said as such, not as nothing.
    expect(
      changeText({
        field: 'details.availableAt',
        from: [{ days: [6], from: '11:00', to: '15:00' }],
        to: [],
      }),
    ).toBe('Available: Sat 11:00 AM–3:00 PM → always');
  });

  it('still says a field it does not know, by its name', () => {
    expect(fieldLabel('details.spiceLevel')).toBe('spiceLevel');
    expect(changeText({ field: 'details.spiceLevel', from: 'mild', to: 'hot' })).toBe(
      'spiceLevel: mild → hot',
    );
  });

  it('says an entry in lines: added, deleted, or one line per field', () => {
    expect(entryLines(entry({ action: 'added' }))).toEqual(['Added to the menu']);
    expect(entryLines(entry({ action: 'removed' }))).toEqual(['Deleted']);
    expect(
      entryLines(
        entry({
          fields: [
            { field: 'price', from: 14.99, to: 15.49 },
            { field: 'soldOut', from: true, to: false },
          ],
        }),
      ),
    ).toEqual(['Price: $14.99 → $15.49', 'Sold out: yes → no']);
  });

  it('says a category’s change: named as one, its kind when added, its own fields', () => {
    const category = (over: Partial<ApiMenuHistoryEntry>) =>
      entry({ subject: 'category', subjectId: 'Lunch', name: 'Lunch Deals', ...over });
    expect(entryName(category({}))).toBe('Category Lunch Deals');
    expect(entryName(entry({}))).toBe('Wings');
    expect(
      entryLines(
        category({ action: 'added', fields: [{ field: 'kind', from: null, to: 'pizza-deal' }] }),
      ),
    ).toEqual(['Added to the menu, for pizza deals']);
    expect(
      entryLines(
        category({
          fields: [
            {
              field: 'availableAt',
              from: null,
              to: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '14:00' }],
            },
            { field: 'hidden', from: false, to: true },
            { field: 'image', from: null, to: '/images/lunch.webp' },
            { field: 'offer', from: false, to: true },
            { field: 'title', from: 'Lunch', to: 'Lunch Deals' },
          ],
        }),
      ),
    ).toEqual([
      'Available: always → Mon–Fri 11:00 AM–2:00 PM',
      'Hidden',
      'Photo changed',
      'Special offer: no → yes',
      'Title: Lunch → Lunch Deals',
    ]);
  });

  it("says who, or that it was done outside the app, and when in the store's time", () => {
    expect(whoText('Olive Owner')).toBe('Olive Owner');
    expect(whoText(null)).toBe('outside the app');
    // 23:05Z on 24 Nov is 6:05 PM in Toronto (EST), whatever the machine's own zone.
    expect(clockOf('2026-11-24T23:05:00.000Z')).toBe('6:05 PM');
    expect(whenText('2026-11-24T23:05:00.000Z', new Date('2026-11-24T23:30:00Z'))).toBe('6:05 PM');
    expect(whenText('2026-11-24T23:05:00.000Z', new Date('2026-11-26T15:00:00Z'))).toBe(
      'Tue, Nov 24, 6:05 PM',
    );
  });
});
