import type { OrderRecord } from '../../repositories/orders';
import type { MailContent, MailStore } from '../render';
import { orderName } from './order-parts';

/** A delivery order has left the store (optional: the customer may turn it off). */
export function outForDeliveryMail({
  order,
  store,
}: {
  order: OrderRecord;
  store: MailStore;
}): MailContent {
  return {
    subject: `${orderName(order)} is on its way`,
    blocks: [
      { kind: 'heading', text: 'Your order is on its way' },
      {
        kind: 'paragraph',
        text: `${orderName(order)} has left ${store.name} and is on its way to ${order.address ?? 'you'}.`,
      },
      {
        kind: 'paragraph',
        text: `Questions about your delivery? Call us at ${store.phone}.`,
      },
    ],
  };
}
