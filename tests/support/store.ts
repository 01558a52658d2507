import { DEFAULT_ACCEPTANCE_WINDOW_MINUTES, DEFAULT_WEEKLY_HOURS } from '../../src/domain';
import type { Database } from '../../src/server/data/db';
import { storeRepository } from '../../src/server/repositories/store';

/**
 * The store's settings as seeded, put back after a test that changed them: open by the seeded
 * hours, not paused, the seeded delivery fee, acceptance window and lead times.
 */
export async function resetStore(db: Database, at: Date): Promise<void> {
  await storeRepository(db).update(
    {
      openMode: 'auto',
      weeklyHours: DEFAULT_WEEKLY_HOURS,
      deliveryFeeCents: 800,
      acceptanceWindowMinutes: DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
      pickupLeadMinutes: 20,
      deliveryLeadMinutes: 45,
      pauseUntil: null,
    },
    at,
  );
}
