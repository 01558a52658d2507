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
import {
  stepInsert,
  stepsJson,
  toStep,
  type NewStep,
  type OrderStepRecord,
  type StepRow,
} from './order-steps';

export interface NewOrder {
  userId: string;
  cartId: string;
  idempotencyKey: string | null;
  deliveryType: DeliveryType;
  paymentOption: PaymentOption;
  customerName: string;
  phone: string;
  address: string | null;
  scheduledTime: Date | null;
  instructions: string;
  subtotalCents: number;
  hstCents: number;
  tipPercent: number;
  tipCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  createdAt: Date;
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
}

export interface OrderRecord {
  id: string;
  number: number;
  userId: string;
  status: OrderStatus;
  deliveryType: DeliveryType;
  paymentOption: PaymentOption;
  /** The name as it was when the order was placed; the email as the account has it now. */
  customer: { id: string; name: string; email: string };
  phone: string;
  address: string | null;
  scheduledTime: Date | null;
  instructions: string;
  subtotalCents: number;
  hstCents: number;
  tipPercent: number;
  tipCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  readyMinutes: number | null;
  readyAt: Date | null;
  declineReason: string | null;
  cancelReason: string | null;
  answeredAt: Date | null;
  /** The acceptance window's end (null only for orders of before the window was recorded). */
  acceptBy: Date | null;
  createdAt: Date;
}

export interface OrderItemRecord {
  id: string;
  orderId: string;
  /** Null once the product has been removed from the menu. */
  productId: string | null;
  name: string;
  image: string;
  category: string;
  selection: NormalisedSelection;
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
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
  const stored = row.selection ?? {};
  return {
    id: row.id,
    orderId: row.order_id,
    productId: row.product_id,
    name: row.name,
    image: row.image,
    category: row.category,
    selection: {
      ...(stored.size ? { size: stored.size } : {}),
      ...(stored.flavor ? { flavor: stored.flavor } : {}),
      ...(stored.wingsFlavor ? { wingsFlavor: stored.wingsFlavor } : {}),
      sides: stored.sides ?? [],
      drinks: stored.drinks ?? [],
      toppings: stored.toppings ?? [],
    },
    description: row.description,
    quantity: row.quantity,
    unitCents: row.unit_price_cents,
    totalCents: row.total_cents,
  };
}

// The order's own columns; `number` as text: a bigint, which the two drivers read differently.
const OWN_COLUMNS = [
  'id',
  'number',
  'user_id',
  'status',
  'delivery_type',
  'payment_option',
  'customer_name',
  'contact_phone',
  'contact_address',
  'scheduled_time',
  'instructions',
  'subtotal_cents',
  'hst_cents',
  'tip_percent',
  'tip_cents',
  'delivery_fee_cents',
  'total_cents',
  'ready_minutes',
  'ready_at',
  'decline_reason',
  'cancel_reason',
  'answered_at',
  'accept_by',
  'created_at',
];
const ownColumns = (prefix: string) =>
  OWN_COLUMNS.map((name) =>
    name === 'number' ? `${prefix}number::text as number` : `${prefix}${name}`,
  ).join(', ');

const ITEM_COLUMNS = `id, order_id, product_id, name, image, category, selection, description,
  quantity, unit_price_cents, total_cents`;

