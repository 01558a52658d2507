import {
  formatPhone,
  selectionPartText,
  selectionParts,
  type ApiStaffOrder,
} from '../../../domain';
import { containsText } from '../../../domain/allergens';
import { clockTime, fullTime, ticketPayment } from './staff-format';

/**
 * The kitchen ticket: shown only when printing (staff.css's print rules hide everything else),
 * laid out for an 80 mm receipt printer: the number and time big, what to collect and how, the
 * customer's instructions boxed before the lines (the kitchen reads them first), each line's name
 * big and each of its options on a line of its own, in the order detail's and the cart's words
 * (the domain's `selectionParts`). It starts with the store's name from its profile: a ticket
 * stapled to a delivery bag says whose it is. Each line ends with what it contains (its
 * allergens as placed).
 */
export function KitchenTicket({
  order,
  now,
  storeName,
}: {
  order: ApiStaffOrder;
  now: Date;
  storeName: string;
}) {
  const delivery = order.deliveryType === 'delivery';
  return (
    <div className="kitchen-ticket" aria-hidden="true">
      <p className="ticket-store">{storeName}</p>
      <p className="ticket-number">#{order.number}</p>
      <p className="ticket-type">{delivery ? 'DELIVERY' : 'PICKUP'}</p>
      <p>Placed {clockTime(order.createdAt, now)}</p>
      {order.scheduleTime ? (
        <p className="ticket-scheduled">FOR {fullTime(order.scheduleTime, now)}</p>
      ) : null}
      {order.readyAt ? <p>Ready by {clockTime(order.readyAt, now)}</p> : null}
      <p className="ticket-payment" data-testid="ticket-payment">
        {ticketPayment(order)}
      </p>
      <p>{order.customer.name}</p>
      <p>{formatPhone(order.contactInfo.phone)}</p>
      {delivery ? <p>{order.contactInfo.address}</p> : null}
      {order.instructions ? (
        <div className="ticket-instructions">
          <p className="ticket-label">INSTRUCTIONS</p>
          <p>{order.instructions}</p>
        </div>
      ) : null}
      <hr />
      {order.items.map((item) => (
        <div key={item._id} className="ticket-item">
          <p className="ticket-item-name">
            {item.quantity} × {item.productId.name}
          </p>
          {selectionParts(item).map((part, index) => (
            <p key={index}>{selectionPartText(part)}</p>
          ))}
          {/* The order's own copy, as placed: a later menu change does not reach a ticket. */}
          {containsText(item.allergens ?? []) ? (
            <p className="ticket-allergens">{containsText(item.allergens ?? [])}</p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
