import type { OrderRecord } from '../../repositories/orders';
import type { MailContent, MailStore } from '../render';
import { orderName } from './order-parts';

/** The staff declined the order, with the reason they gave ("the store is currently {reason}"). */
export function declinedMail({
  order,
  reason,
  store,
}: {
  order: OrderRecord;
  reason: string;
  store: MailStore;
}): MailContent {
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
