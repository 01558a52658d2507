import { useCallback, useEffect, useState } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router';
import { formatPhone } from '../../domain/contact-rules';
import { DEFAULT_STORE_CONTACT } from '../../domain/store-contact';
import { isApiError } from '../shared/api';
import { useStoreInfo } from '../shared/store-info';
import { urls } from '../shared/urls';
import {
  browserOffline,
  isChunkLoadError,
  missedChunkOffline,
  OfflineError,
  serverAnswers,
} from '../shared/chunk-reload';

/** What went wrong, in the customer's words, and what Try again does about it. */
function describe(error: unknown): {
  title: string;
  text: string;
  reload: boolean;
  offline?: true;
} {
  // The screen's code or data did not come because there is no connection (not the server's).
  if (
    error instanceof OfflineError ||
    (isApiError(error, 'network') && (missedChunkOffline() || browserOffline()))
  ) {
    return {
      title: 'You are offline',
      text: 'This page needs a connection. Check your Wi-Fi or mobile data, then retry.',
      reload: false,
      offline: true,
    };
  }
  if (isChunkLoadError(error)) {
    return {
      title: 'This page needs a refresh',
      text: 'Our menu was just updated. Reload the page to get the newest version.',
      reload: true,
    };
  }
  if (isApiError(error, 'network')) {
    return {
      title: 'We could not reach the store',
      text: 'Check your connection and try again.',
      reload: false,
    };
  }
  return {
    title: 'Sorry, this page did not load',
    text: 'Something went wrong on our side. Please try again in a moment.',
    reload: false,
  };
}

/**
 * The friendly failure of one screen (per-route boundary, inside the shell) or of the whole app
 * (root boundary): what happened, Try again (runs the screen's loaders again, or reloads the page
 * when its code is missing), and the store's phone so an order is never blocked by a bug.
 */
function ErrorPanel() {
  const error = useRouteError();
  const { info } = useStoreInfo();
  const revalidator = useRevalidator();
  const { title, text, reload, offline } = describe(error);
  const phone = info?.phone ?? DEFAULT_STORE_CONTACT.phone;
  const [probing, setProbing] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);
  const retrying = revalidator.state === 'loading' || probing;
  const { revalidate } = revalidator;

  // Offline, a reload would show the browser's error page: ask the server first.
  const retryOnline = useCallback(async () => {
    setProbing(true);
    const answered = await serverAnswers();
    setProbing(false);
    setStillOffline(!answered);
    if (!answered) return;
    // A screen whose code failed offline stays failed in the router: only a reload brings it.
    if (missedChunkOffline()) window.location.reload();
    else void revalidate();
  }, [revalidate]);

  useEffect(() => {
    if (!offline) return;
    const back = () => void retryOnline();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [offline, retryOnline]);

  useEffect(() => {
    // Kept for whoever debugs it; the customer sees the panel.
    console.warn('A screen failed', error);
  }, [error]);

  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{text}</p>
      <div className="error-actions">
        <button
          type="button"
          className="primary"
          disabled={retrying}
          onClick={() =>
            offline
              ? void retryOnline()
              : reload
                ? window.location.reload()
                : void revalidator.revalidate()
          }
        >
          {retrying ? 'Trying again...' : offline ? 'Retry' : 'Try again'}
        </button>
        <Link className="button secondary-link" to={urls.home()} reloadDocument={reload}>
          Back to Categories
        </Link>
      </div>
      {offline ? (
        <p className="error-still" role="status">
          {stillOffline ? 'Still offline. We will load the page as soon as the store answers.' : ''}
        </p>
      ) : null}
      <p className="error-call">
        Or call us to order:{' '}
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="nowrap">
          {formatPhone(phone)}
        </a>
      </p>
    </section>
  );
}

/** A screen's boundary: the shell (hours, navigation, cart) stays usable around it. */
export function RouteErrorBoundary() {
  return <ErrorPanel />;
}

/** The last resort, when the shell itself failed: the same panel on a page of its own. */
export function RootErrorBoundary() {
  return (
    <main id="main" className="page">
      <ErrorPanel />
    </main>
  );
}
