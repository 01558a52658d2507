import { useId } from 'react';
import { formatMoney, toCents } from '../../../domain/money';
import { WAITING_FOR_STORE } from '../../../domain/order-states';
import type { ApiOrder, ApiOrderItem } from '../../shared/types';
import { formatDateTime, readyText, statusText } from './order-format';

/**
 * One order on My Orders: number, status badge (in words; the colour only repeats it), when it
 * was placed, pickup or delivery, the schedule, the store's answer, its lines, total and
 * Reorder. `data-order-id` carries the order's id for tests and support.
 */
export function OrderCard({
  order,
  pickupAddress,
  busy,
  onReorder,
}: {
  order: ApiOrder;
  /** The store's address, when known, for a pickup order. */
  pickupAddress: string | null;
  /** This order's Reorder is under way. */
  busy: boolean;
  onReorder: () => void;
}) {
  const titleId = useId();
  const ready = readyText(order);
  const declined = order.status === 'declined';
  const badge = statusText(order);
  return (
    <article
      className="order-card"
      aria-labelledby={titleId}
      data-order-id={order._id}
      data-status={order.isOrderConfirmed ? order.status : 'unconfirmed'}
    >
      <header className="order-card-head">
        <h2 id={titleId}>Order #{order.number}</h2>
        <p
          className={`status-badge status-${order.isOrderConfirmed ? order.status : 'pending'}`}
          data-testid="order-status"
        >
          <span className="visually-hidden">Status: </span>
          {badge}
        </p>
      </header>
      {order.isOrderConfirmed ? null : (
        <p className="order-answer order-waiting" data-testid="order-waiting">
          {WAITING_FOR_STORE}
        </p>
      )}
      <dl className="order-facts">
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{order.deliveryType === 'delivery' ? 'Delivery to' : 'Pickup'}</dt>
          <dd>
            {order.deliveryType === 'delivery'
              ? order.contactInfo.address
              : (pickupAddress ?? 'At the store')}
          </dd>
        </div>
        {order.scheduleTime ? (
          <div>
            <dt>Scheduled for</dt>
            <dd>
              <time dateTime={order.scheduleTime}>{formatDateTime(order.scheduleTime)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {ready ? (
        <p className="order-answer order-ready" data-testid="order-ready">
          {ready}
        </p>
      ) : null}
      {declined && order.declineReason ? (
        <p className="order-answer order-declined" data-testid="order-decline-reason">
          Reason: {order.declineReason}
        </p>
      ) : null}
      {order.status === 'cancelled' && order.cancelReason ? (
        <p className="order-answer order-declined" data-testid="order-cancel-reason">
          The store cancelled this order: {order.cancelReason}
        </p>
      ) : null}
      <ul className="order-items" aria-label={`Items in order #${order.number}`}>
        {order.items.map((item) => (
          <OrderItemRow key={item._id} item={item} />
        ))}
      </ul>
      <footer className="order-card-foot">
        <p className="order-total">
          Total <span data-testid="order-total">{formatMoney(toCents(order.totalPrice))}</span>
        </p>
        <button type="button" className="secondary" disabled={busy} onClick={onReorder}>
          {busy ? 'Adding...' : 'Reorder'}
          <span className="visually-hidden"> order #{order.number}</span>
        </button>
      </footer>
    </article>
  );
}

function OrderItemRow({ item }: { item: ApiOrderItem }) {
  const { name, image } = item.productId;
  return (
    <li className="order-item" aria-label={name}>
      {image ? (
        <img className="order-item-image" src={image} width="64" height="48" alt="" />
      ) : (
        <span className="order-item-image" />
      )}
      <div className="order-item-body">
        <p className="order-item-name">{name}</p>
        {item.description ? <p className="order-item-options">{item.description}</p> : null}
        <p className="order-item-qty">Qty {item.quantity}</p>
      </div>
      <p className="order-item-price price" data-testid="order-line-price">
        {formatMoney(toCents(item.totalPrice))}
      </p>
    </li>
  );
}