/** The lines of the order whose id is the SQL expression `orderId`, as one json array. */
const itemsJson = (orderId: string): string =>
  `coalesce((select json_agg(x order by x.position) from (
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
const dismissalJson = (orderId: string): string =>
  `(select json_build_object('at', floor(extract(epoch from d.at) * 1000),
                             'by_user_id', d.by_user_id, 'by_name', du.name)
      from missed_order_dismissals d left join users du on du.id = d.by_user_id
     where d.order_id = ${orderId})`;

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
const SELECT_ORDERS = `select ${ownColumns('o.')}, u.email as customer_email
    from orders o join users u on u.id = o.user_id`;

/**
 * What an insert or update answers: the row as written. The customer's email is added as the
 * caller read it (the session's user placing the order, or the locked order being changed), so
 * a write needs no read after it.
 */
const RETURNING_ORDER = `returning ${ownColumns('')}`;

/**
 * Marks the acceptance sweeper's periodic read in the SQL text, so a test counting one request's
 * queries can leave out this background work (like the event hub's poll of `order_events`).
 */
export const ACCEPT_SWEEP_MARK = '/* acceptance sweep */';

// Newest first; orders placed at the same instant (a fixed test clock) by their number.
const NEWEST_FIRST = 'order by o.created_at desc, o.number desc';

export function ordersRepository(db: Queryable) {
  async function one(
    where: string,
    params: unknown[],
    lock: '' | 'for update of o' | 'for update of o skip locked' = '',
  ): Promise<OrderRecord | null> {
    const rows = await db.query<OrderRow>(`${SELECT_ORDERS} where ${where} ${lock}`, params);
    return rows[0] ? toOrder(rows[0]) : null;
  }

  /** An insert or update `RETURNING_ORDER`, answered as the row now stands. */
  async function written(
    sql: string,
    params: unknown[],
    customerEmail: string,
  ): Promise<OrderRecord> {
    const rows = await db.query<Omit<OrderRow, 'customer_email'>>(sql, params);
    const row = rows[0];
    if (!row) throw new Error('A write of an order answered no row');
    return toOrder({ ...row, customer_email: customerEmail });
  }

  /**
   * An update of a locked order, `set` with the parameters from $2 on ($1 is the order's id),
   * and its step in the same statement: `status` and `at` the update's own parameters.
   * Answers the order as it now stands (the customer's email as locked).
   */
  const changed = (
    locked: OrderRecord,
    set: string,
    params: unknown[],
    step: { status: string; at: string } & NewStep,
  ) => {
    const all = [locked.id, ...params];
    const insertStep = stepInsert(all, { orderId: '$1', status: step.status, at: step.at }, step);
    return written(
      `with changed as (update orders set ${set} where id = $1 ${RETURNING_ORDER}),
            step as (${insertStep})
       select * from changed`,
      all,
      locked.customer.email,
    );
  };

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
      }));
      const params: unknown[] = [
        order.userId,
        order.cartId,
        order.idempotencyKey,
        order.deliveryType,
        order.paymentOption,
        order.customerName,
        order.phone,
        order.address,
        order.scheduledTime,
        order.instructions,
        order.subtotalCents,
        order.hstCents,
        order.tipPercent,
        order.tipCents,
        order.deliveryFeeCents,
        order.totalCents,
        order.createdAt,
        order.acceptBy,
        JSON.stringify(lines),
      ];
      // Placed by the customer, when the order was.
      const insertStep = stepInsert(
        params,
        { orderId: 'placed.id', status: `'pending'`, at: '$17', from: 'placed' },
        { byUserId: order.userId },
      );
      const rows = await db.query<Omit<OrderRow, 'customer_email'> & { line_ids: LineId[] }>(
        `with placed as (
           insert into orders (user_id, cart_id, idempotency_key, delivery_type, payment_option,
             customer_name, contact_phone, contact_address, scheduled_time, instructions,
             subtotal_cents, hst_cents, tip_percent, tip_cents, delivery_fee_cents, total_cents,
             created_at, updated_at, accept_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                   $17, $18)
           ${RETURNING_ORDER}
         ), lines as (
           insert into order_items (order_id, position, product_id, name, image, category,
             selection, description, quantity, unit_price_cents, total_cents)
           select placed.id, x.position, x.product_id, x.name, x.image, x.category, x.selection,
                  x.description, x.quantity, x.unit_price_cents, x.total_cents
             from placed, jsonb_to_recordset($19::jsonb) as x(position integer, product_id uuid,
                  name text, image text, category text, selection jsonb, description text,
                  quantity integer, unit_price_cents integer, total_cents integer)
           returning id, position
         ), step as (${insertStep}
         ), cart as (
           update carts set status = 'completed', updated_at = $17 where id = $2
         )
         select placed.*,
                (select coalesce(json_agg(lines), '[]'::json) from lines) as line_ids
           from placed`,
        params,
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

    get: (orderId: string) => one('o.id = $1', [orderId]),

    /**
     * The orders with these ids that exist, each with its lines and steps, in one statement
     * (ids must be uuids).
     */
    async getManyWithDetails(
      orderIds: readonly string[],
    ): Promise<{ order: OrderRecord; details: OrderDetails }[]> {
      if (orderIds.length === 0) return [];
      const rows = await db.query<OrderRow & DetailsRow>(
        `select ${ownColumns('o.')}, u.email as customer_email,
                ${itemsJson('o.id')} as items, ${stepsJson('o.id')} as steps,
                ${dismissalJson('o.id')} as dismissal
           from orders o join users u on u.id = o.user_id
          where o.id = any($1::uuid[])`,
        [orderIds],
      );
      return rows.map((row) => ({ order: toOrder(row), details: toDetails(row) }));
    },

    /** The lines and steps of several orders in one statement (ids must be uuids). */
    async detailsOf(orderIds: readonly string[]): Promise<Map<string, OrderDetails>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db.query<{ id: string } & DetailsRow>(
        `select ids.id, ${itemsJson('ids.id')} as items, ${stepsJson('ids.id')} as steps,
                ${dismissalJson('ids.id')} as dismissal
           from unnest($1::uuid[]) as ids(id)`,
        [orderIds],
      );
      return new Map(rows.map((row) => [row.id, toDetails(row)]));
    },

    /**
     * Records who dismissed a missed order's banner, and when; false when it was dismissed
     * already (the first dismissal stands).
     */
    async dismissMissed(orderId: string, at: Date, byUserId: string): Promise<boolean> {
      const rows = await db.query(
        `insert into missed_order_dismissals (order_id, at, by_user_id) values ($1, $2, $3)
         on conflict (order_id) do nothing returning order_id`,
        [orderId, at, byUserId],
      );
      return rows.length > 0;
    },

    /** The order locked until the transaction ends; null when there is none. */
    lock: (orderId: string) => one('o.id = $1', [orderId], 'for update of o'),

    /**
     * The order locked, if it is still pending and its window ended at or before `now`; null
     * when it was answered meanwhile or another transaction holds it (skip locked: an answer or
     * another process's sweep is at work on it, and the status is read again after the lock).
     */
    lockIfDue: (orderId: string, now: Date) =>
      one(
        `o.id = $1 and o.status = 'pending' and o.accept_by <= $2`,
        [orderId, now],
        'for update of o skip locked',
      ),

    /** The earliest end of a pending order's window, or null when none is waiting. */
    async nextAcceptBy(): Promise<Date | null> {
      const rows = await db.query<{ at: Timestamp | null }>(
        `${ACCEPT_SWEEP_MARK} select min(accept_by) as at from orders where status = 'pending'`,
      );
      return dateOrNull(rows[0]?.at ?? null);
    },

    /** Ids of pending orders whose window ended at or before `now`, the longest waiting first. */
    async dueIds(now: Date, limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `${ACCEPT_SWEEP_MARK} select id from orders where status = 'pending' and accept_by <= $1
          order by accept_by, number limit $2`,
        [now, limit],
      );
      return rows.map((row) => row.id);
    },

    /** The user's order placed with this Idempotency-Key and the cart it was placed from. */
    async findByIdempotencyKey(
      userId: string,
      key: string,
    ): Promise<{ id: string; cartId: string } | null> {
      const rows = await db.query<{ id: string; cart_id: string }>(
        'select id, cart_id from orders where user_id = $1 and idempotency_key = $2',
        [userId, key],
      );
      const row = rows[0];
      return row ? { id: row.id, cartId: row.cart_id } : null;
    },

    /** The user's latest orders, newest first. */
    async listByUser(userId: string, limit: number): Promise<OrderRecord[]> {
      const rows = await db.query<OrderRow>(
        `${SELECT_ORDERS} where o.user_id = $1 ${NEWEST_FIRST} limit $2`,
        [userId, limit],
      );
      return rows.map(toOrder);
    },

    /** The latest orders of every customer in these statuses (all when null), newest first. */
    async listByStatus(statuses: readonly OrderStatus[] | null, limit: number) {
      const rows = await db.query<OrderRow>(
        `${SELECT_ORDERS} where ($1::text[] is null or o.status = any($1::text[]))
         ${NEWEST_FIRST} limit $2`,
        [statuses, limit],
      );
      return rows.map(toOrder);
    },

    /** The lines of several orders in one query, each order's in their original order. */
    async itemsOf(orderIds: readonly string[]): Promise<Map<string, OrderItemRecord[]>> {
      const byOrder = new Map<string, OrderItemRecord[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await db.query<ItemRow>(
        `select ${ITEM_COLUMNS}
           from order_items where order_id = any($1::uuid[]) order by order_id, position`,
        [orderIds],
      );
      for (const row of rows) byOrder.get(row.order_id)?.push(toItem(row));
      return byOrder;
    },

    /**
     * The store accepted: ready in `minutes`, at `readyAt`; the step by `byUserId`. The caller
     * holds the order's lock; this and the other changes below write the order's step too, and
     * answer the order as it now stands.
     */
    accept: (order: OrderRecord, minutes: number, readyAt: Date, at: Date, byUserId: string) =>
      changed(
        order,
        `status = 'accepted', ready_minutes = $2, ready_at = $3, answered_at = $4,
         updated_at = $4`,
        [minutes, readyAt, at],
        { status: `'accepted'`, at: '$4', byUserId, minutes },
      ),

    /** Declined, with its reason: by the store, or by nobody when its window ran out. */
    decline: (order: OrderRecord, reason: string, at: Date, byUserId: string | null) =>
      changed(
        order,
        `status = 'declined', decline_reason = $2, answered_at = $3, updated_at = $3`,
        [reason, at],
        { status: `'declined'`, at: '$3', byUserId, reason },
      ),

    /** The store cancelled an accepted order, with its reason. */
    cancel: (order: OrderRecord, reason: string, at: Date, byUserId: string) =>
      changed(order, `status = 'cancelled', cancel_reason = $2, updated_at = $3`, [reason, at], {
        status: `'cancelled'`,
        at: '$3',
        byUserId,
        reason,
      }),

    /** A later step (ready, out for delivery, completed). */
    setStatus: (order: OrderRecord, status: OrderStatus, at: Date, byUserId: string) =>
      changed(order, `status = $2, updated_at = $3`, [status, at], {
        status: '$2',
        at: '$3',
        byUserId,
      }),
  };
}
