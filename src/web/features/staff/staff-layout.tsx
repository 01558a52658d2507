import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import type { ApiMeAnswer, ApiStaffStore } from '../../../domain';
import { api, isAbort, isApiError } from '../../shared/api';
import { MailFailingBanner, mailApi } from '../../shared/mail-failing';
import { usePollWhileVisible } from '../../shared/use-poll';
import { useSession } from '../../shared/session';
import { useMutation } from '../../shared/use-mutation';
import { ErrorMessage, Loading } from '../../shared/ui';
import { staffUrls, urls } from '../../shared/urls';
import { createAlertSound, type AlertSound } from './alert-sound';
import { staffApi } from './staff-api';
import type { StaffContext } from './staff-context';
import { useStaffBoard } from './use-staff-board';
import './staff.css';

/** How often the staff bar asks whether mail is failing (a run must last 10 minutes anyway). */
const MAIL_STATUS_EVERY_MS = 30_000;

/** How often the alert rings again while a new order is unseen. */
const RING_EVERY_MS = 2_500;
const FLASH_EVERY_MS = 1_000;

type Access =
  | { kind: 'checking' }
  | { kind: 'guest' }
  | { kind: 'customer' }
  | { kind: 'failed' }
  | { kind: 'staff'; store: ApiStaffStore; admin: boolean };

/**
 * Who may use the staff app. A guest (the session says so) logs in and comes back without
 * asking the staff API. The session carries no role, so for anyone signed in the staff API
 * decides: its store controls answer 403 for a customer (and 401 for a session that ended).
 * /api/auth/me's `staffRole` says whether to show the admin's tabs (their routes check again).
 */
