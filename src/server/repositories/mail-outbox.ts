import type { Queryable } from '../data/db';
import { empty, join, queryOf, sql, type Sql } from '../data/sql';

/** What a mail is; the Outbox shows it and a customer's preferences are per kind. */
export type MailKind =
  | 'test'
  | 'password-reset'
  | 'google-only'
  | 'receipt'
  | 'order-accepted'
  | 'order-declined'
  | 'order-missed'
  | 'order-ready'
  | 'order-out-for-delivery'
  | 'owner-unanswered'
  | 'owner-missed'
  | 'owner-day-summary';

/** A mail as it is queued: rendered already (mail/render.tsx), so a retry sends the same bytes. */
export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  userId?: string | null;
  orderId?: string | null;
}

/** A mail's own columns as the sender and the Outbox name them. */
const mailOf = (row: Omit<ClaimedRow, 'attempts'>) => ({
  id: row.id,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
});

/**
 * The outbox's rows (migration 012). `queue` is called inside the transaction of what causes
 * the mail, on that transaction's Queryable, so the mail exists exactly when its cause
 * committed; the sender (mail/sender.ts) delivers it afterwards.
 */
export function mailOutboxRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /**
     * Queues a mail that exists at most once under `onceKey` (the unique index of migration
     * 013), whichever process queues it first; false when it already was.
     */
    async queueOnce(mail: OutgoingMail, onceKey: string): Promise<boolean> {
      const rows = await query<{ id: string }>(
        sql`insert into mail_outbox
                   (kind, to_address, subject, text_body, html_body, user_id, order_id, once_key)
            values (${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html},
                    ${mail.userId ?? null}, ${mail.orderId ?? null}, ${onceKey})
            on conflict (once_key) do nothing
            returning id`,
      );
      return rows.length === 1;
    },

    /** Whether a mail under `onceKey` was queued already (by any process). */
    async queuedOnce(onceKey: string): Promise<boolean> {
      const rows = await query(sql`select 1 from mail_outbox where once_key = ${onceKey}`);
      return rows.length > 0;
    },

    /** Queues one mail; resolves to its id (also its Message-ID's local part). */
    async queue(mail: OutgoingMail): Promise<string> {
      const rows = await query<{ id: string }>(
        sql`insert into mail_outbox (kind, to_address, subject, text_body, html_body, user_id, order_id)
            values (${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html},
                    ${mail.userId ?? null}, ${mail.orderId ?? null})
            returning id`,
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('mail_outbox insert returned no row');
      return id;
    },

    /**
     * Takes the next due mail for one attempt, in one statement: its row is locked (`skip
     * locked`: another sender's claim is passed over, not waited for) and leased until
     * `leaseUntil` (next_attempt_at), so no other sender takes it before then, with or without a
     * transaction held. A mail never tried is due whatever its next_attempt_at says (that is the
     * database's clock at queueing, not the sender's).
     */
    async claimNext(now: Date, leaseUntil: Date): Promise<ClaimedMail | null> {
      const rows = await query<ClaimedRow>(
        sql`update mail_outbox
               set attempts = attempts + 1, next_attempt_at = ${leaseUntil}, leased_until = ${leaseUntil}
             where id = (select id from mail_outbox
                          where status = 'queued' and (next_attempt_at <= ${now} or attempts = 0)
                          order by next_attempt_at, created_at
                          limit 1
                          for update skip locked)
               and status = 'queued'
            returning id, kind, to_address, subject, text_body, html_body, attempts`,
      );
      const row = rows[0];
      if (!row) return null;
      return { ...mailOf(row), attempts: row.attempts };
    },

    async markSent(id: string, at: Date): Promise<void> {
      await query(
        sql`update mail_outbox
               set status = 'sent', sent_at = ${at}, last_error = null, leased_until = null
             where id = ${id} and status = 'queued'`,
      );
    },

    /** The attempt failed at `at` (`answer` in words); the next one is not before `retryAt`. */
    async retryLater(id: string, retryAt: Date, answer: string, at: Date): Promise<void> {
      await query(
        sql`update mail_outbox
               set next_attempt_at = ${retryAt}, last_error = ${answer}, leased_until = null,
                   first_failed_at = coalesce(first_failed_at, ${at})
             where id = ${id} and status = 'queued'`,
      );
    },

    async markFailed(id: string, answer: string, at: Date): Promise<void> {
      await query(
        sql`update mail_outbox
               set status = 'failed', last_error = ${answer}, leased_until = null,
                   first_failed_at = coalesce(first_failed_at, ${at})
             where id = ${id} and status = 'queued'`,
      );
    },

    /**
     * "Retry now": every waiting mail is due at `now`, except one a sender holds this moment
     * (its lease still running: it is being tried already, and a second claim would send it
     * twice). Resolves to how many were made due.
     */
    async retryNow(now: Date): Promise<number> {
      const rows = await query<{ id: string }>(
        sql`update mail_outbox set next_attempt_at = ${now}
             where status = 'queued' and next_attempt_at > ${now}
               and (leased_until is null or leased_until <= ${now})
            returning id`,
      );
      return rows.length;
    },

    /**
     * The start of the present run of failures: the earliest first failure, among the mails
     * still waiting, that came after the last mail sent (null when none did), with the newest
     * failure's words. What "failing" means is mail/health.ts's to say.
     */
    async failingSince(): Promise<{ since: Date; lastError: string | null } | null> {
      const rows = await query<{ since: Date | string | null; last_error: string | null }>(
        sql`with failing as (
              select first_failed_at, last_error, next_attempt_at from mail_outbox
               where status = 'queued' and first_failed_at is not null
                 and first_failed_at > coalesce(
                       (select max(sent_at) from mail_outbox where status = 'sent'), '-infinity'))
            select (select min(first_failed_at) from failing) as since,
                   (select last_error from failing order by next_attempt_at desc limit 1) as last_error`,
      );
      const row = rows[0];
      if (!row?.since) return null;
      return { since: new Date(row.since), lastError: row.last_error };
    },

    /** The newest mails first, for the admin's Outbox. */
    async newest(limit: number): Promise<OutboxEntry[]> {
      const rows = await query<EntryRow>(
        sql`select id, kind, to_address, subject, text_body, html_body, status, attempts,
                   last_error, next_attempt_at, created_at, sent_at
              from mail_outbox order by created_at desc, id limit ${limit}`,
      );
      return rows.map((row) => ({
        ...mailOf(row),
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        nextAttemptAt: new Date(row.next_attempt_at),
        createdAt: new Date(row.created_at),
        sentAt: row.sent_at === null ? null : new Date(row.sent_at),
      }));
    },

    /** One mail's HTML part, for the admin's preview; null when there is no such mail. */
    async htmlOf(id: string): Promise<string | null> {
      const rows = await query<{ html_body: string }>(
        sql`select html_body from mail_outbox where id = ${id}`,
      );
      return rows[0]?.html_body ?? null;
    },
  };
}

