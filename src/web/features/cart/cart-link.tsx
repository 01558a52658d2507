import { NavLink } from 'react-router';
import { urls } from '../../shared/urls';
import { useCart } from '../../shared/cart/cart-context';

/**
 * The nav's Cart link with the item count. Its name is what it shows ("Cart 3") plus the word
 * "items" for a screen reader, so voice control users can say what they see.
 */
export function CartLink() {
  const { count } = useCart();
  return (
    <NavLink to={urls.cart()} className="cart-link">
      Cart{' '}
      {count > 0 ? (
        <span className="cart-count">
          {count}
          <span className="visually-hidden">{count === 1 ? ' item' : ' items'}</span>
        </span>
      ) : null}
    </NavLink>
  );
}
