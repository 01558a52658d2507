import type { OrderRecord } from '../../repositories/orders';
import type { MailContent } from '../render';
import { orderName } from './order-parts';
import { ownerOrderRows } from './owner-order-rows';

/** To the owner: an order was declined because nobody answered it within the window. */
export function ownerMissedMail({ order }: { order: OrderRecord }): MailContent {
  return {
    subject: `Missed: ${orderName(order)} was not answered`,
    blocks: [
      { kind: 'heading', text: `${orderName(order)} was missed` },
      {
        kind: 'paragraph',
        text: `Nobody answered ${orderName(order)} within the acceptance window, so it was declined and the customer was told the store did not answer. They may call; their number is below.`,
      },
      ownerOrderRows(order),
    ],
  };
}
