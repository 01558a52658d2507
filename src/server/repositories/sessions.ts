import type { Queryable } from '../data/db';
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
  return {
    /** Stores a session, sweeping the user's own expired ones so the table does not grow forever. */
    async create(session: {
      tokenHash: string;
      userId: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.query('delete from sessions where user_id = $1 and expires_at <= $2', [
        session.userId,
        session.now,
      ]);
      await db.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [
        session.tokenHash,
        session.userId,
        session.expiresAt,
      ]);
    },

    async remove(tokenHash: string): Promise<void> {
      await db.query('delete from sessions where token_hash = $1', [tokenHash]);
    },

    /** Ends every session of a user (after a password reset). */
    async removeAllOf(userId: string): Promise<void> {
      await db.query('delete from sessions where user_id = $1', [userId]);
    },

    /** The user of an unexpired session, or null. */
    async findUser(tokenHash: string, now: Date): Promise<SessionUser | null> {
      const rows = await db.query<SessionUser>(
        `select u.id, u.name, u.email, u.role
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = $1 and s.expires_at > $2`,
        [tokenHash, now],
      );
      return rows[0] ?? null;
    },

    /**
     * `findUser` for many sessions in one statement, by token hash: what the live streams' shared
     * heartbeat asks for every open stream at once (routes/order-streams.ts). A hash missing from
     * the map is no session, or an expired one.
     */
    async findUsers(tokenHashes: readonly string[], now: Date): Promise<Map<string, SessionUser>> {
      const rows = await db.query<SessionUser & { tokenHash: string }>(
        `select s.token_hash as "tokenHash", u.id, u.name, u.email, u.role
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = any($1::text[]) and s.expires_at > $2`,
        [tokenHashes, now],
      );
      return new Map(rows.map(({ tokenHash, ...user }) => [tokenHash, user]));
    },
  };
}
