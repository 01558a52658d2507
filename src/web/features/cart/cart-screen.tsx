import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { refusalReason } from '../../shared/api';
import { useNotice } from '../../shared/notices';
import { useMutation } from '../../shared/use-mutation';
import { pausedText } from '../../../domain/time-text';
import { useStoreInfo } from '../../shared/store-info';
import { ErrorMessage, Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useNow } from '../../shared/use-now';
import { useCart } from '../../shared/cart/cart-context';
import type { CartLine } from '../../shared/cart/cart-lines';
import type { UndoRemove } from '../../shared/cart/cart-store';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';
import { useOrderFigures } from './use-order-figures';
import './cart.css';

/** Long enough to notice a slip of the thumb and reach Undo; short enough not to linger. */
const UNDO_MS = 6000;

/** The last line removed, with how to put it back, while its Undo is offered. */
interface Removed {
  name: string;
  undo: UndoRemove;
}

/**
 * "Removed X. Undo" for a few seconds after a Remove. Focus moves to Undo (the Remove button
 * is gone with its line) and, when the offer ends, to the heading rather than the page's start.
 */
function UndoRemoveBar({
  removed,
  onDone,
  heading,
}: {
  removed: Removed | null;
  onDone: () => void;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const notify = useNotice();
  const button = useRef<HTMLButtonElement>(null);
  const undoing = useMutation((current: Removed) => current.undo(), {
    fallback: 'We could not put the line back.',
  });
  const busy = undoing.pending;
  useEffect(() => {
    if (!removed) return;
    button.current?.focus();
    const timer = window.setTimeout(() => {
      if (document.activeElement === button.current) heading.current?.focus();
      onDone();
    }, UNDO_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [removed, onDone, heading]);

  const undo = async (current: Removed) => {
    const result = await undoing.run(current);
    if (!result.ok && result.error) {
      console.warn('Undo failed', result.error);
      notify(`We could not put ${current.name} back.`, 'error', refusalReason(result.error));
    }
    heading.current?.focus();
    onDone();
  };

  // The live region stays in the page, so a screen reader hears the message when it appears.
  return (
    <div className="cart-undo-region" role="status">
      {removed ? (
        <p className="cart-undo">
          <span>Removed {removed.name}.</span>
          <button
            ref={button}
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => void undo(removed)}
          >
            Undo
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** The cart: lines, figures, tip and Proceed to Checkout (a guest signs in first). */
export default function CartScreen() {
  const { lines, figures: cartFigures, status, signedIn } = useCart();
  const { figures, feeUnknown } = useOrderFigures(lines, cartFigures);
  const { storeOpen, loaded, pausedUntil } = useStoreInfo();
  const now = useNow(60_000);
  // A pause lets a customer through to schedule for after it; closed does not.
  const blocked = !storeOpen && pausedUntil === null;
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const clearRemoved = useCallback(() => {
    setRemoved(null);
  }, []);
  const onRemoved = (line: CartLine, undo: UndoRemove) => {
    setRemoved({ name: line.name, undo });
  };
  // Above the lines, and drawn by the server too while the cart is unknown to it (a guest's
  // lives in the browser): a phone on a closed evening sees why checkout is paused in the
  // first paint instead of after the app starts. Until the lines are in, it shows only where
  // the page's loader found a stored cart (`data-cart-stored`, cart.css), so an empty cart
  // never flashes it.
  const closedNote = loaded && !storeOpen && (lines.length > 0 || status === 'loading');

  const proceed = () => {
    if (signedIn) void navigate(urls.checkout());
    else void navigate(urls.login(), { state: { from: urls.cart() } });
  };

  return (
    <section className="cart-screen" aria-labelledby="cart-title">
      <h1 id="cart-title" ref={heading} tabIndex={-1}>
        Your Cart
      </h1>
      <UndoRemoveBar removed={removed} onDone={clearRemoved} heading={heading} />
      {closedNote ? (
        <p className="cart-closed-note" data-awaits-cart={lines.length === 0 || undefined}>
          {pausedUntil
            ? `${pausedText(pausedUntil, now)}. You can schedule your order for later at checkout.`
            : 'We are closed right now, so checkout is paused. Your cart is kept until we open.'}
        </p>
      ) : null}
      {status === 'error' ? (
        <ErrorMessage>We could not load your cart. Please refresh the page.</ErrorMessage>
      ) : null}
      {status === 'loading' && lines.length === 0 ? <Loading /> : null}
      {status !== 'error' && status !== 'loading' && lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty. Hungry? Pizza, wings and more are a tap away.</p>
          <Link className="button" to={urls.home()}>
            Browse the menu
          </Link>
        </div>
      ) : null}
      {lines.length > 0 ? (
        <>
          <ul className="cart-lines" aria-label="Items in your cart">
            {lines.map((line) => (
              <CartLineItem key={line.id} line={line} onRemoved={onRemoved} />
            ))}
          </ul>
          {figures ? <CartSummary figures={figures} feeUnknown={feeUnknown} /> : <Loading />}
          <div className="cart-actions">
            <Link className="continue-link" to={urls.home()}>
              Continue shopping
            </Link>
            <button
              type="button"
              className="primary"
              disabled={blocked || !figures}
              onClick={proceed}
            >
              {loaded && blocked ? 'Store Closed' : 'Proceed to Checkout'}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
