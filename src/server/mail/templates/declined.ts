import type { MailContent } from '../render';
import { orderName, type OrderMailInput } from './order-parts';

/** The staff declined the order, with the reason they gave ("the store is currently {reason}"). */
export function declinedMail({
  order,
  reason,
  store,
}: OrderMailInput & { reason: string }): MailContent {
  return {
    subject: `${orderName(order)} was declined`,
    blocks: [
      { kind: 'heading', text: 'Sorry, we cannot take your order' },
      {
        kind: 'paragraph',
        text: `${store.name} declined ${orderName(order)}: the store is currently ${reason}. You have not been charged. Please try again later.`,
      },
    ],
  };
}
