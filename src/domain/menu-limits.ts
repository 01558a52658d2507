/**
 * How long each list of the menu may be, in one table (issue 45 item 7): the product editor's
 * routes, the category routes, the topping routes and the menu document's import all check a
 * list against it. Without a cap one import put 10,000 windows on a product and every
 * storefront's `/api/products` grew a thousandfold: a list's length is paid for by every
 * customer's download and every price computed from it, so each cap is well above what a real
 * store's menu holds and far below what would slow it. Plain TypeScript, for the browser too.
 */
import { ALLERGENS, DIETARY_MARKS } from './allergens';

/** One broken rule: the field as the API names it (`details.sizePrices`) and a sentence. */
export interface DraftProblem {
  field: string;
  message: string;
}

/** Each list's cap and what the editor calls its entries (the refusal's words). */
export const MENU_LIST_LIMITS = {
  /** A product's or category's time windows: a week of 2 windows a day. */
  availableAt: { max: 14, words: 'time windows' },
  sizes: { max: 12, words: 'sizes' },
  wingsFlavors: { max: 40, words: 'wing flavours' },
  Flavors: { max: 40, words: 'panzerotto flavours' },
  sides: { max: 30, words: 'sides' },
  drinks: { max: 60, words: 'drinks' },
  /** Each of the closed list at most once. */
  allergens: { max: ALLERGENS.length, words: 'allergens' },
  marks: { max: DIETARY_MARKS.length, words: 'dietary marks' },
  /** A menu document's lists: a store's menu is a dozen categories and a few dozen items. */
  categories: { max: 50, words: 'categories' },
  products: { max: 500, words: 'items' },
  toppings: { max: 200, words: 'toppings' },
} as const;

export type MenuList = keyof typeof MENU_LIST_LIMITS;

/** The refusal of a list longer than its cap, in the editor's words. */
export function tooManyMessage(list: MenuList): string {
  const { max, words } = MENU_LIST_LIMITS[list];
  return list === 'availableAt'
    ? `At most ${max} ${words}: give days with the same hours one window.`
    : `At most ${max} ${words}.`;
}

/**
 * The problem with a list of `list`'s kind (`field`: where the answer names it), or none. A list
 * left out is no problem: each list's own rules say whether it is needed.
 */
export function checkListLength(
  list: MenuList,
  field: string,
  entries: readonly unknown[] | null | undefined,
): DraftProblem[] {
  if (!entries || entries.length <= MENU_LIST_LIMITS[list].max) return [];
  return [{ field, message: tooManyMessage(list) }];
}
