/**
 * The process's one reader of the order event log (one hub per app, in `AppContext`). Every
 * state change commits a row in `order_events` and a NOTIFY; the hub turns those rows into
 * in-process calls, in id order, for the open streams to forward.
 *
 * The table is the truth, the NOTIFY only a wake-up call: on a notify, on the listener's
 * reconnection (notifies sent while it was down are lost) and on a safety poll every few seconds
 * the hub reads everything after the last id it dispatched. So a process never misses an event
 * another process (or this one) committed, and never dispatches one twice. Ids become visible in
 * increasing order (the writers' advisory lock, `repositories/order-events.ts`), so "after the
 * last id" never skips a row that committed late.
 *
 * NOTIFY channels belong to the database, not the schema: a notify from another schema on the
 * same server only costs one indexed read that finds nothing.
 */
import type { Clock } from '../clock';
import type { EventsConfig } from '../config';
import type { Database, Unlisten } from '../data/db';
import {
  ORDER_EVENTS_CHANNEL,
  orderEventsRepository,
  parseEventId,
  type OrderEventRecord,
} from '../repositories/order-events';

export type OrderEventListener = (event: OrderEventRecord) => void;

export interface HubLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OrderEventHub {
  /** Reads the log's current end and starts listening; events after that point are dispatched. */
  start(): Promise<void>;
  /** Stops listening and the timers; waits for a read or prune in progress. */
  stop(): Promise<void>;
  /**
   * Calls `listener` with every event committed from now on, in id order; returns unsubscribe.
   * With `userId`, only that customer's events: a customer's stream is then one map lookup per
   * event, not one call per open stream (decision 15).
   */
  subscribe(listener: OrderEventListener, userId?: string): () => void;
  /**
   * Reads and dispatches everything after the last dispatched id. Concurrent calls share one
   * read, plus one more pass when a call came in during it; resolves after a pass that started
   * after the call.
   */
  catchUp(): Promise<void>;
  /** Deletes the events older than the retention window; returns how many. */
  prune(): Promise<number>;
  /** How many subscribers are attached (tests check that a closed stream let go). */
  readonly subscribers: number;
  /** The last id dispatched ("0" before any). */
  readonly lastSeenId: string;
}

/** Rows per read: a process that was away for a while catches up in bounded steps. */
const BATCH = 500;

export function createOrderEventHub(options: {
  db: Database;
  clock: Clock;
  log: HubLog;
  config: Pick<EventsConfig, 'retentionHours' | 'pollMs' | 'pruneEveryMs'>;
}): OrderEventHub {
  const { db, clock, log, config } = options;
  const events = orderEventsRepository(db);
  const listeners = new Set<OrderEventListener>();
  const byUser = new Map<string, Set<OrderEventListener>>();
  let userListeners = 0;
  let lastSeenId = '0';
  let state: 'new' | 'started' | 'stopped' = 'new';
  // Read through a function: the state changes in callbacks, between the awaits below.
  const running = () => state === 'started';
  let unlisten: Unlisten | null = null;
  const timers: NodeJS.Timeout[] = [];
  let reading: Promise<void> | null = null;
  // Set by a catch-up asked for while a read is in flight: that read then goes round once more.
  let readAgain = false;
  const goAgain = () => readAgain && running();
  let pruning: Promise<number> | null = null;

  const call = (listener: OrderEventListener, event: OrderEventRecord) => {
    try {
      listener(event);
    } catch (error) {
      // One broken subscriber must not starve the others of the event.
      log.error({ err: error, eventId: event.id }, 'order event subscriber failed');
    }
  };

  // Iterating a Set visits the listeners added during the loop too, and not those removed: the
  // same as a copy for what this needs (a listener added now is past its own log read), without
  // copying every open stream's listener for every event.
  const dispatch = (event: OrderEventRecord) => {
    for (const listener of listeners) call(listener, event);
    const own = byUser.get(event.userId);
    if (own) for (const listener of own) call(listener, event);
  };

  const readAll = async () => {
    for (;;) {
      const batch = await events.after(lastSeenId, { limit: BATCH });
      for (const event of batch) {
        if (!running()) return;
        // Never back, never twice, whatever a read returns.
        if (BigInt(event.id) <= BigInt(lastSeenId)) continue;
        lastSeenId = event.id;
        dispatch(event);
      }
      if (batch.length < BATCH) return;
    }
  };

  const catchUp = (): Promise<void> => {
    if (state !== 'started') return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await readAll();
        } while (goAgain());
      } catch (error) {
        // The database is away; the next notify, reconnection or poll reads again from here.
        log.warn({ err: error, lastSeenId }, 'could not read the order event log; will retry');
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  const onNotify = (payload: string) => {
    const id = parseEventId(payload);
    // Our own notify for an event already read (the poll got there first): nothing to do.
    if (id !== null && BigInt(id) <= BigInt(lastSeenId)) return;
    void catchUp();
  };

  const prune = (): Promise<number> => {
    if (pruning) return pruning;
    const before = new Date(clock.now().getTime() - config.retentionHours * 60 * 60 * 1000);
    pruning = events
      .prune(before)
      .then(
        (count) => {
          if (count > 0) log.info({ count, before }, 'old order events pruned');
          return count;
        },
        (error: unknown) => {
          log.warn({ err: error }, 'could not prune the order event log; will retry');
          return 0;
        },
      )
      .finally(() => {
        pruning = null;
      });
    return pruning;
  };

  const every = (ms: number, work: () => unknown) => {
    const timer = setInterval(work, ms);
    // Timers never keep a process alive that has nothing else to do.
    timer.unref();
    timers.push(timer);
  };

  return {
    async start() {
      if (state !== 'new') return;
      lastSeenId = await events.latestId();
      unlisten = await db.listen(ORDER_EVENTS_CHANNEL, onNotify, () => {
        log.info({ lastSeenId }, 'order event listener back; reading what it missed');
        void catchUp();
      });
      state = 'started';
      every(config.pollMs, () => void catchUp());
      every(config.pruneEveryMs, () => void prune());
      // A process that restarts more often than the prune period must still prune.
      void prune();
      // What committed between reading the end and the LISTEN taking effect.
      void catchUp();
    },

    async stop() {
      if (state === 'stopped') return;
      state = 'stopped';
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
      listeners.clear();
      byUser.clear();
      userListeners = 0;
      await unlisten?.();
      unlisten = null;
      await Promise.all([reading, pruning]);
    },

    subscribe(listener, userId) {
      if (userId === undefined) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      }
      let own = byUser.get(userId);
      if (!own) byUser.set(userId, (own = new Set()));
      if (!own.has(listener)) userListeners++;
      own.add(listener);
      const mine = own;
      return () => {
        if (!mine.delete(listener)) return;
        userListeners--;
        if (mine.size === 0 && byUser.get(userId) === mine) byUser.delete(userId);
      };
    },

    catchUp,
    prune,

    get subscribers() {
      return listeners.size + userListeners;
    },
    get lastSeenId() {
      return lastSeenId;
    },
  };
}