/**
 * A mail queued by the statement that records its cause. `optional`: one a customer may turn
 * off (ready, out for delivery); it is queued only while `users.order_update_mails` (migration
 * 013) is on for `userId`.
 */
export interface QueuedMail extends OutgoingMail {
  optional?: boolean;
}

/**
 * The insert of `mails` as a data-modifying `with` part, for the statement that records what
 * causes them (orderEventsRepository.record): the mail costs no round trip of its own, and a
 * customer's preference is read in the same statement. Empty for no mail.
 */
export function queuedMailsWith(mails: readonly QueuedMail[]): Sql {
  if (mails.length === 0) return empty;
  const rows = mails.map(
    (mail) =>
      sql`(${mail.kind}::text, ${mail.to}::text, ${mail.subject}::text, ${mail.text}::text,
           ${mail.html}::text, ${mail.userId ?? null}::uuid, ${mail.orderId ?? null}::uuid,
           ${mail.optional === true}::boolean)`,
  );
  return sql`with queued_mail as (
      insert into mail_outbox (kind, to_address, subject, text_body, html_body, user_id, order_id)
      select m.kind, m.to_address, m.subject, m.text_body, m.html_body, m.user_id, m.order_id
        from (values ${join(rows)})
             as m (kind, to_address, subject, text_body, html_body, user_id, order_id, optional)
       where not m.optional
          or coalesce((select u.order_update_mails from users u where u.id = m.user_id), true)
    ) `;
}

/** A mail taken for one attempt (`claimNext`); `attempts` counts this one. */
export interface ClaimedMail {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

interface ClaimedRow {
  id: string;
  kind: MailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxEntry {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  attempts: number;
  /** The failure in words (mail/failure-words.ts). */
  lastError: string | null;
  /** When a sender may try it next (a running attempt's lease end while one is under way). */
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt: Date | null;
}

interface EntryRow {
  id: string;
  kind: MailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  created_at: Date | string;
  sent_at: Date | string | null;
}
