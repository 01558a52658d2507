import type { Allergen, DietaryMark } from '../../../domain/allergens';
import type { AvailabilityWindow, Kind } from '../../../domain/catalog';
import { isErrorCode, type ErrorCode } from '../../../domain/error-codes';
import { api, ApiError, isAbort } from '../../shared/api';
import type {
  ApiMenuChanges,
  ApiMenuDocument,
  ApiMenuHistoryEntry,
  ApiOutbox,
  ApiOutboxMail,
  ApiProductOrdered,
  ApiStaffCategory,
  ApiStaffFlavour,
  ApiStaffProduct,
  ApiStaffUser,
  ApiTodayReport,
  ApiStaffTopping,
} from '../../../domain/api-types';

/** The photo types the server takes, and its size limit (it refuses anything else with a 400). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const NETWORK_MESSAGE = 'We could not reach the store. Check your connection and try again.';

/**
 * A request shared/api.ts cannot make (a PATCH, a raw file body), failing with the same
 * ApiError as every other call so screens handle both alike.
 */
async function send<T>(
  path: string,
  init: { method: 'PATCH' | 'POST'; body: BodyInit; contentType: string; signal?: AbortSignal },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      signal: init.signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': init.contentType },
      body: init.body,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_MESSAGE, 'network');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const payload: { message?: unknown; code?: unknown } =
      typeof data === 'object' && data !== null ? data : {};
    // As in shared/api.ts: a code we do not know, or 'network' from the server, is its failure.
    const code: ErrorCode =
      isErrorCode(payload.code) && payload.code !== 'network' ? payload.code : 'internal';
    const message =
      typeof payload.message === 'string'
        ? payload.message
        : `Request failed (${response.status}).`;
    throw new ApiError(response.status, message, code);
  }
  return data as T;
}

const product = (id: string) => `/api/staff/products/${encodeURIComponent(id)}`;
const topping = (id: string) => `/api/staff/toppings/${encodeURIComponent(id)}`;

/** A product as the menu editor sends it: the fields GET /api/products/{id} answers, less `_id`. */
export type ProductFields = Pick<
  ApiStaffProduct,
  'name' | 'category' | 'image' | 'price' | 'description' | 'details'
>;

const json = (method: 'PATCH' | 'POST', body: unknown) => ({
  method,
  body: JSON.stringify(body),
  contentType: 'application/json',
});
const user = (id: string) => `/api/staff/users/${encodeURIComponent(id)}`;

const category = (id: string) => `/api/staff/categories/${encodeURIComponent(id)}`;

/** What PATCH /api/staff/categories/{id} takes; null clears the picture or the windows. */
export interface CategoryEdit {
  title?: string;
  hidden?: boolean;
  offer?: boolean;
  image?: string | null;
  availableAt?: AvailabilityWindow[] | null;
  position?: number;
}

const products = (signal?: AbortSignal) =>
  api<ApiStaffProduct[]>('/api/staff/products', { signal });
const categories = (signal?: AbortSignal) =>
  api<ApiStaffCategory[]>('/api/staff/categories', { signal });

