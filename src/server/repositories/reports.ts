import type { Queryable } from '../data/db';
import { empty, queryOf, sql } from '../data/sql';

/**
 * Read-only queries over placed orders for the staff's reports. A day's orders are read whole
 * (a few hundred at most); a range for the CSV is read a page at a time, by its order
 * (`created_at`, `number`), so a year's export never holds the database or the process for long.
 */

/** Statuses of an order the store accepted and did not cancel: the day's sales. */
const SOLD = sql`('accepted', 'ready', 'out-for-delivery', 'completed')`;

/**
 * The acceptance window's decline: its step has no one behind it (`by_user_id` null, the
 * sweeper), where a staff member's decline names them.
 */
const MISSED = sql`exists (select 1 from order_steps s
                 where s.order_id = o.id and s.status = 'declined' and s.by_user_id is null)`;

/** What today's numbers are made of, one per order placed that day. */
export interface DayOrder {
  number: number;
  status: string;
  /** The time it was scheduled for; null for as soon as possible. */
  scheduledTime: Date | null;
  /** True once the staff accepted it, whatever came after. */
  accepted: boolean;
  /** Seconds from placed to accepted; null when never accepted. */
  acceptSeconds: number | null;
  /** Declined by the acceptance window, not by a person. */
  missed: boolean;
  /** Accepted and not cancelled: its money counts. */
  sold: boolean;
  subtotalCents: number;
  hstCents: number;
  tipCents: number;
  deliveryFeeCents: number;
  totalCents: number;
}

export interface ReportOrder {
  id: string;
  number: number;
  createdAt: Date;
  cursor: ReportCursor;
  status: string;
  missed: boolean;
  acceptSeconds: number | null;
  customerName: string;
  phone: string;
  deliveryType: string;
  paymentOption: string;
  scheduledTime: Date | null;
  subtotalCents: number;
  hstCents: number;
  tipCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  items: { name: string; description: string; quantity: number }[];
}

/**
 * Where a page of the range ends: the next page starts after this order. The time is the
 * database's own text of it (with its offset), exact to the microsecond, which a Date is not.
 */
export interface ReportCursor {
  createdAt: string;
  number: number;
}

type Timestamp = Date | string;

interface DayOrderRow {
  number: number | string;
  status: string;
  scheduled_time: Timestamp | null;
  accepted: boolean;
  accept_seconds: number | string | null;
  missed: boolean;
  sold: boolean;
  subtotal_cents: number;
  hst_cents: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
}

interface OrderRow {
  id: string;
  number: number | string;
  created_at: Timestamp;
  created_at_text: string;
  status: string;
  missed: boolean;
  accept_seconds: number | string | null;
  customer_name: string;
  contact_phone: string;
  delivery_type: string;
  payment_option: string;
  scheduled_time: Timestamp | null;
  subtotal_cents: number;
  hst_cents: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
}

/** An accepted order is one with `ready_minutes` (set only by accepting). */
const ACCEPT_SECONDS = sql`case when o.ready_minutes is not null and o.answered_at is not null
                             then extract(epoch from o.answered_at - o.created_at) end`;

export function reportsRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /** Orders placed in [from, to), as today's numbers count them. */
    async dayOrders(from: Date, to: Date): Promise<DayOrder[]> {
      const rows = await query<DayOrderRow>(
        sql`select o.number, o.status, o.scheduled_time, o.ready_minutes is not null as accepted,
                ${ACCEPT_SECONDS} as accept_seconds,
                o.status = 'declined' and ${MISSED} as missed,
                o.status in ${SOLD} as sold,
                o.subtotal_cents, o.hst_cents, o.tip_cents, o.delivery_fee_cents, o.total_cents
           from orders o
          where o.created_at >= ${from} and o.created_at < ${to}
          order by o.number`,
      );
      return rows.map((row) => ({
        number: Number(row.number),
        status: row.status,
        scheduledTime: row.scheduled_time === null ? null : new Date(row.scheduled_time),
        accepted: row.accepted,
        acceptSeconds: row.accept_seconds === null ? null : Number(row.accept_seconds),
        missed: row.missed,
        sold: row.sold,
        subtotalCents: row.subtotal_cents,
        hstCents: row.hst_cents,
        tipCents: row.tip_cents,
        deliveryFeeCents: row.delivery_fee_cents,
        totalCents: row.total_cents,
      }));
    },

    /**
     * Up to `limit` orders placed in [from, to) after `after` (from the start when null),
     * oldest first, with their lines: one page of the CSV, found by the index's order.
     */
    async ordersPage({
      from,
      to,
      after,
      limit,
    }: {
      from: Date;
      to: Date;
      after: ReportCursor | null;
      limit: number;
    }): Promise<ReportOrder[]> {
      const rows = await query<OrderRow>(
        sql`select o.id, o.number, o.created_at, o.created_at::text as created_at_text, o.status,
                o.status = 'declined' and ${MISSED} as missed,
                ${ACCEPT_SECONDS} as accept_seconds,
                o.customer_name, o.contact_phone, o.delivery_type, o.payment_option,
                o.scheduled_time, o.subtotal_cents, o.hst_cents, o.tip_cents,
                o.delivery_fee_cents, o.total_cents
           from orders o
          where o.created_at >= ${from} and o.created_at < ${to}
            ${
              after
                ? sql`and (o.created_at, o.number) > (${after.createdAt}::timestamptz, ${after.number}::bigint)`
                : empty
            }
          order by o.created_at, o.number
          limit ${limit}`,
      );
      const ids = rows.map((row) => row.id);
      const items =
        ids.length === 0
          ? []
          : await query<{ order_id: string; name: string; description: string; quantity: number }>(
              sql`select order_id, name, description, quantity from order_items
                   where order_id = any(${ids}::uuid[]) order by order_id, position`,
            );
      const byOrder = new Map<string, ReportOrder['items']>(ids.map((id) => [id, []]));
      for (const item of items) {
        byOrder.get(item.order_id)?.push({
          name: item.name,
          description: item.description,
          quantity: item.quantity,
        });
      }
      return rows.map((row) => ({
        id: row.id,
        number: Number(row.number),
        createdAt: new Date(row.created_at),
        cursor: { createdAt: row.created_at_text, number: Number(row.number) },
        status: row.status,
        missed: row.missed,
        acceptSeconds: row.accept_seconds === null ? null : Number(row.accept_seconds),
        customerName: row.customer_name,
        phone: row.contact_phone,
        deliveryType: row.delivery_type,
        paymentOption: row.payment_option,
        scheduledTime: row.scheduled_time === null ? null : new Date(row.scheduled_time),
        subtotalCents: row.subtotal_cents,
        hstCents: row.hst_cents,
        tipCents: row.tip_cents,
        deliveryFeeCents: row.delivery_fee_cents,
        totalCents: row.total_cents,
        items: byOrder.get(row.id) ?? [],
      }));
    },
  };
}
