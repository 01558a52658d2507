import { Fragment, lazy, Suspense, useCallback, useEffect, useRef, type RefObject } from 'react';
import {
  Link,
  NavLink,
  ScrollRestoration,
  useNavigation,
  useOutlet,
  useRevalidator,
} from 'react-router';
import { DEFAULT_STORE_CONTACT, DEFAULT_WEEKLY_HOURS, describeWeeklyHours } from '../../domain';
import { CartLink } from '../features/cart/cart-link';
import { menuApi } from '../shared/menu-api';
import { useOrderType } from '../shared/order-type';
import { onStoreChange } from '../shared/store-events';
import { useSession } from '../shared/session';
import { useStoreInfo } from '../shared/store-info';
import { Loading } from '../shared/ui';
import { urls } from '../shared/urls';
import { importChunk } from '../shared/chunk-reload';
import { useRouteFocus } from './route-focus';
import { SpecialOffers } from './special-offers';

/** Most visits already have an order type stored, so the chooser's code loads only when needed. */
const OrderTypeDialog = lazy(() => importChunk(() => import('./order-type-dialog')));
/** Only a signed-in customer has the account menu: a guest's first view does without its code. */
const UserMenu = lazy(() =>
  importChunk(() => import('./user-menu')).then((module) => ({ default: module.UserMenu })),
);

/** How often a page left open asks again whether the store is open (the cache's age for it). */
const STORE_REFRESH_MS = 60_000;

/**
 * The shell on every page: hours, logo, order type, navigation, banner, offers, footer. It is
 * also the router's HydrateFallback, so it shows before the first screen's data has arrived.
 */
export function Layout() {
  const { user } = useSession();
  const { info } = useStoreInfo();
  const name = info?.name ?? DEFAULT_STORE_CONTACT.name;
  const outlet = useOutlet();
  const navigating = useNavigation().state === 'loading';
  useStoreRefresh();
  const main = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Set by Edit: after the new choice focus goes back to Edit, otherwise to the page's content.
  const editing = useRef(false);
  useRouteFocus(main);
  const returnFocus = useCallback(() => {
    (editing.current ? editButton.current : main.current)?.focus();
    editing.current = false;
  }, []);
  return (
    <div className="shell">
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <HoursBanner />
      <header className="site-header">
        <Link to={urls.home()} className="logo" aria-label={`${name}, home`}>
          <img src="/favicon.svg" width="36" height="36" alt="" />
          <span>{name}</span>
        </Link>
        <OrderTypeSummary
          editButton={editButton}
          onEdit={() => {
            editing.current = true;
          }}
        />
        <nav aria-label="Main" className="main-nav">
          <NavLink to={urls.home()} end>
            Home
          </NavLink>
          {user ? (
            <Suspense fallback={<span className="nav-pending">{user.name}</span>}>
              <UserMenu />
            </Suspense>
          ) : (
            <NavLink to={urls.login()}>Login</NavLink>
          )}
          <CartLink />
        </nav>
      </header>
      <div className="banner">
        <p>Hot pizza and wings, made in Guelph. Pickup or delivery.</p>
      </div>
      <div className="page">
        <main id="main" tabIndex={-1} ref={main} aria-busy={navigating || outlet === null}>
          {/* The next screen's code and data are on their way; the current one stays meanwhile. */}
          {navigating ? <div className="route-progress" aria-hidden="true" /> : null}
          {outlet ?? <Loading />}
        </main>
        <SpecialOffers />
      </div>
      <footer className="site-footer">
        <p>© 2025 {name}</p>
        {info ? (
          <p>
            {info.pickupAddress} ·{' '}
            <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`}>{info.phone}</a>
          </p>
        ) : null}
      </footer>
      <OrderTypeGate onDone={returnFocus} />
    </div>
  );
}

/**
 * Asks again every minute whether the store is open, by revalidating the page's loaders: the
 * store's status is then older than its cache allows, everything else is answered from memory.
 */
function useStoreRefresh() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => void revalidate(), STORE_REFRESH_MS);
    // The staff's changes (closed, paused, sold out, a price) arrive at once: ask again then.
    const stop = onStoreChange((what) => {
      if (what === 'menu') menuApi.forgetMenu();
      else menuApi.forgetStore();
      void revalidate();
    });
    return () => {
      window.clearInterval(timer);
      stop();
    };
  }, [revalidate]);
}

/** Until the store's own hours arrive, the default hours (menu.md) are the best guess. */
const FALLBACK_HOURS = describeWeeklyHours(DEFAULT_WEEKLY_HOURS);

/** The hours on every page, with whether the store is open now once that is known. */
function HoursBanner() {
  const { info, loaded, failed, storeOpen } = useStoreInfo();
  const known = loaded && !failed && info !== null;
  return (
    <section className="hours-banner" aria-label="Opening hours">
      <p>
        {known ? (
          <strong className={storeOpen ? 'hours-open' : 'hours-closed'}>
            {storeOpen ? 'Open now' : 'Closed now'}
          </strong>
        ) : null}
        <span>
          Hours:{' '}
          {(info?.hoursText ?? FALLBACK_HOURS).split(' · ').map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? ' · ' : null}
              <span className="nowrap">{part}</span>
            </Fragment>
          ))}
        </span>
      </p>
    </section>
  );
}

/** The spec's order type modal, whenever no order type is stored (first visit, Edit, logout). */
function OrderTypeGate({ onDone }: { onDone: () => void }) {
  const { orderType } = useOrderType();
  if (orderType !== null) return null;
  return (
    <Suspense fallback={null}>
      <OrderTypeDialog onDone={onDone} />
    </Suspense>
  );
}

function OrderTypeSummary({
  editButton,
  onEdit,
}: {
  editButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
}) {
  const { orderType, address, clear } = useOrderType();
  const summary =
    orderType === 'pickup'
      ? 'Pickup'
      : orderType === 'delivery'
        ? `Delivery to ${address ?? ''}`
        : 'Pickup or delivery?';
  return (
    <div className="order-type-summary">
      <span title={summary}>{summary}</span>
      <button
        type="button"
        className="link-button"
        ref={editButton}
        onClick={() => {
          onEdit();
          clear();
        }}
        aria-label="Change pickup or delivery"
      >
        Edit
      </button>
    </div>
  );
}
