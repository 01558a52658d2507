import { ALLERGEN_LABELS, MARK_LABELS, isAllergen, isDietaryMark } from '../../../domain/allergens';
import type { ApiMenuFieldChange, ApiMenuHistoryEntry } from '../../../domain/api-types';
import { describeAvailability } from '../../../domain/availability';
import type { AvailabilityWindow } from '../../../domain/catalog';
import { formatMoney, toCents } from '../../../domain/money';
import { storeClockText, storeDayTimeText } from '../../../domain/time-text';

/*
 * The menu's history (issue 34) in the owner's words: the API answers fields by their wire names
 * and values as the fields' own answers hold them (dollars, lists, records). A field this list
 * does not know yet (one added after it) is still said, by its name, so no change goes unshown.
 */

/** The fields' names as the editor labels them. */
const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  image: 'Photo',
  price: 'Price',
  soldOut: 'Sold out',
  hidden: 'Hidden',
  sort_order: 'Place in the list',
  allergens: 'Allergens',
  marks: 'Dietary marks',
  'details.sizes': 'Sizes',
  'details.sizePrices': 'Size prices',
  'details.sizeDescriptions': 'Size descriptions',
  'details.wingsFlavors': 'Wing flavours',
  'details.Flavors': 'Panzerotto flavours',
  'details.sides': 'Sides',
  'details.drinks': 'Drinks',
  'details.maxDrinks': 'Drinks included',
  'details.drinkLimits': 'Drink limits',
  'details.pizzas': 'Pizzas in the deal',
  'details.toppingsPerPizza': 'Free toppings per pizza',
  'details.extraToppingPrice': 'Extra topping price',
  'details.toppingAllowance': 'Free toppings count',
  'details.fixedQuantity': 'Fixed quantity',
  'details.availableAt': 'Available',
  'details.allergens': 'Allergens',
  'details.marks': 'Dietary marks',
};

/** Fields whose numbers are dollars (a record's values, for size prices). */
const MONEY = new Set(['price', 'details.extraToppingPrice', 'details.sizePrices']);
/** A product's allergens and marks are details; a topping's are columns of its own. */
const ALLERGEN_FIELDS = new Set(['allergens', 'details.allergens']);
const MARK_FIELDS = new Set(['marks', 'details.marks']);

/** The field's name for people; an unknown one by its own name, less the `details.` prefix. */
export function fieldLabel(field: string): string {
  return LABELS[field] ?? field.replace(/^details\./, '');
}

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

/** A field's value in words: dollars as "$14.99", yes/no, lists joined, records as "key value". */
export function valueText(field: string, value: unknown): string {
  const money = MONEY.has(field);
  if (field === 'details.availableAt') {
    if (value === null || value === undefined) return 'always';
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
 * happened ("Hidden", "Shown again"), not "Hidden: no → yes".
 */
export function changeText(change: ApiMenuFieldChange): string {
  if (change.field === 'hidden' && typeof change.to === 'boolean') {
    return change.to ? 'Hidden' : 'Shown again';
  }
  const label = fieldLabel(change.field);
  return `${label}: ${valueText(change.field, change.from)} → ${valueText(change.field, change.to)}`;
}

/** What an entry did, one line per field for a change. */
export function entryLines(entry: ApiMenuHistoryEntry): string[] {
  if (entry.action === 'added') return ['Added to the menu'];
  if (entry.action === 'removed') return ['Deleted'];
  return entry.fields.length > 0 ? entry.fields.map(changeText) : ['Saved with no change'];
}

/** Who made it: a change made with psql or a script has no staff member. */
export function whoText(by: string | null): string {
  return by ?? 'outside the app';
}

/** When, for an item's history: "6:05 PM" on the store's today, the day too before that. */
export function whenText(at: string, now: Date): string {
  return storeDayTimeText(new Date(at), now);
}

/** When, within one day's list: the clock alone. */
export function clockOf(at: string): string {
  return storeClockText(new Date(at));
}
