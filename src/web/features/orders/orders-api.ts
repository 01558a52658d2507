import { api } from '../../shared/api';
import type { ApiOrder } from '../../shared/types';

/** The customer's order calls of My Orders (spec section 7). */
export const ordersApi = {
  /** The signed-in customer's orders, newest first (the server answers only their own). */
  list: (userId: string, signal?: AbortSignal) =>
    api<ApiOrder[]>(`/api/orders/${encodeURIComponent(userId)}`, { signal }),
};
