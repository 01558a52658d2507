import {
  ORDER_STATUS_LABELS,
  canTransition,
  type ApiStaffOrder,
  type OrderStatus,
  type OrderTimesInput,
} from '../../domain';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../data/db';
import type { MailStore } from '../mail/render';
import { checkedId, conflict, notFound } from '../http/errors';
import { ordersRepository, type OrderRecord } from '../repositories/orders';
import { withStaffDetails } from './present-order';

/** What every staff step on an order (accept, decline, move on) is given, beside its own answer. */
export interface StaffStepInput {
  db: Database;
  clock: Clock;
  orderId: string;
  byUserId: string;
  /** The store's profile, for the customer's mail (the route's snapshot: no read). */
  store: MailStore;
}

/** What a step does to an order, in words: "accepted", "marked “Ready for pickup”". */
const STEP_WORDS: Partial<Record<OrderStatus, string>> = {
  accepted: 'accepted',
  declined: 'declined',
  cancelled: 'cancelled',
};

const otherType = { pickup: 'delivery', delivery: 'pickup' } as const;

function refusal(order: OrderRecord, to: OrderStatus): string {
  const step = STEP_WORDS[to] ?? `marked “${ORDER_STATUS_LABELS[to]}”`;
  if (canTransition(order.status, to, otherType[order.deliveryType])) {
    return `Order #${order.number} is a ${order.deliveryType} order, so it cannot be ${step}.`;
  }
  const now =
    order.status === 'pending'
      ? 'still waiting for an answer'
      : `already “${ORDER_STATUS_LABELS[order.status]}”`;
  return `Order #${order.number} is ${now}, so it cannot be ${step}.`;
}

/**
 * The order `orderId`, locked until the transaction ends (`select ... for update`), after
 * checking that the domain's transition table allows moving it to `to` for its order type. 400 `invalid_id` for a
 * malformed id, 404 for an unknown one, 409 `invalid_transition` for a step its state does not
 * allow (answering twice included: the second request waits for the first's lock, then finds
 * the order answered) or its type never takes (a pickup sent out for delivery, a delivery made
 * ready).
 */
export async function lockedOrderFor(
  tx: Queryable,
  orderId: string,
  to: OrderStatus,
): Promise<OrderRecord> {
  const order = await ordersRepository(tx).lock(checkedId(orderId, 'order'));
  if (!order) throw notFound('No order with this id.');
  if (!canTransition(order.status, to, order.deliveryType))
    throw conflict(refusal(order, to), 'invalid_transition');
  return order;
}

/**
 * The order as the staff board sees it after a change: `order` as the change's update answered
 * it, with its lines and steps read in the same transaction.
 */
export async function changedOrder(tx: Queryable, order: OrderRecord): Promise<ApiStaffOrder> {
  const [presented] = await withStaffDetails(tx, [order]);
  if (!presented) throw new Error('A changed order could not be presented');
  return presented;
}

/** An order as stored, read for the domain's times (`domain/order-times.ts`). */
export function recordTimesInput(order: OrderRecord): OrderTimesInput {
  return {
    deliveryType: order.deliveryType,
    scheduleTime: order.scheduledTime,
    readyAt: order.readyAt,
    // A scheduled order's minutes given on accepting are its prep time (accept-order.ts).
    prepMinutes: order.readyMinutes,
    deliveryMinutes: order.deliveryMinutes,
  };
}
