import type {
  ApiCartView,
  ApiCompleteOrderAnswer,
  ApiConfirmAnswer,
  ApiDefaultContact,
  ApiOrder,
  DeliveryType,
  PaymentOption,
} from '../../shared/types';
import { api } from '../../shared/api';

const user = (userId: string) => `/api/user/${encodeURIComponent(userId)}`;

/** What Confirm Order sends: the spec's order confirmation payload. */
export interface CheckoutDetails {
  deliveryType: DeliveryType;
  contactInfo: { phone: string; address: string };
  /** ISO 8601, or null for as soon as possible. */
  scheduledTime: string | null;
  instructions: string;
}

/** The calls of Checkout and Payment (spec section 7). */
export const checkoutApi = {
  defaultContact: (userId: string, signal?: AbortSignal) =>
    api<ApiDefaultContact>(`${user(userId)}/default-contact`, { signal }),
  updateDefaultPhone: (userId: string, phone: string) =>
    api<ApiDefaultContact>(`${user(userId)}/contacts/default/${encodeURIComponent(phone)}`, {
      method: 'PUT',
    }),
  confirm: (userId: string, details: CheckoutDetails) =>
    api<ApiConfirmAnswer>('/api/cart/confirm', { method: 'POST', body: { userId, ...details } }),
  cart: (userId: string, signal?: AbortSignal) =>
    api<ApiCartView>(`/api/cart/${encodeURIComponent(userId)}`, { signal }),
  /**
   * Places the order. The key makes a retry (a lost answer, a reload, a second tab) return the
   * order the first request placed instead of a second one.
   */
  completeOrder: (userId: string, paymentOption: PaymentOption, idempotencyKey: string) =>
    api<ApiCompleteOrderAnswer>('/api/orders/complete-order', {
      method: 'POST',
      body: { userId, paymentIntentId: null, paymentOption },
      headers: { 'idempotency-key': idempotencyKey },
    }),
  orders: (userId: string, signal?: AbortSignal) =>
    api<ApiOrder[]>(`/api/orders/${encodeURIComponent(userId)}`, { signal }),
};
