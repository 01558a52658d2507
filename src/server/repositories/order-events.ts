/**
 * The order event log: one row per change of an order, written in the same transaction as the
 * change, read by the live streams (customer and staff) and replayed after a dropped connection.
 *
 * Ordering: `record` takes one transaction-scoped advisory lock before drawing the event's id,
 * so event-writing transactions commit one after another and ids become visible in increasing
 * order. Without it, id 8 could commit after id 9: a stream that had seen 9 and asked for
 * "after 9" would never get 8. Call `record` as the transaction's last statement (reads for
 * the answer go before it), so the serialised part is that statement and the commit. The lock,
 * the row and the notify are one statement (`record_order_event`, migration 007).
 *
 * Delivery: `record` also queues `pg_notify(ORDER_EVENTS_CHANNEL, id)`, which Postgres (and
 * PGlite) deliver to every listening connection when, and only if, the transaction commits.
 */
import type { Queryable } from '../data/db';
import { empty, queryOf, sql } from '../data/sql';
import { queuedMailsWith, type QueuedMail } from './mail-outbox';

export const ORDER_EVENTS_CHANNEL = 'order_events';
/** Any constant; only this module (and the streams bench's bulk writer) takes it. */
export const ORDER_EVENTS_LOCK = 727275;

/**
 * What the log records; the streams turn each into the API's event shapes. The staff's own
 * (a missed order's banner dismissed) changes nothing the customer sees: their stream skips it.
 */
export type OrderEventType =
  'order-created' | 'order-accepted' | 'order-declined' | 'order-status' | 'order-missed-dismissed';

/** Events only the staff stream sends. */
export const STAFF_ONLY_EVENTS: ReadonlySet<OrderEventType> = new Set(['order-missed-dismissed']);

export interface OrderEventRecord {
  /** Increasing; a decimal string (bigint). The SSE `id:`. */
  id: string;
  orderId: string;
  userId: string;
  type: OrderEventType;
  /**
   * order-created: { acceptBy } (ISO 8601; absent from rows of before it was recorded),
   * order-accepted: { time }, order-declined: { reason }, order-status: { status, reason? },
   * order-missed-dismissed: {}.
   */
  payload: Record<string, unknown>;
  createdAt: Date;
}

interface EventRow {
  id: string;
  order_id: string;
  user_id: string;
  type: OrderEventType;
  payload: Record<string, unknown> | null;
  created_at: Date | string;
}

const COLUMNS = sql`id::text as id, order_id, user_id, type, payload, created_at`;

function toRecord(row: EventRow): OrderEventRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    userId: row.user_id,
    type: row.type,
    payload: row.payload ?? {},
    createdAt: new Date(row.created_at),
  };
}

/** A Last-Event-ID as the log's id, or null when it is not one (then nothing is replayed). */
export function parseEventId(value: unknown): string | null {
  return typeof value === 'string' && /^\d{1,18}$/.test(value.trim()) ? value.trim() : null;
}

export function orderEventsRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /** Appends an event; must run inside the transaction that made the change. Returns its id. */
    async record(event: {
      orderId: string;
      userId: string;
      type: OrderEventType;
      payload?: Record<string, unknown>;
      at: Date;
      /** Mails the change causes, queued by this same statement (mail-outbox.ts). */
      mails?: readonly QueuedMail[];
    }): Promise<string> {
      // Lock, row and notify in one statement (migration 007): the lock is then held for that
      // statement and the commit, not for a client round trip per step as well.
      const rows = await query<{ id: string }>(
        sql`${queuedMailsWith(event.mails ?? [])}select record_order_event(${ORDER_EVENTS_LOCK}, ${ORDER_EVENTS_CHANNEL},
                 ${event.orderId}, ${event.userId}, ${event.type},
                 ${JSON.stringify(event.payload ?? {})}::jsonb, ${event.at})::text as id`,
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('order event insert returned no id');
      return id;
    },

    /** Events after `afterId` in id order, all users' or one user's, at most `limit`. */
    async after(
      afterId: string,
      options: { userId?: string; limit?: number } = {},
    ): Promise<OrderEventRecord[]> {
      const rows = await query<EventRow>(
        // By the column, not the text alias `id` (which would sort "10" before "9").
        sql`select ${COLUMNS} from order_events where order_events.id > ${afterId}::bigint
              ${options.userId ? sql`and user_id = ${options.userId}` : empty}
             order by order_events.id limit ${options.limit ?? 500}`,
      );
      return rows.map(toRecord);
    },

    /** The newest event's id ("0" when the log is empty): where a fresh stream starts. */
    async latestId(): Promise<string> {
      const rows = await query<{ id: string | null }>(
        sql`select max(id)::text as id from order_events`,
      );
      return rows[0]?.id ?? '0';
    },

    /** Deletes events older than `before`; returns how many. */
    async prune(before: Date): Promise<number> {
      const rows = await query<{ id: string }>(
        sql`delete from order_events where created_at < ${before} returning id::text as id`,
      );
      return rows.length;
    },
  };
}
