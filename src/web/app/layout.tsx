import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { CartLink } from '../features/cart/cart-link';
import { useOrderType } from '../shared/order-type';
import { useSession } from '../shared/session';
import { useStoreInfo } from '../shared/store-info';
import { Loading } from '../shared/ui';
import { urls } from '../shared/urls';
import { SpecialOffers } from './special-offers';
import { UserMenu } from './user-menu';

/** The shell on every page: hours, logo, order type, navigation, banner, offers, footer. */
export function Layout() {
  const { info } = useStoreInfo();
  const { user } = useSession();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <p className="hours-banner">
        Open {info?.hoursText ?? 'Sun-Wed 11:00-23:00 · Thu 11:00-00:00 · Fri-Sat 11:00-01:00'}
      </p>
      <header className="site-header">
        <Link
          to={urls.home()}
          className="logo"
          aria-label={`${info?.name ?? 'Royal City Pizza & Wings'}, home`}
        >
          <img src="/favicon.svg" width="36" height="36" alt="" />
          <span>{info?.name ?? 'Royal City Pizza & Wings'}</span>
        </Link>
        <OrderTypeSummary />
        <nav aria-label="Main" className="main-nav">
          <NavLink to={urls.home()} end>
            Home
          </NavLink>
          {user ? <UserMenu /> : <NavLink to={urls.login()}>Login</NavLink>}
          <CartLink />
        </nav>
      </header>
      <div className="banner" role="presentation">
        <p>Hot pizza and wings, made in Guelph. Pickup or delivery.</p>
      </div>
      <div className="page">
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <SpecialOffers />
      </div>
      <footer className="site-footer">
        <p>© 2025 {info?.name ?? 'Royal City Pizza & Wings'}</p>
        {info ? (
          <p>
            {info.pickupAddress} ·{' '}
            <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`}>{info.phone}</a>
          </p>
        ) : null}
      </footer>
    </div>
  );
}

function OrderTypeSummary() {
  const { orderType, address, clear } = useOrderType();
  const summary =
    orderType === 'pickup'
      ? 'Pickup'
      : orderType === 'delivery'
        ? `Delivery to ${address ?? ''}`
        : 'Pickup or delivery?';
  return (
    <div className="order-type-summary">
      <span>{summary}</span>
      <button
        type="button"
        className="link-button"
        onClick={clear}
        aria-label="Change pickup or delivery"
      >
        Edit
      </button>
    </div>
  );
}
