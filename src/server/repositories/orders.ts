/**
 * Placed orders and their lines: placing one, and each change of its life. An order is a
 * snapshot: its lines keep the product's name, image, options and prices as they were when it
 * was placed (brief: "An order is a snapshot"); `order-records.ts` says what is kept, and
 * `order-reads.ts` reads orders as lists and with their details.
 *
 * LOCK ORDER (see `data/db.ts`): placing an order locks the cart row, then reads its lines, then
 * writes the order and its items; changing an order locks the order row (`lock`, or
 * `lockIfDue` for the acceptance sweeper, which skips a row another transaction holds) before
 * writing it. Every write of an order records its step (`order-steps.ts`) in the same statement,
 * and the caller then records an event (`order-events.ts`) as its last write.
 *
 * ROUND TRIPS: every statement is a round trip to the server, and under load a statement
 * outside a transaction first waits for a pool connection of its own. So placing an order is
 * one statement (the order, its lines, its first step, its cart completed), and a change and its
 * step are one (docs/performance.md, "Round trips per order").
 */
import type { OrderStatus } from '../../domain';
import type { Queryable } from '../data/db';
import { queryOf, raw, sql, type Sql } from '../data/sql';
import {
  ORDER_COLUMNS,
  SELECT_ORDERS,
  dateOrNull,
  toOrder,
  type NewOrder,
  type NewOrderItem,
  type OrderItemRecord,
  type OrderRecord,
  type OrderRow,
  type Timestamp,
} from './order-records';
import { stepInsert, type StepInsert } from './order-steps';

// A dozen modules (use cases, mail templates) name an order's records by its repository.
export type { NewOrder, NewOrderItem, OrderItemRecord, OrderRecord } from './order-records';

/** A line's id as placing the order answers it. */
interface LineId {
  id: string;
  position: number;
}

/**
 * Marks the acceptance sweeper's periodic read in the SQL text, so a test counting one request's
 * queries can leave out this background work (like the event hub's poll of `order_events`).
 */
export const ACCEPT_SWEEP_MARK = '/* acceptance sweep */';
const SWEEP = raw(ACCEPT_SWEEP_MARK);

/**
 * An update of a locked order (`update orders o ... where o.id = ...`) and its step in one
 * statement, answering the order as written.
 */
const withStep = (update: Sql, step: StepInsert): Sql =>
  sql`with changed as (${update} returning ${ORDER_COLUMNS}),
           step as (${stepInsert(step)})
      select * from changed`;

/** A change of an order the caller holds locked, made by `byUserId` (null: automatic) at `at`. */
interface Change {
  order: OrderRecord;
  at: Date;
  byUserId: string | null;
}

