import type { Queryable } from '../data/db';
import { empty, queryOf, sql } from '../data/sql';

export interface Contact {
  id: string;
  phone: string;
  address: string;
  isDefault: boolean;
}

interface ContactRow {
  id: string;
  phone: string;
  address: string;
  is_default: boolean;
}

const COLUMNS = sql`id, phone, address, is_default`;

const toContact = (row: ContactRow): Contact => ({
  id: row.id,
  phone: row.phone,
  address: row.address,
  isDefault: row.is_default,
});

/**
 * A user's saved contacts, oldest first. Every method is scoped by user id, so an id of someone
 * else's contact behaves exactly like an unknown one. Callers that change the default run inside
 * a transaction holding the user's row lock (usersRepository.lock).
 */
export function contactsRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    async list(userId: string): Promise<Contact[]> {
      const rows = await query<ContactRow>(
        sql`select ${COLUMNS} from contacts where user_id = ${userId} order by created_at, id`,
      );
      return rows.map(toContact);
    },

    async get(userId: string, contactId: string): Promise<Contact | null> {
      const rows = await query<ContactRow>(
        sql`select ${COLUMNS} from contacts where user_id = ${userId} and id = ${contactId}`,
      );
      return rows[0] ? toContact(rows[0]) : null;
    },

    async count(userId: string): Promise<number> {
      const rows = await query<{ n: number }>(
        sql`select count(*)::int as n from contacts where user_id = ${userId}`,
      );
      return rows[0]?.n ?? 0;
    },

    async getDefault(userId: string): Promise<Contact | null> {
      const rows = await query<ContactRow>(
        sql`select ${COLUMNS} from contacts where user_id = ${userId} and is_default`,
      );
      return rows[0] ? toContact(rows[0]) : null;
    },

    /**
     * Adds a contact. clock_timestamp() (not now(), fixed for a whole transaction) keeps contacts
     * added in one transaction in the order they were added.
     */
    async insert(
      userId: string,
      contact: { phone: string; address: string; isDefault: boolean },
    ): Promise<string> {
      const rows = await query<{ id: string }>(
        sql`insert into contacts (user_id, phone, address, is_default, created_at)
            values (${userId}, ${contact.phone}, ${contact.address}, ${contact.isDefault},
                    clock_timestamp())
            returning id`,
      );
      const row = rows[0];
      if (!row) throw new Error('insert into contacts returned no row');
      return row.id;
    },

    /**
     * Updates phone and address, and makes the contact the default when `makeDefault` (clear the
     * others first); a default is never unset here. False when not found.
     */
    async update(
      userId: string,
      contactId: string,
      contact: { phone: string; address: string; makeDefault: boolean },
    ): Promise<boolean> {
      const rows = await query(
        sql`update contacts
               set phone = ${contact.phone}, address = ${contact.address},
                   is_default = is_default or ${contact.makeDefault}
             where user_id = ${userId} and id = ${contactId} returning id`,
      );
      return rows.length === 1;
    },

    /** Clears the default flag on every contact of the user except `keepId`. */
    async clearDefault(userId: string, keepId?: string): Promise<void> {
      await query(
        sql`update contacts set is_default = false
             where user_id = ${userId} and is_default
               ${keepId === undefined ? empty : sql`and id <> ${keepId}::uuid`}`,
      );
    },

    /** Makes the oldest contact the default when the user has contacts but no default. */
    async ensureDefault(userId: string): Promise<void> {
      await query(
        sql`update contacts set is_default = true
             where id = (select id from contacts where user_id = ${userId}
                          order by created_at, id limit 1)
               and not exists (select 1 from contacts where user_id = ${userId} and is_default)`,
      );
    },

    async remove(userId: string, contactId: string): Promise<boolean> {
      const rows = await query(
        sql`delete from contacts where user_id = ${userId} and id = ${contactId} returning id`,
      );
      return rows.length === 1;
    },

    /** Deletes every contact of the user. */
    async removeAllOf(userId: string): Promise<void> {
      await query(sql`delete from contacts where user_id = ${userId}`);
    },

    /** Sets the phone of the default contact; null when the user has no default. */
    async setDefaultPhone(userId: string, phone: string): Promise<Contact | null> {
      const rows = await query<ContactRow>(
        sql`update contacts set phone = ${phone} where user_id = ${userId} and is_default
            returning ${COLUMNS}`,
      );
      return rows[0] ? toContact(rows[0]) : null;
    },
  };
}
