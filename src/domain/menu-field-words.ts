/**
 * The menu's fields as the editor labels them, and a problem of a menu file in those words
 * (issue 44): "Item 14, photo: leave it out or give a photo’s address", not
 * `products.13.image: Invalid input: expected string, received null`. One table for the
 * history's and the dry run's change lines (the browser's) and the import's refusals (the
 * server's), so a field reads the same wherever the owner meets it. Plain TypeScript, no zod.
 */

/** The fields' names as the editor labels them (wire names; a product's details prefixed). */
export const MENU_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  image: 'Photo',
  price: 'Price',
  soldOut: 'Sold out',
  hidden: 'Hidden',
  sort_order: 'Place in the list',
  position: 'Place in the list',
  allergens: 'Allergens',
  marks: 'Dietary marks',
  // A category's own fields (its photo is `image`, its place `position`, as a product's).
  title: 'Title',
  offer: 'Special offer',
  availableAt: 'Available',
  kind: 'Kind of items',
  _id: 'Id',
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

/** A field's name for people; an unknown one by its own name, less the `details.` prefix. */
export function fieldLabel(field: string): string {
  return MENU_FIELD_LABELS[field] ?? field.replace(/^details\./, '');
}

/** The lists of a menu file and what the editor calls one of their entries. */
const ENTRY_WORDS = { products: 'Item', toppings: 'Topping', categories: 'Category' } as const;
export type MenuFileList = keyof typeof ENTRY_WORDS;

/** The lists themselves, for a problem with a whole list ("Items: At most 500 items."). */
const LIST_WORDS: Record<string, string> = {
  products: 'Items',
  toppings: 'Toppings',
  categories: 'Categories',
  version: 'Version',
};

/** "Item 14 (Hawaiian)": counted from 1 as a person counts, named when it has a name. */
export function entryWords(list: MenuFileList, index: number, name?: string): string {
  const named = name?.trim();
  return `${ENTRY_WORDS[list]} ${index + 1}${named ? ` (${named})` : ''}`;
}

/**
 * A field's path within an entry in words: its label lower-cased, then what is inside it, a
 * window or a list's entry counted from 1 ("available, window 3, days"), a size by its name.
 */
export function fieldWords(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  let labelled = 0;
  for (let length = parts.length; length > 0; length -= 1) {
    if (MENU_FIELD_LABELS[parts.slice(0, length).join('.')] !== undefined) {
      labelled = length;
      break;
    }
  }
  const head =
    labelled > 0 ? fieldLabel(parts.slice(0, labelled).join('.')) : (parts[0] ?? 'the entry');
  const isWindows = /(^|\.)availableAt$/.test(parts.slice(0, labelled).join('.'));
  const rest = path.slice(labelled > 0 ? labelled : 1).map((part) => {
    if (typeof part === 'number') return `${isWindows ? 'window' : 'entry'} ${part + 1}`;
    return String(part);
  });
  return [lowerFirst(head), ...rest].join(', ');
}

/** A sentence after a colon: "photo: leave it out…", an acronym or quote left as it is. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** One problem of a menu file in the editor's words: "Item 14 (Hawaiian), photo: …". */
export function menuProblemWords(
  list: MenuFileList,
  index: number,
  name: string | undefined,
  field: string | readonly PropertyKey[],
  message: string,
): string {
  const path = typeof field === 'string' ? field.split('.') : field;
  const where = path.length > 0 ? `, ${fieldWords(path)}` : '';
  return `${entryWords(list, index, name)}${where}: ${lowerFirst(message)}`;
}

/** What a field takes, said when a file gives it something of another type. */
const FIELD_HINTS: Record<string, string> = {
  image: 'leave it out or give a photo’s address, like "/images/hawaiian.webp"',
  name: 'give it a name in quotes, like "Hawaiian"',
  title: 'give it a title in quotes, like "Sides"',
  description: 'leave it out or give it in quotes',
  category: 'give the category in quotes, as the file’s categories name it',
  kind: 'give the kind in quotes, like "simple"',
  _id: 'leave it out or keep the one the file came with',
};

const TYPE_HINTS: Record<string, string> = {
  string: 'give it in quotes',
  number: 'give a number',
  boolean: 'say true or false',
  array: 'give a list in [ ]',
  object: 'give it in { }',
};

/** A zod issue as a plain shape: the domain reads it without zod. */
export interface MenuFileIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: string;
  keys?: readonly string[];
}

/**
 * The first problem a menu file's schema found, in the editor's words: its entry counted from 1
 * and named from `document` where it has a name, its field by the editor's label, and, for a
 * value of the wrong type, what the field takes instead of the schema's words.
 */
export function describeMenuFileIssue(issue: MenuFileIssue, document: unknown): string {
  const [list, index, ...field] = issue.path;
  const message = issueMessage(issue, field.at(-1) ?? (typeof index === 'number' ? '' : list));
  if (typeof list === 'string' && list in ENTRY_WORDS && typeof index === 'number') {
    const key = list as MenuFileList;
    return menuProblemWords(key, index, nameAt(document, key, index), field, message);
  }
  const where = typeof list === 'string' ? (LIST_WORDS[list] ?? list) : 'The file';
  return `${where}: ${lowerFirst(message)}`;
}

function issueMessage(issue: MenuFileIssue, key: PropertyKey | undefined): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue.keys ?? []).map((each) => `"${each}"`).join(', ');
    return `${keys} ${issue.keys?.length === 1 ? 'is' : 'are'} not a field it has: leave it out`;
  }
  if (issue.code !== 'invalid_type') return issue.message;
  const hint = typeof key === 'string' ? FIELD_HINTS[key] : undefined;
  return hint ?? TYPE_HINTS[issue.expected ?? ''] ?? issue.message.replace(/^Invalid input: /, '');
}

/** The name (a product's, a topping's) or title (a category's) of an entry of the raw file. */
function nameAt(document: unknown, list: MenuFileList, index: number): string | undefined {
  if (typeof document !== 'object' || document === null) return undefined;
  const entries: unknown = (document as Record<string, unknown>)[list];
  if (!Array.isArray(entries)) return undefined;
  const entry: unknown = entries[index];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const name: unknown = (entry as Record<string, unknown>)[
    list === 'categories' ? 'title' : 'name'
  ];
  return typeof name === 'string' ? name : undefined;
}
