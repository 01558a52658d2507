import {
  KIND_ALERTS,
  KINDS,
  isKind,
  toDollars,
  type ApiMenuCategory,
  type ApiMenuChange,
  type ApiMenuDocument,
  type ApiMenuFieldChange,
  type ApiStaffTopping,
  type CategoryEntry,
  type Product,
} from '../../domain';
import type { Allergen, DietaryMark } from '../../domain/allergens';
import { categoryKeys, checkCategoryTitle } from '../../domain/category-draft';
import { menuProblemWords } from '../../domain/menu-field-words';
import { checkListLength } from '../../domain/menu-limits';
import { checkToppingLists, checkToppingName } from '../../domain/topping-draft';
import {
  IMAGE_PATH_MESSAGE,
  checkProductDraft,
  isStoreImagePath,
  sameName,
  type ProductDraft,
} from '../../domain/product-draft';
import type { Database, Queryable } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { badRequest } from '../http/errors';
import { presentDetails } from '../http/present';
import { categoriesRepository, type CategoryChange } from '../repositories/categories';
import { menuDocumentRepository } from '../repositories/menu-document';
import { lockMenu } from '../repositories/menu-locks';
import { productsRepository } from '../repositories/products';
import { presentStaffProduct, presentStaffTopping } from './menu';
import { movedEntries } from './moved-entries';

/**
 * The whole menu as one document (issue 34, decision 19): GET /api/staff/menu exports it, PUT
 * imports it back (a backup restored, a bulk price change made in a text editor, a trial store's
 * menu moved to the real one). A dry run and an import compute their change list with one
 * function (`planImport`), from the store as it is inside the import's transaction, so what the
 * dry run listed is what the import does unless someone edited the menu in between.
 *
 * Categories are matched by their id (`category`), else by title; products and toppings by
 * `_id`, else by name (a product's within its category): another store's ids are unknown here,
 * so a menu moved between stores matches by name. One the document leaves out is hidden, never
 * deleted: orders and carts refer to it.
 */

/**
 * The categories as the document lists them: the store's, in its order, every field the owner
 * edits. No windows is said as null, so a backup restored clears windows added since.
 */
export const menuCategories = (categories: readonly CategoryEntry[]): ApiMenuCategory[] =>
  categories.map((category) => ({
    category: category.id,
    title: category.title,
    kind: category.kind,
    hidden: category.hidden,
    offer: category.offer,
    image: category.image,
    availableAt: category.availableAt ?? null,
  }));

async function toppingsOf(db: Queryable): Promise<ApiStaffTopping[]> {
  return (await productsRepository(db).toppings()).map(presentStaffTopping);
}

/** GET /api/staff/menu: every product and topping, hidden ones too, in menu order. */
export async function exportMenu(db: Database): Promise<ApiMenuDocument> {
  return db.transaction(async (tx) => {
    const categories = await categoriesRepository(tx).list();
    const titles = new Map(categories.map((category) => [category.id, category.title]));
    return {
      version: 1,
      categories: menuCategories(categories),
      products: (await productsRepository(tx).list()).map((product) => ({
        ...presentStaffProduct(product),
        categoryTitle: titles.get(product.category) ?? product.category,
      })),
      toppings: await toppingsOf(tx),
    };
  });
}

/** A product of the document as the route parsed it: money in cents. */
export interface ImportedProduct extends ProductDraft {
  id?: string | undefined;
  soldOut: boolean;
  hidden: boolean;
}

export interface ImportedTopping {
  id?: string | undefined;
  name: string;
  soldOut: boolean;
  hidden: boolean;
  /** What it contains and is; left out, kept as it is (a new topping: none). */
  allergens?: Allergen[] | undefined;
  marks?: DietaryMark[] | undefined;
}

/** Two lists of names equal as sets: their order is not a change. */
const sameSet = (a: readonly string[], b: readonly string[]) =>
  [...new Set(a)].sort().join('\n') === [...new Set(b)].sort().join('\n');

/** PUT /api/staff/menu's body, parsed. Categories left out are not checked. */
export interface MenuImport {
  categories?: ApiMenuCategory[] | undefined;
  products: ImportedProduct[];
  toppings: ImportedTopping[];
}

