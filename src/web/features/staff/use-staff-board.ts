import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { prepStartAt, type ApiStaffOrder } from '../../../domain';
import { isAbort, isApiError, refusalReason } from '../../shared/api';
import { DONE_STATUSES, OPEN_STATUSES, staffApi } from './staff-api';
import { openStaffEvents } from './staff-events';

export interface StaffBoard {
  /** Every order the board knows, by id; null until the first load answers. */
  orders: ReadonlyMap<string, ApiStaffOrder> | null;
  /** The stream: null while first connecting, false while it cannot (shown as Reconnecting). */
  connected: boolean | null;
  /** The last load's failure in words, while the board shows what it had. */
  loadFailure: string | null;
  reload: () => void;
  /**
   * What the alert rings for while there is one: pending orders nobody has opened yet, and
   * accepted scheduled orders whose time to start has come, until someone opens them then.
   */
  unseen: readonly ApiStaffOrder[];
  markOpened: (id: string) => void;
  /** Puts an order as an answer returned it (before its event arrives). */
  put: (order: ApiStaffOrder) => void;
}

const LOAD_FAILED = 'The orders could not be loaded. The board retries on its own.';

/**
 * The board's orders: loaded from the API (open ones and the finished ones to show as done),
 * then kept live by the staff stream. Every (re)connection's `ready` loads the list again, so
 * whatever the stream could not replay (a server restart, a tablet that slept for hours) is
 * caught up; coming back to a hidden tab does the same. An event that arrives while a load is
 * under way wins over that load's older copy of the order.
 */
export function useStaffBoard(enabled: boolean, onAccessLost?: () => void): StaffBoard {
  // Read when a load is refused; the load itself must not change with it.
  const accessLost = useRef(onAccessLost);
  useEffect(() => {
    accessLost.current = onAccessLost;
  }, [onAccessLost]);
  const [orders, setOrders] = useState<Map<string, ApiStaffOrder> | null>(null);
  const [connected, setConnected] = useState<boolean | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  /** Orders an event (or an answer) changed since the load under way started. */
  const touched = useRef(new Set<string>());
  const loading = useRef<AbortController | null>(null);

  const put = useCallback((order: ApiStaffOrder) => {
    touched.current.add(order._id);
    setOrders((current) => new Map(current ?? []).set(order._id, order));
  }, []);

  const reload = useCallback(() => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    touched.current = new Set();
    Promise.all([
      staffApi.orders(OPEN_STATUSES, controller.signal),
      staffApi.orders(DONE_STATUSES, controller.signal),
    ]).then(
      ([open, done]) => {
        if (controller.signal.aborted) return;
        const changed = touched.current;
        setOrders((current) => {
          const next = new Map<string, ApiStaffOrder>();
          for (const order of [...done, ...open]) next.set(order._id, order);
          for (const id of changed) {
            const newer = current?.get(id);
            if (newer) next.set(id, newer);
          }
          return next;
        });
        setLoadFailure(null);
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        // The session ended or the account is no longer staff: the frame asks who this is again
        // (the login, or the page for customers), rather than showing a board that cannot load.
        if (isApiError(error, 'unauthorized', 'forbidden') && accessLost.current) {
          accessLost.current();
          return;
        }
        console.warn('Could not load the orders', error);
        setLoadFailure(refusalReason(error) ?? LOAD_FAILED);
      },
    );
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    reload();
    const close = openStaffEvents({
      onEvent: (event) => put(event.order),
      onConnection: setConnected,
      onReady: reload,
    });
    // A tablet waking up, or a tab brought back: its stream may have died quietly meanwhile.
    const wake = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', reload);
    return () => {
      close();
      loading.current?.abort();
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', reload);
    };
  }, [enabled, reload, put]);

  // A failed load tries again on its own, so a board left alone recovers without a tap.
  useEffect(() => {
    if (!loadFailure) return undefined;
    const timer = window.setTimeout(reload, 10_000);
    return () => window.clearTimeout(timer);
  }, [loadFailure, reload]);

  const startsAt = useMemo(() => startTimes(orders), [orders]);
  const clock = useStartClock(startsAt);

  const markOpened = useCallback(
    (id: string) => {
      // Opened after its start came, the start has been seen; before, only the order has.
      const key = isStartTime(startsAt.get(id), Date.now()) ? startKey(id) : id;
      setOpened((current) => (current.has(key) ? current : new Set(current).add(key)));
    },
    [startsAt],
  );

  const unseen = useMemo(
    () =>
      [...(orders?.values() ?? [])].filter((order) => {
        if (order.status === 'pending') return !opened.has(order._id);
        return isStartTime(startsAt.get(order._id), clock) && !opened.has(startKey(order._id));
      }),
    [orders, opened, startsAt, clock],
  );

  return { orders, connected, loadFailure, reload, unseen, markOpened, put };
}

const startKey = (id: string) => `${id}@start`;

/**
 * Each accepted scheduled order's time to start (epoch ms, from its start to its scheduled
 * time), by id. Past its time it is being made or late, and rings no more (a reload included).
 */
interface StartWindow {
  from: number;
  until: number;
}

function startTimes(orders: ReadonlyMap<string, ApiStaffOrder> | null): Map<string, StartWindow> {
  const starts = new Map<string, StartWindow>();
  for (const order of orders?.values() ?? []) {
    if (order.status !== 'accepted' || !order.scheduleTime) continue;
    const until = new Date(order.scheduleTime);
    starts.set(order._id, {
      from: prepStartAt(until, order.readyMinutes).getTime(),
      until: until.getTime(),
    });
  }
  return starts;
}

const isStartTime = (window: StartWindow | undefined, at: number): window is StartWindow =>
  window !== undefined && window.from <= at && at < window.until;

/** How often the board looks whether a scheduled order's start has come. */
const START_CHECK_MS = 1_000;

/**
 * The browser's clock, moved on only when a start (or its end) has passed since it last moved:
 * the board rings at a start without drawing itself again every second in between.
 */
function useStartClock(starts: ReadonlyMap<string, StartWindow>): number {
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const now = Date.now();
      const passed = (at: number, last: number) =>
        (at > last && at <= now) || (at <= last && at > now);
      setClock((last) =>
        [...starts.values()].some(({ from, until }) => passed(from, last) || passed(until, last))
          ? now
          : last,
      );
    }, START_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [starts]);
  return clock;
}
