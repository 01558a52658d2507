/**
 * The durable log of an order's steps: placed, the store's answer (or the window's), the later
 * steps and a cancel, each with when, who (null: automatic) and the step's minutes or reason.
 * Never pruned, unlike the event log the streams read (`order-events.ts`).
 *
 * A step is written by the very statement that makes the change it records (the order's insert
 * or update in `orders.ts`, with the `stepInsert` fragment in a CTE), after the order row is locked (or
 * inserted): one round trip for the change and its step, and never one without the other. It is
 * read with the order's lines, in the statement that reads the order's details (`stepsJson`).
 */
import type { OrderStatus } from '../../domain';
import { empty, sql, type Sql } from '../data/sql';

export interface OrderStepRecord {
  orderId: string;
  status: OrderStatus;
  at: Date;
  /** Who took the step as their account is now; null for automatic or a deleted account. */
  by: { id: string; name: string } | null;
  /** Taken by nobody: the acceptance window's decline (or a deleted account's step). */
  automatic: boolean;
  minutes: number | null;
  reason: string | null;
}

/** A step of an order being changed; the order, its new status and the time are the change's. */
export interface NewStep {
  /** Who took it; null when it was automatic (the acceptance window ran out). */
  byUserId: string | null;
  minutes?: number | null;
  reason?: string | null;
}

export interface StepRow {
  order_id: string;
  status: OrderStatus;
  /** Milliseconds since the epoch (`stepsJson`). */
  at: number;
  by_user_id: string | null;
  by_name: string | null;
  minutes: number | null;
  reason: string | null;
}

/** A step as the statement that writes its order inserts it. */
export interface StepInsert extends NewStep {
  /** The order's id, or the column it comes from (`sql\`placed.id\``, with `from`). */
  orderId: string | Sql;
  status: OrderStatus;
  at: Date;
  /** The CTE the order comes from, when it is being inserted by the same statement. */
  from?: Sql;
}

/** The insert of one step, for a CTE of the statement that writes the order. */
export const stepInsert = (step: StepInsert): Sql =>
  sql`insert into order_steps (order_id, status, at, by_user_id, minutes, reason)
      select ${step.orderId}::uuid, ${step.status}::text, ${step.at}::timestamptz,
             ${step.byUserId}::uuid, ${step.minutes ?? null}::integer, ${step.reason ?? null}::text
      ${step.from ? sql`from ${step.from}` : empty}`;

/**
 * The steps of the order whose id is the SQL expression `orderId`, oldest first, as one json
 * array of `StepRow`s: a column of the statement that reads the order's details. `at` travels as
 * milliseconds since the epoch: a timestamp in json is text in the session's time zone, with
 * microseconds (rows of before the steps existed) that `Date` need not read.
 */
export const stepsJson = (orderId: Sql): Sql =>
  sql`coalesce((select json_agg(x order by x.id) from (
      select s.id, s.order_id, s.status, floor(extract(epoch from s.at) * 1000) as at,
             s.by_user_id, u.name as by_name, s.minutes, s.reason
        from order_steps s left join users u on u.id = s.by_user_id
       where s.order_id = ${orderId}) x), '[]'::json)`;

export function toStep(row: StepRow): OrderStepRecord {
  return {
    orderId: row.order_id,
    status: row.status,
    at: new Date(row.at),
    by: row.by_user_id && row.by_name ? { id: row.by_user_id, name: row.by_name } : null,
    automatic: row.by_user_id === null,
    minutes: row.minutes,
    reason: row.reason,
  };
}
