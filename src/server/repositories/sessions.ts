import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';
import type { Role } from './users';

/** Who a session belongs to: what a guard needs to decide, nothing more. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * Sessions by the SHA-256 of their token: the raw token only ever lives in the browser's cookie,
 * so a leaked table cannot be replayed. Hashing is the caller's job (`auth/sessions.ts`).
 */
export function sessionsRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    /** Stores a session, sweeping the user's own expired ones so the table does not grow forever. */
    async create(session: {
      tokenHash: string;
      userId: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await query(
        sql`delete from sessions where user_id = ${session.userId} and expires_at <= ${session.now}`,
      );
      await query(
        sql`insert into sessions (token_hash, user_id, expires_at)
            values (${session.tokenHash}, ${session.userId}, ${session.expiresAt})`,
      );
    },

    async remove(tokenHash: string): Promise<void> {
      await query(sql`delete from sessions where token_hash = ${tokenHash}`);
    },

    /** Ends every session of a user (after a password reset). */
    async removeAllOf(userId: string): Promise<void> {
      await query(sql`delete from sessions where user_id = ${userId}`);
    },

    /** The user of an unexpired session, or null. */
    async findUser(tokenHash: string, now: Date): Promise<SessionUser | null> {
      const rows = await query<SessionUser>(
        sql`select u.id, u.name, u.email, u.role
              from sessions s join users u on u.id = s.user_id
             where s.token_hash = ${tokenHash} and s.expires_at > ${now}`,
      );
      return rows[0] ?? null;
    },

    /**
     * `findUser` for many sessions in one statement, by token hash: what the live streams' shared
     * heartbeat asks for every open stream at once (routes/order-streams.ts). A hash missing from
     * the map is no session, or an expired one.
     */
    async findUsers(tokenHashes: readonly string[], now: Date): Promise<Map<string, SessionUser>> {
      const rows = await query<SessionUser & { tokenHash: string }>(
        sql`select s.token_hash as "tokenHash", u.id, u.name, u.email, u.role
              from sessions s join users u on u.id = s.user_id
             where s.token_hash = any(${tokenHashes}::text[]) and s.expires_at > ${now}`,
      );
      return new Map(rows.map(({ tokenHash, ...user }) => [tokenHash, user]));
    },
  };
}
