import type { Queryable } from '../data/db';
import { empty, queryOf, sql, type Sql } from '../data/sql';
import { withDrinkNames } from './drink-refs';

/** A row of `menu_changes` (migration 021), written by the tables' trigger, never by the app. */
export interface MenuChangeRow {
  id: string | number;
  at: Date | string;
  by_name: string | null;
  subject: string;
  subject_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Who writes, and the app's time (its injectable clock) for the history's rows. */
export interface MenuAuthor {
  userId: string;
  at: Date;
}

/**
 * A stored row (jsonb) with its details' drinks by the beverages' names now: a product's row
 * keeps them by id (drink-refs.ts), which is no word for the owner.
 */
const namedDrinks = (row: Sql): Sql =>
  sql`case when jsonb_typeof(${row} -> 'details') = 'object'
        then jsonb_set(${row}, '{details}', ${withDrinkNames(sql`(${row} -> 'details')`)})
        else ${row} end`;

/** The menu's history: what the trigger reads of a write's author, and the rows read back. */
export function menuHistoryRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /**
     * Sets, until the transaction ends, the two settings the history's trigger reads: a write
     * without them is recorded with no author.
     */
    async stamp(author: MenuAuthor): Promise<void> {
      await query(
        sql`select set_config('app.menu_actor', ${author.userId}, true),
                   set_config('app.menu_at', ${author.at.toISOString()}, true)`,
      );
    },
    /** One item's rows (its id, a flavour's name) or those of a time range, newest first. */
    async changes(
      filter: { subjectId: string } | { from: Date; to: Date },
      limit: number,
    ): Promise<MenuChangeRow[]> {
      return query<MenuChangeRow>(
        sql`select id, at, by_name, subject, subject_id, ${namedDrinks(sql`before`)} as before,
                   ${namedDrinks(sql`after`)} as after from menu_changes
            where ${'from' in filter ? sql`at >= ${filter.from} and at < ${filter.to}` : empty}
                  ${'subjectId' in filter ? sql`subject_id = ${filter.subjectId}` : empty}
            order by at desc, id desc limit ${limit}`,
      );
    },
  };
}
