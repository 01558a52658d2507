import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from './api';

/** What a live stream tells its screen (shared/orders/order-events.ts, the staff stream). */
export interface LiveHandlers<E> {
  onEvent: (event: E) => void;
  /** Connected (true) or lost and waiting to reconnect (false). */
  onConnection: (connected: boolean) => void;
  /** The server's position arrived on a (re)connection: what came before it is in a new list. */
  onReady: () => void;
}

export interface LiveListOptions<L, E, F> {
  /** The list already in hand (a route loader's answer); without one it is loaded at once. */
  initial: { list: L | null; failure: F | null } | null;
  load: (signal: AbortSignal) => Promise<L>;
  /** Opens the stream, returning what closes it; null while it must wait. Keep it stable. */
  open: ((handlers: LiveHandlers<E>) => () => void) | null;
  /** What an event does to the list without asking the server. */
  apply: (list: L | null, event: E) => L | null;
  /** A failed load in the screen's terms; null when the screen dealt with it another way. */
  describe: (error: unknown) => F | null;
  /**
   * Unset: each event is shown at once (it carries its item whole) and every (re)connection
   * loads the list again. Set: an event, or a (re)connection, asks for the list again this many
   * ms later (a burst is one request), and the events are applied only if that request fails.
   */
  reloadDelayMs?: number;
}

/**
 * A list loaded from the server and kept live by a stream. The list on screen is replaced only
 * by a newer one, never emptied by a failure (kept in `failure` beside it). An event that arrives
 * while a load is under way is not lost to that load's older answer.
 */
export function useLiveList<L, E, F>(options: LiveListOptions<L, E, F>) {
  // Read when they are needed; a new closure from each render must not reopen the stream.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { open, reloadDelayMs } = options;
  const [list, setList] = useState<L | null>(() => options.initial?.list ?? null);
  const [failure, setFailure] = useState<F | null>(() => options.initial?.failure ?? null);
  const [connected, setConnected] = useState<boolean | null>(null);
  const [loadOnMount] = useState(options.initial === null);
  /** Events not yet reflected in a list from the server, oldest first. */
  const pending = useRef<E[]>([]);
  const loading = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    const { load, apply, describe, reloadDelayMs: delayed } = latest.current;
    const taken = pending.current.length;
    try {
      const loaded = await load(controller.signal);
      if (controller.signal.aborted) return;
      pending.current.splice(0, taken);
      const since = pending.current;
      // Shown at once, the newer events must stay shown; waited for, they ask for another load.
      setList(delayed === undefined ? since.reduce(apply, loaded) : loaded);
      setFailure(null);
    } catch (error) {
      if (isAbort(error) || controller.signal.aborted) return;
      if (delayed !== undefined) {
        const events = pending.current.splice(0);
        setList((before) => before && events.reduce(apply, before));
      }
      const described = describe(error);
      if (described !== null) setFailure(described);
    }
  }, []);

  /** Puts what an answer returned, as its event would, before the event arrives. */
  const put = useCallback((event: E) => {
    pending.current.push(event);
    setList((current) => latest.current.apply(current, event));
  }, []);

  useEffect(() => {
    if (loadOnMount) void reload();
    return () => loading.current?.abort();
  }, [loadOnMount, reload]);

  useEffect(() => {
    if (!open) return undefined;
    let timer: number | undefined;
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void reload(), reloadDelayMs);
    };
    const close = open({
      onEvent: (event) => {
        if (reloadDelayMs === undefined) {
          put(event);
        } else {
          pending.current.push(event);
          later();
        }
      },
      onConnection: setConnected,
      onReady: () => {
        if (reloadDelayMs === undefined) void reload();
        else later();
      },
    });
    return () => {
      close();
      window.clearTimeout(timer);
    };
  }, [open, reloadDelayMs, reload, put]);

  /** A newer list from elsewhere (a loader's fresh answer). */
  const replace = useCallback((next: L) => {
    setList(next);
    setFailure(null);
  }, []);

  return { list, failure, connected, reload, put, replace };
}
