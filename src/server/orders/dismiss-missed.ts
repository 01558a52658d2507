import type { ApiStaffOrder } from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { checkedId, conflict, notFound } from '../http/errors';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository } from '../repositories/orders';
import { changedOrder } from './locked-order';

/**
 * POST /api/staff/orders/{orderId}/dismiss-missed: someone has seen to a missed order (called
 * the customer), so its banner goes away on every tablet. Records who and when, and
 * `order-missed-dismissed` (staff only: the customer's stream skips it) so the staff stream
 * sends the order as it now stands. A second dismissal (two tablets at once) changes nothing
 * and answers the order with the first one's. 409 `invalid_transition` for an order that was
 * not missed.
 */
export async function dismissMissed({
  db,
  clock,
  orderId,
  byUserId,
}: {
  db: Database;
  clock: Clock;
  orderId: string;
  byUserId: string;
}): Promise<ApiStaffOrder> {
  checkedId(orderId, 'order');
  const now = clock.now();
  return db.transaction(async (tx) => {
    const orders = ordersRepository(tx);
    const order = await orders.lock(orderId);
    if (!order) throw notFound('No order with this id.');
    const before = await changedOrder(tx, order);
    if (!before.missed) {
      throw conflict(
        `Order #${order.number} was not missed, so there is nothing to dismiss.`,
        'invalid_transition',
      );
    }
    if (!(await orders.dismissMissed(order.id, now, byUserId))) return before;
    // Read before the event: `record` holds the log's lock until the commit (order-events.ts).
    const changed = await changedOrder(tx, order);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-missed-dismissed',
      at: now,
    });
    return changed;
  });
}
