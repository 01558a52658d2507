import type { ApiStaffOrder } from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository } from '../repositories/orders';
import { changedOrder, lockedOrderFor } from './locked-order';

/**
 * POST /api/staff/orders/{orderId}/accept: the store accepts a pending order, ready in
 * `minutes` from now. Records `order-accepted` with `{time: minutes}`, which the customer's
 * stream sends as the spec's live event.
 */
export async function acceptOrder(
  db: Database,
  clock: Clock,
  orderId: string,
  minutes: number,
): Promise<ApiStaffOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, 'accepted');
    const readyAt = new Date(now.getTime() + minutes * 60_000);
    await ordersRepository(tx).accept(order.id, minutes, readyAt, now);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-accepted',
      payload: { time: minutes },
      at: now,
    });
    return changedOrder(tx, order.id);
  });
}
