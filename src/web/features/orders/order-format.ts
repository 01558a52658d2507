import { ORDER_STATUS_LABELS, WAITING_FOR_STORE } from '../../../domain/order-states';
import { STORE_TIME_ZONE } from '../../../domain/hours';
import { apiOrderTimesInput, customerTimeText } from '../../../domain/order-times';
import type { ApiOrder } from '../../shared/types';

/*
 * How an order reads on My Orders: its badge and its times, always in the store's time zone
 * (a customer travelling, or a phone set to another zone, still reads the store's clock).
 */

/** Spec: 'Order not confirmed' until the store answers, then the status in words. */
export function statusText(order: Pick<ApiOrder, 'status' | 'isOrderConfirmed'>): string {
  return order.isOrderConfirmed ? ORDER_STATUS_LABELS[order.status] : ORDER_STATUS_LABELS.pending;
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** ICU puts a narrow no-break space before AM/PM; a plain one reads and matches the same. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** "Mon, Nov 23, 2026, 6:00 PM" in Toronto. */
export function formatDateTime(iso: string): string {
  return plain(dateTime.format(new Date(iso)));
}

/**
 * When the store said it will be ready, once accepted, in the domain's words: "Ready about
 * 6:45 PM", for a scheduled order its confirmed time, "Ready at Sat 12:30 AM", and for a
 * delivery when it reaches the door, "Delivered about Mon 12:00 PM". The day is
 * named against the day it was placed, so a card reads the same whenever it is looked at.
 */
export function readyText(order: ApiOrder): string | null {
  if (order.status !== 'accepted') return null;
  if (order.readyAt) {
    return customerTimeText(apiOrderTimesInput(order), new Date(order.createdAt));
  }
  if (order.readyMinutes !== null) return `Ready in about ${order.readyMinutes} minutes`;
  return null;
}

/** One line for a screen reader when an order's status changes while the page is open. */
export function changeAnnouncement(order: ApiOrder): string {
  const parts = [`Order #${order.number}: ${statusText(order)}.`];
  const ready = readyText(order);
  if (ready) parts.push(`${ready}.`);
  if (order.status === 'declined' && order.declineReason) {
    parts.push(`Reason: ${order.declineReason}.`);
  }
  if (order.status === 'cancelled' && order.cancelReason) {
    parts.push(`Reason: ${order.cancelReason}.`);
  }
  return parts.join(' ');
}

/**
 * An order that appeared while the page was open: its badge, and while the store has not
 * answered, that it is waiting for the store (the badge alone sounds like a failure).
 */
export function newOrderAnnouncement(order: ApiOrder): string {
  const waiting = order.isOrderConfirmed ? '' : ` ${WAITING_FOR_STORE}.`;
  return `New order #${order.number}: ${statusText(order)}.${waiting}`;
}
