import { stepOpensAt, storeDayTimeText, type ApiStaffOrder } from '../../domain';
import { badRequest, conflict } from '../http/errors';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository } from '../repositories/orders';
import {
  changedOrder,
  lockedOrderFor,
  recordTimesInput,
  type StaffStepInput,
} from './locked-order';
import { orderMail } from '../mail/order-mails';
import type { MailStore } from '../mail/render';
import { outForDeliveryMail } from '../mail/templates/out-for-delivery';
import { readyMail } from '../mail/templates/ready';
import type { QueuedMail } from '../repositories/mail-outbox';
import type { OrderRecord } from '../repositories/orders';

/**
 * The steps after the store's answer, cancel included (accepting and declining have routes of
 * their own).
 */
export const LATER_STATUSES = ['ready', 'out-for-delivery', 'completed', 'cancelled'] as const;
export type LaterStatus = (typeof LATER_STATUSES)[number];

export const CANCEL_REASON_MESSAGE = 'Please give a reason for cancelling the order.';

/** The customer's optional mail for a step: ready for pickup, out for delivery; none otherwise. */
function stepMails(order: OrderRecord, status: LaterStatus, store: MailStore): QueuedMail[] {
  if (status === 'ready') {
    return [
      orderMail({
        kind: 'order-ready',
        order,
        content: readyMail({ order, store }),
        store,
        optional: true,
      }),
    ];
  }
  if (status === 'out-for-delivery') {
    return [
      orderMail({
        kind: 'order-out-for-delivery',
        order,
        content: outForDeliveryMail({ order, store }),
        store,
        optional: true,
      }),
    ];
  }
  return [];
}

/**
 * POST /api/staff/orders/{orderId}/status: moves an accepted order on (ready, out for
 * delivery, completed) or cancels it (`reason` required, the customer reads it), as the domain's
 * transition table allows. Records the step (who, when, the reason) and `order-status`
 * (`{status}`, plus `{reason}` for a cancel).
 */
export async function advanceOrder({
  db,
  clock,
  orderId,
  status,
  reason,
  byUserId,
  store,
}: StaffStepInput & { status: LaterStatus; reason: string | null }): Promise<ApiStaffOrder> {
  // The route checks the reason's text; this keeps a caller without one from cancelling.
  if (status === 'cancelled' && !reason) throw badRequest(CANCEL_REASON_MESSAGE);
  const kept = status === 'cancelled' ? reason : null;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, status);
    const opensAt = stepOpensAt(recordTimesInput(order), status);
    if (opensAt && now.getTime() < opensAt.getTime()) {
      throw conflict(
        `Order #${order.number} is for ${storeDayTimeText(order.scheduledTime ?? opensAt, now)}: it can go out for delivery from ${storeDayTimeText(opensAt, now)}, when the kitchen starts it.`,
        'invalid_transition',
      );
    }
    const orders = ordersRepository(tx);
    const moved =
      status === 'cancelled' && kept
        ? await orders.cancel({ order, reason: kept, at: now, byUserId })
        : await orders.setStatus({ order, status, at: now, byUserId });
    // Read before the event: `record` holds the log's lock until the commit (order-events.ts).
    const changed = await changedOrder(tx, moved);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-status',
      payload: kept ? { status, reason: kept } : { status },
      at: now,
      mails: stepMails(moved, status, store),
    });
    return changed;
  });
}
