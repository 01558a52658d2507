import { createContext, type LoaderFunctionArgs, type RouterContextProvider } from 'react-router';
import type { ApiCategory, Category } from '../../domain';
import { cachedGet, forgetCached, forgetCachedUnder } from './api';
import type { ApiProduct, ApiTopping, StoreInfo } from './types';

/** The menu changes a few times a day (sold out, prices): minutes of staleness are harmless,
 *  and the server refuses a line whose item has since sold out. */
const MENU_TTL_MS = 5 * 60_000;
/** The open flag follows the clock, so it is asked again every minute. */
const STORE_TTL_MS = 60_000;

export const STORE_PATH = '/api/store';

/** A GET of the API: `ttlMs` is how long the browser may keep the answer. */
export type MenuGet = <T>(path: string, ttlMs: number, signal?: AbortSignal) => Promise<T>;

/** The catalogue's and the store's reads, over `get`. Nothing but the loaders reads the menu. */
export const menuReads = (get: MenuGet) => ({
  /** The store's categories on the storefront, in Home's order: kinds, routes, titles, alerts. */
  categories: (signal?: AbortSignal) => get<ApiCategory[]>('/api/categories', MENU_TTL_MS, signal),
  /** Every product, without details (Home's cards). */
  products: (signal?: AbortSignal) => get<ApiProduct[]>('/api/products', MENU_TTL_MS, signal),
  /** One category's products, without details. */
  category: (category: Category, signal?: AbortSignal) =>
    get<ApiProduct[]>(`/api/items/${encodeURIComponent(category)}`, MENU_TTL_MS, signal),
  /** One product with its details (sizes, flavours, ...). */
  product: (id: string, signal?: AbortSignal) =>
    get<ApiProduct>(`/api/products/${encodeURIComponent(id)}`, MENU_TTL_MS, signal),
  toppings: (signal?: AbortSignal) => get<ApiTopping[]>('/api/toppings', MENU_TTL_MS, signal),
  store: (signal?: AbortSignal) => get<StoreInfo>(STORE_PATH, STORE_TTL_MS, signal),
});
export type MenuReads = ReturnType<typeof menuReads>;

/** The browser's: cached across navigations (`cachedGet`). */
export const menuApi = {
  ...menuReads((path, ttlMs, signal) => cachedGet(path, { ttlMs, signal })),
  /** The next `store()` asks the server, whatever its age. */
  forgetStore: () => forgetCached(STORE_PATH),
  /** The next menu calls ask the server (the staff changed an item). */
  forgetMenu: () =>
    forgetCachedUnder('/api/products', '/api/items/', '/api/toppings', '/api/categories'),
};

/**
 * Where a loader's menu reads go: the browser's `menuApi`, unless the request's router context
 * holds others (the server's first view sets its own per render, `entry-server.tsx`).
 */
export const menuReadsContext = createContext<MenuReads>(menuApi);

/** A loader's arguments, its context the router's (what `menuReadsContext` is read from). */
export type LoaderArgs = LoaderFunctionArgs<Readonly<RouterContextProvider>>;

export const menuReadsOf = ({ context }: LoaderArgs): MenuReads => context.get(menuReadsContext);
