/**
 * Orders read as lists and with their details: a customer's history, the staff board, an
 * account's export. ROUND TRIPS (see `orders.ts`): an order's lines and steps come with it in
 * one read, as json columns (`getManyWithDetails`, `detailsOf`), so the staff board hears of a
 * new order after one read, not three (docs/performance.md, "Round trips per order").
 */
import type { OrderStatus } from '../../domain';
import type { Queryable } from '../data/db';
import { queryOf, sql, type Sql } from '../data/sql';
import {
  ITEM_COLUMNS,
  ORDER_COLUMNS,
  SELECT_ORDERS,
  toItem,
  toOrder,
  type ItemRow,
  type OrderItemRecord,
  type OrderRecord,
  type OrderRow,
} from './order-records';
import { stepsJson, toStep, type OrderStepRecord, type StepRow } from './order-steps';

/** The lines of the order whose id is the SQL expression `orderId`, as one json array. */
const itemsJson = (orderId: Sql): Sql =>
  sql`coalesce((select json_agg(x order by x.position) from (
      select ${ITEM_COLUMNS}, position from order_items where order_id = ${orderId}) x),
    '[]'::json)`;

/** A missed order's banner dismissed: when, and who (null once their account is deleted). */
export interface MissedDismissalRecord {
  at: Date;
  by: { id: string; name: string } | null;
}

/** An order's lines, steps and missed banner's dismissal, as the staff board shows them. */
export interface OrderDetails {
  items: OrderItemRecord[];
  steps: OrderStepRecord[];
  dismissal: MissedDismissalRecord | null;
}

interface DismissalRow {
  /** Milliseconds since the epoch, as `stepsJson`'s `at`. */
  at: number;
  by_user_id: string | null;
  by_name: string | null;
}

interface DetailsRow {
  items: ItemRow[];
  steps: StepRow[];
  dismissal: DismissalRow | null;
}

/** The dismissal of the order whose id is the SQL expression `orderId`, as json (or null). */
const dismissalJson = (orderId: Sql): Sql =>
  sql`(select json_build_object('at', floor(extract(epoch from d.at) * 1000),
                             'by_user_id', d.by_user_id, 'by_name', du.name)
      from missed_order_dismissals d left join users du on du.id = d.by_user_id
     where d.order_id = ${orderId})`;

/** An order's lines, steps and dismissal as columns of a statement that reads `orderId`. */
const detailsColumns = (orderId: Sql): Sql =>
  sql`${itemsJson(orderId)} as items, ${stepsJson(orderId)} as steps,
      ${dismissalJson(orderId)} as dismissal`;

const toDetails = (row: DetailsRow): OrderDetails => ({
  items: row.items.map(toItem),
  steps: row.steps.map(toStep),
  dismissal: row.dismissal
    ? {
        at: new Date(row.dismissal.at),
        by:
          row.dismissal.by_user_id && row.dismissal.by_name
            ? { id: row.dismissal.by_user_id, name: row.dismissal.by_name }
            : null,
      }
    : null,
});

// Newest first; orders placed at the same instant (a fixed test clock) by their number.
const NEWEST_FIRST = sql`order by o.created_at desc, o.number desc`;

export function orderReadsRepository(db: Queryable) {
  const query = queryOf(db);

  return {
    /**
     * The orders with these ids that exist, each with its lines and steps, in one statement
     * (ids must be uuids).
     */
    async getManyWithDetails(
      orderIds: readonly string[],
    ): Promise<{ order: OrderRecord; details: OrderDetails }[]> {
      if (orderIds.length === 0) return [];
      const rows = await query<OrderRow & DetailsRow>(
        sql`select ${ORDER_COLUMNS}, u.email as customer_email, ${detailsColumns(sql`o.id`)}
              from orders o join users u on u.id = o.user_id
             where o.id = any(${orderIds}::uuid[])`,
      );
      return rows.map((row) => ({ order: toOrder(row), details: toDetails(row) }));
    },

    /** The lines and steps of several orders in one statement (ids must be uuids). */
    async detailsOf(orderIds: readonly string[]): Promise<Map<string, OrderDetails>> {
      if (orderIds.length === 0) return new Map();
      const rows = await query<{ id: string } & DetailsRow>(
        sql`select ids.id, ${detailsColumns(sql`ids.id`)}
              from unnest(${orderIds}::uuid[]) as ids(id)`,
      );
      return new Map(rows.map((row) => [row.id, toDetails(row)]));
    },

    /** The user's latest orders, newest first. */
    async listByUser(userId: string, limit: number): Promise<OrderRecord[]> {
      const rows = await query<OrderRow>(
        sql`${SELECT_ORDERS} where o.user_id = ${userId} ${NEWEST_FIRST} limit ${limit}`,
      );
      return rows.map(toOrder);
    },

    /** The latest orders of every customer in these statuses (all when null), newest first. */
    async listByStatus(statuses: readonly OrderStatus[] | null, limit: number) {
      const rows = await query<OrderRow>(
        sql`${SELECT_ORDERS}
             where (${statuses}::text[] is null or o.status = any(${statuses}::text[]))
             ${NEWEST_FIRST} limit ${limit}`,
      );
      return rows.map(toOrder);
    },

    /** The lines of several orders in one query, each order's in their original order. */
    async itemsOf(orderIds: readonly string[]): Promise<Map<string, OrderItemRecord[]>> {
      const byOrder = new Map<string, OrderItemRecord[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await query<ItemRow>(
        sql`select ${ITEM_COLUMNS} from order_items
             where order_id = any(${orderIds}::uuid[]) order by order_id, position`,
      );
      for (const row of rows) byOrder.get(row.order_id)?.push(toItem(row));
      return byOrder;
    },
  };
}
