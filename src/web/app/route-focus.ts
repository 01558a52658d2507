import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a screen's heading (a detail screen shows it once its product loads). */
const WAIT_MS = 5000;

/**
 * After every route change, focus moves to the new screen's h1, so keyboard and screen reader
 * users start at the new content instead of on a link that no longer exists. One place for all
 * screens: the heading may render later than the route (data loads first), so it is waited for.
 * Focus is left alone on the first page load, and when the person has already moved it (e.g.
 * tabbed into the new screen) while the heading was still loading.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const handled = useRef(pathname);

  useEffect(() => {
    const root = main.current;
    if (!root || handled.current === pathname) return;
    handled.current = pathname;
    const before = document.activeElement;

    const focusHeading = (): boolean => {
      const heading = root.querySelector('h1');
      if (!heading) return false;
      const moved =
        document.activeElement !== before &&
        document.activeElement !== document.body &&
        document.activeElement !== null;
      if (moved) return true;
      heading.tabIndex = -1;
      // The scroll position is ScrollRestoration's job (top for a new page, kept on Back).
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
