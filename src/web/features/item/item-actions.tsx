import { Link } from 'react-router';
import { urls } from '../../shared/urls';
import { useCart } from '../../shared/cart/cart-context';

/** Add to Cart, and Go to Cart once the cart holds something. */
export function ItemActions({
  soldOut,
  notOffered = false,
  busy,
  describedBy,
  preview = false,
}: {
  soldOut: boolean;
  /** Outside its availability windows now: not added, the reason read with the button. */
  notOffered?: boolean;
  busy: boolean;
  /** The id of what is still missing, read with the button. */
  describedBy?: string;
  /** The staff's preview: the button as a customer sees it, disabled. */
  preview?: boolean;
}) {
  const { count } = useCart();
  return (
    <div className="item-actions">
      <button
        type="submit"
        className="primary add-to-cart"
        disabled={soldOut || notOffered || busy || preview}
        aria-describedby={describedBy}
      >
        {soldOut ? 'Sold out' : 'Add to Cart'}
      </button>
      {count > 0 && !preview ? (
        <Link className="button secondary-link" to={urls.cart()}>
          Go to Cart
        </Link>
      ) : null}
    </div>
  );
}
