import type {
  ApiCart,
  ApiCartItem,
  ApiCartTotals,
  ApiMergedCart,
  ApiProduct,
  LocalCartItem,
} from '../../../domain';
import { api } from '../api';

/** The server cart's shapes (contracts.md), shared with the server through the domain. */
export type ServerCartItem = ApiCartItem;
export type ServerCart = ApiCart;

/** What a screen adds: the guest's stored line without its local id. */
export type NewCartItem = Omit<LocalCartItem, '_id'>;

const userPath = (userId: string) => `/api/cart/${encodeURIComponent(userId)}`;

/** The signed-in customer's cart calls of the spec (section 7), as agreed in contracts.md. */
export const cartApi = {
  get: (userId: string) => api<ServerCart>(userPath(userId)),
  /**
   * `orderAt`, the order's chosen slot (our extra field, docs/api.md): the server judges an
   * item's availability windows at it rather than now.
   */
  add: (userId: string, item: NewCartItem, orderAt: string | null) =>
    api<ServerCart>('/api/cart', {
      method: 'POST',
      body: { ...item, userId, ...(orderAt ? { orderAt } : {}) },
    }),
  merge: (userId: string, localCart: NewCartItem[], orderAt: string | null) =>
    api<ApiMergedCart>('/api/cart/merge-cart', {
      method: 'POST',
      body: { userId, localCart, ...(orderAt ? { orderAt } : {}) },
    }),
  setQuantity: (userId: string, itemId: string, quantity: number) =>
    api<ServerCartItem[]>(`${userPath(userId)}/${encodeURIComponent(itemId)}`, {
      method: 'PUT',
      body: { quantity },
    }),
  remove: (userId: string, itemId: string) =>
    api<ServerCartItem[]>(`${userPath(userId)}/${encodeURIComponent(itemId)}`, {
      method: 'DELETE',
    }),
  /**
   * Records the tip as a percent (`tipPercent`; the spec's `tip` is dollars, which the server
   * reads back to a percent). The server computes the totals and answers them.
   */
  updateTip: (userId: string, tipPercent: number) =>
    api<ApiCartTotals>(
      `${userPath(userId)}/updateTotalPrice?${new URLSearchParams({
        tipPercent: String(tipPercent),
      }).toString()}`,
    ),
  product: (productId: string) => api<ApiProduct>(`/api/products/${encodeURIComponent(productId)}`),
};
