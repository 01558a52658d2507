import { useEffect } from 'react';
import { Link } from 'react-router';
import { inFlightText, useInFlightOrders } from '../../shared/orders/in-flight';
import { useKnownOrder } from '../../shared/orders/known-order';
import { urls } from '../../shared/urls';
import { useNow } from '../../shared/use-now';

/**
 * The order a user is waiting on, as one line ("Order #12 — Ready at 6:45 PM"), while this
 * browser knows of one: from the order bar's live list once it has it, its number before that.
 * Null when none is in flight.
 */
export function useInFlightOrder(userId: string): string | null {
  const known = useKnownOrder(userId);
  const orders = useInFlightOrders();
  const now = useNow(60_000);
  if (!known) return null;
  if (orders === null) return `Order #${known.number}`;
  const order = orders.find((each) => each._id === known.orderId) ?? orders[0];
  return order ? inFlightText(order, now) : null;
}

/**
 * Checkout and Payment with an order in flight and nothing in the cart: that order, where to
 * follow it, and a way to start another. Back from the waiting overlay lands here with the
 * scroll of the long form it left: the page starts at its heading instead.
 */
export function InFlightOrder({ text }: { text: string }) {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="in-flight-order" data-testid="in-flight-order">
      <p className="in-flight-text">
        <strong>{text}</strong>
      </p>
      <p>Your order is with the store. My Orders shows every step as it happens.</p>
      <div className="in-flight-actions">
        <Link className="button" to={urls.myOrders()}>
          See my order
        </Link>
        <Link to={urls.home()}>Order something else</Link>
      </div>
    </div>
  );
}
