/**
 * Placed orders and their lines. An order is a snapshot: its lines keep the product's name,
 * image, options and prices as they were when it was placed (brief: "An order is a snapshot").
 *
 * LOCK ORDER (see `data/db.ts`): placing an order locks the cart row, then reads its lines, then
 * writes the order and its items; changing an order locks the order row (`lock`, or
 * `lockIfDue` for the acceptance sweeper, which skips a row another transaction holds) before
 * writing it. Every write of an order records its step (`order-steps.ts`) in the same statement,
 * and the caller then records an event (`order-events.ts`) as its last write.
 *
 * ROUND TRIPS: every statement is a round trip to the server, and under load a statement
 * outside a transaction first waits for a pool connection of its own. So placing an order is
 * one statement (the order, its lines, its first step, its cart completed), a change and its
 * step are one, and an order's lines and steps come with it in one read, as json columns
 * (`getManyWithDetails`, `detailsOf`): the staff board hears of a new order after one read,
 * not three (docs/performance.md, "Round trips per order").
 */
import type { DeliveryType, NormalisedSelection, OrderStatus, PaymentOption } from '../../domain';
import type { Queryable } from '../data/db';
import { queryOf, raw, sql, type Sql } from '../data/sql';
import {
  stepInsert,
  stepsJson,
  toStep,
  type OrderStepRecord,
  type StepInsert,
  type StepRow,
} from './order-steps';
import { isAllergen, type Allergen } from '../../domain/allergens';
import { storedSelection } from './stored-selection';

/** What an order is placed with and keeps as it was. */
interface OrderTerms {
  deliveryType: DeliveryType;
  paymentOption: PaymentOption;
  phone: string;
  address: string | null;
  scheduledTime: Date | null;
  /** The store's delivery time when placed (`domain/order-times.ts`); null for a pickup. */
  deliveryMinutes: number | null;
  instructions: string;
  subtotalCents: number;
  hstCents: number;
  tipPercent: number;
  tipCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  createdAt: Date;
}

export interface NewOrder extends OrderTerms {
  userId: string;
  cartId: string;
  idempotencyKey: string | null;
  customerName: string;
  /** When the order is declined automatically unless answered: createdAt + the window. */
  acceptBy: Date;
}

export interface NewOrderItem {
  productId: string;
  name: string;
  image: string;
  category: string;
  selection: NormalisedSelection;
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** What the line contains as placed: its product's and its toppings' (`lineAllergens`). */
  allergens: Allergen[];
}

export interface OrderRecord extends OrderTerms {
  id: string;
  number: number;
  userId: string;
  status: OrderStatus;
  /** The name as it was when the order was placed; the email as the account has it now. */
  customer: { id: string; name: string; email: string };
  readyMinutes: number | null;
  readyAt: Date | null;
  declineReason: string | null;
  cancelReason: string | null;
  answeredAt: Date | null;
  /** The acceptance window's end (null only for orders of before the window was recorded). */
  acceptBy: Date | null;
}

export interface OrderItemRecord extends Omit<NewOrderItem, 'productId' | 'allergens'> {
  id: string;
  orderId: string;
  /** Null once the product has been removed from the menu. */
  productId: string | null;
  /** Null for a line placed before allergens were kept (migration 020). */
  allergens: Allergen[] | null;
}

type Timestamp = Date | string;

interface OrderRow {
  id: string;
  number: string;
  user_id: string;
  status: OrderStatus;
  delivery_type: DeliveryType;
  payment_option: PaymentOption;
  customer_name: string;
  customer_email: string;
  contact_phone: string;
  contact_address: string | null;
  scheduled_time: Timestamp | null;
  delivery_minutes: number | null;
  instructions: string;
  subtotal_cents: number;
  hst_cents: number;
  tip_percent: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  ready_minutes: number | null;
  ready_at: Timestamp | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  answered_at: Timestamp | null;
  accept_by: Timestamp | null;
  created_at: Timestamp;
}

/** A line's id as placing the order answers it. */
interface LineId {
  id: string;
  position: number;
}

interface ItemRow {
  id: string;
  order_id: string;
  product_id: string | null;
  name: string;
  image: string;
  category: string;
  selection: Partial<NormalisedSelection> | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  allergens: string[] | null;
}

const date = (value: Timestamp): Date => new Date(value);
const dateOrNull = (value: Timestamp | null): Date | null => (value === null ? null : date(value));

function toOrder(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    number: Number(row.number),
    userId: row.user_id,
    status: row.status,
    deliveryType: row.delivery_type,
    paymentOption: row.payment_option,
    customer: { id: row.user_id, name: row.customer_name, email: row.customer_email },
    phone: row.contact_phone,
    address: row.contact_address,
    scheduledTime: dateOrNull(row.scheduled_time),
    deliveryMinutes: row.delivery_minutes,
    instructions: row.instructions,
    subtotalCents: row.subtotal_cents,
    hstCents: row.hst_cents,
    tipPercent: row.tip_percent,
    tipCents: row.tip_cents,
    deliveryFeeCents: row.delivery_fee_cents,
    totalCents: row.total_cents,
    readyMinutes: row.ready_minutes,
    readyAt: dateOrNull(row.ready_at),
    declineReason: row.decline_reason,
    cancelReason: row.cancel_reason,
    answeredAt: dateOrNull(row.answered_at),
    acceptBy: dateOrNull(row.accept_by),
    createdAt: date(row.created_at),
  };
}

function toItem(row: ItemRow): OrderItemRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    productId: row.product_id,
    name: row.name,
    image: row.image,
    category: row.category,
    selection: storedSelection(row.selection),
    description: row.description,
    quantity: row.quantity,
    unitCents: row.unit_price_cents,
    totalCents: row.total_cents,
    allergens: row.allergens === null ? null : row.allergens.filter(isAllergen),
  };
}

// The order's own columns (`o`: the table, aliased so in every statement, inserts and updates
// included); `number` as text: a bigint, which the two drivers read differently.
const ORDER_COLUMNS = sql`o.id, o.number::text as number, o.user_id, o.status, o.delivery_type,
  o.payment_option, o.customer_name, o.contact_phone, o.contact_address, o.scheduled_time,
  o.delivery_minutes, o.instructions, o.subtotal_cents, o.hst_cents, o.tip_percent, o.tip_cents,
  o.delivery_fee_cents, o.total_cents, o.ready_minutes, o.ready_at, o.decline_reason,
  o.cancel_reason, o.answered_at, o.accept_by, o.created_at`;

const ITEM_COLUMNS = sql`id, order_id, product_id, name, image, category, selection, description,
  quantity, unit_price_cents, total_cents, allergens`;

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

// The user's email comes from the account (the staff may need to write to them); the name is the
// order's own copy.
const SELECT_ORDERS = sql`select ${ORDER_COLUMNS}, u.email as customer_email
    from orders o join users u on u.id = o.user_id`;

/**
 * Marks the acceptance sweeper's periodic read in the SQL text, so a test counting one request's
 * queries can leave out this background work (like the event hub's poll of `order_events`).
 */
export const ACCEPT_SWEEP_MARK = '/* acceptance sweep */';
const SWEEP = raw(ACCEPT_SWEEP_MARK);

// Newest first; orders placed at the same instant (a fixed test clock) by their number.
const NEWEST_FIRST = sql`order by o.created_at desc, o.number desc`;

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
