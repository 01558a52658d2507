import type { MailContent } from '../render';
import { orderName, type OrderMailInput } from './order-parts';

/** A delivery order has left the store (optional: the customer may turn it off). */
export function outForDeliveryMail({ order, store }: OrderMailInput): MailContent {
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
