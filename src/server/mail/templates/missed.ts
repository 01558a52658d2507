import type { MailContent } from '../render';
import { orderName, type OrderMailInput } from './order-parts';

/**
 * Nobody at the store answered within the acceptance window, and the order was declined on its
 * own: said as it happened, not as a decision, with the phone to reach a person.
 */
export function missedMail({ order, store }: OrderMailInput): MailContent {
  return {
    subject: `${orderName(order)} was not confirmed`,
    blocks: [
      { kind: 'heading', text: 'Sorry, the store did not answer in time' },
      {
        kind: 'paragraph',
        text: `Nobody at ${store.name} confirmed ${orderName(order)} in time, so it was cancelled and will not be made. You have not been charged. That is our fault, not yours.`,
      },
      {
        kind: 'paragraph',
        text: `Please call us at ${store.phone} and we will take your order by phone.`,
      },
    ],
  };
}
