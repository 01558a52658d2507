import { Fragment, lazy, Suspense, useCallback, useEffect, useRef, type RefObject } from 'react';
import {
  Link,
  NavLink,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useOutlet,
  useRevalidator,
} from 'react-router';
import {
  DEFAULT_STORE_CONTACT,
  DEFAULT_WEEKLY_HOURS,
  describeDay,
  describeWeeklyHours,
  formatPhone,
  pausedText,
  serviceDay,
  storeDate,
  storeDayTimeText,
} from '../../domain';
import { CartLink } from '../features/cart/cart-link';
import { menuApi } from '../shared/menu-api';
import { useOrderType } from '../shared/order-type';
import { onStoreChange } from '../shared/store-events';
import { useHydrated } from '../shared/first-render';
import { useKnownOrder } from '../shared/orders/known-order';
import { useSession } from '../shared/session';
import { useStoreInfo } from '../shared/store-info';
import { Loading } from '../shared/ui';
import { staffUrls, urls } from '../shared/urls';
import { useNow } from '../shared/use-now';
import { importChunk } from '../shared/chunk-reload';
import OrderTypeDialog from './order-type-dialog';
import { useRouteFocus } from './route-focus';

/** Only a signed-in customer has the account menu: a guest's first view does without its code. */
const UserMenu = lazy(() =>
  importChunk(() => import('./user-menu')).then((module) => ({ default: module.UserMenu })),
);

/** Its stream, its dialog and its code come only while this browser knows of an order in flight. */
const OrderBar = lazy(() => importChunk(() => import('./order-bar')));

/** How often a page left open asks again whether the store is open (the cache's age for it). */
const STORE_REFRESH_MS = 60_000;
/** How often a paused storefront looks whether its pause has ended. */
const PAUSE_CHECK_MS = 1_000;

/**
 * The shell on every page: hours, logo, order type, navigation, footer (the menu screens add
 * the offers beside themselves: `shared/special-offers.tsx`). It is
 * also the router's HydrateFallback, so it shows before the first screen's data has arrived.
 */
export function Layout() {
  const { user } = useSession();
  const known = useKnownOrder(user?._id);
  const { info } = useStoreInfo();
  const name = info?.name ?? DEFAULT_STORE_CONTACT.name;
  const profileName = info?.name;
  // The tab says the store's name as its profile has it now (the server's first view already
  // does); index.html's title is the name as seeded.
  useEffect(() => {
    if (profileName) document.title = profileName;
  }, [profileName]);
  const outlet = useOutlet();
  const navigating = useNavigation().state === 'loading';
  useStoreRefresh();
  const main = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Set by Edit: after the new choice focus goes back to Edit, otherwise to the page's content.
  const editing = useRef(false);
  useRouteFocus(main);
  const returnFocus = useCallback(() => {
    // Without scrolling: focusing the page's content would scroll the header, and the choice
    // it now shows ("Pickup"), out of a phone's view.
    (editing.current ? editButton.current : main.current)?.focus({ preventScroll: true });
    editing.current = false;
  }, []);
  return (
    <div className="shell">
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <HoursBar />
        <div className="header-bar">
          <Link to={urls.home()} className="logo" aria-label={`${name}, home`}>
            <img src="/favicon.svg" width="32" height="32" alt="" />
            <span className="logo-name">{name}</span>
          </Link>
          {/* The slogan has room on a wide screen only; a phone's first view is for the menu. */}
          <p className="tagline">Hot pizza and wings, made in Guelph. Pickup or delivery.</p>
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
        </div>
      </header>
      {known ? (
        <Suspense fallback={null}>
          <OrderBar key={known.orderId} known={known} />
        </Suspense>
      ) : null}
      <main
        id="main"
        className="page"
        tabIndex={-1}
        ref={main}
        aria-busy={navigating || outlet === null}
      >
        {/* The next screen's code and data are on their way; the current one stays meanwhile. */}
        {navigating ? <div className="route-progress" aria-hidden="true" /> : null}
        {outlet ?? <Loading />}
      </main>
      <footer className="site-footer">
        <Copyright name={name} />
        {info ? (
          <p>
            {info.pickupAddress} ·{' '}
            <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(info.phone)}</a>
          </p>
        ) : null}
        {/* The way in for the store's staff: the login takes a staff account to the board. */}
        <p>
          <Link to={staffUrls.board()} className="staff-link">
            Staff
          </Link>
        </p>
      </footer>
      <OrderTypeGate onDone={returnFocus} />
    </div>
  );
}

/**
 * The year is the store's (Toronto's) current one: the server's clock in its first view and
 * while hydrating, the browser's after, so a page left open over New Year's Eve turns over too.
 */
function Copyright({ name }: { name: string }) {
  const year = storeDate(useNow(60_000)).slice(0, 4);
  return <p>{`© ${year} ${name}`}</p>;
}

