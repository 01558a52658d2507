import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  CHECKOUT_MESSAGES,
  DEFAULT_WEEKLY_HOURS,
  checkoutContactProblem,
  formatMoney,
  MAX_INSTRUCTIONS_LENGTH,
  pausedText,
  toCents,
} from '../../../domain';
import { refusalReason } from '../../shared/api';
import { useCart } from '../../shared/cart/cart-context';
import { useNotice } from '../../shared/notices';
import { useMutation } from '../../shared/use-mutation';
import { useOrderType } from '../../shared/order-type';
import { useSession } from '../../shared/session';
import { useStoreInfo } from '../../shared/store-info';
import { Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { checkoutApi } from './checkout-api';
import { ContactSection } from './contact-section';
import { InFlightOrder, useInFlightOrder } from './in-flight-order';
import { useDefaultContact } from './use-default-contact';
import { useNow } from '../../shared/use-now';
import { useOrderSlots } from '../../shared/use-order-slots';
import { SchedulePicker, type ScheduleChoice } from '../../shared/schedule-picker';
import './checkout.css';

/** Checkout needs a signed-in customer; a guest logs in first and comes back here. */
export default function CheckoutScreen() {
  const { user, checked } = useSession();
  if (!user) {
    if (!checked) return <Loading />;
    return <Navigate to={urls.login()} replace state={{ from: urls.checkout() }} />;
  }
  return <Checkout key={user._id} userId={user._id} />;
}

/**
 * The spec's Checkout: delivery type (the stored order type), contact, schedule, instructions,
 * Confirm Order → POST /api/cart/confirm → Payment. The browser checks what it can with the
 * domain's rules (the same the server applies) so most mistakes are caught before a request.
 */
function Checkout({ userId }: { userId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const notify = useNotice();
  const cart = useCart();
  const {
    orderType,
    address: orderAddress,
    orderAt,
    chooseTime,
    clear: changeOrderType,
  } = useOrderType();
  const { info, loaded, storeOpen, pausedUntil } = useStoreInfo();
  const { state: contactState, replace: contactSaved } = useDefaultContact(userId);
  const [phoneForOrder, setPhoneForOrder] = useState('');
  // The order's time is the one the customer chose before (here or on an item's screen), kept
  // beside the order type; a change here is kept there too.
  const schedule: ScheduleChoice = orderAt ? { kind: 'later', slot: orderAt } : { kind: 'asap' };
  const setSchedule = (choice: ScheduleChoice) =>
    chooseTime(choice.kind === 'later' ? choice.slot : null);
  const [instructions, setInstructions] = useState('');
  const [problem, setProblem] = useState<{ lines: string[]; attempt: number } | null>(null);
  const now = useNow(60_000);
  const inFlight = useInFlightOrder(userId);

  const deliveryType = orderType ?? 'pickup';
  const slots = useOrderSlots(now);
  // A slot that is no longer offered (time passed, type changed) falls back to the first one.
  const chosenSlot =
    schedule.kind === 'later'
      ? (slots.find((slot) => slot.toISOString() === schedule.slot) ?? slots[0] ?? null)
      : null;

  const defaultContact = contactState.status === 'ready' ? contactState.contact : null;
  const phone = (defaultContact?.phone || phoneForOrder).trim();
  const address =
    deliveryType === 'delivery' ? (orderAddress ?? defaultContact?.address ?? '').trim() : '';
  // Paused, an order for a time after the pause is still taken; closed, none is.
  const closed = loaded && !storeOpen && !(pausedUntil && chosenSlot);

  const confirming = useMutation(
    async (order: Parameters<typeof checkoutApi.confirm>[1]) => {
      await checkoutApi.confirm(userId, order);
      // The cart now carries the delivery fee; Payment and the nav read it from the store.
      await cart.refresh().catch((error: unknown) => console.warn('Cart refresh failed', error));
      // Said on Payment, the page it leads to (a message does not outlive its page).
      await navigate(urls.payment());
      notify(CHECKOUT_MESSAGES.confirmed, 'success');
    },
    { fallback: CHECKOUT_MESSAGES.confirmFailed },
  );
  const busy = confirming.pending;

  const fail = (...lines: string[]) =>
    setProblem((before) => ({ lines, attempt: (before?.attempt ?? 0) + 1 }));

  const confirm = async () => {
    if (contactState.status === 'loading') {
      fail(CHECKOUT_MESSAGES.loadingContact);
      return;
    }
    const contactInfo = { phone, address };
    const contactProblem = checkoutContactProblem(deliveryType, contactInfo);
    if (contactProblem) {
      fail(contactProblem);
      return;
    }
    setProblem(null);
    const result = await confirming.run({
      deliveryType,
      contactInfo,
      scheduledTime: chosenSlot ? chosenSlot.toISOString() : null,
      instructions: instructions.trim(),
    });
    if (result.ok || !result.error) return;
    const reason = refusalReason(result.error);
    if (reason) fail(CHECKOUT_MESSAGES.confirmFailed, reason);
    else {
      console.warn('Confirm Order failed', result.error);
      fail(CHECKOUT_MESSAGES.confirmFailed);
    }
  };

  if (cart.status === 'loading' && cart.lines.length === 0) return <Loading />;
  if (cart.status === 'ready' && cart.lines.length === 0) {
    return (
      <section className="checkout-screen" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Checkout</h1>
        {inFlight ? (
          <InFlightOrder text={inFlight} />
        ) : (
          <div className="empty-state">
            <p>Your cart is empty. Add something before checking out.</p>
            <Link className="button" to={urls.home()}>
              Browse the menu
            </Link>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="checkout-screen" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Checkout</h1>
      {cart.figures ? (
        <p className="checkout-cart-line">
          {cart.count} {cart.count === 1 ? 'item' : 'items'}, subtotal{' '}
          <strong>{formatMoney(cart.figures.subtotal)}</strong>.{' '}
          <Link to={urls.cart()}>Edit cart</Link>
        </p>
      ) : null}
      <form
        className="checkout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && !closed) void confirm();
        }}
      >
        <section className="checkout-section" aria-labelledby={`${id}-type`}>
          <h2 id={`${id}-type`}>{deliveryType === 'delivery' ? 'Delivery' : 'Pickup'}</h2>
          <div className="contact-view">
            <p data-testid="checkout-where">
              {deliveryType === 'delivery' ? (
                address ? (
                  <>
                    <span className="muted">Deliver to</span> {address}
                  </>
                ) : (
                  'No delivery address yet.'
                )
              ) : (
                <>
                  <span className="muted">Pick up at</span> {info?.pickupAddress ?? 'the store'}
                </>
              )}
            </p>
            <button type="button" className="secondary" onClick={changeOrderType}>
              Change<span className="visually-hidden"> pickup or delivery</span>
            </button>
          </div>
          {deliveryType === 'delivery' && info && info.deliveryFee > 0 ? (
            <p className="field-hint">
              A delivery fee of {formatMoney(toCents(info.deliveryFee))} is added to your total.
            </p>
          ) : null}
        </section>

        <ContactSection
          userId={userId}
          state={contactState}
          onSaved={contactSaved}
          phone={phoneForOrder}
          onPhone={setPhoneForOrder}
        />

        <SchedulePicker
          slots={slots}
          now={now}
          hours={info?.hours ?? DEFAULT_WEEKLY_HOURS}
          choice={
            schedule.kind === 'later'
              ? { kind: 'later', slot: chosenSlot?.toISOString() ?? null }
              : schedule
          }
          onChoice={setSchedule}
        />

        <div className="checkout-section field">
          <label htmlFor={`${id}-instructions`}>Instructions (optional)</label>
          <textarea
            id={`${id}-instructions`}
            rows={3}
            maxLength={MAX_INSTRUCTIONS_LENGTH}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            aria-describedby={`${id}-instructions-hint`}
          />
          <p id={`${id}-instructions-hint`} className="field-hint">
            For example: ring the side door, or cut the pizza in squares. Up to{' '}
            {MAX_INSTRUCTIONS_LENGTH} characters.
          </p>
        </div>

        {problem ? (
          <div key={problem.attempt} className="error-message" role="alert">
            {problem.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
        {closed ? (
          <p className="checkout-closed-note">
            {pausedUntil
              ? 'We are not taking orders for a few minutes. Choose Schedule for later to order for after.'
              : 'We are closed right now. Your cart is kept until we open.'}
          </p>
        ) : null}
        <button type="submit" className="primary checkout-submit" disabled={closed || busy}>
          {closed
            ? pausedUntil
              ? pausedText(pausedUntil, now)
              : 'Store Closed'
            : busy
              ? 'Confirming...'
              : 'Confirm Order'}
        </button>
      </form>
    </section>
  );
}
