import { categoryFromSegment, type ListCategory } from '../../../domain';
import { isApiError } from '../../shared/api';
import { menuReadsOf, type LoaderArgs } from '../../shared/menu-api';

/*
 * The menu screens' loaders. The router imports this module with its own code, so a screen's
 * data request starts together with its lazily loaded component, not after it. Keep it tiny.
 */

export async function homeLoader(args: LoaderArgs) {
  return { products: await menuReadsOf(args).products(args.request.signal) };
}

/** A category's items; `items` is null when the category is not on the menu (a clear state). */
export async function categoryLoader(args: LoaderArgs) {
  const { request, params } = args;
  const segment = params.category ?? '';
  const category = categoryFromSegment(segment) ?? null;
  if (!category) return { segment, category, items: null };
  try {
    return { segment, category, items: await menuReadsOf(args).category(category, request.signal) };
  } catch (error) {
    if (isApiError(error, 'not_found')) return { segment, category: null, items: null };
    throw error;
  }
}

/** Beverages or Sides, whichever route it serves; `picked` is the item the URL names, if any. */
export const listLoader = (category: ListCategory) => async (args: LoaderArgs) => ({
  category,
  picked: args.params.id ?? null,
  items: await menuReadsOf(args).category(category, args.request.signal),
});
