import type { MailContent } from '../render';
import { orderName, type OrderMailInput } from './order-parts';

/** A pickup order is ready at the counter (optional: the customer may turn it off). */
export function readyMail({ order, store }: OrderMailInput): MailContent {
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
