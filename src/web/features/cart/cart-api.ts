import type { LocalCartItem } from '../../../domain';
import { api } from '../../shared/api';
import type { ApiProduct } from '../../shared/types';

/** A cart line as the server shows it (contracts.md): dollars, product populated. */
export interface ServerCartItem {
  _id: string;
  productId: Pick<ApiProduct, '_id' | 'name' | 'image' | 'price' | 'category'> | null;
  quantity: number;
  description?: string | null;
  /** Unit price, dollars. */
  priceByQuantity?: number | null;
  /** Line price, dollars. */
  totalPrice?: number | null;
}

export interface ServerTotals {
  subtotal: number;
  hst: number;
  tipPercent: number;
  tip: number;
  deliveryFee: number;
  totalPrice: number;
}

export interface ServerCart extends ServerTotals {
  _id: string;
  items: ServerCartItem[];
  deliveryType?: string | null;
  /** merge-cart only: guest lines the menu no longer offers (sold out or removed). */
  skipped?: { name: string; reason: string }[];
}

/** What a screen adds: the guest's stored line without its local id. */
export type NewCartItem = Omit<LocalCartItem, '_id'>;

const userPath = (userId: string) => `/api/cart/${encodeURIComponent(userId)}`;

/** The signed-in customer's cart calls of the spec (section 7), as agreed in contracts.md. */
export const cartApi = {
  get: (userId: string) => api<ServerCart>(userPath(userId)),
  add: (userId: string, item: NewCartItem) =>
    api<ServerCart>('/api/cart', { method: 'POST', body: { ...item, userId } }),
  merge: (userId: string, localCart: NewCartItem[]) =>
    api<ServerCart>('/api/cart/merge-cart', { method: 'POST', body: { userId, localCart } }),
  setQuantity: (userId: string, itemId: string, quantity: number) =>
    api<ServerCartItem[]>(`${userPath(userId)}/${encodeURIComponent(itemId)}`, {
      method: 'PUT',
      body: { quantity },
    }),
  remove: (userId: string, itemId: string) =>
    api<ServerCartItem[]>(`${userPath(userId)}/${encodeURIComponent(itemId)}`, {
      method: 'DELETE',
    }),
  /** Records the tip; the server computes the total itself and answers with it. */
  updateTotal: (userId: string, tipPercent: number, shownTotal: number) =>
    api<ServerTotals>(
      `${userPath(userId)}/updateTotalPrice?${new URLSearchParams({
        tip: String(tipPercent),
        newTotalPrice: shownTotal.toFixed(2),
      }).toString()}`,
    ),
  product: (productId: string) => api<ApiProduct>(`/api/products/${encodeURIComponent(productId)}`),
};
