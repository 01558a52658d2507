import type { ApiStaffOrder, ApiStaffStore, OrderStatus } from '../../../domain';
import type { SettingsSaveBody, StoreSettingsRegistry } from '../../../domain/store-settings';
import { api } from '../../shared/api';

/** The orders still on the board's working columns. */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  'pending',
  'accepted',
  'ready',
  'out-for-delivery',
];
/** Final statuses: the Done today column. */
export const DONE_STATUSES: readonly OrderStatus[] = ['completed', 'declined', 'cancelled'];

/**
 * What the Store screen's Save sends: any subset of the store's settings, by their API names;
 * numbers go as the text typed (the server reads numeric text and words what it refuses).
 */
export type StoreSaveBody = SettingsSaveBody<StoreSettingsRegistry>;

const orderPath = (id: string, action: string) =>
  `/api/staff/orders/${encodeURIComponent(id)}/${action}`;

/** The staff API (docs/api.md, "staff"): every call answers 401 anonymous and 403 a customer. */
export const staffApi = {
  orders: (statuses: readonly OrderStatus[], signal?: AbortSignal) =>
    api<ApiStaffOrder[]>(`/api/staff/orders?status=${statuses.join(',')}`, { signal }),
  accept: (id: string, minutes: number | null) =>
    api<ApiStaffOrder>(orderPath(id, 'accept'), { method: 'POST', body: { minutes } }),
  decline: (id: string, reason: string) =>
    api<ApiStaffOrder>(orderPath(id, 'decline'), { method: 'POST', body: { reason } }),
  advance: (id: string, status: OrderStatus, reason?: string) =>
    api<ApiStaffOrder>(orderPath(id, 'status'), {
      method: 'POST',
      body: reason === undefined ? { status } : { status, reason },
    }),
  dismissMissed: (id: string) =>
    api<ApiStaffOrder>(orderPath(id, 'dismiss-missed'), { method: 'POST', body: {} }),
  store: (signal?: AbortSignal) => api<ApiStaffStore>('/api/staff/store', { signal }),
  saveStore: (changes: StoreSaveBody) =>
    api<ApiStaffStore>('/api/staff/store', { method: 'PUT', body: changes }),
};
