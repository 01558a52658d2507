/**
 * How the Beverages and Sides lists sort their items into groups and what a row says, read from
 * each product's own words: the menu has no field for "can", "dip" or a drink's size. Pure, so
 * it is tested without a browser (tests/unit/list-groups.test.ts). Only this screen needs it; it
 * moves to the domain the day the server or another feature does (a kitchen ticket by kind).
 */

import type { CategoryEntry } from '../../../domain';

/** The kinds whose items are added from a list. */
export type ListKind = 'beverages' | 'simple';

export interface ListProduct {
  name: string;
  description: string;
}

interface GroupRule {
  /** Stable, for React keys and element ids. */
  id: string;
  /** Null: the category's own title. */
  title: string | null;
  /** An item belongs here when its name or description has one of these words; null: the rest. */
  words: readonly string[] | null;
}

/**
 * Each list kind's groups, in the order the screen shows them. An item goes to the first group
 * whose words it has, else to the group for the rest. Seeded beverages say "355 ml can",
 * "695 ml can", "591 ml bottle", "Bottled water"; seeded dips "Ranch Dip", "Cheddar cheese dip.".
 * A simple list's rest is headed by its category's title ("Sides", or the store's "Desserts").
 */
const GROUPS = {
  beverages: [
    { id: 'cans', title: 'Cans', words: ['can', 'cans'] },
    { id: 'bottles', title: 'Bottles', words: ['bottle', 'bottles', 'bottled'] },
    { id: 'other-drinks', title: 'Other drinks', words: null },
  ],
  simple: [
    { id: 'sides', title: null, words: null },
    { id: 'dips', title: 'Dips', words: ['dip', 'dips'] },
  ],
} as const satisfies Record<ListKind, readonly GroupRule[]>;

export type ListGroupId = (typeof GROUPS)[ListKind][number]['id'];

export interface ListGroup<T extends ListProduct> {
  id: ListGroupId;
  title: string;
  items: T[];
}

/** The words of a text, lower case: runs of letters and digits ("355 ml can" → 355, ml, can). */
function words(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
}

/** The group of one item of a `kind` list (see GROUPS for the rule). */
export function listGroupOf(kind: ListKind, product: ListProduct): ListGroupId {
  const rules: readonly (GroupRule & { id: ListGroupId })[] = GROUPS[kind];
  const found = words(`${product.name} ${product.description}`);
  const group =
    rules.find((rule) => rule.words?.some((word) => found.has(word))) ??
    rules.find((rule) => rule.words === null);
  if (!group) throw new Error(`The ${kind} list has no group for the rest`);
  return group.id;
}

/** The items in their groups, menu order kept inside each; groups with no item left out. */
export function groupListItems<T extends ListProduct>(
  category: Pick<CategoryEntry, 'title'> & { kind: ListKind },
  items: readonly T[],
): ListGroup<T>[] {
  const rules: readonly { id: ListGroupId; title: string | null }[] = GROUPS[category.kind];
  return rules
    .map(({ id, title }) => ({
      id,
      title: title ?? category.title,
      items: items.filter((item) => listGroupOf(category.kind, item) === id),
    }))
    .filter((group) => group.items.length > 0);
}

/** A volume as written on a drink: "355 ml", "1.5 L", "20 oz". */
const VOLUME = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?\s?(?:ml|l|oz)(?![\p{L}\p{N}])/iu;

export interface RowText {
  name: string;
  detail: string | null;
  /** A size is short and sits beside the controls; a description gets a line of its own. */
  detailIs: 'size' | 'description';
}

/**
 * What a row shows under the name. A drink: its size, said once ("Pepsi 591 ml", named so to
 * keep it apart from the can called "Pepsi", shows as "Pepsi" with "591 ml" underneath), or
 * nothing when none is written ("Bottled water" would only repeat "Water Bottle" under
 * Bottles). A side: its description ("Fries with cheese curds and gravy.").
 */
export function rowText(kind: ListKind, product: ListProduct): RowText {
  const name = product.name.trim();
  if (kind === 'simple') {
    return { name, detail: product.description.trim() || null, detailIs: 'description' };
  }
  const size = VOLUME.exec(product.description)?.[0] ?? VOLUME.exec(name)?.[0];
  if (!size) return { name, detail: null, detailIs: 'size' };
  const shortName = name.toLowerCase().endsWith(size.toLowerCase())
    ? name.slice(0, name.length - size.length).trim()
    : name;
  return { name: shortName || name, detail: size, detailIs: 'size' };
}
