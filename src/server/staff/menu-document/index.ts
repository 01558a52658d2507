import type {
  ApiMenuCategory,
  ApiMenuChange,
  ApiMenuDocument,
  ApiStaffTopping,
  CategoryEntry,
} from '../../../domain';
import type { Database, Queryable } from '../../data/db';
import { announceStoreChange } from '../../events/store-broadcast';
import { categoriesRepository } from '../../repositories/categories';
import { menuDocumentRepository } from '../../repositories/menu-document';
import { lockMenu } from '../../repositories/menu-locks';
import { productsRepository } from '../../repositories/products';
import { presentStaffProduct, presentStaffTopping } from '../menu';
import { applyPlan } from './apply';
import { planImport } from './plan';
import type { MenuImport, StoreMenu } from './types';

export type { ImportedProduct, ImportedTopping, MenuImport } from './types';

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
 *
 * One file per part: `plan.ts` (with `plan-categories.ts`) decides what changes and refuses a
 * bad document, `diff.ts` compares each entry with the store's, `words.ts` says the problems in
 * the editor's words, `apply.ts` writes the plan through the repositories; this file reads the
 * store and runs them in one transaction under the menu's locks.
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
    const plan = planImport(await readStore(tx), menu);
    if (!apply || plan.changes.length === 0) return plan.changes;
    await applyPlan(tx, plan);
    await announceStoreChange(tx, 'menu');
    return plan.changes;
  });
}
