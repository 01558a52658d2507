import { ALLERGEN_LABELS, MARK_LABELS, isAllergen, isDietaryMark } from '../../../domain/allergens';
import type { ApiMenuFieldChange } from '../../../domain/api-types';
import { describeAvailability } from '../../../domain/availability';
import { fieldLabel } from '../../../domain/menu-field-words';
import type { AvailabilityWindow } from '../../../domain/catalog';
import { formatMoney, toCents } from '../../../domain/money';

/*
 * One change of a menu field in the owner's words, "Price: $14.99 → $15.49", wherever the staff
 * read one: the menu's history (issue 34) and an import's dry run (decision 19) say the same
 * change the same way. The API names fields by their wire names and gives values as the fields'
 * own answers hold them (dollars, lists, records). A field this list does not know yet (one added
 * after it) is still said, by its name, so no change goes unshown.
 */

/** A category's title for people; the category itself when the catalogue has none. */
export type CategoryTitle = (category: string) => string;

/** A category's kind (the engine's key) as the owner knows the items. */
const KIND_WORDS: Record<string, string> = {
  'pizza-deal': 'Pizza deals',
  'wings-combo': 'Combos with wings',
  wings: 'Wings',
  panzerotti: 'Panzerotti',
  simple: 'Simple items',
  beverages: 'Drinks',
};

/** A product's windows are a detail; a category's are a field of its own. */
const WINDOW_FIELDS = new Set(['details.availableAt', 'availableAt']);

/** Fields whose numbers are dollars (a record's values, for size prices). */
const MONEY = new Set(['price', 'details.extraToppingPrice', 'details.sizePrices']);
/** A product's allergens and marks are details; a topping's are columns of its own. */
const ALLERGEN_FIELDS = new Set(['allergens', 'details.allergens']);
const MARK_FIELDS = new Set(['marks', 'details.marks']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWindow = (value: unknown): value is AvailabilityWindow =>
  isRecord(value) &&
  Array.isArray(value.days) &&
  value.days.every((day) => typeof day === 'number') &&
  typeof value.from === 'string' &&
  typeof value.to === 'string';

function scalarText(value: unknown, money: boolean): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return money ? formatMoney(toCents(value)) : String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * A field's value in words: dollars as "$14.99", yes/no, lists joined, records as "key value";
 * a category by its title where `titleOf` knows it, an import's place counted from 1.
 */
export function valueText(field: string, value: unknown, titleOf?: CategoryTitle): string {
  const money = MONEY.has(field);
  if (field === 'category' && titleOf && typeof value === 'string') return titleOf(value);
  // The server counts an import's places from 0; people from 1.
  if (field === 'position' && typeof value === 'number') return String(value + 1);
  if (field === 'kind' && typeof value === 'string') return KIND_WORDS[value] ?? value;
  if (WINDOW_FIELDS.has(field)) {
    // No windows is no limit, as the customer screens read it (availability.ts).
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
      return 'always';
    }
    if (Array.isArray(value) && value.every(isWindow)) return describeAvailability(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value
      .map((each) => {
        // Only these lists hold the domain's keys: a size or a flavour is said as it is named.
        if (ALLERGEN_FIELDS.has(field) && typeof each === 'string' && isAllergen(each)) {
          return ALLERGEN_LABELS[each];
        }
        if (MARK_FIELDS.has(field) && typeof each === 'string' && isDietaryMark(each)) {
          return MARK_LABELS[each];
        }
        return scalarText(each, money);
      })
      .join(', ');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    // A size's description reads better after a colon than as "Small Serves two".
    const separator = field === 'details.sizeDescriptions' ? ': ' : ' ';
    return entries.map(([key, each]) => `${key}${separator}${scalarText(each, money)}`).join(', ');
  }
  return scalarText(value, money);
}

/**
 * One change in a line: "Price: $14.99 → $15.49". Hiding and showing again are said as what
 * happened ("Hidden", "Shown again"), not "Hidden: no → yes"; so is a move in the history, whose
 * stored order counts across the whole menu (the owner saw a row go up or down, not "210 → 200"),
 * and a new photo ("Photo changed", shown as pictures where the screen can: menu-history.tsx).
 */
export function changeText(change: ApiMenuFieldChange, titleOf?: CategoryTitle): string {
  const { field, from, to } = change;
  if (field === 'hidden' && typeof to === 'boolean') return to ? 'Hidden' : 'Shown again';
  if (field === 'sort_order' && typeof from === 'number' && typeof to === 'number') {
    return to < from ? 'Moved up the list' : 'Moved down the list';
  }
  // A file's path says nothing to the owner: the history shows the two pictures beside this.
  if (field === 'image') return 'Photo changed';
  return `${fieldLabel(field)}: ${valueText(field, from, titleOf)} → ${valueText(field, to, titleOf)}`;
}
