import { useSyncExternalStore } from 'react';
import { ORDER_STATUS_LABELS } from '../../../domain/order-states';
import { STORE_TIME_ZONE, storeDate } from '../../../domain/hours';
import type { ApiOrder } from '../../../domain';

const time = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const weekday = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, weekday: 'short' });

/** ICU puts a narrow no-break space before AM/PM; a plain one reads and matches the same. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * "Ready at 6:45 PM", with the weekday when it is not today in the store ("Ready at Sat 12:30
 * AM"). The one place the order bar words a ready time: swap in the shared formatter here.
 */
export function readyAtText(iso: string, now: Date): string {
  const at = new Date(iso);
  const day = storeDate(at) === storeDate(now) ? '' : `${weekday.format(at)} `;
  return `Ready at ${day}${plain(time.format(at))}`;
}

/** Where an order in flight is, in a few words: the order bar's and Checkout's line. */
export function inFlightText(
  order: Pick<ApiOrder, 'number' | 'status' | 'readyAt' | 'readyMinutes'>,
  now: Date,
): string {
  const where =
    order.status === 'pending'
      ? 'waiting for the store…'
      : order.status === 'accepted'
        ? order.readyAt
          ? readyAtText(order.readyAt, now)
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