export function ordersRepository(db: Queryable) {
  const query = queryOf(db);

  async function one(statement: Sql): Promise<OrderRecord | null> {
    const rows = await query<OrderRow>(statement);
    return rows[0] ? toOrder(rows[0]) : null;
  }

  /**
   * A change of `locked` (`withStep`), answered as the row now stands: the customer's email as
   * the caller read it with the lock, so a write needs no read after it.
   */
  async function changed(locked: OrderRecord, statement: Sql): Promise<OrderRecord> {
    const rows = await query<Omit<OrderRow, 'customer_email'>>(statement);
    const row = rows[0];
    if (!row) throw new Error('A write of an order answered no row');
    return toOrder({ ...row, customer_email: locked.customer.email });
  }

  return {
    /**
     * Places an order in one statement: the order, its lines in the given order, its first step
     * (placed by the customer, `order.userId`) and its cart marked completed (the user's next
     * cart is a new one). Answers the order and its lines as stored (`customerEmail` the
     * account's, as the caller read it); throws a unique violation on `orders_idempotency_key`
     * or the cart.
     */
    async place(
      order: NewOrder,
      items: readonly NewOrderItem[],
      customerEmail: string,
    ): Promise<{ order: OrderRecord; items: OrderItemRecord[] }> {
      const lines = items.map((item, position) => ({
        position,
        product_id: item.productId,
        name: item.name,
        image: item.image,
        category: item.category,
        selection: item.selection,
        description: item.description,
        quantity: item.quantity,
        unit_price_cents: item.unitCents,
        total_cents: item.totalCents,
        allergens: item.allergens,
      }));
      const rows = await query<Omit<OrderRow, 'customer_email'> & { line_ids: LineId[] }>(
        sql`with placed as (
           insert into orders as o (user_id, cart_id, idempotency_key, delivery_type,
             payment_option, customer_name, contact_phone, contact_address, scheduled_time,
             delivery_minutes, instructions, subtotal_cents, hst_cents, tip_percent, tip_cents, delivery_fee_cents,
             total_cents, created_at, updated_at, accept_by)
           values (${order.userId}, ${order.cartId}, ${order.idempotencyKey},
             ${order.deliveryType}, ${order.paymentOption}, ${order.customerName}, ${order.phone},
             ${order.address}, ${order.scheduledTime}, ${order.deliveryMinutes},
             ${order.instructions},
             ${order.subtotalCents}, ${order.hstCents}, ${order.tipPercent}, ${order.tipCents},
             ${order.deliveryFeeCents}, ${order.totalCents}, ${order.createdAt},
             ${order.createdAt}, ${order.acceptBy})
           returning ${ORDER_COLUMNS}
         ), lines as (
           insert into order_items (order_id, position, product_id, name, image, category,
             selection, description, quantity, unit_price_cents, total_cents, allergens)
           select placed.id, x.position, x.product_id, x.name, x.image, x.category, x.selection,
                  x.description, x.quantity, x.unit_price_cents, x.total_cents, x.allergens
             from placed, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(
                  position integer, product_id uuid, name text, image text, category text,
                  selection jsonb, description text, quantity integer, unit_price_cents integer,
                  total_cents integer, allergens text[])
           returning id, position
         ), step as (${stepInsert({
           // Placed by the customer, when the order was.
           orderId: sql`placed.id`,
           from: sql`placed`,
           status: 'pending',
           at: order.createdAt,
           byUserId: order.userId,
         })}
         ), cart as (
           update carts set status = 'completed', updated_at = ${order.createdAt}
            where id = ${order.cartId}
         )
         select placed.*,
                (select coalesce(json_agg(lines), '[]'::json) from lines) as line_ids
           from placed`,
      );
      const row = rows[0];
      if (!row) throw new Error('Placing an order answered no row');
      const { line_ids: lineIds, ...own } = row;
      const placed = toOrder({ ...own, customer_email: customerEmail });
      const ids = new Map(lineIds.map((line) => [line.position, line.id]));
      return {
        order: placed,
        items: items.map((item, position) => {
          const id = ids.get(position);
          if (!id) throw new Error('An order line was inserted without an id');
          return { ...item, id, orderId: placed.id };
        }),
      };
    },

    get: (orderId: string) => one(sql`${SELECT_ORDERS} where o.id = ${orderId}`),

    /**
     * Records who dismissed a missed order's banner, and when; false when it was dismissed
     * already (the first dismissal stands).
     */
    async dismissMissed(orderId: string, at: Date, byUserId: string): Promise<boolean> {
      const rows = await query(
        sql`insert into missed_order_dismissals (order_id, at, by_user_id)
            values (${orderId}, ${at}, ${byUserId})
            on conflict (order_id) do nothing returning order_id`,
      );
      return rows.length > 0;
    },

    /** The order locked until the transaction ends; null when there is none. */
    lock: (orderId: string) => one(sql`${SELECT_ORDERS} where o.id = ${orderId} for update of o`),

    /**
     * The order locked, if it is still pending and its window ended at or before `now`; null
     * when it was answered meanwhile or another transaction holds it (skip locked: an answer or
     * another process's sweep is at work on it, and the status is read again after the lock).
     */
    lockIfDue: (orderId: string, now: Date) =>
      one(
        sql`${SELECT_ORDERS}
             where o.id = ${orderId} and o.status = 'pending' and o.accept_by <= ${now}
             for update of o skip locked`,
      ),

    /** The earliest end of a pending order's window, or null when none is waiting. */
    async nextAcceptBy(): Promise<Date | null> {
      const rows = await query<{ at: Timestamp | null }>(
        sql`${SWEEP} select min(accept_by) as at from orders where status = 'pending'`,
      );
      return dateOrNull(rows[0]?.at ?? null);
    },

    /**
     * Pending orders placed at or before `placedBy` that the owner has not been alerted of yet
     * (no `owner-unanswered` row in the outbox), the longest waiting first.
     */
    async waitingUnalerted(placedBy: Date, limit: number): Promise<OrderRecord[]> {
      const rows = await query<OrderRow>(
        sql`${SWEEP} ${SELECT_ORDERS}
             where o.status = 'pending' and o.created_at <= ${placedBy}
               and not exists (select 1 from mail_outbox m
                                where m.once_key = 'owner-unanswered:' || o.id::text)
             order by o.created_at, o.number limit ${limit}`,
      );
      return rows.map(toOrder);
    },

    /** Ids of pending orders whose window ended at or before `now`, the longest waiting first. */
    async dueIds(now: Date, limit: number): Promise<string[]> {
      const rows = await query<{ id: string }>(
        sql`${SWEEP} select id from orders where status = 'pending' and accept_by <= ${now}
             order by accept_by, number limit ${limit}`,
      );
      return rows.map((row) => row.id);
    },

    /** The user's order placed with this Idempotency-Key and the cart it was placed from. */
    async findByIdempotencyKey(
      userId: string,
      key: string,
    ): Promise<{ id: string; cartId: string } | null> {
      const rows = await query<{ id: string; cart_id: string }>(
        sql`select id, cart_id from orders where user_id = ${userId} and idempotency_key = ${key}`,
      );
      const row = rows[0];
      return row ? { id: row.id, cartId: row.cart_id } : null;
    },

    /**
     * The store accepted: ready in `minutes`, at `readyAt`. The caller holds the order's lock;
     * this and the other changes below write the order's step too, and answer the order as it
     * now stands.
     */
    accept: ({
      order,
      minutes,
      readyAt,
      at,
      byUserId,
    }: Change & { minutes: number; readyAt: Date }) =>
      changed(
        order,
        withStep(
          sql`update orders o
                 set status = 'accepted', ready_minutes = ${minutes}, ready_at = ${readyAt},
                     answered_at = ${at}, updated_at = ${at}
               where o.id = ${order.id}`,
          { orderId: order.id, status: 'accepted', at, byUserId, minutes },
        ),
      ),

    /** Declined, with its reason: by the store, or by nobody when its window ran out. */
    decline: ({ order, reason, at, byUserId }: Change & { reason: string }) =>
      changed(
        order,
        withStep(
          sql`update orders o
                 set status = 'declined', decline_reason = ${reason}, answered_at = ${at},
                     updated_at = ${at}
               where o.id = ${order.id}`,
          { orderId: order.id, status: 'declined', at, byUserId, reason },
        ),
      ),

    /** The store cancelled an accepted order, with its reason. */
    cancel: ({ order, reason, at, byUserId }: Change & { reason: string; byUserId: string }) =>
      changed(
        order,
        withStep(
          sql`update orders o
                 set status = 'cancelled', cancel_reason = ${reason}, updated_at = ${at}
               where o.id = ${order.id}`,
          { orderId: order.id, status: 'cancelled', at, byUserId, reason },
        ),
      ),

    /** A later step (ready, out for delivery, completed). */
    setStatus: ({
      order,
      status,
      at,
      byUserId,
    }: Change & { status: OrderStatus; byUserId: string }) =>
      changed(
        order,
        withStep(
          sql`update orders o set status = ${status}, updated_at = ${at} where o.id = ${order.id}`,
          { orderId: order.id, status, at, byUserId },
        ),
      ),
  };
}
