import { Outlet } from 'react-router';
import { CartProvider } from '../shared/cart/cart-context';
import { NoticeProvider } from '../shared/notices';
import { OrderTypeProvider } from '../shared/order-type';
import { SessionProvider } from '../shared/session';

/** App-wide state, inside the router so providers may navigate. */
export function AppRoot() {
  return (
    <NoticeProvider>
      <OrderTypeProvider>
        <SessionProvider>
          <CartProvider>
            <Outlet />
          </CartProvider>
        </SessionProvider>
      </OrderTypeProvider>
    </NoticeProvider>
  );
}
