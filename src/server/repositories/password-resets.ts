import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';

/**
 * Password reset links by the SHA-256 of their token (migration 013): the raw token only ever
 * lives in the mail. Hashing is the caller's job (auth/password-reset.ts).
 */
export function passwordResetsRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /**
     * Stores a link for the account with this email when it has a password; does nothing
     * otherwise. One statement either way, so asking for an unknown email costs the same.
     * Resolves to the user's id when a row was stored.
     */
    async createForEmail(reset: {
      tokenHash: string;
      email: string;
      expiresAt: Date;
    }): Promise<string | null> {
      const rows = await query<{ userId: string }>(
        sql`insert into password_resets (token_hash, user_id, expires_at)
            select ${reset.tokenHash}, id, ${reset.expiresAt}
              from users
             where lower(email) = lower(${reset.email}) and password_hash is not null
            returning user_id as "userId"`,
      );
      return rows[0]?.userId ?? null;
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
