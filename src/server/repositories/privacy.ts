import { IN_FLIGHT_STATUSES } from '../../domain';
import type { Queryable } from '../data/db';
import { queryOf, sql, type Sql } from '../data/sql';

/**
 * Columns of `users` that are never exported: the secrets an account signs in with. Everything
 * else on the row is the person's own data and is exported as stored, so a column added later
 * (the mail preferences) is in the export without touching this file.
 */
const SECRET_USER_COLUMNS: readonly string[] = ['password_hash', 'google_subject'];

/** Where a deleted account's email went: unique per account, unroutable (RFC 2606 `.invalid`). */
export const tombstoneEmail = (userId: string): string => `deleted-${userId}@deleted.invalid`;

/** Placeholders written over what a kept order or mail said about the person. */
export interface ErasureWords {
  /** Instead of the customer's name on orders and the account. */
  name: string;
  /** Instead of a delivery order's address (a delivery order must name one). */
  address: string;
}

/**
 * What deleting an account does, table by table, in order; every statement names the account
 * by user_id. A table added later that holds rows of an account adds its statement here.
 * Orders stay for the store's books, stripped of who ordered and how to reach them.
 */
const erasure = (userId: string, words: ErasureWords): readonly Sql[] => [
  sql`delete from sessions where user_id = ${userId}`,
  // A reset link mailed before the deletion must not give the kept row a password again.
  sql`delete from password_resets where user_id = ${userId}`,
  sql`delete from contacts where user_id = ${userId}`,
  // Its lines go with it (cart_items cascade). Completed carts are the orders' sources: kept,
  // with the checkout's contact details taken out like the orders'.
  sql`delete from carts where user_id = ${userId} and status = 'active'`,
  sql`update carts set contact_phone = null, contact_address = null, instructions = null
       where user_id = ${userId}`,
  // Unsent mail is never sent; sent mail stays as a record that it was sent, its body blanked.
  sql`delete from mail_outbox where user_id = ${userId} and status <> 'sent'`,
  sql`update mail_outbox set to_address = ${tombstoneEmail(userId)}, text_body = '', html_body = ''
       where user_id = ${userId}`,
  // The owner's alerts about the account's orders (unanswered, missed) name the customer and
  // their phone, and carry the order, not the user. A deletion is refused while an order is in
  // flight, so each is about an order that is over: an unsent one is never sent (nobody is left
  // to call; the order itself stays on the board and in the reports), a sent one stays as the
  // record that it was sent, to the owner's own address, its body blanked.
  sql`delete from mail_outbox where status <> 'sent'
       and order_id in (select id from orders where user_id = ${userId})`,
  sql`update mail_outbox set text_body = '', html_body = ''
       where order_id in (select id from orders where user_id = ${userId})`,
  sql`update orders set customer_name = ${words.name}, contact_phone = '', instructions = '',
         contact_address = case when contact_address is null then null else ${words.address} end
       where user_id = ${userId}`,
  // The row stays as a tombstone (orders, their events and steps reference it, and deleting it
  // would cascade to them): no name, a free email, and no way to sign in (no password, no Google).
  sql`update users set name = ${words.name}, email = ${tombstoneEmail(userId)},
         password_hash = null, google_subject = null, role = 'customer'
       where id = ${userId}`,
];

interface AccountRow {
  account: Record<string, unknown>;
  has_password: boolean;
  has_google: boolean;
}

interface MailRow {
  kind: string;
  subject: string;
  status: string;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** An account's data for its export (PIPEDA access) and its deletion (PIPEDA withdrawal). */
export function privacyRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /** The users row without its secrets, and how the account signs in; null when none. */
    async account(
      userId: string,
    ): Promise<{ fields: Record<string, unknown>; password: boolean; google: boolean } | null> {
      const rows = await query<AccountRow>(
        sql`select to_jsonb(u) - ${SECRET_USER_COLUMNS}::text[] as account,
                   password_hash is not null as has_password,
                   google_subject is not null as has_google
              from users u where id = ${userId}`,
      );
      const row = rows[0];
      return row
        ? { fields: row.account, password: row.has_password, google: row.has_google }
        : null;
    },

    /** Every order of the account, newest first (not only My Orders' latest). */
    async orderIds(userId: string): Promise<string[]> {
      const rows = await query<{ id: string }>(
        sql`select id from orders where user_id = ${userId} order by created_at desc, number desc`,
      );
      return rows.map((row) => row.id);
    },

    /** The mails written to the account, oldest first: what, when, and whether it went. */
    async mails(userId: string) {
      const rows = await query<MailRow>(
        sql`select kind, subject, status, created_at, sent_at from mail_outbox
             where user_id = ${userId} order by created_at, id`,
      );
      return rows.map((row) => ({
        kind: row.kind,
        subject: row.subject,
        status: row.status,
        createdAt: iso(row.created_at),
        sentAt: row.sent_at === null ? null : iso(row.sent_at),
      }));
    },

    /** How many of the account's orders the store is still working on. */
    async ordersInFlight(userId: string): Promise<number> {
      const rows = await query<{ count: number | string }>(
        sql`select count(*) as count from orders
             where user_id = ${userId} and status = any(${IN_FLIGHT_STATUSES}::text[])`,
      );
      return Number(rows[0]?.count ?? 0);
    },

    /** Erases the account as `erasure` says; call inside a transaction with the user locked. */
    async erase(userId: string, words: ErasureWords): Promise<void> {
      for (const statement of erasure(userId, words)) await query(statement);
    },
  };
}
