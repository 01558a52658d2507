import { readyAtText } from '../../../domain';
import type { MailContent } from '../render';
import { orderName, placeRow, type OrderMailInput } from './order-parts';

/** The store accepted: when the order will be ready (a scheduled one at its time, confirmed). */
export function acceptedMail({
  order,
  readyAt,
  store,
  now,
}: OrderMailInput & { readyAt: Date; now: Date }): MailContent {
  const ready = readyAtText(readyAt, order.scheduledTime !== null, now);
  return {
    subject: `${orderName(order)} is confirmed`,
    blocks: [
      { kind: 'heading', text: `${store.name} confirmed your order` },
      {
        kind: 'paragraph',
        text:
          order.deliveryType === 'delivery'
            ? `${orderName(order)} is confirmed. ${ready}, then on its way to you.`
            : `${orderName(order)} is confirmed. ${ready} for pickup.`,
      },
      { kind: 'rows', rows: [placeRow(order, store)] },
    ],
  };
}
