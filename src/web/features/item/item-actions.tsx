import { Link } from 'react-router';
import { urls } from '../../shared/urls';
import { useCart } from '../../shared/cart/cart-context';

/** Add to Cart, and Go to Cart once the cart holds something. */
export function ItemActions({ soldOut, busy }: { soldOut: boolean; busy: boolean }) {
  const { count } = useCart();
  return (
    <div className="item-actions">
      <button type="submit" className="primary add-to-cart" disabled={soldOut || busy}>
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
