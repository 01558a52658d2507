import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';

/**
 * The menu's two transaction locks (advisory: they guard checks that no row lock can, a name
 * that is not there yet). A write takes them through `lockMenu` only, which always takes them in
 * one order, `names` then `toppings`, so two writes holding both never wait for each other.
 *
 * - `names`: taken by every write that checks a product's name or slug, or a category's title,
 *   against the others (two staff adding "Lunch Special" at once make one product and one
 *   refusal, not two or a 500), by every write of the menu's order (a new product's place at
 *   the end, a reorder of products or categories), so two of them do not interleave, and by a
 *   category's delete, which counts its products while no new one can be made in it.
 * - `toppings`: taken by every write that checks a topping's name against the others or moves
 *   one (the topping editor's and the menu import's), so an editor and an import adding "Feta"
 *   at once make one topping and one refusal, not a 500 from the unique index or, as that index
 *   minds letter case, two toppings of one name; and two moves never interleave their places.
 */
const MENU_LOCKS = { names: 727276, toppings: 727277 } as const;

export type MenuLock = keyof typeof MENU_LOCKS;

/** The order every write takes the locks in; a write takes those it needs, in this order. */
const LOCK_ORDER: readonly MenuLock[] = ['names', 'toppings'];

/** Takes `locks` until the transaction `tx` ends, in the menu's one order whatever the order asked. */
export async function lockMenu(tx: Queryable, ...locks: MenuLock[]): Promise<void> {
  const query = queryOf(tx);
  for (const lock of LOCK_ORDER) {
    if (locks.includes(lock)) await query(sql`select pg_advisory_xact_lock(${MENU_LOCKS[lock]})`);
  }
}
