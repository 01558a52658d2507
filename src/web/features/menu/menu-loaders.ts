import { categoryBySegment, isListKind, type ApiCategory } from '../../../domain';
import { isApiError } from '../../shared/api';
import { menuReadsOf, type LoaderArgs } from '../../shared/menu-api';

/*
 * The menu screens' loaders. The router imports this module with its own code, so a screen's
 * data request starts together with its lazily loaded component, not after it. Keep it tiny.
 *
 * The categories are the store's (GET /api/categories): a route's segment is looked up in them,
 * and the category's kind says which screen shows it. The answer is cached and asked for by the
 * shell's loader at the same moment, so the lookup adds no round trip.
 */

export async function homeLoader(args: LoaderArgs) {
  const menu = menuReadsOf(args);
  const [products, categories] = await Promise.all([
    menu.products(args.request.signal),
    menu.categories(args.request.signal),
  ]);
  return { products, categories };
}

/** The category of a route's segment on the storefront, or undefined. */
export async function categoryOf(
  args: LoaderArgs,
  segment: string,
): Promise<ApiCategory | undefined> {
  return categoryBySegment(await menuReadsOf(args).categories(args.request.signal), segment);
}

/**
 * `/category/{segment}`: a list category's rows (beverages, sides), or a category's cards, or
 * `missing` when the store has no such category on the menu (a clear state, not an error).
 */
export async function categoryLoader(args: LoaderArgs) {
  const segment = args.params.category ?? '';
  const category = await categoryOf(args, segment);
  if (!category) return { view: 'missing' as const, segment };
  try {
    const items = await menuReadsOf(args).category(category.id, args.request.signal);
    return isListKind(category.kind)
      ? { view: 'list' as const, category, picked: null, items }
      : { view: 'cards' as const, category, items };
  } catch (error) {
    if (isApiError(error, 'not_found')) return { view: 'missing' as const, segment };
    throw error;
  }
}
