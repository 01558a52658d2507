import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiOrderTimesInput, orderTimes, type ApiStaffOrder } from '../../../domain';
import { isApiError, refusalReason } from '../../shared/api';
import { useLiveList, type LiveHandlers } from '../../shared/use-live-list';
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

const loadBoard = (signal: AbortSignal) =>
  Promise.all([
    staffApi.orders(OPEN_STATUSES, signal),
    staffApi.orders(DONE_STATUSES, signal),
  ]).then(
    ([open, done]) => new Map([...done, ...open].map((order) => [order._id, order] as const)),
  );

const putOrder = (orders: ReadonlyMap<string, ApiStaffOrder> | null, order: ApiStaffOrder) =>
  new Map(orders ?? []).set(order._id, order);

const openBoardEvents = (handlers: LiveHandlers<ApiStaffOrder>) =>
  openStaffEvents({ ...handlers, onEvent: (event) => handlers.onEvent(event.order) });

/**
 * The board's orders: loaded from the API (open ones and the finished ones to show as done),
 * then kept live by the staff stream (shared/use-live-list.ts), each event shown at once. Every
 * (re)connection's `ready` loads the list again, so whatever the stream could not replay (a
 * server restart, a tablet that slept for hours) is caught up; coming back to a hidden tab does
 * the same.
 */
export function useStaffBoard(onAccessLost?: () => void): StaffBoard {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const live = useLiveList({
    initial: null,
    load: loadBoard,
    open: openBoardEvents,
    apply: putOrder,
    describe: (error: unknown) => {
      // The session ended or the account is no longer staff: the frame asks who this is again
      // (the login, or the page for customers), rather than showing a board that cannot load.
      if (isApiError(error, 'unauthorized', 'forbidden') && onAccessLost) {
        onAccessLost();
        return null;
      }
      console.warn('Could not load the orders', error);
      return refusalReason(error) ?? LOAD_FAILED;
    },
  });
  const { list: orders, failure: loadFailure, connected, put, reload: load } = live;
  const reload = useCallback(() => void load(), [load]);

  useEffect(() => {
    // A tablet waking up, or a tab brought back: its stream may have died quietly meanwhile.
    const wake = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', reload);
    return () => {
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', reload);
    };
  }, [reload]);

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
 * Each accepted scheduled order's time to start (epoch ms, from its start to its ready time),
 * by id. Past its time it is being made or late, and rings no more (a reload included).
 */
interface StartWindow {
  from: number;
  until: number;
}

function startTimes(orders: ReadonlyMap<string, ApiStaffOrder> | null): Map<string, StartWindow> {
  const starts = new Map<string, StartWindow>();
  for (const order of orders?.values() ?? []) {
    if (order.status !== 'accepted' || !order.scheduleTime) continue;
    const { startAt, readyAt } = orderTimes(apiOrderTimesInput(order));
    if (!startAt || !readyAt) continue;
    starts.set(order._id, { from: startAt.getTime(), until: readyAt.getTime() });
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
