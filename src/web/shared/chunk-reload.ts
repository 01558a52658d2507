/**
 * After a deploy, a page left open asks for code chunks whose hashed names no longer exist. A
 * reload fetches the new index and its chunks, so the first such failure reloads the page once;
 * the time of that reload is kept in sessionStorage, and a failure again within the window shows
 * the error screen instead of reloading in a loop (the chunk is truly missing).
 *
 * Offline, a reload would land on the browser's own error page: when the chunk could not be
 * fetched and the server does not answer either (or the browser says it is offline), the screen
 * fails with `OfflineError` instead, and the error screen offers Retry, which reloads only once
 * the server answers (`serverAnswers`).
 */
const RELOADED_AT_KEY = 'chunkReloadedAt';
const RELOAD_WINDOW_MS = 60_000;

/** The browsers' words for a dynamic import that could not be fetched, and Vite's for its CSS. */
const CHUNK_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && CHUNK_FAILURES.some((failure) => error.message.includes(failure))
  );
}

/** How long the probe of the server waits for an answer. */
const PROBE_TIMEOUT_MS = 5_000;

/** A screen's code could not be fetched, and the server could not be reached either. */
export class OfflineError extends Error {
  constructor() {
    super('Offline: a code chunk could not be fetched');
    this.name = 'OfflineError';
  }
}

let missedOffline = false;
/** A chunk failed offline: the router keeps that failure, so only a reload brings the screen. */
export function missedChunkOffline(): boolean {
  return missedOffline;
}

/** The browser says it has no connection (never on the server's render). */
export const browserOffline = (): boolean =>
  typeof window !== 'undefined' && !window.navigator.onLine;

/** Whether the browser is online and the server answers GET /healthz (any status will do). */
export async function serverAnswers(): Promise<boolean> {
  if (browserOffline()) return false;
  try {
    await fetch('/healthz', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads the page again unless it already did so within the window; says whether it did. `href`
 * is where a navigation was going (the address bar still shows where it came from).
 */
function reloadOnce(href?: string, now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now - last < RELOAD_WINDOW_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // No storage, no guard against a loop: show the error screen instead.
    return false;
  }
  if (href) window.location.assign(href);
  else window.location.reload();
  return true;
}

/**
 * A dynamic import that loads the page again once when its chunk is gone (see above), at
 * `target()` when given (the screen being navigated to), else where it is.
 */
export async function importChunk<T>(
  load: () => Promise<T>,
  target?: () => string | undefined,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    if (!(await serverAnswers())) {
      missedOffline = true;
      throw new OfflineError();
    }
    // The page is going away: render nothing new meanwhile.
    if (reloadOnce(target?.())) return new Promise<never>(() => undefined);
    throw error;
  }
}
