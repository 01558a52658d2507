import { MAX_READY_MINUTES, MIN_READY_MINUTES, type ApiStaffOrder } from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { badRequest } from '../http/errors';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository, type OrderRecord } from '../repositories/orders';
import { changedOrder, lockedOrderFor } from './locked-order';

export const MINUTES_MESSAGE = `Please give the minutes until ready as a whole number from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}.`;

/**
 * When the order will be ready and in how many whole minutes: `minutes` from now when given;
 * without them, a scheduled order is ready at its scheduled time (at least a minute away, the
 * event's `time` being whole minutes), and an as-soon-as-possible order needs them (400).
 */
function readiness(
  order: OrderRecord,
  minutes: number | null,
  now: Date,
): { minutes: number; readyAt: Date } {
  if (minutes !== null) return { minutes, readyAt: new Date(now.getTime() + minutes * 60_000) };
  if (!order.scheduledTime) throw badRequest(MINUTES_MESSAGE);
  const until = Math.max(1, Math.ceil((order.scheduledTime.getTime() - now.getTime()) / 60_000));
  const readyAt =
    order.scheduledTime.getTime() > now.getTime()
      ? order.scheduledTime
      : new Date(now.getTime() + until * 60_000);
  return { minutes: until, readyAt };
}

/**
 * POST /api/staff/orders/{orderId}/accept: the store accepts a pending order, ready in
 * `minutes` from now, or, for a scheduled order without minutes, at its scheduled time. Records
 * the step (who, when, minutes) and `order-accepted` with `{time: minutes}`, which the
 * customer's stream sends as the spec's live event.
 */
export async function acceptOrder(
  db: Database,
  clock: Clock,
  orderId: string,
  minutes: number | null,
  byUserId: string,
): Promise<ApiStaffOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, 'accepted');
    const ready = readiness(order, minutes, now);
    const accepted = await ordersRepository(tx).accept(
      order,
      ready.minutes,
      ready.readyAt,
      now,
      byUserId,
    );
    // Read before the event: `record` holds the log's lock until the commit (order-events.ts).
    const changed = await changedOrder(tx, accepted);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-accepted',
      payload: { time: ready.minutes },
      at: now,
    });
    return changed;
  });
}
