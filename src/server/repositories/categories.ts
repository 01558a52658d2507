import { isKind, type AvailabilityWindow, type CategoryEntry, type Kind } from '../../domain';
import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';
import { storedWindows } from './products';

interface CategoryRow {
  id: string;
  kind: string;
  segment: string;
  title: string;
  hidden: boolean;
  offer: boolean;
  image: string | null;
  added: string;
  failed: string;
  available_at: unknown;
}

const COLUMNS = sql`id, kind, segment, title, hidden, offer, image, added, failed, available_at`;

/** A row the engine cannot read (a kind it does not know, windows written by hand): left out. */
function categoryOf(row: CategoryRow): CategoryEntry | null {
  const windows = storedWindows(row.available_at);
  if (!isKind(row.kind) || windows === 'unreadable') return null;
  const kind: Kind = row.kind;
  return {
    id: row.id,
    kind,
    segment: row.segment,
    title: row.title,
    hidden: row.hidden,
    offer: row.offer,
    image: row.image,
    added: row.added,
    failed: row.failed,
    ...(windows ? { availableAt: windows } : {}),
  };
}

/** What the store may change of a category; undefined stays as it is, null clears. */
export interface CategoryChange {
  title?: string;
  hidden?: boolean;
  offer?: boolean;
  image?: string | null;
  availableAt?: AvailabilityWindow[] | null;
}

/** The store's categories (migration 023), in their order on Home. */
export function categoriesRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /** Every category, hidden ones too, in the menu's order. */
    async list(): Promise<CategoryEntry[]> {
      const rows = await query<CategoryRow>(
        sql`select ${COLUMNS} from categories order by sort_order, title, id`,
      );
      return rows.flatMap((row) => categoryOf(row) ?? []);
    },
    /** Adds a category at the end of the menu; the caller checked id, segment and title. */
    async create(entry: Omit<CategoryEntry, 'hidden' | 'offer'>): Promise<CategoryEntry | null> {
      const rows = await query<CategoryRow>(
        sql`insert into categories (id, kind, segment, title, image, added, failed, available_at,
              sort_order)
            values (${entry.id}, ${entry.kind}, ${entry.segment}, ${entry.title}, ${entry.image},
              ${entry.added}, ${entry.failed},
              ${entry.availableAt ? JSON.stringify(entry.availableAt) : null}::jsonb,
              (select coalesce(max(sort_order), -1) + 1 from categories))
            returning ${COLUMNS}`,
      );
      return rows[0] ? categoryOf(rows[0]) : null;
    },
    /**
     * Changes a category's fields in one statement. Making one the offer takes it from the one
     * that had it, in the same transaction (the caller's). Null for an unknown id.
     */
    async update(id: string, change: CategoryChange): Promise<CategoryEntry | null> {
      if (change.offer === true) {
        await query(sql`update categories set offer = false where offer and id <> ${id}`);
      }
      const windows =
        change.availableAt === undefined
          ? sql`available_at`
          : sql`${change.availableAt === null ? null : JSON.stringify(change.availableAt)}::jsonb`;
      const image = change.image === undefined ? sql`image` : sql`${change.image}`;
      const rows = await query<CategoryRow>(
        sql`update categories
               set title = coalesce(${change.title ?? null}, title),
                   hidden = coalesce(${change.hidden ?? null}, hidden),
                   offer = coalesce(${change.offer ?? null}, offer),
                   image = ${image},
                   available_at = ${windows}
             where id = ${id}
             returning ${COLUMNS}`,
      );
      return rows[0] ? categoryOf(rows[0]) : null;
    },
    /**
     * Puts the categories in the order of `ids` (each category's id, in the order wanted; any
     * left out keep their relative order after them); only the rows whose place changed are
     * written. The caller holds the menu's lock.
     */
    async order(ids: readonly string[]): Promise<void> {
      await query(
        sql`update categories c set sort_order = o.place - 1
              from (select id, row_number() over (
                      order by coalesce(array_position(${ids}::text[], id), 2147483647),
                               sort_order, title, id) as place
                      from categories) o
             where c.id = o.id and c.sort_order <> o.place - 1`,
      );
    },
    /** Deletes a category no product is in (hidden products too): 'deleted', 'in-use', 'missing'. */
    async remove(id: string): Promise<'deleted' | 'in-use' | 'missing'> {
      const found = await query<{ id: string }>(
        sql`select id from categories where id = ${id} for update`,
      );
      if (found.length === 0) return 'missing';
      const used = await query<{ used: boolean }>(
        sql`select exists (select 1 from products where category = ${id}) as used`,
      );
      if (used[0]?.used) return 'in-use';
      await query(sql`delete from categories where id = ${id}`);
      return 'deleted';
    },
  };
}
