import type {
  ApiStaffOrder,
  ApiStaffStore,
  DayHours,
  OpenMode,
  OrderStatus,
} from '../../../domain';
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

/** What the Store screen's Save sends: any subset of the store's writable controls. */
export interface StoreSaveBody {
  mode?: OpenMode;
  hours?: (DayHours | null)[];
  /** Numbers go as the text typed: the server reads numeric text and words what it refuses. */
  deliveryFee?: number | string;
  acceptanceWindowMinutes?: number | string;
  pickupLeadMinutes?: number | string;
  deliveryLeadMinutes?: number | string;
  deliveryMinutes?: number | string;
  /** ISO 8601, or null to resume taking orders. */
  pauseUntil?: string | null;
  name?: string;
  pickupAddress?: string;
  phone?: string;
  /** '' takes it off the receipts. */
  hstNumber?: string;
  /** The admin's only: whether staff may edit the menu. */
  staffEditMenu?: boolean;
}

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
