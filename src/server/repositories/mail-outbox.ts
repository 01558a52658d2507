import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';

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

/**
 * The outbox's rows (migration 012). `queue` is called inside the transaction of what causes
 * the mail, on that transaction's Queryable, so the mail exists exactly when its cause
 * committed; the sender (mail/sender.ts) delivers it afterwards.
 */
export function mailOutboxRepository(db: Queryable) {
  const query = queryOf(db);
  return {
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
  };
}