/** The store's menu as an import reads it, under the menu's locks. */
interface StoreMenu {
  categories: CategoryEntry[];
  /** Readable products, in menu order. */
  products: Product[];
  /** Every product row's name, readable or not (a name is taken either way). */
  names: { id: string; name: string; category: string }[];
  toppings: ApiStaffTopping[];
}

/** A category the import writes: created (no `current`), or changed when `change` is not null. */
interface CategoryWrite {
  current?: CategoryEntry;
  /** The category as the import leaves it (a new one's id and segment from its title). */
  after: CategoryEntry;
  change: CategoryChange | null;
}

/** What an import writes: each document entry with the store's id it updates (none: create). */
interface ImportPlan {
  changes: ApiMenuChange[];
  categories: CategoryWrite[];
  /** The document's categories' ids in its order, as the store's ids; null: it listed none. */
  categoryOrder: string[] | null;
  hideCategories: string[];
  /** Every category as the import leaves them: what the products are checked against. */
  categoriesAfter: CategoryEntry[];
  products: { entry: ImportedProduct; current?: Product; changed: boolean }[];
  hideProducts: string[];
  toppings: { entry: ImportedTopping; current?: ApiStaffTopping; changed: boolean }[];
  hideToppings: string[];
}

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
function productFieldChanges(current: Product, entry: ImportedProduct): ApiMenuFieldChange[] {
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

function toppingFieldChanges(current: ApiStaffTopping, entry: ImportedTopping) {
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
function matchEntries<Entry extends { id?: string | undefined }, Current extends { _id: string }>(
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

/** What the categories of a document change, and how its products' categories read here. */
interface CategoryPlan {
  changes: ApiMenuChange[];
  writes: CategoryWrite[];
  order: string[] | null;
  hide: string[];
  after: CategoryEntry[];
  /** A document's category id -> the store's id of that category after the import. */
  ids: Map<string, string>;
}

/** The fields of a category an import compares and writes. */
const CATEGORY_FIELDS = ['title', 'hidden', 'offer', 'image', 'availableAt'] as const;

/**
 * The document's categories against the store's: matched by id, else by title; a new one gets
 * its id and route from its title and its alerts from its kind (as POST /api/staff/categories
 * makes one); one left out is hidden. A field a document entry leaves out keeps the stored
 * value. Problems are reported with `problem`, each naming its field.
 */
function planCategories(
  store: readonly CategoryEntry[],
  entries: readonly ApiMenuCategory[] | undefined,
  problem: (message: string) => void,
): CategoryPlan {
  if (!entries) {
    return { changes: [], writes: [], order: null, hide: [], after: [...store], ids: new Map() };
  }
  const say = (index: number, field: string, message: string) =>
    problem(menuProblemWords('categories', index, entries[index]?.title, field, message));
  const matches = matchEntries(
    entries.map((entry) => ({ id: entry.category, title: entry.title })),
    store.map((category) => ({ ...category, _id: category.id })),
    { entry: (entry) => sameName(entry.title), current: (current) => sameName(current.title) },
    (index, earlier) =>
      say(index, 'category', `the same category is listed twice (also category ${earlier + 1}).`),
  );
  const kept = new Set(matches.flatMap((found) => (found ? [found.id] : [])));
  const left = store.filter((category) => !kept.has(category.id));
  // Only one category is the special offer: the document's, else whichever had it.
  const offers = entries.flatMap((entry, index) => (entry.offer === true ? [index] : []));
  const offerAt = offers[0];
  for (const index of offers.slice(1)) {
    say(
      index,
      'offer',
      `only one category can be the special offer (also category ${(offerAt ?? 0) + 1}).`,
    );
  }

  const seenTitles = new Map<string, number>();
  const taken: Pick<CategoryEntry, 'id'>[] = [...store];
  const ids = new Map<string, string>();
  const writes: CategoryWrite[] = [];
  entries.forEach((entry, index) => {
    const current = matches[index];
    const title = entry.title.trim();
    const earlier = seenTitles.get(sameName(title));
    const titleProblem = checkCategoryTitle(
      title,
      left.map((category) => category.title),
    );
    if (earlier !== undefined) {
      say(index, 'title', `"${title}" is listed twice (also category ${earlier + 1}).`);
    } else if (titleProblem) {
      say(index, 'title', titleProblem.message);
    }
    seenTitles.set(sameName(title), index);
    if (current && current.kind !== entry.kind) {
      say(
        index,
        'kind',
        `a category’s kind cannot change (its items’ fields follow it): ${current.title} holds ${current.kind} items. Add a new category for the other kind.`,
      );
    }
    const kind = current?.kind ?? (isKind(entry.kind) ? entry.kind : undefined);
    if (!kind) {
      say(index, 'kind', `please choose the kind of items: one of ${KINDS.join(', ')}.`);
      return;
    }
    if (entry.image !== undefined && entry.image !== null && !isStoreImagePath(entry.image)) {
      say(index, 'image', IMAGE_PATH_MESSAGE);
    }
    for (const each of checkListLength('availableAt', 'availableAt', entry.availableAt)) {
      say(index, each.field, each.message);
    }
    const base: CategoryEntry = current ?? {
      ...categoryKeys(title, taken),
      kind,
      title,
      hidden: false,
      offer: false,
      image: null,
      ...KIND_ALERTS[kind],
    };
    taken.push(base);
    ids.set(entry.category, base.id);
    const availableAt =
      entry.availableAt === undefined ? base.availableAt : (entry.availableAt ?? undefined);
    const after: CategoryEntry = {
      id: base.id,
      kind: base.kind,
      segment: base.segment,
      added: base.added,
      failed: base.failed,
      title,
      hidden: entry.hidden ?? base.hidden,
      offer: offerAt === undefined ? (entry.offer ?? base.offer) : offerAt === index,
      image: entry.image === undefined ? base.image : entry.image,
      ...(availableAt ? { availableAt } : {}),
    };
    writes.push({ ...(current ? { current } : {}), after, change: null });
  });

  const order = writes.map((write) => write.after.id);
  const storeOrder = store.map((category) => category.id);
  const movedCategories = movedEntries(storeOrder, order, kept);
  const changes: ApiMenuChange[] = [];
  for (const write of writes) {
    const { current, after } = write;
    if (!current) {
      changes.push({ kind: 'category', action: 'create', name: after.title, category: after.id });
      continue;
    }
    const fields: ApiMenuFieldChange[] = [];
    for (const field of CATEGORY_FIELDS) {
      if (canonical(current[field]) !== canonical(after[field])) {
        fields.push({ field, from: current[field] ?? null, to: after[field] ?? null });
      }
    }
    const position = positionChange(storeOrder, order, current.id, movedCategories);
    if (fields.length > 0) {
      write.change = {
        title: after.title,
        hidden: after.hidden,
        offer: after.offer,
        image: after.image,
        availableAt: after.availableAt ?? null,
      };
    }
    if (position) fields.push(position);
    if (fields.length > 0) {
      changes.push({
        kind: 'category',
        action: 'update',
        _id: current.id,
        name: after.title,
        category: current.id,
        fields,
      });
    }
  }
  const hide = left.filter((category) => !category.hidden);
  for (const category of hide) {
    changes.push({
      kind: 'category',
      action: 'hide',
      _id: category.id,
      name: category.title,
      category: category.id,
    });
  }
  // The others the document leaves out keep what they are (hidden), and lose the offer to one
  // the document gives it.
  const after = [
    ...writes.map((write) => write.after),
    ...left.map((category) => ({
      ...category,
      hidden: true,
      offer: offerAt === undefined && category.offer,
    })),
  ];
  return { changes, writes, order, hide: hide.map((category) => category.id), after, ids };
}

/**
 * The change list and the writes of importing `menu` into `store`, or a 400 naming the first
 * problem (and how many more): nothing is written unless the whole document is good.
 */
function planImport(store: StoreMenu, menu: MenuImport): ImportPlan {
  const problems: string[] = [];

  const categoryPlan = planCategories(store.categories, menu.categories, (message) =>
    problems.push(message),
  );
  const isBeverage = beverageCategoryOf(categoryPlan.after);
  // Products name the document's categories by the document's ids: the store's ids of the same
  // categories (another store's file matched by title, a category the document creates).
  const documentProducts = menu.products.map((entry) => ({
    ...entry,
    category: categoryPlan.ids.get(entry.category) ?? entry.category,
  }));

  // Products.
  const productKey = (category: string, name: string) => `${category}\u0000${sameName(name)}`;
  const productMatches = matchEntries(
    documentProducts,
    store.products.map((product) => ({ ...product, _id: product.id })),
    {
      entry: (entry) => productKey(entry.category, entry.name),
      current: (current) => productKey(current.category, current.name),
    },
    (index, earlier) =>
      problems.push(
        menuProblemWords(
          'products',
          index,
          documentProducts[index]?.name,
          '_id',
          `the same item is listed twice (also item ${earlier + 1}).`,
        ),
      ),
  );
  const keptIds = new Set(productMatches.flatMap((found) => (found ? [found.id] : [])));
  // A combo's drinks name beverages as the import leaves them: the document's, and the store's
  // it leaves out (hidden, they keep their names).
  const beverageNames = [
    ...documentProducts.filter((entry) => isBeverage(entry.category)),
    ...store.names.filter((row) => isBeverage(row.category) && !keptIds.has(row.id)),
  ].map((each) => each.name);
  const seenNames = new Map<string, number>();
  documentProducts.forEach((entry, index) => {
    const key = productKey(entry.category, entry.name);
    const earlier = seenNames.get(key);
    if (earlier !== undefined) {
      problems.push(
        menuProblemWords(
          'products',
          index,
          entry.name,
          'name',
          `"${entry.name.trim()}" is listed twice in ${entry.category} (also item ${earlier + 1}).`,
        ),
      );
      return;
    }
    seenNames.set(key, index);
    // The others of its category that stay: the document's are checked just above; the
    // store's that the document leaves out stay too (hidden), and keep their names.
    const takenNames = store.names
      .filter((row) => row.category === entry.category && !keptIds.has(row.id))
      .map((row) => row.name);
    const problem = checkProductDraft(entry, {
      categories: categoryPlan.after,
      takenNames,
      beverageNames,
    })[0];
    if (problem) {
      problems.push(
        menuProblemWords('products', index, entry.name, problem.field, problem.message),
      );
    }
  });

  // Toppings.
  const toppingMatches = matchEntries(
    menu.toppings,
    store.toppings,
    { entry: (entry) => sameName(entry.name), current: (current) => sameName(current.name) },
    (index, earlier) =>
      problems.push(
        menuProblemWords(
          'toppings',
          index,
          menu.toppings[index]?.name,
          '_id',
          `the same topping is listed twice (also topping ${earlier + 1}).`,
        ),
      ),
  );
  const keptToppings = new Set(toppingMatches.flatMap((found) => (found ? [found._id] : [])));
  const leftToppings = store.toppings
    .filter((each) => !keptToppings.has(each._id))
    .map((each) => each.name);
  const seenToppings = new Map<string, number>();
  menu.toppings.forEach((entry, index) => {
    const name = entry.name;
    const say = (field: string, message: string) =>
      problems.push(menuProblemWords('toppings', index, name, field, message));
    const earlier = seenToppings.get(sameName(name));
    // The topping editor's rule itself (checkToppingName), so a file cannot make a topping the
    // editor would refuse; only "listed twice" is the file's own, said before a taken name.
    const problem = checkToppingName(name, earlier === undefined ? leftToppings : []);
    if (problem) say(problem.field, problem.message);
    else if (earlier !== undefined) {
      say('name', `"${name}" is listed twice (also topping ${earlier + 1}).`);
    }
    seenToppings.set(sameName(name), index);
    for (const each of checkToppingLists(entry)) say(each.field, each.message);
  });

  const first = problems[0];
  if (first) {
    const more = problems.length - 1;
    throw badRequest(
      more > 0 ? `${first} (and ${more} more problem${more === 1 ? '' : 's'})` : first,
    );
  }

  const changes: ApiMenuChange[] = [...categoryPlan.changes];
  // Each category's items in the store's order and the document's, and those the import moves.
  const productOrders = new Map<
    string,
    { before: string[]; after: string[]; moved: Set<string> }
  >();
  const productOrder = (category: string) => {
    const known = productOrders.get(category);
    if (known) return known;
    const before = store.products
      .filter((each) => each.category === category)
      .map((each) => each.id);
    const after = documentProducts.flatMap((each, at) =>
      each.category === category ? [productMatches[at]?.id ?? `new:${at}`] : [],
    );
    const made = { before, after, moved: movedEntries(before, after, keptIds) };
    productOrders.set(category, made);
    return made;
  };
  const products = documentProducts.map((entry, index) => {
    const current = productMatches[index];
    if (!current) {
      changes.push({
        kind: 'product',
        action: 'create',
        name: entry.name,
        category: entry.category,
      });
      return { entry, changed: true };
    }
    const fields = productFieldChanges(current, entry);
    const { before, after, moved } = productOrder(entry.category);
    const position = positionChange(before, after, current.id, moved);
    if (position) fields.push(position);
    if (fields.length > 0) {
      changes.push({
        kind: 'product',
        action: 'update',
        _id: current.id,
        name: entry.name,
        category: entry.category,
        fields,
      });
    }
    return { entry, current, changed: fields.length > 0 };
  });
  const hideProducts = store.products.filter((each) => !keptIds.has(each.id));
  for (const product of hideProducts) {
    if (product.hidden) continue;
    changes.push({
      kind: 'product',
      action: 'hide',
      _id: product.id,
      name: product.name,
      category: product.category,
    });
  }

  const toppingsBefore = store.toppings.map((each) => each._id);
  const toppingsAfter = menu.toppings.map((_, at) => toppingMatches[at]?._id ?? `new:${at}`);
  const movedToppings = movedEntries(toppingsBefore, toppingsAfter, keptToppings);
  const toppings = menu.toppings.map((entry, index) => {
    const current = toppingMatches[index];
    if (!current) {
      changes.push({ kind: 'topping', action: 'create', name: entry.name });
      return { entry, changed: true };
    }
    const fields = toppingFieldChanges(current, entry);
    const position = positionChange(toppingsBefore, toppingsAfter, current._id, movedToppings);
    if (position) fields.push(position);
    if (fields.length > 0) {
      changes.push({
        kind: 'topping',
        action: 'update',
        _id: current._id,
        name: entry.name,
        fields,
      });
    }
    return { entry, current, changed: fields.length > 0 };
  });
  const hideToppings = store.toppings.filter((each) => !keptToppings.has(each._id));
  for (const topping of hideToppings) {
    if (!topping.hidden) {
      changes.push({ kind: 'topping', action: 'hide', _id: topping._id, name: topping.name });
    }
  }

  return {
    changes,
    categories: categoryPlan.writes,
    categoryOrder: categoryPlan.order,
    hideCategories: categoryPlan.hide,
    categoriesAfter: categoryPlan.after,
    products,
    hideProducts: hideProducts.filter((each) => !each.hidden).map((each) => each.id),
    toppings,
    hideToppings: hideToppings.filter((each) => !each.hidden).map((each) => each._id),
  };
}

/**
 * A `position` change (0-based, in its list before and after) when the import moves `id`
 * (`movedEntries`: a new entry or a hidden one shifting the rest is not a move of each of them,
 * nor is an entry another one was moved past).
 */
function positionChange(
  before: readonly string[],
  after: readonly string[],
  id: string,
  moved: ReadonlySet<string>,
): ApiMenuFieldChange | undefined {
  if (!moved.has(id)) return undefined;
  return { field: 'position', from: before.indexOf(id), to: after.indexOf(id) };
}

/** Whether a category (any text) is one of the store's beverages' (kind `beverages`). */
const beverageCategoryOf =
  (categories: readonly CategoryEntry[]) =>
  (category: string): boolean =>
    categories.some((each) => each.id === category && each.kind === 'beverages');

async function readStore(tx: Queryable): Promise<StoreMenu> {
  const products = await productsRepository(tx).list();
  const names = await menuDocumentRepository(tx).productNames();
  const categories = await categoriesRepository(tx).list();
  return { categories, products, names, toppings: await toppingsOf(tx) };
}

/**
 * PUT /api/staff/menu: the change list of importing `menu`, written when `apply` (in one
 * transaction, all or nothing, under the menu's locks, names and toppings, so no edit races
 * it), else only computed. Open storefronts refresh at once after a write.
 */
export async function importMenu(
  db: Database,
  menu: MenuImport,
  apply: boolean,
): Promise<ApiMenuChange[]> {
  return db.transaction(async (tx) => {
    // Both locks: the import checks and writes products', categories' and toppings' names.
    await lockMenu(tx, 'names', 'toppings');
    const store = await readStore(tx);
    const plan = planImport(store, menu);
    if (!apply || plan.changes.length === 0) return plan.changes;
    const isBeverage = beverageCategoryOf(plan.categoriesAfter);

    // The categories first: a product may move into one the document creates.
    const categories = categoriesRepository(tx);
    for (const { current, after, change } of plan.categories) {
      if (!current) {
        const { hidden, offer, ...entry } = after;
        if (!(await categories.create(entry))) {
          throw new Error(`importMenu: category "${after.title}" did not read back`);
        }
        if (hidden || offer) await categories.update(after.id, { hidden, offer });
      } else if (change) {
        await categories.update(current.id, change);
      }
    }
    for (const id of plan.hideCategories) await categories.update(id, { hidden: true });
    if (plan.categoryOrder) await categories.order(plan.categoryOrder);

    const repository = productsRepository(tx);
    const bulk = menuDocumentRepository(tx);
    // The beverages are written first: a combo's drinks are stored by the ids of the beverages
    // of their names (drink-refs.ts), which the document may add or rename.
    const beveragesFirst = [...plan.products.entries()].sort(
      ([a, one], [b, other]) =>
        Number(isBeverage(other.entry.category)) - Number(isBeverage(one.entry.category)) || a - b,
    );
    const order: string[] = [];
    for (const [index, { entry, current, changed }] of beveragesFirst) {
      // checkProductDraft passed, so the category is one of the store's.
      const fields = {
        name: entry.name,
        category: entry.category,
        image: entry.image,
        description: entry.description,
        details: entry.details,
        soldOut: entry.soldOut,
      };
      let id = current?.id;
      if (!id) {
        const created = await repository.create({ ...fields, price: entry.price, hidden: false });
        if (!created) throw new Error(`importMenu: "${entry.name}" did not read back`);
        id = created.id;
      } else if (changed) {
        await repository.update(id, { ...fields, priceCents: entry.price });
      }
      if (!current || current.hidden !== entry.hidden) {
        await bulk.setHidden('products', [id], entry.hidden);
      }
      order[index] = id;
    }
    await bulk.setHidden('products', plan.hideProducts, true);
    // Array order is menu order; the products the document leaves out keep their places.
    await bulk.place('products', order);

    // A renamed topping first takes a name of its own, so two trading names never collide.
    const renamed = plan.toppings.flatMap(({ entry, current }) =>
      current && current.name !== entry.name ? [current._id] : [],
    );
    await bulk.freeToppingNames(renamed);
    const toppingOrder: string[] = [];
    for (const [index, { entry, current, changed }] of plan.toppings.entries()) {
      if (!current) {
        toppingOrder.push(
          await bulk.createTopping({
            name: entry.name,
            soldOut: entry.soldOut,
            hidden: entry.hidden,
            sortOrder: index + 1,
            allergens: [...new Set(entry.allergens ?? [])],
            marks: [...new Set(entry.marks ?? [])],
          }),
        );
        continue;
      }
      if (changed) {
        await repository.updateTopping(current._id, {
          name: entry.name,
          soldOut: entry.soldOut,
          hidden: entry.hidden,
          ...(entry.allergens ? { allergens: [...new Set(entry.allergens)] } : {}),
          ...(entry.marks ? { marks: [...new Set(entry.marks)] } : {}),
        });
      }
      toppingOrder.push(current._id);
    }
    await bulk.setHidden('toppings', plan.hideToppings, true);
    await bulk.place('toppings', toppingOrder);
    await announceStoreChange(tx, 'menu');
    return plan.changes;
  });
}
