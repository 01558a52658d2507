/**
 * The store's categories as the menu editor changes them (issue 34, decision 17): add one of a
 * kind the engine knows, rename it, move it on Home, hide it (its products leave the storefront
 * with it; a cart holding one says so, an order refuses it), make it the sidebar's offer, give
 * its card a picture or its products windows, and delete one no product is in.
 */
import {
  KIND_ALERTS,
  type ApiStaffCategory,
  type AvailabilityWindow,
  type Kind,
} from '../../domain';
import { categoryKeys, checkCategoryTitle } from '../../domain/category-draft';
import { checkListLength } from '../../domain/menu-limits';
import {
  IMAGE_PATH_MESSAGE,
  describeDraftProblem,
  isStoreImagePath,
} from '../../domain/product-draft';
import type { Database, Queryable } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { badRequest, conflict, notFound } from '../http/errors';
import { categoriesRepository, type CategoryChange } from '../repositories/categories';
import { lockMenu } from '../repositories/menu-locks';

/** A category's picture and windows as the editor gives them (either may be left out). */
function checkFields(image: string | null | undefined, windows: unknown[] | null | undefined) {
  if (image !== undefined && image !== null && !isStoreImagePath(image)) {
    throw badRequest(`image: ${IMAGE_PATH_MESSAGE}`);
  }
  const problem = checkListLength('availableAt', 'availableAt', windows)[0];
  if (problem) throw badRequest(describeDraftProblem(problem));
}

export interface NewCategory {
  title: string;
  kind: Kind;
  image?: string | null | undefined;
  availableAt?: AvailabilityWindow[] | undefined;
}

/**
 * POST /api/staff/categories: a category of one of the engine's kinds, at the end of Home, shown,
 * its id and route made from its title (`categoryKeys`), its alerts its kind's.
 */
export async function createCategory(db: Database, draft: NewCategory): Promise<ApiStaffCategory> {
  checkFields(draft.image, draft.availableAt);
  return db.transaction(async (tx) => {
    // Every category write takes the names' lock: titles are checked, places renumbered and a
    // delete's products counted under it, as a new product in the category holds it too.
    await lockMenu(tx, 'names');
    const repository = categoriesRepository(tx);
    const existing = await repository.list();
    const problem = checkCategoryTitle(
      draft.title,
      existing.map((category) => category.title),
    );
    if (problem) throw badRequest(describeDraftProblem(problem));
    const title = draft.title.trim();
    const created = await repository.create({
      ...categoryKeys(title, existing),
      kind: draft.kind,
      title,
      image: draft.image ?? null,
      ...KIND_ALERTS[draft.kind],
      ...(draft.availableAt ? { availableAt: draft.availableAt } : {}),
    });
    if (!created) throw new Error(`createCategory: "${title}" did not read back`);
    await announceStoreChange(tx, 'menu');
    return created;
  });
}

/** What PATCH /api/staff/categories/{id} may change; undefined stays, null clears. */
export interface CategoryEdit extends CategoryChange {
  /** Its new 0-based place on Home among all the categories, hidden ones too (past the end: last). */
  position?: number | undefined;
}

export async function updateCategory(
  db: Database,
  id: string,
  edit: CategoryEdit,
): Promise<ApiStaffCategory> {
  checkFields(edit.image, edit.availableAt);
  return db.transaction(async (tx) => {
    await lockMenu(tx, 'names');
    const repository = categoriesRepository(tx);
    const all = await repository.list();
    const current = all.find((category) => category.id === id);
    if (!current) throw notFound('No category with this id.');
    const { position, ...change } = edit;
    if (change.title !== undefined) {
      const problem = checkCategoryTitle(
        change.title,
        all.filter((category) => category.id !== id).map((category) => category.title),
      );
      if (problem) throw badRequest(describeDraftProblem(problem));
      change.title = change.title.trim();
    }
    const updated = await repository.update(id, change);
    if (!updated) throw notFound('No category with this id.');
    if (position !== undefined) {
      const others = all.filter((category) => category.id !== id).map((category) => category.id);
      others.splice(Math.min(position, others.length), 0, id);
      await repository.order(others);
    }
    await announceStoreChange(tx, 'menu');
    return updated;
  });
}

export const CATEGORY_IN_USE_MESSAGE =
  'Items are in this category, so it cannot be deleted. Move them to another category, or hide it.';

/** DELETE /api/staff/categories/{id}: one no product is in (hidden ones count), else 409. */
export async function deleteCategory(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMenu(tx, 'names');
    const outcome = await categoriesRepository(tx).remove(id);
    if (outcome === 'missing') throw notFound('No category with this id.');
    if (outcome === 'in-use') throw conflict(CATEGORY_IN_USE_MESSAGE, 'category_in_use');
    await announceStoreChange(tx, 'menu');
  });
}

/** GET /api/staff/categories: every category, hidden ones too, in their order. */
export const listStaffCategories = (db: Queryable): Promise<ApiStaffCategory[]> =>
  categoriesRepository(db).list();
