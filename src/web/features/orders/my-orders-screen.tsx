import { Link, Navigate } from 'react-router';
import { useSession } from '../../shared/session';
import { useStoreInfo } from '../../shared/store-info';
import { ErrorMessage, Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { OrderCard } from './order-card';
import { useMyOrders, type OrdersFailure } from './use-my-orders';
import { useReorder } from './use-reorder';
import './my-orders.css';

/** My Orders needs a signed-in customer; anyone else logs in first and comes back here. */
export default function MyOrdersScreen() {
  const { user, checked } = useSession();
  if (!user) {
    // A session cookie without a stored user (storage cleared) still counts: ask the server first.
    if (!checked) return <Loading />;
    return <Navigate to={urls.login()} replace state={{ from: urls.myOrders() }} />;
  }
  return <MyOrders key={user._id} userId={user._id} sessionChecked={checked} />;
}

function MyOrders({ userId, sessionChecked }: { userId: string; sessionChecked: boolean }) {
  const { orders, failure, retry, retrying, connected, announcement } = useMyOrders(
    userId,
    sessionChecked,
  );
  const { reorder, busyId } = useReorder();
  const { info } = useStoreInfo();

  return (
    <section className="orders-screen" aria-labelledby="orders-title">
      <h1 id="orders-title">My Orders</h1>
      {/* Always in the page, so a change of its text is announced (politely, focus stays put). */}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {connected === false && orders ? (
        <p className="orders-note">Reconnecting for live updates...</p>
      ) : null}
      {orders === null ? (
        failure ? (
          <LoadFailure failure={failure} onRetry={() => void retry()} />
        ) : (
          <Loading />
        )
      ) : orders.length === 0 ? (
        <div className="orders-empty">
          <p>No orders found.</p>
          <Link className="button" to={urls.home()}>
            Browse the menu
          </Link>
        </div>
      ) : (
        <>
          {failure ? (
            <p className="orders-note">
              We could not refresh your orders just now.{' '}
              <button
                type="button"
                className="link-button"
                disabled={retrying}
                onClick={() => void retry()}
              >
                Try again
              </button>
            </p>
          ) : null}
          <ul className="order-list" aria-label="Your orders">
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard
                  order={order}
                  pickupAddress={info?.pickupAddress ?? null}
                  busy={busyId === order._id}
                  onReorder={() => reorder(order)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The list could not be loaded: why, in the customer's words, and Try again. */
function LoadFailure({ failure, onRetry }: { failure: OrdersFailure; onRetry: () => void }) {
  if (failure.code === 'unauthorized') {
    return (
      <div className="error-message" role="alert">
        <p>Your session has ended. Please log in again to see your orders.</p>
        <Link className="button" to={urls.login()} state={{ from: urls.myOrders() }}>
          Login
        </Link>
      </div>
    );
  }
  return (
    <ErrorMessage onRetry={onRetry}>
      We could not load your orders.{' '}
      {failure.code === 'network' ? failure.message : 'Please try again in a moment.'}
    </ErrorMessage>
  );
}
