/**
 * The order's life as a table of allowed transitions. The server enforces it and the staff
 * board draws its buttons from it (roadmap). Tested in tests/unit/order-states.test.ts.
 */

/** Every status an order can be in, from placed (`pending`) to its end. */
export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'ready',
  'out-for-delivery',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * For each status, the statuses it may move to next; `declined`, `completed` and `cancelled`
 * are final. Cancel (with a reason) is for an accepted order the store cannot finish after all.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['accepted', 'declined'],
  accepted: ['ready', 'out-for-delivery', 'cancelled'],
  ready: ['completed', 'cancelled'],
  'out-for-delivery': ['completed', 'cancelled'],
  declined: [],
  completed: [],
  cancelled: [],
};

/** Whether an order in `from` may move to `to` (staff actions and the server both ask this). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Whether the store has answered (accepted or declined): the spec's `isOrderConfirmed`. */
export function isAnswered(status: OrderStatus): boolean {
  return status !== 'pending';
}

/** The status in words for the customer's badge and the staff board. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Order not confirmed',
  accepted: 'Accepted',
  declined: 'Declined',
  ready: 'Ready for pickup',
  'out-for-delivery': 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * The staff board's buttons for an order, in the order they are shown, straight from the
 * transition table: a pickup is made ready, a delivery goes out (never the other way round).
 */
export function nextSteps(
  status: OrderStatus,
  deliveryType: 'pickup' | 'delivery',
): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter(
    (next) =>
      !(next === 'ready' && deliveryType === 'delivery') &&
      !(next === 'out-for-delivery' && deliveryType === 'pickup'),
  );
}

/** Whether an order is still the store's to act on (not declined, completed or cancelled). */
export function isOpenOrder(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length > 0;
}

/** The board's quick answers (issue 9): minutes until ready, and decline reasons. */
export const ACCEPT_MINUTE_CHOICES = [10, 20, 30, 40, 60, 120] as const;
/** Each reads in the customer's message: "the store is currently {reason}". */
export const DECLINE_REASON_CHOICES = ['busy', 'closed', 'out of an ingredient'] as const;

/** An order not answered within the store's acceptance window is declined with this reason. */
export const AUTO_DECLINE_REASON = 'unable to confirm orders right now';
export const DEFAULT_ACCEPTANCE_WINDOW_MINUTES = 5;

/** Minutes a store may promise when accepting (staff API and board). */
export const MIN_READY_MINUTES = 1;
export const MAX_READY_MINUTES = 240;
/**
 * A scheduled order is ready at its time; the minutes given on accepting it are the kitchen's
 * prep time, which only say when to start. Accepted without them, the kitchen starts this long
 * before the time.
 */
export const DEFAULT_PREP_MINUTES = 20;

/** When the kitchen starts a scheduled order: its time less the prep minutes. */
export function prepStartAt(scheduledTime: Date, prepMinutes: number | null): Date {
  return new Date(scheduledTime.getTime() - (prepMinutes ?? DEFAULT_PREP_MINUTES) * 60_000);
}
/** Longest decline reason kept; the customer reads it in an alert. */
export const MAX_DECLINE_REASON_LENGTH = 200;
