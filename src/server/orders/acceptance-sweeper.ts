/**
 * The acceptance window (brief: "pending ──no answer within the acceptance window──> declined"):
 * a pending order still unanswered at its `accept_by` is declined with AUTO_DECLINE_REASON, a
 * step by nobody (automatic) and the usual `order-declined` event, so the customer's waiting
 * overlay reads "the store is currently unable to confirm orders".
 *
 * One sweeper per process, started with the app: it sweeps at once (an order that fell due
 * while no server ran is declined at start) and then every ACCEPT_SWEEP_INTERVAL_MS, plus once
 * more when the earliest open window ends, if that comes sooner (planned after each sweep, and
 * on a new order whose window ends before the next tick: the event hub reports every process's
 * new orders with their window's end). Several processes on one database may sweep together:
 * each due order is declined in a transaction of its own that locks the order row with `skip
 * locked` and reads its status again under the lock (`ordersRepository.lockIfDue`), the lock
 * order of accept and decline (the order row, then the event log's lock), so an order is
 * declined exactly once and never after it was answered.
 */
import {
  AUTO_DECLINE_REASON,
  OWNER_UNANSWERED_ALERT_MINUTES,
  endedServiceDate,
} from '../../domain';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { ordersRepository } from '../repositories/orders';
import { recordDecline } from './decline-order';
import type { MailStore } from '../mail/render';
import { ownerMail, storeMail } from '../mail/order-mails';
import { ownerDaySummaryMail } from '../mail/templates/owner-day-summary';
import { reportsRepository } from '../repositories/reports';
import type { StoreSettings } from '../../domain/store-settings';
import { storeRepository } from '../repositories/store';
import { summariseDay } from '../staff/reports';
import { storeDaysRange } from '../staff/store-days';
import { ownerUnansweredMail } from '../mail/templates/owner-unanswered';
import { mailOutboxRepository } from '../repositories/mail-outbox';
import { usersRepository } from '../repositories/users';

/** Due orders read per batch. */
const BATCH = 50;

/**
 * The most one sweep declines (issue 45, item 9). Each decline is a transaction that records
 * the step and event and queues two mails; 20,000 due at once (a restore, a long outage) once
 * made one sweep of minutes during which, on PGlite (the database runs on this thread), no
 * request was answered. The rest waits for the next sweep, planned within MIN_PLANNED_DELAY_MS
 * because a due order's window has ended (`plan`), so a backlog drains at about this many per
 * quarter second while requests are served in between.
 */
export const DECLINES_PER_SWEEP = 200;

/**
 * Lets the requests waiting on this process run before the next order's transaction: PGlite
 * answers on this thread, so awaits alone chain statement after statement without ever
 * reaching the event loop's I/O.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SweeperLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface AcceptanceSweeper {
  /** Sweeps once now, then every `intervalMs` (an unref'd timer) until `stop`. */
  start(): Promise<void>;
  /**
   * Declines the orders due now, at most DECLINES_PER_SWEEP (the next sweep, planned soon,
   * takes the rest); resolves to how many this call declined.
   */
  sweep(): Promise<number>;
  /**
   * A new order has a window ending at `acceptBy` (placed by any process: the event hub tells
   * every one): plans a sweep for when the earliest window ends, if that comes before the next
   * interval tick. A window that ends after the next tick is left to that tick's planning, with
   * no query now (the usual case: windows are minutes, ticks seconds); without `acceptBy` (an
   * event of before it was recorded) the plan reads the windows.
   */
  orderPlaced(acceptBy?: Date): Promise<void>;
  /** Stops the timer and waits for a sweep under way, so the database can close after it. */
  stop(): Promise<void>;
}

/** Declines `orderId` if it is still pending and due; false when someone else got there first. */
async function declineIfDue({
  db,
  orderId,
  now,
  store,
  ownerEmail,
}: {
  db: Database;
  orderId: string;
  now: Date;
  store: MailStore;
  ownerEmail: string | null;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await ordersRepository(tx).lockIfDue(orderId, now);
    if (!order) return false;
    await recordDecline({
      tx,
      order,
      reason: AUTO_DECLINE_REASON,
      at: now,
      byUserId: null,
      store,
      ownerEmail,
    });
    return true;
  });
}

/** The soonest a planned sweep runs: a due order held by someone else is tried again then. */
const MIN_PLANNED_DELAY_MS = 250;

