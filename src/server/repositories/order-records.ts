/**
 * An order and its lines as this store keeps them, and as its statements read them: the records
 * the rest of the server works with, the rows they are read from, and the column lists every
 * statement over orders shares, so the placing and changing statements (`orders.ts`) and the
 * reading ones (`order-reads.ts`) cannot drift apart on what an order is.
 */
import type { DeliveryType, NormalisedSelection, OrderStatus, PaymentOption } from '../../domain';
import { sql } from '../data/sql';
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

export type Timestamp = Date | string;

export interface OrderRow {
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

export interface ItemRow {
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
export const dateOrNull = (value: Timestamp | null): Date | null =>
  value === null ? null : date(value);

export function toOrder(row: OrderRow): OrderRecord {
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

export function toItem(row: ItemRow): OrderItemRecord {
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
export const ORDER_COLUMNS = sql`o.id, o.number::text as number, o.user_id, o.status, o.delivery_type,
  o.payment_option, o.customer_name, o.contact_phone, o.contact_address, o.scheduled_time,
  o.delivery_minutes, o.instructions, o.subtotal_cents, o.hst_cents, o.tip_percent, o.tip_cents,
  o.delivery_fee_cents, o.total_cents, o.ready_minutes, o.ready_at, o.decline_reason,
  o.cancel_reason, o.answered_at, o.accept_by, o.created_at`;

export const ITEM_COLUMNS = sql`id, order_id, product_id, name, image, category, selection, description,
  quantity, unit_price_cents, total_cents, allergens`;

// The user's email comes from the account (the staff may need to write to them); the name is the
// order's own copy.
export const SELECT_ORDERS = sql`select ${ORDER_COLUMNS}, u.email as customer_email
    from orders o join users u on u.id = o.user_id`;
