import { NavLink } from 'react-router';
import { urls } from '../../shared/urls';
import { useCart } from '../../shared/cart/cart-context';

/** The nav's Cart link with the item count. */
export function CartLink() {
  const { count } = useCart();
  return (
    <NavLink to={urls.cart()} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      Cart{count > 0 ? <span className="cart-count">{count}</span> : null}
    </NavLink>
  );
}
