/**
 * What several order mails say alike: which order it is, its lines, where and when. Built from
 * the order as stored, so a mail says what the order holds, priced and described when placed.
 */
import { formatMoney, storeDayTimeText } from '../../../domain';
import type { OrderItemRecord, OrderRecord } from '../../repositories/orders';
import type { MailBlock, MailStore } from '../render';

/** What a mail to the customer about their order is made from: the order and the store. */
export interface OrderMailInput {
  order: OrderRecord;
  store: MailStore;
}

/** The order as a mail names it: the number the customer and the counter both read. */
export const orderName = (order: Pick<OrderRecord, 'number'>): string => `Order #${order.number}`;

/**
 * The order's lines, each with its options in the words the cart and the board use: the
 * description `describeSelection` (domain/selection-words.ts) wrote when the order was placed.
 */
export function linesBlock(items: readonly OrderItemRecord[]): MailBlock {
  return {
    kind: 'lines',
    lines: items.map((item) => ({
      quantity: item.quantity,
      name: item.name,
      details: item.description ? [item.description] : [],
      price: formatMoney(item.totalCents),
    })),
  };
}

/** Where the order goes: the delivery address, or the store's for a pickup. */
export function placeRow(
  order: Pick<OrderRecord, 'deliveryType' | 'address'>,
  store: MailStore,
): { label: string; value: string } {
  return order.deliveryType === 'delivery'
    ? { label: 'Delivery to', value: order.address ?? '' }
    : { label: 'Pickup at', value: store.pickupAddress };
}

/** A scheduled order's time, as every screen says it relative to `now`. */
export function scheduledRow(
  order: Pick<OrderRecord, 'scheduledTime'>,
  now: Date,
): { label: string; value: string }[] {
  return order.scheduledTime
    ? [{ label: 'Scheduled for', value: storeDayTimeText(order.scheduledTime, now) }]
    : [];
}
