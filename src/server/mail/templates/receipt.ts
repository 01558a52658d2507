import { formatMoney, formatPhone, paymentText } from '../../../domain';
import type { OrderItemRecord, OrderRecord } from '../../repositories/orders';
import type { MailContent, MailStore } from '../render';
import { linesBlock, orderName, placeRow, scheduledRow } from './order-parts';

/**
 * The receipt, queued with the order: what was ordered, what it costs (the order's own
 * figures), how it is paid, where and when. The store's answer comes in a mail of its own.
 */
export function receiptMail({
  order,
  items,
  store,
  hstNumber,
  now,
}: {
  order: OrderRecord;
  items: readonly OrderItemRecord[];
  store: MailStore;
  /** The store's HST registration number, printed beside the tax when the profile has one. */
  hstNumber: string | null;
  now: Date;
}): MailContent {
  const hst = hstNumber ? `HST (${hstNumber})` : 'HST';
  return {
    subject: `${orderName(order)} received`,
    blocks: [
      { kind: 'heading', text: `Thanks, ${order.customer.name}! We have your order.` },
      {
        kind: 'paragraph',
        text: `${orderName(order)} is with ${store.name}. We will write again as soon as the store confirms it.`,
      },
      linesBlock(items),
      {
        kind: 'rows',
        rows: [
          { label: 'Subtotal', value: formatMoney(order.subtotalCents) },
          { label: hst, value: formatMoney(order.hstCents) },
          { label: `Tip (${order.tipPercent}%)`, value: formatMoney(order.tipCents) },
          ...(order.deliveryType === 'delivery'
            ? [{ label: 'Delivery fee', value: formatMoney(order.deliveryFeeCents) }]
            : []),
          { label: 'Total', value: formatMoney(order.totalCents), strong: true },
        ],
      },
      {
        kind: 'rows',
        rows: [
          { label: 'Payment', value: paymentText(order.paymentOption, order.deliveryType) },
          placeRow(order, store),
          ...scheduledRow(order, now),
          { label: 'Phone', value: formatPhone(order.phone) },
        ],
      },
    ],
  };
}
