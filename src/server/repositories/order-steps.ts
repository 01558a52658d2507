/**
 * The durable log of an order's steps: placed, the store's answer (or the window's), the later
 * steps and a cancel, each with when, who (null: automatic) and the step's minutes or reason.
 * Written in the same transaction as the change it records, after the order row is locked (or
 * inserted); never pruned, unlike the event log the streams read (`order-events.ts`).
 */
import type { OrderStatus } from '../../domain';
import type { Queryable } from '../data/db';

export interface OrderStepRecord {
  orderId: string;
  status: OrderStatus;
  at: Date;
  /** Who took the step as their account is now; null for automatic or a deleted account. */
  by: { id: string; name: string } | null;
  minutes: number | null;
  reason: string | null;
}

export interface NewOrderStep {
  orderId: string;
  status: OrderStatus;
  at: Date;
  byUserId: string | null;
  minutes?: number | null;
  reason?: string | null;
}

interface StepRow {
  order_id: string;
  status: OrderStatus;
  at: Date | string;
  by_user_id: string | null;
  by_name: string | null;
  minutes: number | null;
  reason: string | null;
}

export function orderStepsRepository(db: Queryable) {
  return {
    async record(step: NewOrderStep): Promise<void> {
      await db.query(
        `insert into order_steps (order_id, status, at, by_user_id, minutes, reason)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          step.orderId,
          step.status,
          step.at,
          step.byUserId,
          step.minutes ?? null,
          step.reason ?? null,
        ],
      );
    },

    /** The steps of several orders in one query, each order's oldest first. */
    async of(orderIds: readonly string[]): Promise<Map<string, OrderStepRecord[]>> {
      const byOrder = new Map<string, OrderStepRecord[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await db.query<StepRow>(
        `select s.order_id, s.status, s.at, s.by_user_id, u.name as by_name, s.minutes, s.reason
           from order_steps s left join users u on u.id = s.by_user_id
          where s.order_id = any($1::uuid[]) order by s.order_id, s.id`,
        [orderIds],
      );
      for (const row of rows) {
        byOrder.get(row.order_id)?.push({
          orderId: row.order_id,
          status: row.status,
          at: new Date(row.at),
          by: row.by_user_id && row.by_name ? { id: row.by_user_id, name: row.by_name } : null,
          minutes: row.minutes,
          reason: row.reason,
        });
      }
      return byOrder;
    },
  };
}
