import { useSyncExternalStore } from 'react';
import { ORDER_STATUS_LABELS, WAITING_FOR_STORE } from '../../../domain/order-states';
import { apiOrderTimesInput, customerTimeText } from '../../../domain/order-times';
import type { ApiOrder } from '../../../domain';

/** Where an order in flight is, in a few words: the order bar's and Checkout's line. */
export function inFlightText(
  order: Pick<
    ApiOrder,
    | 'number'
    | 'status'
    | 'deliveryType'
    | 'readyAt'
    | 'readyMinutes'
    | 'scheduleTime'
    | 'deliveryMinutes'
  >,
  now: Date,
): string {
  const where =
    order.status === 'pending'
      ? `${WAITING_FOR_STORE.toLowerCase()}…`
      : order.status === 'accepted'
        ? order.readyAt
          ? customerTimeText(apiOrderTimesInput(order), now)
          : order.readyMinutes !== null
            ? `Ready in about ${order.readyMinutes} minutes`
            : ORDER_STATUS_LABELS.accepted
        : ORDER_STATUS_LABELS[order.status];
  return `Order #${order.number} — ${where}`;
}

/*
 * The orders in flight as the order bar last heard them (newest first; null until it has), for
 * the screens that show them in full: Checkout and Payment with an empty cart.
 */
let inFlight: readonly ApiOrder[] | null = null;
const inFlightListeners = new Set<() => void>();

export function publishInFlight(orders: readonly ApiOrder[] | null): void {
  inFlight = orders;
  for (const listener of inFlightListeners) listener();
}

export function useInFlightOrders(): readonly ApiOrder[] | null {
  return useSyncExternalStore(
    (listener) => {
      inFlightListeners.add(listener);
      return () => inFlightListeners.delete(listener);
    },
    () => inFlight,
    () => null,
  );
}
