import type { ApiMenuChange } from '../../../domain/api-types';
import { changeText, type CategoryTitle } from './field-change-words';

/*
 * An import's change list (PUT /api/staff/menu, decision 19) in words, one line a change, so
 * the owner checks a dry run against what they meant to edit: "Hawaiian — Price: $14.99 →
 * $15.99", "Add: Lunch Duo (Two-for-One Deals)", "Hide: Garlic Knots". A field's change is said
 * as the menu's history says it (field-change-words.ts), after the item's name.
 */

/**
 * One change as a line: "Add: Lunch Duo (Two-for-One Deals)", "Hide: Garlic Knots",
 * "Hawaiian — Price: $14.99 → $15.99; Sold out: no → yes"; a topping's and a category's said
 * as one.
 */
export function changeWords(change: ApiMenuChange, titleOf: CategoryTitle): string {
  if (change.kind === 'category') return categoryWords(change, titleOf);
  const topping = change.kind === 'topping';
  const where = change.category === undefined ? '' : ` (${titleOf(change.category)})`;
  switch (change.action) {
    case 'create':
      return topping ? `Add topping: ${change.name}` : `Add: ${change.name}${where}`;
    case 'hide':
      return topping ? `Hide topping: ${change.name}` : `Hide: ${change.name}`;
    case 'update': {
      const what = (change.fields ?? []).map((field) => changeText(field, titleOf));
      const subject = topping ? `Topping ${change.name}` : change.name;
      return `${subject} — ${what.length > 0 ? what.join('; ') : 'changed'}`;
    }
  }
}

/** A category's change: "Add category: Lunch Specials", "Category Sides — Title: …". */
function categoryWords(change: ApiMenuChange, titleOf: CategoryTitle): string {
  switch (change.action) {
    case 'create':
      return `Add category: ${change.name}`;
    case 'hide':
      return `Hide category: ${change.name}`;
    case 'update': {
      const what = (change.fields ?? []).map((field) => changeText(field, titleOf));
      return `Category ${change.name} — ${what.length > 0 ? what.join('; ') : 'changed'}`;
    }
  }
}

/**
 * Categories by their titles as the import leaves them: one it adds or renames is said by its
 * new title (the store's list does not know it yet), the others by `titleOf`.
 */
export function titlesAfter(
  changes: readonly ApiMenuChange[],
  titleOf: CategoryTitle,
): CategoryTitle {
  const titles = new Map(
    changes.flatMap((change) =>
      change.kind === 'category' && change.category !== undefined
        ? [[change.category, change.name] as const]
        : [],
    ),
  );
  return (category) => titles.get(category) ?? titleOf(category);
}
