import { convertDetailsMoney, toDollars } from '../../domain';
import { parseProductDetails } from '../../domain/product-details';
import type { ApiMenuHistoryEntry, ApiMenuFieldChange } from '../../domain/api-types';
import type { Database, Queryable } from '../data/db';
import {
  menuHistoryRepository,
  type MenuAuthor,
  type MenuChangeRow,
} from '../repositories/menu-history';
import { storeDaysRange } from './store-days';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth/sessions';
import type { AppContext } from '../context';

/**
 * The menu's history (issue 34): who changed what and when. The rows are written by the
 * database (migration 021's trigger), so no write can forget to be recorded; the app only says
 * who is writing and when (`menuWritesBy`). Read back per item, or for one of the store's days.
 */

/**
 * `db` with every write made as `author`: each transaction (and each lone statement, run in a
 * transaction of its own) first sets the two settings the history's trigger reads. One
 * statement more per write; menu edits are a few a day.
 */
export function menuWritesBy(db: Database, author: MenuAuthor): Database {
  const stamp = (tx: Queryable) => menuHistoryRepository(tx).stamp(author);
  return {
    kind: db.kind,
    exec: (text) => db.exec(text),
    listen: (...args) => db.listen(...args),
    close: () => db.close(),
    transaction: (work) =>
      db.transaction(async (tx) => {
        await stamp(tx);
        return work(tx);
      }),
    query: (text, params) =>
      db.transaction(async (tx) => {
        await stamp(tx);
        return tx.query(text, params);
      }),
  };
}

/** Never shown: the row's keys, not what the owner edits. */
const UNSHOWN = new Set(['id', 'slug']);
/** A column's name as the API spells the field. */
const FIELD_NAMES: Record<string, string> = {
  price_cents: 'price',
  sold_out: 'soldOut',
  available_at: 'availableAt',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the API shows it: prices in dollars, like the fields' own answers. */
function shown(column: string, value: unknown): unknown {
  if (column === 'price_cents' && typeof value === 'number') return toDollars(value);
  return value ?? null;
}

/**
 * The details in dollars (as GET /api/products/{id} answers them), keyed field by field. Details
 * the schema would refuse (written from outside the app) are shown as they are stored.
 */
function detailsInDollars(value: unknown): Record<string, unknown> {
  const parsed = parseProductDetails(value);
  if (parsed.ok) return { ...convertDetailsMoney(parsed.details, toDollars) };
  return isRecord(value) ? value : {};
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each field whose value differs between the two rows, details field by field, in the order of
 * their names (the stored rows' key order is the database's, not the reader's).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ApiMenuFieldChange[] {
  if (!before || !after) return [];
  const fields: ApiMenuFieldChange[] = [];
  for (const column of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (UNSHOWN.has(column)) continue;
    if (column === 'details') {
      const was = detailsInDollars(before.details);
      const now = detailsInDollars(after.details);
      for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
        if (!same(was[key], now[key])) {
          fields.push({ field: `details.${key}`, from: was[key] ?? null, to: now[key] ?? null });
        }
      }
      continue;
    }
    if (same(before[column], after[column])) continue;
    fields.push({
      field: FIELD_NAMES[column] ?? column,
      from: shown(column, before[column]),
      to: shown(column, after[column]),
    });
  }
  return fields.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

const SUBJECTS: Record<string, ApiMenuHistoryEntry['subject']> = {
  products: 'product',
  toppings: 'topping',
  sold_out_flavours: 'flavour',
  categories: 'category',
};

/** A row of the history as the API shows it. */
export function presentMenuChange(row: MenuChangeRow): ApiMenuHistoryEntry {
  const subject = SUBJECTS[row.subject] ?? 'product';
  // A category is named by its title.
  const named = row.after?.name ?? row.before?.name ?? row.after?.title ?? row.before?.title;
  const name = typeof named === 'string' ? named : row.subject_id;
  const base = {
    // bigserial: pg answers it as text, PGlite as a number.
    _id: `${row.id}`,
    at: new Date(row.at).toISOString(),
    by: row.by_name,
    subject,
    subjectId: row.subject_id,
    name,
  };
  // A flavour is sold out by its row being there: added is sold out, removed is back.
  if (subject === 'flavour') {
    const soldOut = row.after !== null;
    return {
      ...base,
      action: 'changed',
      fields: [{ field: 'soldOut', from: !soldOut, to: soldOut }],
    };
  }
  const action = !row.before ? 'added' : !row.after ? 'removed' : 'changed';
  // A category's kind is said when it is made: it never changes after, and it says what the
  // category is for.
  if (subject === 'category' && action === 'added' && typeof row.after?.kind === 'string') {
    return { ...base, action, fields: [{ field: 'kind', from: null, to: row.after.kind }] };
  }
  return { ...base, action, fields: changedFields(row.before, row.after) };
}

/** How many rows one answer holds at most: a day's or an item's, newest first. */
export const HISTORY_LIMIT = 200;

/**
 * The history of one item (a product's, topping's or category's id, a flavour's name), or of one of the
 * store's days (YYYY-MM-DD), newest first.
 */
export async function menuHistory(
  db: Queryable,
  filter: { subjectId: string } | { day: string },
): Promise<ApiMenuHistoryEntry[]> {
  const rows = await menuHistoryRepository(db).changes(
    'day' in filter ? storeDaysRange(filter.day, filter.day) : filter,
    HISTORY_LIMIT,
  );
  return rows.map(presentMenuChange);
}

/**
 * How a menu route writes: `work` gets the database as its caller writes it (the menu's history
 * says who and when, 021) and runs as a catalogue change (every storefront and cart hears of it).
 * Every route that writes the menu (products, toppings, categories, photos, the import) goes
 * through here, so none can skip either.
 */
export const menuWriter =
  (ctx: AppContext) =>
  async <T>(request: FastifyRequest, work: (db: Database) => Promise<T>): Promise<T> => {
    const db = menuWritesBy(ctx.db, {
      userId: (await requireUser(request, ctx)).id,
      at: ctx.clock.now(),
    });
    return ctx.catalogue.change('menu', () => work(db));
  };
