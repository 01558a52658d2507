import { Link } from 'react-router';
import { urls } from '../../shared/urls';
import { useCart } from '../../shared/cart/cart-context';

/** Add to Cart, and Go to Cart once the cart holds something. */
export function ItemActions({
  soldOut,
  notOffered = false,
  busy,
  describedBy,
}: {
  soldOut: boolean;
  /** Outside its availability windows now: not added, the reason read with the button. */
  notOffered?: boolean;
  busy: boolean;
  /** The id of what is still missing, read with the button. */
  describedBy?: string;
}) {
  const { count } = useCart();
  return (
    <div className="item-actions">
      <button
        type="submit"
        className="primary add-to-cart"
        disabled={soldOut || notOffered || busy}
        aria-describedby={describedBy}
      >
        {soldOut ? 'Sold out' : 'Add to Cart'}
      </button>
      {count > 0 ? (
        <Link className="button secondary-link" to={urls.cart()}>
          Go to Cart
        </Link>
      ) : null}
    </div>
  );
}
