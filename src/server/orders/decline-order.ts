import type { ApiStaffOrder } from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository } from '../repositories/orders';
import { changedOrder, lockedOrderFor } from './locked-order';

/**
 * POST /api/staff/orders/{orderId}/decline: the store declines a pending order with a reason
 * the customer reads ("the store is currently {reason}"). Records `order-declined`.
 */
export async function declineOrder(
  db: Database,
  clock: Clock,
  orderId: string,
  reason: string,
): Promise<ApiStaffOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, 'declined');
    await ordersRepository(tx).decline(order.id, reason, now);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-declined',
      payload: { reason },
      at: now,
    });
    return changedOrder(tx, order.id);
  });
}
