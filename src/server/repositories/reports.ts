import type { Queryable } from '../data/db';

/**
 * Read-only queries over placed orders for the staff's reports. Orders are few (one store), so
 * a range is read whole; the indexes on `orders (status, created_at)` and `(user_id, ...)`
 * are not needed for a day's worth.
 */

/** Statuses of an order the store accepted and did not cancel: the day's sales. */
const SOLD = `('accepted', 'ready', 'out-for-delivery', 'completed')`;

export interface DaySummary {
  orders: number;
  salesCents: number;
  averageAcceptSeconds: number | null;
  missed: number;
  declined: number;
  cancelled: number;
}

export interface ReportOrder {
  id: string;
  number: number;
  createdAt: Date;
  status: string;
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

type Timestamp = Date | string;

interface SummaryRow {
  orders: number | string;
  sales_cents: number | string | null;
  average_accept_seconds: number | string | null;
  missed: number | string;
  declined: number | string;
  cancelled: number | string;
}

interface OrderRow {
  id: string;
  number: number | string;
  created_at: Timestamp;
  status: string;
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

export function reportsRepository(db: Queryable) {
  return {
    /**
     * Orders placed in [from, to). An accepted order is one with `ready_minutes` (set only by
     * accepting), whatever happened to it later; `autoDeclineReason` tells missed from declined.
     */
    async summary(from: Date, to: Date, autoDeclineReason: string): Promise<DaySummary> {
      const rows = await db.query<SummaryRow>(
        `select count(*) as orders,
                coalesce(sum(total_cents) filter (where status in ${SOLD}), 0) as sales_cents,
                avg(extract(epoch from answered_at - created_at))
                  filter (where ready_minutes is not null and answered_at is not null)
                  as average_accept_seconds,
                count(*) filter (where status = 'declined' and decline_reason = $3) as missed,
                count(*) filter (where status = 'declined' and decline_reason is distinct from $3)
                  as declined,
                count(*) filter (where status = 'cancelled') as cancelled
           from orders
          where created_at >= $1 and created_at < $2`,
        [from, to, autoDeclineReason],
      );
      const row = rows[0];
      const average = row?.average_accept_seconds ?? null;
      return {
        orders: Number(row?.orders ?? 0),
        salesCents: Number(row?.sales_cents ?? 0),
        averageAcceptSeconds: average === null ? null : Number(average),
        missed: Number(row?.missed ?? 0),
        declined: Number(row?.declined ?? 0),
        cancelled: Number(row?.cancelled ?? 0),
      };
    },

    /** Orders placed in [from, to), oldest first, with their lines. */
    async ordersBetween(from: Date, to: Date): Promise<ReportOrder[]> {
      const rows = await db.query<OrderRow>(
        `select id, number, created_at, status, customer_name, contact_phone, delivery_type,
                payment_option, scheduled_time, subtotal_cents, hst_cents, tip_cents,
                delivery_fee_cents, total_cents
           from orders
          where created_at >= $1 and created_at < $2
          order by created_at, number`,
        [from, to],
      );
      const ids = rows.map((row) => row.id);
      const items =
        ids.length === 0
          ? []
          : await db.query<{
              order_id: string;
              name: string;
              description: string;
              quantity: number;
            }>(
              `select order_id, name, description, quantity from order_items
                where order_id = any($1::uuid[]) order by order_id, position`,
              [ids],
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
        status: row.status,
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
