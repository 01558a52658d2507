/**
 * The order's life as a table of allowed transitions. The server enforces it and the staff
 * board draws its buttons from it (roadmap). Tested in tests/unit/order-states.test.ts.
 */

/** How the customer gets the order. */
export type DeliveryType = 'pickup' | 'delivery';

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

/** The one step each order type never takes: a pickup is not driven out, a delivery not set out. */
const NOT_FOR_TYPE: Record<DeliveryType, OrderStatus> = {
  pickup: 'out-for-delivery',
  delivery: 'ready',
};

/**
 * Whether an order of `deliveryType` in `from` may move to `to`: the table, less the step its
 * type never takes. The server refuses any other step and the board offers only these.
 */
export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  deliveryType: DeliveryType,
): boolean {
  return ORDER_TRANSITIONS[from].includes(to) && NOT_FOR_TYPE[deliveryType] !== to;
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
 * Beside the spec's 'Order not confirmed' badge while the store has not answered: the badge
 * alone reads like a failure to someone who has just placed an order (issue 44).
 */
export const WAITING_FOR_STORE = 'Waiting for the store';

/**
 * The staff board's buttons for an order, in the order they are shown, straight from the
 * transition table: a pickup is made ready, a delivery goes out (never the other way round).
 */
export function nextSteps(status: OrderStatus, deliveryType: DeliveryType): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((next) => canTransition(status, next, deliveryType));
}

/** Whether an order is still the store's to act on (not declined, completed or cancelled). */
export function isOpenOrder(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length > 0;
}

/**
 * The statuses of an order the customer is still waiting on (placed, accepted, ready or on its
 * way): while one is in flight every customer screen shows it (the order bar), and Checkout and
 * Payment show it rather than an empty cart.
 */
export const IN_FLIGHT_STATUSES = [
  'pending',
  'accepted',
  'ready',
  'out-for-delivery',
] as const satisfies readonly OrderStatus[];

/** Whether the customer is still waiting on an order in `status`. */
export function isInFlight(status: OrderStatus): boolean {
  return (IN_FLIGHT_STATUSES as readonly OrderStatus[]).includes(status);
}

/** The board's quick answers (issue 9): minutes until ready, and decline reasons. */
export const ACCEPT_MINUTE_CHOICES = [10, 20, 30, 40, 60, 120] as const;
/** Each reads in the customer's message: "the store is currently {reason}". */
export const DECLINE_REASON_CHOICES = ['busy', 'closed', 'out of an ingredient'] as const;

/**
 * An order not answered within the store's acceptance window is declined with this reason; it
 * reads after "the store is currently", which already says when.
 */
export const AUTO_DECLINE_REASON = 'unable to confirm orders';
export const DEFAULT_ACCEPTANCE_WINDOW_MINUTES = 5;
/** The owner is mailed once about an order still unanswered this long after it was placed. */
export const OWNER_UNANSWERED_ALERT_MINUTES = 2;

/** Minutes a store may promise when accepting (staff API and board). */
export const MIN_READY_MINUTES = 1;
export const MAX_READY_MINUTES = 240;
/**
 * A scheduled order is ready at its time; the minutes given on accepting it are the kitchen's
 * prep time, which only say when to start. Accepted without them, the kitchen starts this long
 * before the time.
 */
export const DEFAULT_PREP_MINUTES = 20;

/** When the kitchen starts a scheduled order: its ready time less the prep minutes. */
export function prepStartAt(scheduledTime: Date, prepMinutes: number | null): Date {
  return new Date(scheduledTime.getTime() - (prepMinutes ?? DEFAULT_PREP_MINUTES) * 60_000);
}
/** Longest decline reason kept; the customer reads it in an alert. */
export const MAX_DECLINE_REASON_LENGTH = 200;
