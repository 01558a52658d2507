import { customerTimeText } from '../../../domain';
import type { MailContent } from '../render';
import { orderName, placeRow, type OrderMailInput } from './order-parts';

/**
 * The store accepted: when the order will be ready (a scheduled one at its time, confirmed), or
 * for a delivery when it reaches the door.
 */
export function acceptedMail({
  order,
  readyAt,
  store,
  now,
}: OrderMailInput & { readyAt: Date; now: Date }): MailContent {
  const when = customerTimeText(
    {
      deliveryType: order.deliveryType,
      scheduleTime: order.scheduledTime,
      readyAt,
      prepMinutes: order.readyMinutes,
      deliveryMinutes: order.deliveryMinutes,
    },
    now,
  );
  return {
    subject: `${orderName(order)} is confirmed`,
    blocks: [
      { kind: 'heading', text: `${store.name} confirmed your order` },
      {
        kind: 'paragraph',
        text:
          order.deliveryType === 'delivery'
            ? `${orderName(order)} is confirmed. ${when}.`
            : `${orderName(order)} is confirmed. ${when} for pickup.`,
      },
      { kind: 'rows', rows: [placeRow(order, store)] },
    ],
  };
}
