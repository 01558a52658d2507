import type { LoaderFunctionArgs } from 'react-router';
import { categoryFromSegment, type ListCategory } from '../../../domain';
import { isApiError } from '../../shared/api';
import { menuApi } from '../../shared/menu-api';

/*
 * The menu screens' loaders. The router imports this module with its own code, so a screen's
 * data request starts together with its lazily loaded component, not after it. Keep it tiny.
 */

export async function homeLoader({ request }: LoaderFunctionArgs) {
  return { products: await menuApi.products(request.signal) };
}

/** A category's items; `items` is null when the category is not on the menu (a clear state). */
export async function categoryLoader({ request, params }: LoaderFunctionArgs) {
  const segment = params.category ?? '';
  const category = categoryFromSegment(segment) ?? null;
  if (!category) return { segment, category, items: null };
  try {
    return { segment, category, items: await menuApi.category(category, request.signal) };
  } catch (error) {
    if (isApiError(error, 'not_found')) return { segment, category: null, items: null };
    throw error;
  }
}

/** Beverages or Sides, whichever route it serves; `picked` is the item the URL names, if any. */
export const listLoader =
  (category: ListCategory) =>
  async ({ request, params }: LoaderFunctionArgs) => ({
    category,
    picked: params.id ?? null,
    items: await menuApi.category(category, request.signal),
  });
