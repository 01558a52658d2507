import type { OpenMode } from '../../domain';
import {
  STORE_SETTINGS,
  settingsDefaults,
  type AnySetting,
  type StoreSettings,
  type StoreSettingsPatch,
} from '../../domain/store-settings';
import type { Queryable } from '../data/db';
import { identifiers, join, queryOf, sql, type Sql, type SqlValue } from '../data/sql';

/** The settings' entries; each names its column (domain/store-settings.ts). */
const ENTRIES = Object.entries(STORE_SETTINGS) as [keyof StoreSettings, AnySetting][];
/** The only column names that ever reach the SQL text. */
const column = identifiers(ENTRIES.map(([, entry]) => entry.column));
/** Every setting's column in the registry's order: one statement text, prepared once. */
const COLUMNS = join(ENTRIES.map(([, entry]) => column(entry.column)));

/** A setting's value as a statement binds it; the week's hours go as json. */
function bound(entry: AnySetting, value: unknown): Sql {
  return entry.json ? sql`${JSON.stringify(value)}::jsonb` : sql`${value as SqlValue}`;
}

/** The one row's settings, read by their entries. */
function settingsOf([row]: Record<string, unknown>[]): StoreSettings {
  if (!row) throw new Error('Store settings missing: the database was not seeded');
  return Object.fromEntries(
    ENTRIES.map(([key, entry]) => {
      const stored = row[entry.column];
      return [key, entry.read ? entry.read(stored) : stored];
    }),
  ) as StoreSettings;
}

export function storeRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    async settings(): Promise<StoreSettings> {
      // Named columns and a parameter make it a prepared statement on the Postgres server
      // (data/db/statement-names.ts), planned once per connection: placing an order reads it twice.
      return settingsOf(await query(sql`select ${COLUMNS} from store_settings where id = ${1}`));
    },
    /** The single row with every setting at its default, when it is missing. */
    async ensure(): Promise<void> {
      const defaults = settingsDefaults(STORE_SETTINGS);
      const values = ENTRIES.map(([key, entry]) => bound(entry, defaults[key]));
      await query(
        sql`insert into store_settings (id, ${COLUMNS}) values (1, ${join(values)})
            on conflict (id) do nothing`,
      );
    },
    /**
     * Changes the given settings in one statement, the others staying as they are, and answers
     * them all as they now are: the staff's answer needs no second read.
     */
    async update(changes: StoreSettingsPatch, at: Date): Promise<StoreSettings> {
      const sets = [sql`updated_at = ${at}`];
      for (const [key, entry] of ENTRIES) {
        const value = changes[key];
        if (value !== undefined) sets.push(sql`${column(entry.column)} = ${bound(entry, value)}`);
      }
      return settingsOf(
        await query(sql`update store_settings set ${join(sets)} where id = 1 returning ${COLUMNS}`),
      );
    },
    async setOpenMode(mode: OpenMode): Promise<void> {
      await query(
        sql`update store_settings set open_mode = ${mode}, updated_at = now() where id = 1`,
      );
    },
  };
}
