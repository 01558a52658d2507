import type { OpenMode, WeeklyHours } from '../../domain';
import type { Queryable } from '../data/db';
import { identifiers, join, queryOf, sql } from '../data/sql';

export interface StoreSettings {
  name: string;
  phone: string;
  pickupAddress: string;
  openMode: OpenMode;
  weeklyHours: WeeklyHours;
  deliveryFeeCents: number;
  acceptanceWindowMinutes: number;
  /** Pickup lead time (its column, lead_time_minutes, predates delivery's own). */
  pickupLeadMinutes: number;
  deliveryLeadMinutes: number;
  /** Minutes from the kitchen to the door: a delivery is ready this long before its time. */
  deliveryMinutes: number;
  /** New orders paused (the store counts as closed) until then; null when never paused. */
  pauseUntil: Date | null;
  /** The store's HST registration number, printed on receipts; null when not given. */
  hstNumber: string | null;
  /** Whether staff (not only the admin) may edit the menu. */
  staffEditMenu: boolean;
}

interface SettingsRow {
  name: string;
  phone: string;
  pickup_address: string;
  open_mode: OpenMode;
  weekly_hours: WeeklyHours;
  delivery_fee_cents: number;
  acceptance_window_minutes: number;
  lead_time_minutes: number;
  delivery_lead_time_minutes: number;
  delivery_minutes: number;
  pause_until: Date | string | null;
  hst_number: string | null;
  staff_edit_menu: boolean;
}

/** The store's writable settings, any subset: what `update` writes. */
export type StoreSettingsPatch = Partial<
  Pick<
    StoreSettings,
    | 'openMode'
    | 'weeklyHours'
    | 'deliveryFeeCents'
    | 'acceptanceWindowMinutes'
    | 'pickupLeadMinutes'
    | 'deliveryLeadMinutes'
    | 'deliveryMinutes'
    | 'pauseUntil'
    | 'name'
    | 'pickupAddress'
    | 'phone'
    | 'hstNumber'
    | 'staffEditMenu'
  >
>;

/** Each writable setting's column; the only names that ever reach the SQL text. */
const COLUMNS = {
  openMode: 'open_mode',
  weeklyHours: 'weekly_hours',
  deliveryFeeCents: 'delivery_fee_cents',
  acceptanceWindowMinutes: 'acceptance_window_minutes',
  pickupLeadMinutes: 'lead_time_minutes',
  deliveryLeadMinutes: 'delivery_lead_time_minutes',
  deliveryMinutes: 'delivery_minutes',
  pauseUntil: 'pause_until',
  name: 'name',
  pickupAddress: 'pickup_address',
  phone: 'phone',
  hstNumber: 'hst_number',
  staffEditMenu: 'staff_edit_menu',
} as const satisfies Record<keyof StoreSettingsPatch, string>;
const column = identifiers(Object.values(COLUMNS));
/** The settings bound as they are; the week's hours go as json. */
const PLAIN_KEYS = (Object.keys(COLUMNS) as (keyof StoreSettingsPatch)[]).filter(
  (key): key is Exclude<keyof StoreSettingsPatch, 'weeklyHours'> => key !== 'weeklyHours',
);

export function storeRepository(db: Queryable) {
  const query = queryOf(db);
  return {
    async settings(): Promise<StoreSettings> {
      // Named columns and a parameter make it a prepared statement on the Postgres server
      // (data/db/statement-names.ts), planned once per connection: placing an order reads it twice.
      const rows = await query<SettingsRow>(
        sql`select name, phone, pickup_address, open_mode, weekly_hours, delivery_fee_cents,
                   acceptance_window_minutes, lead_time_minutes, delivery_lead_time_minutes,
                   delivery_minutes, pause_until, hst_number, staff_edit_menu
              from store_settings where id = ${1}`,
      );
      const row = rows[0];
      if (!row) throw new Error('Store settings missing: the database was not seeded');
      return {
        name: row.name,
        phone: row.phone,
        pickupAddress: row.pickup_address,
        openMode: row.open_mode,
        weeklyHours: row.weekly_hours,
        deliveryFeeCents: row.delivery_fee_cents,
        acceptanceWindowMinutes: row.acceptance_window_minutes,
        pickupLeadMinutes: row.lead_time_minutes,
        deliveryLeadMinutes: row.delivery_lead_time_minutes,
        deliveryMinutes: row.delivery_minutes,
        pauseUntil: row.pause_until === null ? null : new Date(row.pause_until),
        hstNumber: row.hst_number,
        staffEditMenu: row.staff_edit_menu,
      };
    },
    /** Changes the given settings in one statement; the others stay as they are. */
    async update(changes: StoreSettingsPatch, at: Date): Promise<void> {
      const sets = [sql`updated_at = ${at}`];
      if (changes.weeklyHours !== undefined) {
        sets.push(sql`weekly_hours = ${JSON.stringify(changes.weeklyHours)}::jsonb`);
      }
      for (const key of PLAIN_KEYS) {
        const value = changes[key];
        if (value !== undefined) sets.push(sql`${column(COLUMNS[key])} = ${value}`);
      }
      await query(sql`update store_settings set ${join(sets)} where id = 1`);
    },
    async setOpenMode(mode: OpenMode): Promise<void> {
      await query(
        sql`update store_settings set open_mode = ${mode}, updated_at = now() where id = 1`,
      );
    },
  };
}
