import type { ApiStaffOrder } from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository } from '../repositories/orders';
import { changedOrder, lockedOrderFor } from './locked-order';

/** The steps after the store's answer; accepting and declining have routes of their own. */
export const LATER_STATUSES = ['ready', 'out-for-delivery', 'completed'] as const;
export type LaterStatus = (typeof LATER_STATUSES)[number];

/**
 * POST /api/staff/orders/{orderId}/status: moves an accepted order on (ready, out for
 * delivery, completed) as the domain's transition table allows. Records `order-status`.
 */
export async function advanceOrder(
  db: Database,
  clock: Clock,
  orderId: string,
  status: LaterStatus,
): Promise<ApiStaffOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, status);
    await ordersRepository(tx).setStatus(order.id, status, now);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-status',
      payload: { status },
      at: now,
    });
    return changedOrder(tx, order.id);
  });
}