function useStaffAccess(): {
  access: Access;
  retry: () => void;
  setStore: (s: ApiStaffStore) => void;
} {
  const { user, checked } = useSession();
  const userId = user?._id ?? null;
  const guest = checked && userId === null;
  const [access, setAccess] = useState<Access>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (guest) {
      setAccess({ kind: 'guest' });
      return undefined;
    }
    // Before /api/auth/me answers, a stored user is worth asking for (nearly always right).
    if (!checked && userId === null) return undefined;
    const controller = new AbortController();
    Promise.all([
      staffApi.store(controller.signal),
      api<ApiMeAnswer>('/api/auth/me', { signal: controller.signal }),
    ]).then(
      ([store, me]) => setAccess({ kind: 'staff', store, admin: me.staffRole === 'admin' }),
      (error: unknown) => {
        if (isAbort(error)) return;
        if (isApiError(error, 'unauthorized')) setAccess({ kind: 'guest' });
        else if (isApiError(error, 'forbidden')) setAccess({ kind: 'customer' });
        else setAccess({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt, guest, checked, userId]);
  const retry = useCallback(() => {
    setAccess({ kind: 'checking' });
    setAttempt((count) => count + 1);
  }, []);
  const setStore = useCallback(
    (store: ApiStaffStore) =>
      setAccess((current) => ({
        kind: 'staff',
        store,
        admin: current.kind === 'staff' && current.admin,
      })),
    [],
  );
  return { access, retry, setStore };
}

/** The staff app's frame at /staff: its own header and navigation, none of the storefront's. */
export default function StaffLayout() {
  const { access, retry, setStore } = useStaffAccess();
  const location = useLocation();

  if (access.kind === 'checking') {
    return (
      <div className="staff-app">
        <main className="staff-main">
          <Loading />
        </main>
      </div>
    );
  }
  if (access.kind === 'guest') {
    return <Navigate to={urls.login()} replace state={{ from: location.pathname }} />;
  }
  if (access.kind === 'customer') return <NotForCustomers />;
  if (access.kind === 'failed') {
    return (
      <div className="staff-app">
        <main className="staff-main">
          <h1>Store</h1>
          <ErrorMessage onRetry={retry}>
            We could not reach the server. Check the connection and try again.
          </ErrorMessage>
        </main>
      </div>
    );
  }
  return (
    <StaffFrame
      store={access.store}
      admin={access.admin}
      setStore={setStore}
      onAccessLost={retry}
    />
  );
}

function NotForCustomers() {
  useEffect(() => {
    document.title = 'Staff only';
  }, []);
  return (
    <div className="staff-app">
      <main className="staff-main staff-denied">
        <h1>Staff only</h1>
        <p>This page is for the store&apos;s staff.</p>
        <p>
          <Link className="button" to={urls.home()}>
            Back to the menu
          </Link>
        </p>
      </main>
    </div>
  );
}

function StaffFrame({
  store,
  admin,
  setStore,
  onAccessLost,
}: {
  store: ApiStaffStore;
  admin: boolean;
  setStore: (store: ApiStaffStore) => void;
  onAccessLost: () => void;
}) {
  const { signOut } = useSession();
  // Never fails: signOut clears this browser's session whatever the server answered.
  const signingOut = useMutation(signOut, { fallback: '' });
  const board = useStaffBoard(onAccessLost);
  const { soundOn, turnOn, alerting, rings } = useAlert(board.unseen.length);
  useTitleFlash(board.unseen.length, store.name);
  const context: StaffContext = { store, setStore, board, admin };
  const { pathname } = useLocation();
  const mailFailingSince = useMailFailing(pathname);
  // The Outbox shows its own banner, with the failure's words.
  const onOutbox = pathname.startsWith(staffUrls.outbox());
  const connection =
    board.connected === false
      ? 'Reconnecting...'
      : board.connected === null
        ? 'Connecting...'
        : 'Live';

  return (
    <div
      className="staff-app"
      data-alert={alerting ? 'ringing' : 'quiet'}
      data-sound={soundOn ? 'on' : 'off'}
      data-rings={rings}
      data-unseen={board.unseen.length}
    >
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      <header className="staff-header">
        <p className="staff-store-name">{store.name}</p>
        <nav aria-label="Staff" className="staff-nav">
          <NavLink to={staffUrls.board()} end>
            Board
          </NavLink>
          <NavLink to={staffUrls.store()}>Store</NavLink>
          <NavLink to={staffUrls.menu()}>Menu</NavLink>
          <NavLink to={staffUrls.today()}>Today</NavLink>
          {admin ? <NavLink to={staffUrls.users()}>Staff</NavLink> : null}
          {admin ? <NavLink to={staffUrls.outbox()}>Outbox</NavLink> : null}
        </nav>
        <div className="staff-status">
          <p
            className={`staff-connection ${board.connected === false ? 'is-down' : board.connected ? 'is-live' : ''}`}
            role="status"
            data-testid="staff-connection"
          >
            {connection}
          </p>
          {soundOn ? (
            <p className="staff-sound is-on" data-testid="staff-sound">
              Sound on
            </p>
          ) : (
            <button
              type="button"
              className="staff-sound is-off"
              data-testid="staff-sound"
              onClick={() => void turnOn()}
            >
              Sound off: tap to turn on
            </button>
          )}
          {/* A shared counter tablet: the next person signs in as themselves (the login follows). */}
          <button
            type="button"
            className="staff-sign-out"
            disabled={signingOut.pending}
            onClick={() => void signingOut.run()}
          >
            Sign out
          </button>
        </div>
      </header>
      {soundOn ? null : (
        <button type="button" className="staff-sound-gate" onClick={() => void turnOn()}>
          Tap to turn on order sound
          <span>New orders ring until someone opens them. Browsers keep quiet until a tap.</span>
        </button>
      )}
      {mailFailingSince && !onOutbox ? (
        <div className="staff-mail-failing">
          <MailFailingBanner since={mailFailingSince} admin={admin} />
        </div>
      ) : null}
      {/* In the tab order: on a phone the board scrolls inside it, and an empty board has
          nothing else to focus, so the keyboard could not scroll it (axe: scrollable-region-focusable). */}
      <main id="staff-main" className="staff-main" tabIndex={0}>
        <Outlet context={context} />
      </main>
    </div>
  );
}

/**
 * Since when mail has been failing (GET /api/staff/mail-status), or null: asked on each screen
 * opened and every MAIL_STATUS_EVERY_MS while the page is visible.
 */
function useMailFailing(screen: string): string | null {
  const [since, setSince] = useState<string | null>(null);
  const poll = useCallback(async (signal: AbortSignal) => {
    setSince((await mailApi.status(signal)).failingSince);
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void poll(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [poll, screen]);
  usePollWhileVisible(poll, MAIL_STATUS_EVERY_MS);
  return since;
}

/** Rings now and every few seconds while there is an unseen new order (when sound is on). */
function useAlert(unseen: number) {
  const [soundOn, setSoundOn] = useState(false);
  const sound = useRef<AlertSound | null>(null);
  sound.current ??= createAlertSound(setSoundOn);
  const [rings, setRings] = useState(0);
  const alerting = unseen > 0;

  const turnOn = useCallback(async () => {
    setSoundOn((await sound.current?.unlock()) ?? false);
  }, []);

  useEffect(() => {
    if (!alerting) return undefined;
    const ring = () => {
      // A tablet that slept may have suspended the audio: say so instead of ringing silently.
      setSoundOn(sound.current?.on ?? false);
      sound.current?.ring();
      setRings((count) => count + 1);
    };
    ring();
    const timer = window.setInterval(ring, RING_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [alerting]);

  return { soundOn, turnOn, alerting, rings };
}

/** "(2) New order!" in the tab's title, alternating with the usual one, while orders are unseen. */
function useTitleFlash(unseen: number, storeName: string) {
  useEffect(() => {
    const usual = `Orders · ${storeName}`;
    document.title = usual;
    if (unseen === 0) return undefined;
    let flashing = false;
    const flash = () => {
      flashing = !flashing;
      document.title = flashing ? `(${unseen}) New order!` : usual;
    };
    flash();
    const timer = window.setInterval(flash, FLASH_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      document.title = usual;
    };
  }, [unseen, storeName]);
}
