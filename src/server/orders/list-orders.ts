import type { ApiOrder, ApiStaffOrder, OrderStatus } from '../../domain';
import type { Database } from '../data/db';
import { orderReadsRepository } from '../repositories/order-reads';
import { presentOrder, withItems, withStaffDetails } from './present-order';

/** My Orders shows the customer's latest orders, no more (older ones stay in the database). */
export const MY_ORDERS_LIMIT = 50;
/** The staff board's list: a busy day's orders fit with room to spare. */
export const STAFF_ORDERS_LIMIT = 200;

/** GET /api/orders/{userId}: the customer's latest orders, newest first. */
export async function listMyOrders(db: Database, userId: string): Promise<ApiOrder[]> {
  const orders = await orderReadsRepository(db).listByUser(userId, MY_ORDERS_LIMIT);
  return withItems(db, orders, presentOrder);
}

/** GET /api/staff/orders: every customer's latest orders, newest first, in these statuses. */
export async function listStaffOrders(
  db: Database,
  statuses: readonly OrderStatus[] | null,
): Promise<ApiStaffOrder[]> {
  const orders = await orderReadsRepository(db).listByStatus(statuses, STAFF_ORDERS_LIMIT);
  return withStaffDetails(db, orders);
}
