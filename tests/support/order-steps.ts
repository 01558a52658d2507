import type { ApiOrderEvent } from '../../src/domain';

/**
 * The order steps as the web app takes them, over any client (the fault suite's, the deploy
 * tests' HTTPS one): `send` answers a 2xx's body, or null for anything else (the caller files
 * why, or throws).
 */
export type SendStep = <Body>(method: string, path: string, body: unknown) => Promise<Body | null>;

/** A line, Confirm Order for pickup, complete-order: the order's id, or null at a refused step. */
export async function placePickupOrder(
  send: SendStep,
  userId: string,
  productId: string,
): Promise<string | null> {
  if (!(await send('POST', '/api/cart', { userId, productId, quantity: 1 }))) return null;
  const confirmed = await send('POST', '/api/cart/confirm', {
    userId,
    deliveryType: 'pickup',
    contactInfo: { phone: '519-555-0100', address: '' },
    scheduledTime: null,
    instructions: '',
  });
  if (!confirmed) return null;
  const placed = await send<{ order: { _id: string } }>('POST', '/api/orders/complete-order', {
    userId,
    paymentIntentId: null,
    paymentOption: 'pickup',
  });
  return placed?.order._id ?? null;
}

/** Whether an event-stream frame is the order event `type` for `orderId`. */
export const isOrderEvent =
  (orderId: string, type: ApiOrderEvent['type']) =>
  (frame: { data?: string }): boolean => {
    if (frame.data === undefined) return false;
    const event = JSON.parse(frame.data) as ApiOrderEvent;
    return event.type === type && event.orderId === orderId;
  };
