import { z } from 'zod';
import {
  ORDER_STATUSES,
  type ApiOrderEvent,
  type ApiStaffOrder,
  type ApiStaffOrderEvent,
} from '../../domain';
import type { OrderEventRecord } from '../repositories/order-events';

/**
 * The log's rows as the streams send them. The payload is read back through a schema rather than
 * trusted: a row a writer got wrong is skipped (and logged), never sent half-formed.
 */
export const apiOrderEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order-accepted'),
    orderId: z.string(),
    time: z.number().int(),
    // When it will be ready (ISO); absent in events recorded before it was carried.
    readyAt: z.string().optional(),
  }),
  z.object({ type: z.literal('order-declined'), orderId: z.string(), reason: z.string() }),
  z.object({
    type: z.literal('order-status'),
    orderId: z.string(),
    status: z.enum(ORDER_STATUSES),
    // A cancel's reason, which the customer reads; absent for the other steps.
    reason: z.string().optional(),
  }),
  z.object({ type: z.literal('order-created'), orderId: z.string() }),
]) satisfies z.ZodType<ApiOrderEvent>;

/** The customer's event, or null when the row's payload does not fit its type. */
export function presentOrderEvent(event: OrderEventRecord): ApiOrderEvent | null {
  const fields =
    event.type === 'order-accepted'
      ? {
          time: event.payload.time,
          ...(event.payload.readyAt !== undefined ? { readyAt: event.payload.readyAt } : {}),
        }
      : event.type === 'order-declined'
        ? { reason: event.payload.reason }
        : event.type === 'order-status'
          ? {
              status: event.payload.status,
              ...(event.payload.reason !== undefined ? { reason: event.payload.reason } : {}),
            }
          : {};
  const parsed = apiOrderEventSchema.safeParse({
    type: event.type,
    orderId: event.orderId,
    ...fields,
  });
  return parsed.success ? parsed.data : null;
}

/** The staff board's event: the order as it stands now, new or changed. */
export function presentStaffOrderEvent(
  event: OrderEventRecord,
  order: ApiStaffOrder,
): ApiStaffOrderEvent {
  return event.type === 'order-created'
    ? { type: 'order-created', order }
    : { type: 'order-updated', order };
}
