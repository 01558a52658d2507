import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import {
  CHECKOUT_MESSAGES,
  PAYMENT_OPTION_LABELS,
  formatMoney,
  pausedText,
  toCents,
} from '../../../domain';
import { isAbort, refusalReason } from '../../shared/api';
import { useCart } from '../../shared/cart/cart-context';
import { knownOrder } from '../../shared/orders/known-order';
import { useOrderType } from '../../shared/order-type';
import { useSession } from '../../shared/session';
import { useStoreInfo } from '../../shared/store-info';
import type { ApiCartView, PaymentOption } from '../../shared/types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useNow } from '../../shared/use-now';
import { checkoutApi } from './checkout-api';
import { OrderSummary } from './order-summary';
import { formatSlot } from '../../shared/schedule-picker';
import { InFlightOrder, useInFlightOrder } from './in-flight-order';
import {
  attemptKeyFor,
  forgetAttempt,
  readWaiting,
  writeWaiting,
  type WaitingOrder,
} from './waiting-state';
import './checkout.css';

export default function PaymentScreen() {
  const { user, checked } = useSession();
  if (!user) {
    if (!checked) return <Loading />;
    return <Navigate to={urls.login()} replace state={{ from: urls.cart() }} />;
  }
  return <Payment key={user._id} userId={user._id} />;
}

type CartState =
  { status: 'loading' } | { status: 'ready'; cart: ApiCartView } | { status: 'failed' };

/** The spec's two options; card payment is not offered (brief). */
const PAYMENT_OPTIONS: { value: PaymentOption; label: string }[] = (
  ['pickup', 'cash'] as const
).map((value) => ({ value, label: PAYMENT_OPTION_LABELS[value] }));

/**
 * The spec's Payment: the order summary and total from the server, the payment option, Place
 * My Order (POST /api/orders/complete-order with an Idempotency-Key), then the waiting overlay
 * until the store answers (the order bar's, app/order-bar.tsx). The waiting state is kept for
 * this tab, so a reload comes back to it; with an order in flight and nothing in the cart
 * (Back from the overlay, another tab) the screen shows that order.
 */
function Payment({ userId }: { userId: string }) {
  const id = useId();
  const { refresh: refreshCart } = useCart();
  const { chooseTime } = useOrderType();
  const { loaded, storeOpen, pausedUntil } = useStoreInfo();
  const now = useNow(60_000);
  const [cartState, setCartState] = useState<CartState>({ status: 'loading' });
  const [option, setOption] = useState<PaymentOption>('pickup');
  const [processing, setProcessing] = useState(false);
  const placing = useRef(false);
  const [error, setError] = useState<{ text: string; attempt: number } | null>(null);
  const [waiting, setWaiting] = useState<WaitingOrder | null>(() => readWaiting(userId));
  const inFlight = useInFlightOrder(userId);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setCartState({ status: 'loading' });
      try {
        setCartState({ status: 'ready', cart: await checkoutApi.cart(userId, signal) });
      } catch (failure) {
        if (isAbort(failure)) return;
        console.warn('Could not load the cart', failure);
        setCartState({ status: 'failed' });
      }
    },
    [userId],
  );

  useEffect(() => {
    if (waiting) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, waiting]);

  const cart = cartState.status === 'ready' ? cartState.cart : null;
  const scheduled = cart?.checkout?.scheduledTime ?? null;
  const closedNow = loaded && !storeOpen && scheduled === null;
  // The spec's two prerequisites: a cart to place, confirmed at checkout.
  const ready = cart !== null && cart.items.length > 0 && cart.checkout !== null && !closedNow;

  const place = async () => {
    if (!cart || placing.current) return;
    placing.current = true;
    setProcessing(true);
    setError(null);
    try {
      const { order } = await checkoutApi.completeOrder(userId, option, attemptKeyFor(cart._id));
      const next = {
        userId,
        orderId: order._id,
        number: order.number,
        scheduled: order.scheduleTime !== null,
      };
      writeWaiting(next);
      // The order bar takes it from here: the overlay, the stream, the answer.
      knownOrder.remember(next);
      forgetAttempt(cart._id);
      setWaiting(next);
      // The time was this order's: the next one starts as soon as possible, not silently at it.
      chooseTime(null);
      // The cart is now completed: the nav's count and the Cart screen start over.
      void refreshCart().catch((failure: unknown) => console.warn('Cart refresh failed', failure));
    } catch (failure) {
      // A refusal is the customer's to read; anything else is ours to look into.
      if (!refusalReason(failure)) console.warn('Placing the order failed', failure);
      const text =
        refusalReason(failure) ??
        (failure instanceof Error && failure.message
          ? failure.message
          : CHECKOUT_MESSAGES.paymentFailed);
      setError((before) => ({ text, attempt: (before?.attempt ?? 0) + 1 }));
    } finally {
      placing.current = false;
      setProcessing(false);
    }
  };

  return (
    <section className="checkout-screen" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Payment</h1>
      {waiting ? (
        <InFlightOrder text={inFlight ?? `Order #${waiting.number}`} />
      ) : cartState.status === 'loading' ? (
        <Loading />
      ) : cartState.status === 'failed' || !cart ? (
        <ErrorMessage onRetry={() => void load()}>{CHECKOUT_MESSAGES.cartLoadFailed}</ErrorMessage>
      ) : cart.items.length === 0 && inFlight ? (
        <InFlightOrder text={inFlight} />
      ) : cart.items.length === 0 ? (
        <div className="empty-state">
          <p>Your cart is empty.</p>
          <Link className="button" to={urls.home()}>
            Browse the menu
          </Link>
        </div>
      ) : (
        <>
          {cart.checkout ? (
            <p className="checkout-cart-line" data-testid="pay-details">
              {cart.checkout.deliveryType === 'delivery'
                ? `Delivery to ${cart.checkout.contactInfo.address}`
                : 'Pickup'}
              , {scheduled ? `scheduled for ${formatSlot(scheduled)}` : 'as soon as possible'}.{' '}
              <Link to={urls.checkout()}>Change</Link>
            </p>
          ) : (
            <p className="checkout-cart-line">
              Please confirm your order details first.{' '}
              <Link to={urls.checkout()}>Back to Checkout</Link>
            </p>
          )}
          <OrderSummary cart={cart} />
          <form
            className="checkout-section payment-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (ready) void place();
            }}
          >
            <h2>Payment</h2>
            <p className="payment-total">
              Total{' '}
              <strong data-testid="pay-form-total">{formatMoney(toCents(cart.totalPrice))}</strong>
            </p>
            <fieldset>
              <legend>How would you like to pay?</legend>
              {PAYMENT_OPTIONS.map(({ value, label }) => (
                <label key={value} className="choice-label">
                  <input
                    type="radio"
                    name={`${id}-payment`}
                    value={value}
                    checked={option === value}
                    onChange={() => setOption(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {error ? (
              <p key={error.attempt} className="error-message" role="alert">
                {error.text}
              </p>
            ) : null}
            {closedNow ? (
              <p className="checkout-closed-note">
                {pausedUntil
                  ? `${pausedText(pausedUntil, now)}. Orders for as soon as possible wait until then; change the time to schedule for later.`
                  : 'We are closed right now, so orders for as soon as possible are paused.'}
              </p>
            ) : null}
            <button
              type="submit"
              className="primary checkout-submit"
              disabled={processing || !ready}
            >
              {processing ? 'Processing...' : 'Place My Order'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
