import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `everyMs` while the page is visible, and at once when it becomes visible
 * again; nothing while hidden (a tablet in a drawer costs the server nothing). One call at a
 * time: the next is planned only after the last settled, so a slow server never piles requests
 * up. The call's signal is aborted when the screen goes away.
 */
export function usePollWhileVisible(
  poll: (signal: AbortSignal) => Promise<unknown>,
  everyMs: number,
): void {
  // The latest `poll` without restarting the timer on each render.
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    let busy = false;
    const plan = () => {
      window.clearTimeout(timer);
      if (document.visibilityState === 'visible') timer = window.setTimeout(run, everyMs);
    };
    const run = () => {
      if (busy || controller.signal.aborted) return;
      busy = true;
      latest
        .current(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          if (!controller.signal.aborted) plan();
        });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') run();
      else window.clearTimeout(timer);
    };
    plan();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [everyMs]);
}
