import type { Queryable } from '../data/db';
import { queryOf, raw, sql, type Sql } from '../data/sql';
import { ACCEPT_SWEEP_MARK } from './orders';

/** Customers order; staff run the store; the admin also manages staff. */
export type Role = 'customer' | 'staff' | 'admin';

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Null for accounts created through social sign-in only. */
  passwordHash: string | null;
  googleSubject: string | null;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  password_hash: string | null;
  google_subject: string | null;
}

const COLUMNS = sql`id, name, email, role, password_hash, google_subject`;

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    passwordHash: row.password_hash,
    googleSubject: row.google_subject,
  };
}

/**
 * An account with no way to sign in: neither a password nor a Google link. Only removing a
 * staff member (`removeFromStaff`) and deleting an account (privacy.ts) leave one so, and
 * nothing gives it a way back: no reset link, no Google link by its email.
 */
export const isClosed = (user: Pick<UserRecord, 'passwordHash' | 'googleSubject'>): boolean =>
  user.passwordHash === null && user.googleSubject === null;

/** True for a unique-index violation (Postgres and PGlite both report SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (index === undefined || constraint === index);
}

export function usersRepository(db: Queryable) {
  const query = queryOf(db);

  async function one(statement: Sql): Promise<UserRecord | null> {
    const rows = await query<UserRow>(statement);
    return rows[0] ? toUser(rows[0]) : null;
  }

  return {
    /** Emails are kept as typed and matched case-insensitively (the unique index is on lower()). */
    findByEmail: (email: string) =>
      one(sql`select ${COLUMNS} from users where lower(email) = lower(${email})`),
    findById: (id: string) => one(sql`select ${COLUMNS} from users where id = ${id}`),
    findByGoogleSubject: (subject: string) =>
      one(sql`select ${COLUMNS} from users where google_subject = ${subject}`),

    /** Throws a unique violation on `users_email_key` when the email is taken (any case). */
    async create(user: {
      name: string;
      email: string;
      passwordHash: string | null;
      googleSubject?: string | null;
    }): Promise<UserRecord> {
      const rows = await query<UserRow>(
        sql`insert into users (name, email, password_hash, google_subject)
            values (${user.name}, ${user.email}, ${user.passwordHash}, ${user.googleSubject ?? null})
            returning ${COLUMNS}`,
      );
      const row = rows[0];
      if (!row) throw new Error('insert into users returned no row');
      return toUser(row);
    },

    /**
     * Links a Google subject to an account not linked yet. `takeOver`: the proven owner takes
     * an account someone registered without proving the email (routes/auth.ts
     * findOrCreateGoogleUser): its password goes, its name becomes Google's, and its mail
     * preferences return to the column's default (on, migration 014), so nothing the unproven
     * side chose stays. False when it was linked already.
     */
    async linkGoogleSubject(
      userId: string,
      subject: string,
      takeOver: { name: string } | null,
    ): Promise<boolean> {
      const taken = takeOver !== null;
      const rows = await query(
        sql`update users set google_subject = ${subject},
                   password_hash = case when ${taken} then null else password_hash end,
                   name = case when ${taken} then ${takeOver?.name ?? ''} else name end,
                   order_update_mails = case when ${taken} then true else order_update_mails end
             where id = ${userId} and google_subject is null returning id`,
      );
      return rows.length === 1;
    },

    /** Makes the account with this email an admin with this password hash, creating it if needed. */
    async upsertAdmin(admin: {
      name: string;
      email: string;
      passwordHash: string;
    }): Promise<UserRecord> {
      const rows = await query<UserRow>(
        sql`insert into users (name, email, password_hash, role)
            values (${admin.name}, ${admin.email}, ${admin.passwordHash}, 'admin')
            on conflict ((lower(email))) do update
              set password_hash = excluded.password_hash, role = 'admin'
            returning ${COLUMNS}`,
      );
      const row = rows[0];
      if (!row) throw new Error('upsert into users returned no row');
      return toUser(row);
    },

    /** The accounts that may use the staff app (staff and admin), oldest first. */
    async listStaff(): Promise<(UserRecord & { createdAt: Date })[]> {
      const rows = await query<UserRow & { created_at: Date | string }>(
        sql`select ${COLUMNS}, created_at from users
             where role in ('staff', 'admin') order by created_at, email`,
      );
      return rows.map((row) => ({ ...toUser(row), createdAt: new Date(row.created_at) }));
    },

    /** A new staff account; throws a unique violation on `users_email_key` like `create`. */
    async createStaff(user: {
      name: string;
      email: string;
      passwordHash: string;
    }): Promise<UserRecord & { createdAt: Date }> {
      const rows = await query<UserRow & { created_at: Date | string }>(
        sql`insert into users (name, email, password_hash, role)
            values (${user.name}, ${user.email}, ${user.passwordHash}, 'staff')
            returning ${COLUMNS}, created_at`,
      );
      const row = rows[0];
      if (!row) throw new Error('insert into users returned no row');
      return { ...toUser(row), createdAt: new Date(row.created_at) };
    },

    /**
     * Takes the staff role away and every way in with it (the password, a linked Google
     * account): the account stays (its own orders and their history remain) but is closed
     * (`isClosed`).
     */
    async removeFromStaff(userId: string): Promise<void> {
      await query(
        sql`update users set role = 'customer', password_hash = null, google_subject = null
             where id = ${userId} and role in ('staff', 'admin')`,
      );
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await query(sql`update users set password_hash = ${passwordHash} where id = ${userId}`);
    },

    /**
     * The owner's address for the store's alerts when OWNER_EMAIL is unset: the first admin
     * account's email, or null.
     */
    async ownerEmail(): Promise<string | null> {
      const rows = await query<{ email: string }>(
        sql`${raw(ACCEPT_SWEEP_MARK)} select email from users where role = 'admin'
             order by created_at, id limit 1`,
      );
      return rows[0]?.email ?? null;
    },

    /** Whether the optional order mails go to this user (migration 014); null for no user. */
    async orderUpdateMails(userId: string): Promise<boolean | null> {
      const rows = await query<{ order_update_mails: boolean }>(
        sql`select order_update_mails from users where id = ${userId}`,
      );
      return rows[0]?.order_update_mails ?? null;
    },

    /** Turns the optional order mails on or off; false when there is no such user. */
    async setOrderUpdateMails(userId: string, on: boolean): Promise<boolean> {
      const rows = await query(
        sql`update users set order_update_mails = ${on} where id = ${userId} returning id`,
      );
      return rows.length === 1;
    },

    /**
     * Locks the user's row until the transaction ends, so concurrent changes to that user's
     * contacts (the count cap, the single default) happen one after another.
     */
    async lock(userId: string): Promise<boolean> {
      const rows = await query(sql`select id from users where id = ${userId} for update`);
      return rows.length === 1;
    },
  };
}
