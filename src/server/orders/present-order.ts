/**
 * Orders as the API shows them: the customer's view (`ApiOrder`) and the staff board's
 * (`ApiStaffOrder`, the same plus who ordered). Every figure is the order's own snapshot in
 * cents, turned into dollars here; nothing is priced again.
 */
import {
  isAnswered,
  toDollars,
  type ApiOrder,
  type ApiOrderItem,
  type ApiOrderStep,
  type ApiStaffOrder,
} from '../../domain';
import type { Queryable } from '../data/db';
import { presentSelection } from '../http/present';
import type { OrderStepRecord } from '../repositories/order-steps';
import { orderReadsRepository, type MissedDismissalRecord } from '../repositories/order-reads';
import { ordersRepository, type OrderItemRecord, type OrderRecord } from '../repositories/orders';
import { isUuid } from '../../domain/ids';

function presentItem(item: OrderItemRecord): ApiOrderItem {
  return {
    _id: item.id,
    productId: {
      _id: item.productId,
      name: item.name,
      image: item.image,
      category: item.category,
    },
    quantity: item.quantity,
    ...presentSelection(item.selection),
    description: item.description,
    priceByQuantity: toDollars(item.unitCents),
    totalPrice: toDollars(item.totalCents),
    allergens: item.allergens,
  };
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** An order as its customer sees it (My Orders, complete-order's answer). */
export function presentOrder(order: OrderRecord, items: readonly OrderItemRecord[]): ApiOrder {
  return {
    _id: order.id,
    number: order.number,
    status: order.status,
    isOrderConfirmed: isAnswered(order.status),
    items: items.map(presentItem),
    subtotal: toDollars(order.subtotalCents),
    hst: toDollars(order.hstCents),
    tipPercent: order.tipPercent,
    tip: toDollars(order.tipCents),
    deliveryFee: toDollars(order.deliveryFeeCents),
    totalPrice: toDollars(order.totalCents),
    deliveryType: order.deliveryType,
    paymentOption: order.paymentOption,
    contactInfo: { phone: order.phone, address: order.address ?? '' },
    instructions: order.instructions,
    scheduleTime: iso(order.scheduledTime),
    deliveryMinutes: order.deliveryMinutes,
    readyMinutes: order.readyMinutes,
    readyAt: iso(order.readyAt),
    declineReason: order.declineReason,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
  };
}

function presentStep(step: OrderStepRecord): ApiOrderStep {
  return {
    status: step.status,
    at: step.at.toISOString(),
    by: step.by ? { _id: step.by.id, name: step.by.name } : null,
    ...(step.minutes !== null ? { minutes: step.minutes } : {}),
    ...(step.reason !== null ? { reason: step.reason } : {}),
  };
}

/**
 * Whether the order was missed: declined by nobody, the acceptance window's decline (the
 * definition today's numbers share).
 */
export const isMissed = (order: OrderRecord, steps: readonly OrderStepRecord[]): boolean =>
  order.status === 'declined' && steps.some((step) => step.status === 'declined' && step.automatic);

/**
 * An order as the staff board sees it: the customer's view plus who ordered it, the deadline of
 * its acceptance window while it waits for an answer, its steps oldest first, and whether it was
 * missed and its banner dismissed.
 */
export function presentStaffOrder(
  order: OrderRecord,
  items: readonly OrderItemRecord[],
  steps: readonly OrderStepRecord[],
  dismissal: MissedDismissalRecord | null,
): ApiStaffOrder {
  return {
    ...presentOrder(order, items),
    customer: { _id: order.customer.id, name: order.customer.name, email: order.customer.email },
    acceptBy: order.status === 'pending' ? iso(order.acceptBy) : null,
    steps: steps.map(presentStep),
    missed: isMissed(order, steps),
    missedDismissal: dismissal
      ? {
          at: dismissal.at.toISOString(),
          by: dismissal.by ? { _id: dismissal.by.id, name: dismissal.by.name } : null,
        }
      : null,
  };
}

/** Orders with their lines, the lines of all of them read in one query (no N+1). */
export async function withItems<T>(
  db: Queryable,
  orders: readonly OrderRecord[],
  present: (order: OrderRecord, items: readonly OrderItemRecord[]) => T,
): Promise<T[]> {
  const items = await orderReadsRepository(db).itemsOf(orders.map((order) => order.id));
  return orders.map((order) => present(order, items.get(order.id) ?? []));
}

/** Orders as the staff board sees them: the lines and steps of all of them in one statement. */
export async function withStaffDetails(
  db: Queryable,
  orders: readonly OrderRecord[],
): Promise<ApiStaffOrder[]> {
  const details = await orderReadsRepository(db).detailsOf(orders.map((order) => order.id));
  return orders.map((order) => {
    const { items = [], steps = [], dismissal = null } = details.get(order.id) ?? {};
    return presentStaffOrder(order, items, steps, dismissal);
  });
}

/**
 * Several orders as the staff board sees them, by id, in one statement whatever their number
 * (the staff stream presents every event waiting at once). Ids without an order, malformed ones
 * included, are absent from the map.
 */
export async function loadStaffOrders(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, ApiStaffOrder>> {
  const ids = [...new Set(orderIds)].filter(isUuid);
  const found = await orderReadsRepository(db).getManyWithDetails(ids);
  return new Map(
    found.map(({ order, details }) => [
      order.id,
      presentStaffOrder(order, details.items, details.steps, details.dismissal),
    ]),
  );
}

/** An order as its customer sees it, or null when there is none with this id. */
export async function loadOrder(db: Queryable, orderId: string): Promise<ApiOrder | null> {
  if (!isUuid(orderId)) return null;
  const order = await ordersRepository(db).get(orderId);
  if (!order) return null;
  const [presented] = await withItems(db, [order], presentOrder);
  return presented ?? null;
}
