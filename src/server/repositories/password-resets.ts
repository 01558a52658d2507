import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';
import type { RenderedMail } from '../mail/render';

/**
 * Password reset links by the SHA-256 of their token (migration 013): the raw token only ever
 * lives in the mail. Hashing is the caller's job (auth/password-reset.ts).
 */
export function passwordResetsRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /**
     * "Forgot password?" in one statement, the same statement whatever the email: for an account
     * with a password, stores the link and queues `resetMail`; for one that signs in with Google
     * only, queues `googleOnlyMail`; for an unknown email or a closed account (users.ts
     * `isClosed`), writes nothing. One round trip either way, so the answer's time does not
     * tell which it was (auth/password-reset.ts says what else is done alike).
     */
    async requestForEmail(request: {
      tokenHash: string;
      email: string;
      expiresAt: Date;
      resetMail: RenderedMail;
      googleOnlyMail: RenderedMail;
    }): Promise<void> {
      const { resetMail: reset, googleOnlyMail: google } = request;
      await query(
        sql`with reset as (
              insert into password_resets (token_hash, user_id, expires_at)
              select ${request.tokenHash}, id, ${request.expiresAt}
                from users
               where lower(email) = lower(${request.email}) and password_hash is not null
              returning user_id
            )
            insert into mail_outbox (kind, to_address, subject, text_body, html_body, user_id)
            select m.kind, u.email, m.subject, m.text_body, m.html_body, u.id
              from users u
              join (values ('password-reset', ${reset.subject}::text, ${reset.text}::text,
                            ${reset.html}::text, true),
                           ('google-only', ${google.subject}::text, ${google.text}::text,
                            ${google.html}::text, false))
                   as m (kind, subject, text_body, html_body, with_password)
                on m.with_password = (u.password_hash is not null)
             where lower(u.email) = lower(${request.email})
               and (u.password_hash is not null or u.google_subject is not null)
               and (u.password_hash is null or u.id in (select user_id from reset))`,
      );
    },

    /** The user of an unused, unexpired link, or null. Only reads: `consume` decides. */
    async findUsable(tokenHash: string, now: Date): Promise<string | null> {
      const rows = await query<{ userId: string }>(
        sql`select user_id as "userId" from password_resets
             where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}`,
      );
      return rows[0]?.userId ?? null;
    },

    /**
     * Marks an unused, unexpired link used and resolves to its user, or null. One statement: of
     * two requests with the same link, exactly one gets the user.
     */
    async consume(tokenHash: string, now: Date): Promise<string | null> {
      const rows = await query<{ userId: string }>(
        sql`update password_resets set used_at = ${now}
             where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}
            returning user_id as "userId"`,
      );
      return rows[0]?.userId ?? null;
    },

    /** Every link of the user is gone (the admin removed the account from the staff). */
    async removeAllOf(userId: string): Promise<void> {
      await query(sql`delete from password_resets where user_id = ${userId}`);
    },

    /** Every other link of the user stops working (a new password was just set). */
    async retireAllOf(userId: string, now: Date): Promise<void> {
      await query(
        sql`update password_resets set used_at = ${now} where user_id = ${userId} and used_at is null`,
      );
    },
  };
}