/**
 * Asks again every minute whether the store is open, by revalidating the page's loaders: the
 * store's status is then older than its cache allows, everything else is answered from memory.
 */
function useStoreRefresh() {
  const { revalidate } = useRevalidator();
  const { pausedUntil } = useStoreInfo();
  const resumesAt = pausedUntil?.getTime() ?? null;
  // Nobody announces a pause running out: ask again the second it has (the clock is read each
  // second rather than one long timer, so a machine that slept or a moved clock is followed).
  useEffect(() => {
    if (resumesAt === null) return undefined;
    const timer = window.setInterval(() => {
      if (Date.now() < resumesAt) return;
      window.clearInterval(timer);
      menuApi.forgetStore();
      void revalidate();
    }, PAUSE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [resumesAt, revalidate]);
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
const FALLBACK_HOURS = DEFAULT_WEEKLY_HOURS;

/**
 * The hours on every page as one line: open or closed now (once known) and today's hours, with
 * the whole week one tap away (a native disclosure: keyboard and screen readers know it).
 */
function HoursBar() {
  const { info, loaded, failed, storeOpen, pausedUntil } = useStoreInfo();
  const known = loaded && !failed && info !== null;
  const hours = info?.hours ?? FALLBACK_HOURS;
  // "Today" turns over at midnight (or at a past-midnight close): a minute's precision will do.
  const now = useNow(60_000);
  const today = serviceDay(now, hours);
  return (
    <section className="hours-bar" aria-label="Opening hours">
      <details>
        <summary>
          {/* Its room is held until the status is known, so the centred line does not move. */}
          {known ? (
            <strong
              className={`hours-now ${storeOpen ? 'hours-open' : pausedUntil ? 'hours-paused' : 'hours-closed'}`}
            >
              {storeOpen ? 'Open now' : pausedUntil ? pausedText(pausedUntil, now) : 'Closed now'}
            </strong>
          ) : (
            <span className="hours-now" aria-hidden="true" />
          )}
          <span>Today {describeDay(today.hours)}</span>{' '}
          <span className="hours-more">All hours</span>
        </summary>
        <p className="hours-week">
          Hours:{' '}
          {(info?.hoursText ?? describeWeeklyHours(FALLBACK_HOURS))
            .split(' · ')
            .map((part, index) => (
              <Fragment key={part}>
                {index > 0 ? ' · ' : null}
                <span className="nowrap">{part}</span>
              </Fragment>
            ))}
        </p>
      </details>
    </section>
  );
}

const SIGN_IN_PATHS: readonly string[] = [
  urls.login(),
  urls.forgotPassword(),
  urls.resetPassword(),
];

/**
 * The spec's order type modal, whenever no order type is stored (first visit, Edit, logout).
 * Whether one is stored is known only in the browser: the server draws the chooser on every
 * first view, and the page's inline script shows it before the app starts where none is stored
 * (`first-view-loader.ts`, decision 14). Hydration takes that same element over: it turns modal where
 * none is stored and goes where one is. Static, not a lazy chunk: the first view must draw it.
 * Not on the login page, nor on the two of a forgotten password.
 */
function OrderTypeGate({ onDone }: { onDone: () => void }) {
  const { orderType } = useOrderType();
  const hydrated = useHydrated();
  // Signing in is not ordering (staff sign in at a counter tablet), nor is setting a password
  // from a mail's link: no chooser over the form.
  const signingIn = SIGN_IN_PATHS.includes(useLocation().pathname);
  if ((hydrated && orderType !== null) || signingIn) return null;
  return <OrderTypeDialog onDone={onDone} drawnByServer={!hydrated} />;
}

/**
 * The chosen order type as one tappable chip: the whole summary is the button that changes it,
 * so it reads in full on its own row on a phone, and its name is what it shows.
 */
function OrderTypeSummary({
  editButton,
  onEdit,
}: {
  editButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
}) {
  const { orderType, address, orderAt, clear } = useOrderType();
  const type =
    orderType === 'pickup'
      ? 'Pickup'
      : orderType === 'delivery'
        ? `Delivery to ${address ?? ''}`
        : 'Pickup or delivery?';
  // A scheduled order says when; as soon as possible is what ordering means without one.
  const summary =
    orderType && orderAt ? `${type} · ${storeDayTimeText(new Date(orderAt), new Date())}` : type;
  return (
    <div className="order-type-summary">
      <button
        type="button"
        className="order-type-chip"
        ref={editButton}
        title={summary}
        onClick={() => {
          onEdit();
          clear();
        }}
      >
        <span className="order-type-text">
          <span className="visually-hidden">Order type: </span>
          {summary}
        </span>
        <span className="order-type-action">Change</span>
      </button>
    </div>
  );
}
