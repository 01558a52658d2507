import type { OrderRecord } from '../../repositories/orders';
import type { MailContent, MailStore } from '../render';
import { orderName } from './order-parts';

/** A pickup order is ready at the counter (optional: the customer may turn it off). */
export function readyMail({ order, store }: { order: OrderRecord; store: MailStore }): MailContent {
  return {
    subject: `${orderName(order)} is ready for pickup`,
    blocks: [
      { kind: 'heading', text: 'Your order is ready' },
      {
        kind: 'paragraph',
        text: `${orderName(order)} is ready for pickup at ${store.name}, ${store.pickupAddress}.`,
      },
    ],
  };
}
