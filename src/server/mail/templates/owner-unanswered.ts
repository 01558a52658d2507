import type { OrderRecord } from '../../repositories/orders';
import type { MailContent } from '../render';
import { orderName } from './order-parts';
import { ownerOrderRows } from './owner-order-rows';

/** To the owner: an order has waited `minutes` with nobody answering it on the staff board. */
export function ownerUnansweredMail({
  order,
  minutes,
}: {
  order: OrderRecord;
  minutes: number;
}): MailContent {
  return {
    subject: `${orderName(order)} is waiting for an answer`,
    blocks: [
      { kind: 'heading', text: `${orderName(order)} is waiting` },
      {
        kind: 'paragraph',
        text: `Nobody has accepted or declined ${orderName(order)} for ${minutes} minutes. Answer it on the staff board before its window runs out, or it will be declined on its own.`,
      },
      ownerOrderRows(order),
    ],
  };
}
