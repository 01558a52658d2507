import type { Queryable } from '../../src/server/data/db';

/** A mail as the outbox queued it: the columns the tests read. */
export interface QueuedMail {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  user_id: string | null;
  order_id: string | null;
}

const COLUMNS = 'kind, to_address, subject, text_body, html_body, user_id, order_id';

/** The outbox's mails about one order, oldest first. */
export const queuedMailsAbout = (db: Queryable, orderId: string): Promise<QueuedMail[]> =>
  db.query<QueuedMail>(
    `select ${COLUMNS} from mail_outbox where order_id = $1 order by created_at, kind`,
    [orderId],
  );

/** The outbox's mails to `email` (in any case), oldest first. */
export const queuedMailsTo = (db: Queryable, email: string): Promise<QueuedMail[]> =>
  db.query<QueuedMail>(
    `select ${COLUMNS} from mail_outbox where lower(to_address) = lower($1)
      order by created_at, id`,
    [email],
  );