/** The staff API calls of the Menu, Staff and Today screens. */
export const staffAdminApi = {
  products,
  /** Every category in Home's order, hidden ones too. */
  categories,
  /** Both lists, asked for together: the menu's screens group and edit by category. */
  productsAndCategories: async (signal?: AbortSignal) => {
    const [productList, categoryList] = await Promise.all([products(signal), categories(signal)]);
    return { products: productList, categories: categoryList };
  },
  createCategory: (fields: {
    title: string;
    kind: Kind;
    image?: string | null;
    availableAt?: AvailabilityWindow[];
  }) => send<ApiStaffCategory>('/api/staff/categories', json('POST', fields)),
  updateCategory: (id: string, change: CategoryEdit) =>
    send<ApiStaffCategory>(category(id), json('PATCH', change)),
  deleteCategory: (id: string) => api<undefined>(category(id), { method: 'DELETE' }),
  updateProduct: (
    id: string,
    change: Partial<ProductFields> & { available?: boolean; hidden?: boolean; position?: number },
  ) => send<ApiStaffProduct>(product(id), json('PATCH', change)),
  createProduct: (fields: ProductFields) =>
    send<ApiStaffProduct>('/api/staff/products', json('POST', fields)),
  /** Whether any order includes the product: then it can be hidden, not deleted. */
  productOrdered: (id: string, signal?: AbortSignal) =>
    api<ApiProductOrdered>(`${product(id)}/ordered`, { signal }),
  deleteProduct: (id: string) => api<undefined>(product(id), { method: 'DELETE' }),
  /** Every topping in menu order, hidden and sold out ones included. */
  toppings: (signal?: AbortSignal) => api<ApiStaffTopping[]>('/api/staff/toppings', { signal }),
  addTopping: (name: string) =>
    send<ApiStaffTopping>('/api/staff/toppings', json('POST', { name })),
  updateTopping: (
    id: string,
    change: {
      available?: boolean;
      name?: string;
      hidden?: boolean;
      position?: number;
      allergens?: Allergen[];
      marks?: DietaryMark[];
    },
  ) => send<ApiStaffTopping>(topping(id), json('PATCH', change)),
  /** Every flavour a product offers (wings, panzerotti), sold out or not. */
  flavours: (signal?: AbortSignal) => api<ApiStaffFlavour[]>('/api/staff/flavours', { signal }),
  updateFlavour: (name: string, available: boolean) =>
    send<ApiStaffFlavour>(`/api/staff/flavours/${encodeURIComponent(name)}`, {
      method: 'PATCH',
      body: JSON.stringify({ available }),
      contentType: 'application/json',
    }),
  /** The whole menu as one document (decision 19): what "Download the menu" saves. */
  menuDocument: () => api<ApiMenuDocument>('/api/staff/menu'),
  /**
   * A menu file sent back as it was read: the server checks it (a 400 naming the entry) and
   * answers its change list, written only when not `dryRun`, all or nothing.
   */
  importMenu: (document: unknown, dryRun: boolean, signal?: AbortSignal) =>
    api<ApiMenuChanges>(`/api/staff/menu${dryRun ? '?dryRun=true' : ''}`, {
      method: 'PUT',
      body: document,
      signal,
    }),
  /** The menu's changes, newest first: of one item (its id; a flavour's name), or of a store day. */
  history: (filter: { id: string } | { day: string }, signal?: AbortSignal) =>
    api<ApiMenuHistoryEntry[]>(
      `/api/staff/menu/history?${new URLSearchParams(filter).toString()}`,
      { signal },
    ),
  /** The file itself is the body; the server checks, re-encodes and resizes it. */
  uploadPhoto: (id: string, file: File) =>
    send<ApiStaffProduct>(`${product(id)}/image`, {
      method: 'POST',
      body: file,
      contentType: file.type,
    }),

  users: (signal?: AbortSignal) => api<ApiStaffUser[]>('/api/staff/users', { signal }),
  addUser: (fields: { name: string; email: string; password: string }) =>
    api<ApiStaffUser>('/api/staff/users', { method: 'POST', body: fields }),
  removeUser: (id: string) => api<undefined>(user(id), { method: 'DELETE' }),
  resetPassword: (id: string, password: string) =>
    api<undefined>(`${user(id)}/password`, { method: 'POST', body: { password } }),

  outbox: (signal?: AbortSignal) => api<ApiOutbox>('/api/staff/outbox', { signal }),
  /** A mail's HTML part as a document of its own, for a sandboxed frame. */
  mailHtmlUrl: (id: string) => `/api/staff/outbox/${encodeURIComponent(id)}/html`,
  sendTestMail: () => api<ApiOutboxMail>('/api/staff/outbox/test', { method: 'POST' }),

  today: (signal?: AbortSignal) => api<ApiTodayReport>('/api/staff/reports/today', { signal }),
  /** The CSV export's address: a plain link downloads it with the session cookie. */
  ordersCsvUrl: (from: string, to: string) =>
    `/api/staff/reports/orders.csv?${new URLSearchParams({ from, to }).toString()}`,
};
