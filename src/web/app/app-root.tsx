import { Outlet } from 'react-router';
import { NoticeProvider } from '../shared/notices';
import { OrderTypeProvider } from '../shared/order-type';
import { SessionProvider } from '../shared/session';
import { StoreInfoProvider } from '../shared/store-info';

/** App-wide state, inside the router so providers may navigate. */
export function AppRoot() {
  return (
    <NoticeProvider>
      <StoreInfoProvider>
        <OrderTypeProvider>
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        </OrderTypeProvider>
      </StoreInfoProvider>
    </NoticeProvider>
  );
}
