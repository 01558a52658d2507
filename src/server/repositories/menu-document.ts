import type { Queryable } from '../data/db';
import { identifiers, queryOf, sql } from '../data/sql';

type MenuList = 'products' | 'toppings';
const list = identifiers<MenuList>(['products', 'toppings']);

/** A topping as the menu import creates it: every field given, its place the document's. */
export interface ImportedToppingRow {
  name: string;
  soldOut: boolean;
  hidden: boolean;
  /** 1-based, as `place` numbers them. */
  sortOrder: number;
  allergens: readonly string[];
  marks: readonly string[];
}

/**
 * The menu import's own statements (staff/menu-document): what it reads beside the lists, and
 * what it writes for many rows at once. The caller holds the menu's locks (menu-locks.ts).
 */
export function menuDocumentRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /** Every product row's name, readable or not: a name is taken either way. */
    async productNames(): Promise<{ id: string; name: string; category: string }[]> {
      return query<{ id: string; name: string; category: string }>(
        sql`select id, name, category from products`,
      );
    },
    /**
     * Names each topping of `ids` by its id for now: names are unique among toppings and checked
     * at each row, so two toppings trading names would collide halfway.
     */
    async freeToppingNames(ids: readonly string[]): Promise<void> {
      await query(sql`update toppings set name = id::text where id = any(${ids}::uuid[])`);
    },
    /** Adds a topping; the caller checked its name. Its id. */
    async createTopping(topping: ImportedToppingRow): Promise<string> {
      const rows = await query<{ id: string }>(
        sql`insert into toppings (name, sold_out, hidden, sort_order, allergens, marks)
            values (${topping.name}, ${topping.soldOut}, ${topping.hidden}, ${topping.sortOrder},
              ${topping.allergens}::text[], ${topping.marks}::text[])
            returning id`,
      );
      const row = rows[0];
      if (!row) throw new Error('A topping was inserted without a row');
      return row.id;
    },
    /** Hides or shows the products or toppings of `ids`. */
    async setHidden(of: MenuList, ids: readonly string[], hidden: boolean): Promise<void> {
      await query(sql`update ${list(of)} set hidden = ${hidden} where id = any(${ids}::uuid[])`);
    },
    /**
     * Gives the products or toppings of `ids` the sort order 1, 2, 3... in that order; the others
     * keep theirs. Only the rows whose place changed are written.
     */
    async place(of: MenuList, ids: readonly string[]): Promise<void> {
      await query(
        sql`update ${list(of)} t set sort_order = o.n
              from unnest(${ids}::uuid[]) with ordinality as o(id, n)
             where t.id = o.id and t.sort_order <> o.n`,
      );
    },
  };
}