export function createAcceptanceSweeper(options: {
  db: Database;
  clock: Clock;
  intervalMs: number;
  /**
   * The store's profile for the missed-order mails: the app gives its catalogue snapshot (no
   * read when kept); without it, a sweep that declines reads the settings.
   */
  store?: () => Promise<StoreSettings>;
  /** Where the owner's alerts go (OWNER_EMAIL); unset or null, the first admin's email. */
  ownerEmail?: string | null;
  log?: SweeperLog;
}): AcceptanceSweeper {
  const { db, clock, intervalMs, log } = options;
  const store = options.store ?? (() => storeRepository(db).settings());
  const ownerAddress = async () => options.ownerEmail ?? (await usersRepository(db).ownerEmail());
  let timer: NodeJS.Timeout | null = null;
  let planned: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  // Ticks and plans under way, so `stop` can wait for them before the database closes.
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  // Read through a call: `stop` may flip it while a sweep awaits the database.
  const halted = () => stopped;

  /** Declines due orders, at most DECLINES_PER_SWEEP (the rest is the next sweep's). */
  async function sweepAll(): Promise<number> {
    let declined = 0;
    const skipped = new Set<string>();
    for (;;) {
      const now = clock.now();
      const wanted = Math.min(BATCH, DECLINES_PER_SWEEP - declined);
      const due = (await ordersRepository(db).dueIds(now, wanted + skipped.size)).filter(
        (id) => !skipped.has(id),
      );
      if (due.length === 0 || halted()) return declined;
      const profile = await store();
      const ownerEmail = await ownerAddress();
      for (const id of due) {
        if (halted()) return declined;
        await yieldToRequests();
        if (await declineIfDue({ db, orderId: id, now, store: profile, ownerEmail })) {
          declined += 1;
        }
        // Held by an answer or another process's sweep: theirs to finish, not read again now.
        else skipped.add(id);
      }
      if (declined >= DECLINES_PER_SWEEP) return declined;
    }
  }

  /**
   * Mails the owner once about each order still unanswered OWNER_UNANSWERED_ALERT_MINUTES after
   * it was placed; once across processes, by the outbox's unique key (`queueOnce`). Reads only
   * the waiting orders when none is due, so a quiet store costs one small query a tick.
   */
  async function alertUnanswered(): Promise<void> {
    const now = clock.now();
    const placedBy = new Date(now.getTime() - OWNER_UNANSWERED_ALERT_MINUTES * 60_000);
    const waiting = await ordersRepository(db).waitingUnalerted(placedBy, BATCH);
    if (waiting.length === 0 || halted()) return;
    const owner = await ownerAddress();
    if (!owner) return;
    const profile = await store();
    const outbox = mailOutboxRepository(db);
    for (const order of waiting) {
      if (halted()) return;
      await yieldToRequests();
      await outbox.queueOnce(
        ownerMail({
          kind: 'owner-unanswered',
          to: owner,
          order,
          content: ownerUnansweredMail({ order, minutes: OWNER_UNANSWERED_ALERT_MINUTES }),
          store: profile,
        }),
        `owner-unanswered:${order.id}`,
      );
    }
  }

  // The last store day this process knows to be summarised: a tick after closing asks once.
  let summarised: string | null = null;

  /**
   * After closing, mails the owner the day's numbers (staff/reports.ts), once per store day
   * across processes (the outbox's key `owner-day-summary:<date>`). A day without orders is
   * not mailed (a store started today has no yesterday to tell of).
   */
  async function summariseEndedDay(): Promise<void> {
    const profile = await store();
    const date = endedServiceDate(clock.now(), profile.weeklyHours);
    if (date === null || date === summarised) return;
    const key = `owner-day-summary:${date}`;
    const outbox = mailOutboxRepository(db);
    if (await outbox.queuedOnce(key)) {
      summarised = date;
      return;
    }
    const { from, to } = storeDaysRange(date, date);
    const report = summariseDay(date, await reportsRepository(db).dayOrders(from, to));
    const owner = report.received > 0 ? await ownerAddress() : null;
    if (owner) {
      await outbox.queueOnce(
        storeMail({
          kind: 'owner-day-summary',
          to: owner,
          content: ownerDaySummaryMail({ report }),
          store: profile,
        }),
        key,
      );
    }
    summarised = date;
  }

  async function sweepAndAlert(): Promise<number> {
    const declined = await sweepAll();
    if (!halted()) await alertUnanswered();
    if (!halted()) await summariseEndedDay();
    return declined;
  }

  function sweep(): Promise<number> {
    // One sweep at a time in a process: a tick that finds one under way joins it.
    running ??= sweepAndAlert().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * A timer for the earliest window still open, when it ends before the next interval tick,
   * so an order is declined when its window ends rather than up to an interval later.
   */
  async function plan(): Promise<void> {
    const next = await ordersRepository(db).nextAcceptBy();
    if (halted()) return;
    if (planned) clearTimeout(planned);
    planned = null;
    if (!next) return;
    const delay = next.getTime() - clock.now().getTime();
    if (delay >= intervalMs) return;
    planned = setTimeout(() => void tick(), Math.max(delay, MIN_PLANNED_DELAY_MS));
    planned.unref();
  }

  function tracked(work: () => Promise<void>): Promise<void> {
    const promise = work().finally(() => inFlight.delete(promise));
    inFlight.add(promise);
    return promise;
  }

  function tick(): Promise<void> {
    return tracked(async () => {
      try {
        const declined = await sweep();
        if (declined > 0) log?.info({ declined }, 'orders declined: acceptance window ended');
        await plan();
      } catch (error) {
        // A lost database is the data layer's to report; the next tick tries again.
        log?.warn({ err: error }, 'acceptance sweep failed');
      }
    });
  }

  return {
    async start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      await tick();
    },
    sweep,
    orderPlaced(acceptBy) {
      if (!timer || halted()) return Promise.resolve();
      if (acceptBy && acceptBy.getTime() - clock.now().getTime() >= intervalMs) {
        return Promise.resolve();
      }
      return tracked(async () => {
        try {
          await plan();
        } catch (error) {
          log?.warn({ err: error }, 'planning the acceptance sweep failed');
        }
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (planned) clearTimeout(planned);
      timer = null;
      planned = null;
      await running?.catch(() => undefined);
      await Promise.all([...inFlight]);
    },
  };
}
