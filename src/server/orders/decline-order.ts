import type { ApiStaffOrder } from '../../domain';
import type { Queryable } from '../data/db';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository, type OrderRecord } from '../repositories/orders';
import { changedOrder, lockedOrderFor, type StaffStepInput } from './locked-order';
import { orderMail } from '../mail/order-mails';
import type { MailStore } from '../mail/render';
import { declinedMail } from '../mail/templates/declined';
import { missedMail } from '../mail/templates/missed';
import { ownerMissedMail } from '../mail/templates/owner-missed';
import { ownerMail } from '../mail/order-mails';

/**
 * Declines `order`, whose row the caller has locked and found pending: the order, its step (by
 * `byUserId`, null when the acceptance window ran out) and `order-declined {reason}` last.
 * Shared by the staff's decline and the acceptance sweeper, so the customer hears both alike.
 * `readBack` runs between the writes and the event, given the order as declined: the event's
 * `record` holds the log's lock until the commit (repositories/order-events.ts), so a read after
 * it would make every other order-writing transaction wait for it too.
 */
export async function recordDecline<T = void>({
  tx,
  order,
  reason,
  at,
  byUserId,
  store,
  ownerEmail = null,
  readBack,
}: {
  tx: Queryable;
  order: OrderRecord;
  reason: string;
  at: Date;
  byUserId: string | null;
  /** The store's profile, for the customer's mail. */
  store: MailStore;
  /** The owner's address: a missed order (declined by nobody) is mailed there too. */
  ownerEmail?: string | null;
  readBack?: (declined: OrderRecord) => Promise<T>;
}): Promise<T | undefined> {
  const declined = await ordersRepository(tx).decline({ order, reason, at, byUserId });
  const read = await readBack?.(declined);
  await orderEventsRepository(tx).record({
    orderId: order.id,
    userId: order.userId,
    type: 'order-declined',
    payload: { reason },
    at,
    // Declined by nobody is the window running out: the customer is told the store missed it.
    mails: [
      byUserId === null
        ? orderMail({ kind: 'order-missed', order, content: missedMail({ order, store }), store })
        : orderMail({
            kind: 'order-declined',
            order,
            content: declinedMail({ order, reason, store }),
            store,
          }),
      ...(byUserId === null && ownerEmail
        ? [
            ownerMail({
              kind: 'owner-missed',
              to: ownerEmail,
              order,
              content: ownerMissedMail({ order }),
              store,
            }),
          ]
        : []),
    ],
  });
  return read;
}

/**
 * POST /api/staff/orders/{orderId}/decline: the store declines a pending order with a reason
 * the customer reads ("the store is currently {reason}"). Records the step and `order-declined`.
 */
export async function declineOrder({
  db,
  clock,
  orderId,
  reason,
  byUserId,
  store,
}: StaffStepInput & { reason: string }): Promise<ApiStaffOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, 'declined');
    const changed = await recordDecline({
      tx,
      order,
      reason,
      at: now,
      byUserId,
      store,
      readBack: (declined) => changedOrder(tx, declined),
    });
    if (!changed) throw new Error('The declined order was not read back');
    return changed;
  });
}
