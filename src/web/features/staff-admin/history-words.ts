import type { ApiMenuHistoryEntry } from '../../../domain/api-types';
import { storeClockText, storeDayTimeText } from '../../../domain/time-text';
import { changeText, valueText } from './field-change-words';

/*
 * The menu's history (issue 34) in the owner's words: each field's change as every staff screen
 * says one (field-change-words.ts), with who and when.
 */

/** What an entry did, one line per field for a change; a new category says its kind. */
export function entryLines(entry: ApiMenuHistoryEntry): string[] {
  if (entry.action === 'added') {
    const kind = entry.fields.find((field) => field.field === 'kind');
    return kind
      ? [`Added to the menu, for ${valueText('kind', kind.to).toLowerCase()}`]
      : ['Added to the menu'];
  }
  if (entry.action === 'removed') return ['Deleted'];
  return entry.fields.length > 0
    ? entry.fields.map((field) => changeText(field))
    : ['Saved with no change'];
}

/**
 * What the day's list names an entry by: a category says it is one ("Category Lunch Deals"),
 * its title alone could be a product's name.
 */
export function entryName(entry: ApiMenuHistoryEntry): string {
  return entry.subject === 'category' ? `Category ${entry.name}` : entry.name;
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
