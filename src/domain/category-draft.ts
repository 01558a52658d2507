/**
 * The rules a category the store names must keep (issue 34): the server refuses one that breaks
 * them (400, naming the field as `product-draft.ts` does) and the menu editor shows the same
 * words beside the field. Plain TypeScript, no schema library, for the browser too.
 */
import type { CategoryEntry } from './catalog';
import { isPlainText } from './plain-text';
import { sameName, type DraftProblem } from './product-draft';

/** A title fits a card on a phone and a heading. */
export const MAX_CATEGORY_TITLE_LENGTH = 40;

/** The most of a title's words a category's id keeps, before any number added to it. */
export const MAX_CATEGORY_ID_BASE = 40;

/**
 * First path parts the web app's own routes use: a category there would be shadowed by them, or
 * shadow them (`/{segment}/{id}` beside `/staff/...`, `/category/...`).
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  'api',
  'assets',
  'category',
  'images',
  'staff',
  'cart',
  'checkout',
  'payment',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'my-orders',
  'managecontacts',
];

/** The problem with `title` as a category's title, or null; `taken`: the others' titles. */
export function checkCategoryTitle(title: string, taken: Iterable<string>): DraftProblem | null {
  const problem = (message: string): DraftProblem => ({ field: 'title', message });
  const trimmed = title.trim();
  if (trimmed === '') return problem('Please give the category a title.');
  // A title is one line (a card, a heading, the sidebar): line breaks and tabs are refused too.
  if (!isPlainText(trimmed) || /[\t\n\r]/.test(trimmed)) {
    return problem('Please remove special characters from the title.');
  }
  if (trimmed.length > MAX_CATEGORY_TITLE_LENGTH) {
    return problem(`The title is too long: at most ${MAX_CATEGORY_TITLE_LENGTH} characters.`);
  }
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return problem('Please use letters or digits in the title.');
  const wanted = sameName(trimmed);
  for (const other of taken) {
    if (sameName(other) === wanted) {
      return problem(`Another category is called "${other}": choose another title.`);
    }
  }
  return null;
}

/** ASCII letters and digits of a title, accents dropped: "Crêpes & Co." -> ["Crepes", "and", "Co"]. */
function asciiWords(title: string): string[] {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * A new category's id and route segment, made once from its title and never changed (products
 * and links refer to them): "Lunch Specials" -> LunchSpecials, its segment the id lowercased as
 * the spec's routes are (`/lunchspecials/{id}`). A number is added when the id is taken in any
 * letter case, or its segment is one of the app's own first path parts.
 */
export function categoryKeys(
  title: string,
  taken: readonly Pick<CategoryEntry, 'id'>[],
): Pick<CategoryEntry, 'id' | 'segment'> {
  const base =
    asciiWords(title)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('')
      // A title's words may spell out far longer than the title ("&" is "And", "Ⅷ" is "VIII"):
      // kept to a length every route takes (Fastify's parameters end at 100 characters).
      .slice(0, MAX_CATEGORY_ID_BASE) || 'Category';
  const used = new Set([...taken.map((entry) => entry.id.toLowerCase()), ...RESERVED_SEGMENTS]);
  for (let n = 1; ; n += 1) {
    const id = n === 1 ? base : `${base}${n}`;
    if (!used.has(id.toLowerCase())) return { id, segment: id.toLowerCase() };
  }
}
