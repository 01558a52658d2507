import type {
  ApiMenuChange,
  ApiMenuFieldChange,
  ApiStaffTopping,
  CategoryEntry,
  Product,
} from '../../../domain';
import { toDollars } from '../../../domain';
import { presentDetails } from '../../http/present';
import type { ImportedProduct, ImportedTopping } from './types';

/**
 * A document against the store: which of the store's entries each document entry is
 * (`matchEntries`), and what differs of each field and place, as the change list says it.
 */

/** Two lists of names equal as sets: their order is not a change. */
const sameSet = (a: readonly string[], b: readonly string[]) =>
  [...new Set(a)].sort().join('\n') === [...new Set(b)].sort().join('\n');

/** A stable text of a JSON value (object keys sorted), to compare details. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonical(each)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fields that differ, money in dollars, each details key on its own. */
export function productFieldChanges(
  current: Product,
  entry: ImportedProduct,
): ApiMenuFieldChange[] {
  const fields: ApiMenuFieldChange[] = [];
  const compare = (field: string, from: unknown, to: unknown) => {
    if (canonical(from) !== canonical(to))
      fields.push({ field, from: from ?? null, to: to ?? null });
  };
  compare('name', current.name, entry.name);
  compare('category', current.category, entry.category);
  compare('image', current.image, entry.image);
  compare('price', toDollars(current.price), toDollars(entry.price));
  compare('description', current.description, entry.description);
  compare('soldOut', current.soldOut, entry.soldOut);
  compare('hidden', current.hidden, entry.hidden);
  const from = new Map<string, unknown>(Object.entries(presentDetails(current.details)));
  const to = new Map<string, unknown>(Object.entries(presentDetails(entry.details)));
  for (const key of [...new Set([...from.keys(), ...to.keys()])].sort()) {
    compare(`details.${key}`, from.get(key), to.get(key));
  }
  return fields;
}

export function toppingFieldChanges(current: ApiStaffTopping, entry: ImportedTopping) {
  const fields: ApiMenuFieldChange[] = [];
  if (current.name !== entry.name)
    fields.push({ field: 'name', from: current.name, to: entry.name });
  if (current.soldOut !== entry.soldOut) {
    fields.push({ field: 'soldOut', from: current.soldOut, to: entry.soldOut });
  }
  if (current.hidden !== entry.hidden) {
    fields.push({ field: 'hidden', from: current.hidden, to: entry.hidden });
  }
  for (const field of ['allergens', 'marks'] as const) {
    const wanted = entry[field];
    if (wanted !== undefined && !sameSet(current[field], wanted)) {
      fields.push({ field, from: current[field], to: [...new Set(wanted)] });
    }
  }
  return fields;
}

/**
 * Matches the document's entries to the store's: by `_id` first (a second entry with the same
 * id is a problem), then by `key` among the store's entries no id claimed. The store's entry of
 * each document entry (index by index), or undefined: a new one.
 */
export function matchEntries<
  Entry extends { id?: string | undefined },
  Current extends { _id: string },
>(
  entries: readonly Entry[],
  current: readonly Current[],
  key: { entry: (entry: Entry) => string; current: (current: Current) => string },
  /** Entry `index` names the store's entry that entry `earlier` named. */
  twice: (index: number, earlier: number) => void,
): (Current | undefined)[] {
  const byId = new Map(current.map((each) => [each._id, each]));
  const claimed = new Map<string, number>();
  const matched: (Current | undefined)[] = entries.map((entry, index) => {
    const found = entry.id === undefined ? undefined : byId.get(entry.id);
    if (!found) return undefined;
    const earlier = claimed.get(found._id);
    if (earlier !== undefined) {
      twice(index, earlier);
      return undefined;
    }
    claimed.set(found._id, index);
    return found;
  });
  const byKey = new Map<string, Current>();
  for (const each of current) {
    if (!claimed.has(each._id) && !byKey.has(key.current(each))) byKey.set(key.current(each), each);
  }
  return matched.map((found, index) => {
    const entry = entries[index];
    if (found || !entry) return found;
    const byName = byKey.get(key.entry(entry));
    if (byName) byKey.delete(key.entry(entry));
    return byName;
  });
}

/** The fields of a category an import compares and writes. */
const CATEGORY_FIELDS = ['title', 'hidden', 'offer', 'image', 'availableAt'] as const;

/** The fields of a category that differ. */
export function categoryFieldChanges(
  current: CategoryEntry,
  after: CategoryEntry,
): ApiMenuFieldChange[] {
  const fields: ApiMenuFieldChange[] = [];
  for (const field of CATEGORY_FIELDS) {
    if (canonical(current[field]) !== canonical(after[field])) {
      fields.push({ field, from: current[field] ?? null, to: after[field] ?? null });
    }
  }
  return fields;
}

/**
 * A `position` change (0-based, in its list before and after) when the import moves `id`
 * (`movedEntries`: a new entry or a hidden one shifting the rest is not a move of each of them,
 * nor is an entry another one was moved past).
 */
export function positionChange(
  before: readonly string[],
  after: readonly string[],
  id: string,
  moved: ReadonlySet<string>,
): ApiMenuFieldChange | undefined {
  if (!moved.has(id)) return undefined;
  return { field: 'position', from: before.indexOf(id), to: after.indexOf(id) };
}

/**
 * The change list's update of one entry: the fields that differ, then its move; none when
 * neither (an entry the import leaves as it is is not listed).
 */
export function updateOf(
  entry: Required<Pick<ApiMenuChange, 'kind' | '_id' | 'name'>> & { category?: string },
  fields: readonly ApiMenuFieldChange[],
  position: ApiMenuFieldChange | undefined,
): ApiMenuChange[] {
  const all = position ? [...fields, position] : [...fields];
  if (all.length === 0) return [];
  const { kind, _id, name, category } = entry;
  return [
    {
      kind,
      action: 'update',
      _id,
      name,
      ...(category === undefined ? {} : { category }),
      fields: all,
    },
  ];
}
