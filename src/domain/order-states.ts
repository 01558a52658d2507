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
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** For each status, the statuses it may move to next; `declined` and `completed` are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['accepted', 'declined'],
  accepted: ['ready', 'out-for-delivery'],
  ready: ['completed'],
  'out-for-delivery': ['completed'],
  declined: [],
  completed: [],
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
};

/** Minutes a store may promise when accepting (staff API and board). */
export const MIN_READY_MINUTES = 1;
export const MAX_READY_MINUTES = 240;
/** Longest decline reason kept; the customer reads it in an alert. */
export const MAX_DECLINE_REASON_LENGTH = 200;
