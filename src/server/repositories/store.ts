import type { OpenMode, WeeklyHours } from '../../domain';
import type { Queryable } from '../data/db';

export interface StoreSettings {
  name: string;
  phone: string;
  pickupAddress: string;
  openMode: OpenMode;
  weeklyHours: WeeklyHours;
  deliveryFeeCents: number;
  acceptanceWindowMinutes: number;
  /** Pickup lead time (the column predates delivery's own). */
  leadTimeMinutes: number;
  deliveryLeadTimeMinutes: number;
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
}

export function storeRepository(db: Queryable) {
  return {
    async settings(): Promise<StoreSettings> {
      const rows = await db.query<SettingsRow>('select * from store_settings where id = 1');
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
        leadTimeMinutes: row.lead_time_minutes,
        deliveryLeadTimeMinutes: row.delivery_lead_time_minutes,
      };
    },
    async setOpenMode(mode: OpenMode): Promise<void> {
      await db.query('update store_settings set open_mode = $1, updated_at = now() where id = 1', [
        mode,
      ]);
    },
  };
}
