import type { ApiStaffOrder } from '../../domain';
import type { Queryable } from '../data/db';

/**
 * An order as the staff board sees it, or null when there is none with this id. The staff
 * stream (server/events) sends this for every new or changed order.
 *
 * STUB: the orders work replaces this body (issue 8); the signature is the contract.
 */
export const loadStaffOrder: (
  db: Queryable,
  orderId: string,
) => Promise<ApiStaffOrder | null> = () =>
  Promise.reject(new Error('loadStaffOrder is not built yet'));
