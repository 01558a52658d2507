import {
  DEFAULT_PREP_MINUTES,
  MAX_READY_MINUTES,
  MIN_READY_MINUTES,
  scheduledReadyAt,
  type ApiStaffOrder,
} from '../../domain';
import { badRequest } from '../http/errors';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository, type OrderRecord } from '../repositories/orders';
import { changedOrder, lockedOrderFor, type StaffStepInput } from './locked-order';
import { orderMail } from '../mail/order-mails';
import { acceptedMail } from '../mail/templates/accepted';

export const MINUTES_MESSAGE = `Please give the minutes until ready as a whole number from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}.`;

/**
 * What accepting promises. An as-soon-as-possible order needs `minutes` (400 without): ready
 * that long from now. A scheduled order is ready at its scheduled time (a delivery the store's
 * delivery time before it, `scheduledReadyAt`), confirmed; `minutes`
 * are then the kitchen's prep time (DEFAULT_PREP_MINUTES without them). One accepted after its
 * time has passed is ready the prep time from now. `untilReady` is the spec event's `time`:
 * whole minutes from now until ready, rounded up, at least one.
 */
function readiness(
  order: OrderRecord,
  minutes: number | null,
  now: Date,
): { minutes: number; readyAt: Date; untilReady: number } {
  const scheduled = order.scheduledTime;
  if (!scheduled) {
    if (minutes === null) throw badRequest(MINUTES_MESSAGE);
    return { minutes, readyAt: new Date(now.getTime() + minutes * 60_000), untilReady: minutes };
  }
  const prep = minutes ?? DEFAULT_PREP_MINUTES;
  const due = scheduledReadyAt(scheduled, order.deliveryType, order.deliveryMinutes);
  const readyAt = due.getTime() > now.getTime() ? due : new Date(now.getTime() + prep * 60_000);
  const untilReady = Math.max(1, Math.ceil((readyAt.getTime() - now.getTime()) / 60_000));
  return { minutes: prep, readyAt, untilReady };
}

/**
 * POST /api/staff/orders/{orderId}/accept: the store accepts a pending order (`readiness`).
 * Records the step (who, when, minutes) and `order-accepted` with the spec's `{time}` (minutes
 * until ready) and `readyAt`, which the customer's stream sends as the live event.
 */
export async function acceptOrder({
  db,
  clock,
  orderId,
  minutes,
  byUserId,
  store,
}: StaffStepInput & { minutes: number | null }): Promise<ApiStaffOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrderFor(tx, orderId, 'accepted');
    const ready = readiness(order, minutes, now);
    const accepted = await ordersRepository(tx).accept({
      order,
      minutes: ready.minutes,
      readyAt: ready.readyAt,
      at: now,
      byUserId,
    });
    // Read before the event: `record` holds the log's lock until the commit (order-events.ts).
    const changed = await changedOrder(tx, accepted);
    await orderEventsRepository(tx).record({
      orderId: order.id,
      userId: order.userId,
      type: 'order-accepted',
      payload: { time: ready.untilReady, readyAt: ready.readyAt.toISOString() },
      at: now,
      mails: [
        orderMail({
          kind: 'order-accepted',
          order: accepted,
          content: acceptedMail({ order: accepted, readyAt: ready.readyAt, store, now }),
          store,
        }),
      ],
    });
    return changed;
  });
}
