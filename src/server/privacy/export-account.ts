import type { ApiAccountExport } from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { notFound } from '../http/errors';
import { presentContact } from '../http/present';
import { presentOrder } from '../orders/present-order';
import { contactsRepository } from '../repositories/contacts';
import { orderReadsRepository } from '../repositories/order-reads';
import { privacyRepository } from '../repositories/privacy';

/**
 * GET /api/user/{userId}/export: what the store keeps about the account, for the person it is
 * about (PIPEDA's access principle). Read in one transaction so the parts agree with each other.
 * The steps leave out which staff member took them: that is the staff's data, not the customer's.
 */
export function exportAccount(
  db: Database,
  clock: Clock,
  userId: string,
): Promise<ApiAccountExport> {
  return db.transaction(async (tx) => {
    const privacy = privacyRepository(tx);
    const account = await privacy.account(userId);
    if (!account) throw notFound('No account with this id.');
    const orders = await orderReadsRepository(tx).getManyWithDetails(
      await privacy.orderIds(userId),
    );
    orders.sort(
      (a, b) =>
        b.order.createdAt.getTime() - a.order.createdAt.getTime() ||
        b.order.number - a.order.number,
    );
    return {
      exportedAt: clock.now().toISOString(),
      account: account.fields,
      signIn: { password: account.password, google: account.google },
      contacts: (await contactsRepository(tx).list(userId)).map(presentContact),
      orders: orders.map(({ order, details }) => ({
        ...presentOrder(order, details.items),
        steps: details.steps.map((step) => ({
          status: step.status,
          at: step.at.toISOString(),
          ...(step.minutes !== null ? { minutes: step.minutes } : {}),
          ...(step.reason !== null ? { reason: step.reason } : {}),
        })),
      })),
      mails: await privacy.mails(userId),
    };
  });
}
