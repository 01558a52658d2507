import {
  ORDER_STATUS_LABELS,
  apiOrderTimesInput,
  formatMoney,
  orderTimes,
  pausedText,
  STORE_TIME_ZONE,
  storeStatus,
  storeClockText,
  storeDate,
  toCents,
  type ApiStaffOrder,
  type ApiStaffStore,
  type OrderStatus,
} from '../../../domain';

/*
 * How orders read on the board: times in the store's time zone (a laptop set to another zone
 * still reads the store's clock), money from the domain's formatter.
 */

/** ICU puts a narrow no-break space before AM/PM; a plain one reads and matches the same. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const weekdayAndTime = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const fullDayAndTime = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "6:05 PM" today, "Tue 12:30 PM" on another day (relative to `now`): short enough for a card.
 * Orders are scheduled at most a week ahead, so the weekday names the day.
 */
export function clockTime(iso: string, now: Date): string {
  const at = new Date(iso);
  return plain(storeDate(at) === storeDate(now) ? storeClockText(at) : weekdayAndTime.format(at));
}

/**
 * The store's line as the customers' header shows it now: "Open now", "Closed now" or, while a
 * pause holds over open hours, "Paused — back at 4:17 AM" (the domain's one status rule).
 */
export function customersSee(store: ApiStaffStore, now: Date): string {
  const { status, resumesAt } = storeStatus(now, {
    weeklyHours: store.hours,
    openMode: store.mode,
    pauseUntil: store.pauseUntil === null ? null : new Date(store.pauseUntil),
  });
  if (status === 'paused' && resumesAt) return pausedText(resumesAt, now);
  return status === 'open' ? 'Open now' : 'Closed now';
}

/** "6:05 PM" today, "Tue, Nov 24, 12:30 PM" on another day: for the detail and the ticket. */
export function fullTime(iso: string, now: Date): string {
  const at = new Date(iso);
  return plain(storeDate(at) === storeDate(now) ? storeClockText(at) : fullDayAndTime.format(at));
}

/** "Just now", "4 min ago", "1 h 12 min ago". */
export function age(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}

/** Seconds left until `iso` (negative once passed). */
export const secondsUntil = (iso: string, now: Date): number =>
  Math.ceil((new Date(iso).getTime() - now.getTime()) / 1000);

/** "4:07" from 247 seconds; never below "0:00". */
export function countdown(seconds: number): string {
  const left = Math.max(0, seconds);
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

export const money = (dollars: number): string => formatMoney(toCents(dollars));

export const itemCount = (order: ApiStaffOrder): number =>
  order.items.reduce((sum, item) => sum + item.quantity, 0);

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The status in words for the staff: the customer's words, except a new order is just new. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  pending: 'New, not answered',
};

/** An order's status for the staff: a declined order the window ran out on is "Missed". */
export const statusLabel = (order: ApiStaffOrder): string =>
  order.missed ? 'Missed' : STATUS_LABELS[order.status];

/** The status's class: `status-missed` for a missed order, so it stands out in Done today. */
export const statusClass = (order: ApiStaffOrder): string =>
  order.missed ? 'status-missed' : `status-${order.status}`;

/**
 * The ticket's money line: what to collect and how. Cash is collected (by the driver or at the
 * counter); "pay at pickup" is paid when the food is handed over, at the store or the door.
 */
export function ticketPayment(order: ApiStaffOrder): string {
  const total = money(order.totalPrice);
  if (order.paymentOption === 'cash') return `COLLECT ${total} — CASH`;
  return order.deliveryType === 'delivery' ? `PAY ON DELIVERY ${total}` : `PAY AT PICKUP ${total}`;
}

/** What a button for the next step says (the steps themselves come from `nextSteps`). */
export const STEP_LABELS: Record<OrderStatus, string> = {
  pending: 'Back to new',
  accepted: 'Accept',
  declined: 'Decline',
  ready: 'Ready for pickup',
  'out-for-delivery': 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancel order',
};

/**
 * When the kitchen should start a scheduled order: its ready time (a delivery's is the store's
 * delivery time before its time at the door) less the prep minutes given on accepting (the
 * domain's default prep time before). Null for "as soon as possible".
 */
export function prepStart(order: ApiStaffOrder): Date | null {
  return orderTimes(apiOrderTimesInput(order)).startAt;
}

/** When an order last changed: its latest step, or when it was placed. */
export function lastChange(order: ApiStaffOrder): string {
  return order.steps.at(-1)?.at ?? order.createdAt;
}

/** A Google Maps search for an address (opens the app on a tablet). */
export const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A tel: link's number: digits and a leading plus only. */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
