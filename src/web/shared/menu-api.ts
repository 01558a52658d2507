import type { Category } from '../../domain';
import { cachedGet, forgetCached, forgetCachedUnder } from './api';
import type { ApiProduct, ApiTopping, StoreInfo } from './types';

/** The menu changes a few times a day (sold out, prices): minutes of staleness are harmless,
 *  and the server refuses a line whose item has since sold out. */
const MENU_TTL_MS = 5 * 60_000;
/** The open flag follows the clock, so it is asked again every minute. */
const STORE_TTL_MS = 60_000;

const STORE_PATH = '/api/store';

/**
 * The catalogue's and the store's GETs, cached across navigations (`cachedGet`). Loaders call
 * these with their `request.signal`; nothing else in the app fetches the menu.
 */
export const menuApi = {
  /** Every product, without details (Home's cards). */
  products: (signal?: AbortSignal) =>
    cachedGet<ApiProduct[]>('/api/products', { ttlMs: MENU_TTL_MS, signal }),
  /** One category's products, without details. */
  category: (category: Category, signal?: AbortSignal) =>
    cachedGet<ApiProduct[]>(`/api/items/${encodeURIComponent(category)}`, {
      ttlMs: MENU_TTL_MS,
      signal,
    }),
  /** One product with its details (sizes, flavours, ...). */
  product: (id: string, signal?: AbortSignal) =>
    cachedGet<ApiProduct>(`/api/products/${encodeURIComponent(id)}`, {
      ttlMs: MENU_TTL_MS,
      signal,
    }),
  toppings: (signal?: AbortSignal) =>
    cachedGet<ApiTopping[]>('/api/toppings', { ttlMs: MENU_TTL_MS, signal }),
  store: (signal?: AbortSignal) =>
    cachedGet<StoreInfo>(STORE_PATH, { ttlMs: STORE_TTL_MS, signal }),
  /** The next `store()` asks the server, whatever its age. */
  forgetStore: () => forgetCached(STORE_PATH),
  /** The next menu calls ask the server (the staff changed an item). */
  forgetMenu: () => forgetCachedUnder('/api/products', '/api/items/', '/api/toppings'),
};
