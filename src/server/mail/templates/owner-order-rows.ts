import { formatMoney, formatPhone, storeClockText } from '../../../domain';
import type { OrderRecord } from '../../repositories/orders';
import type { MailBlock } from '../render';

/** What the owner needs to act on an order from a phone: who, how to reach them, what, when. */
export function ownerOrderRows(order: OrderRecord): MailBlock {
  return {
    kind: 'rows',
    rows: [
      { label: 'Customer', value: order.customer.name },
      { label: 'Phone', value: formatPhone(order.phone) },
      { label: 'Type', value: order.deliveryType === 'delivery' ? 'Delivery' : 'Pickup' },
      { label: 'Placed at', value: storeClockText(order.createdAt) },
      { label: 'Total', value: formatMoney(order.totalCents), strong: true },
    ],
  };
}
