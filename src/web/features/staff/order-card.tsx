import type { ReactNode, Ref } from 'react';
import { apiOrderTimesInput, orderTimes, type ApiStaffOrder } from '../../../domain';
import {
  age,
  clockTime,
  countdown,
  itemCount,
  money,
  plural,
  secondsUntil,
  STATUS_LABELS,
  statusClass,
  statusLabel,
} from './staff-format';

/** Under this many seconds left to answer, the countdown turns urgent. */
const URGENT_SECONDS = 60;

/** What every card of the board is given: its order, the board's clock, and how to open it. */
interface CardProps {
  order: ApiStaffOrder;
  now: Date;
  onOpen: (order: ApiStaffOrder) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * One order on the board: a single big button (opens the detail), so a greasy thumb can hit it
 * anywhere. Everything the counter needs at a glance; the rest is in the detail.
 */
export function OrderCard({
  order,
  now,
  unseen,
  onOpen,
  buttonRef,
}: CardProps & { unseen: boolean }) {
  const left = order.acceptBy ? secondsUntil(order.acceptBy, now) : null;
  const type = order.deliveryType === 'delivery' ? 'Delivery' : 'Pickup';
  return (
    <CardButton
      order={order}
      onOpen={onOpen}
      buttonRef={buttonRef}
      className={`order-card status-${order.status}${unseen ? ' is-unseen' : ''}`}
    >
      <span className="order-card-top">
        <span className="order-card-number">#{order.number}</span>
        {unseen ? (
          <span className="order-card-new">{order.status === 'pending' ? 'New' : 'Start now'}</span>
        ) : null}
        <span className="order-card-age">
          {age(order.createdAt, now)} · {clockTime(order.createdAt, now)}
        </span>
      </span>
      <span className="order-card-name">{order.customer.name}</span>
      <span className="order-card-facts">
        <span className={`order-type-tag type-${order.deliveryType}`}>{type}</span>
        <span>{plural(itemCount(order), 'item')}</span>
        <span className="order-card-total">{money(order.totalPrice)}</span>
      </span>
      {order.scheduleTime ? (
        <span className="scheduled-badge">Scheduled for {clockTime(order.scheduleTime, now)}</span>
      ) : null}
      {order.status === 'accepted' && order.readyAt && !order.scheduleTime ? (
        <span className="order-card-ready">Ready by {clockTime(order.readyAt, now)}</span>
      ) : null}
      {left !== null && order.status === 'pending' ? (
        <span
          className={`accept-countdown${left < URGENT_SECONDS ? ' is-urgent' : ''}`}
          data-testid="accept-countdown"
        >
          {left > 0 ? `Answer within ${countdown(left)}` : 'Time to answer is up'}
        </span>
      ) : null}
      <span className="visually-hidden">Status: {STATUS_LABELS[order.status]}.</span>
    </CardButton>
  );
}

/** A finished order in Done today: one line. */
export function DoneCard({ order, now, onOpen, buttonRef }: CardProps) {
  return (
    <CardButton
      order={order}
      onOpen={onOpen}
      buttonRef={buttonRef}
      className={`order-card is-compact ${statusClass(order)}`}
    >
      <span className="order-card-top">
        <span className="order-card-number">#{order.number}</span>
        <span className={`done-status ${statusClass(order)}`}>{statusLabel(order)}</span>
        <span className="order-card-age">{clockTime(order.createdAt, now)}</span>
      </span>
      <span className="order-card-facts">
        <span className="order-card-name">{order.customer.name}</span>
        <span className="order-card-total">{money(order.totalPrice)}</span>
      </span>
    </CardButton>
  );
}

/**
 * An order for later, in the Scheduled lane: when it is for and when to start it, and for a
 * delivery when the driver leaves (its ready time).
 */
export function ScheduledCard({
  order,
  now,
  startAt,
  onOpen,
  buttonRef,
}: CardProps & { startAt: Date }) {
  const driverLeaves =
    order.deliveryType === 'delivery' ? orderTimes(apiOrderTimesInput(order)).readyAt : null;
  return (
    <CardButton
      order={order}
      onOpen={onOpen}
      buttonRef={buttonRef}
      className={`order-card is-compact status-${order.status}`}
    >
      <span className="order-card-top">
        <span className="order-card-number">#{order.number}</span>
        <span className="scheduled-badge">
          For {order.scheduleTime ? clockTime(order.scheduleTime, now) : ''}
        </span>
        <span className={`order-type-tag type-${order.deliveryType}`}>
          {order.deliveryType === 'delivery' ? 'Delivery' : 'Pickup'}
        </span>
      </span>
      <span className="order-card-name">{order.customer.name}</span>
      <span className="order-card-start">
        Start at {clockTime(startAt.toISOString(), now)}
        {driverLeaves ? ` · Driver leaves ${clockTime(driverLeaves.toISOString(), now)}` : ''}
      </span>
    </CardButton>
  );
}

/** What every card is: one big button that opens the order, named by its id for tests. */
function CardButton({
  order,
  onOpen,
  buttonRef,
  className,
  children,
}: {
  order: ApiStaffOrder;
  onOpen: (order: ApiStaffOrder) => void;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      ref={buttonRef}
      className={className}
      data-order-id={order._id}
      onClick={() => onOpen(order)}
    >
      {children}
    </button>
  );
}
