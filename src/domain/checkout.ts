/**
 * The checkout's rules and the Payment screen's words, one copy for the browser (which checks
 * before it asks) and the server (which decides). Zod-free: the checkout screen imports it
 * without the schemas.
 */
import { ACCOUNT_MESSAGES } from './account-messages';
import type { PaymentOption } from './api-types';
import { isGuelphAddress, isPhoneNumber } from './contact-rules';
import type { DeliveryType } from './order-states';

/** The spec's texts for Checkout and Payment (sections 5 and 8), exactly. */
export const CHECKOUT_MESSAGES = {
  pickupPhone: 'Please provide a phone number for pickup for contact information.',
  deliveryPhone: 'Please provide add contact information for delivery.',
  deliveryAddress: 'Please provide a delivery address.',
  loadingContact: 'Please wait, loading contact info...',
  confirmed: 'Order confirmed successfully!',
  confirmFailed: 'Failed to confirm order.',
  phoneUpdated: 'Phone number updated successfully!',
  phoneUpdateFailed: 'Failed to update phone number.',
  cartLoadFailed: 'Failed to fetch cart details. Try again.',
  paymentFailed: '⚠️ Payment failed.',
  waiting: 'Waiting for Order Confirmation...',
} as const;

/** The spec's accepted alert: the order is confirmed and ready in about {n} minutes. */
export function orderAcceptedMessage(minutes: number): string {
  return `Your order is confirmed! It will be ready in about ${minutes} minutes.`;
}

/** A scheduled order's accepted alert: its time confirmed, "Ready at Sat 12:30 AM". */
export function scheduledOrderAcceptedMessage(readyText: string): string {
  return `Your order is confirmed! ${readyText}.`;
}

/** The spec's declined alert: the store is currently {reason}; try again later. */
export function orderDeclinedMessage(reason: string): string {
  return `Sorry, the store is currently ${reason}. Please try again later.`;
}

/** The spec's two payment options in the customer's words (card payment is not offered). */
export const PAYMENT_OPTION_LABELS: Readonly<Record<PaymentOption, string>> = {
  pickup: 'Pay When Pickup or Delivery',
  cash: 'Pay in Cash',
};

/**
 * How a placed order is paid, for the customer's receipt: the spec's labels name both order
 * types at once ("Pay When Pickup or Delivery"); a receipt knows which one it is.
 */
export function paymentText(option: PaymentOption, deliveryType: DeliveryType): string {
  const when = deliveryType === 'delivery' ? 'on delivery' : 'at pickup';
  return option === 'cash' ? `Pay in cash ${when}` : `Pay ${when}`;
}

export const MAX_INSTRUCTIONS_LENGTH = 500;
export const MAX_CHECKOUT_PHONE_LENGTH = 40;
export const MAX_CHECKOUT_ADDRESS_LENGTH = 300;

/**
 * What is wrong with an order's contact, in the spec's words and order (phone first, then the
 * delivery address), or null when it will do. Both fields arrive trimmed.
 */
export function checkoutContactProblem(
  deliveryType: DeliveryType,
  contact: { phone: string; address: string },
): string | null {
  if (contact.phone === '') {
    return deliveryType === 'pickup'
      ? CHECKOUT_MESSAGES.pickupPhone
      : CHECKOUT_MESSAGES.deliveryPhone;
  }
  if (deliveryType === 'delivery') {
    if (contact.address === '') return CHECKOUT_MESSAGES.deliveryAddress;
    if (!isGuelphAddress(contact.address)) return ACCOUNT_MESSAGES.addressOutsideArea;
  }
  // The kitchen must be able to call back; contacts are saved under the same rule.
  if (!isPhoneNumber(contact.phone)) return ACCOUNT_MESSAGES.phoneInvalid;
  return null;
}
