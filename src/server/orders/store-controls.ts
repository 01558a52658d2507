import {
  MAX_PAUSE_MINUTES,
  isPaused,
  isStoreOpen,
  toDollars,
  type ApiStaffStore,
} from '../../domain';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { badRequest } from '../http/errors';
import type { StoreSettingsPatch } from '../../domain/store-settings';
import { storeRepository } from '../repositories/store';

async function present(db: Queryable, clock: Clock): Promise<ApiStaffStore> {
  const settings = await storeRepository(db).settings();
  const now = clock.now();
  return {
    mode: settings.openMode,
    storeOpen: isStoreOpen(now, settings),
    hours: settings.weeklyHours,
    deliveryFee: toDollars(settings.deliveryFeeCents),
    acceptanceWindowMinutes: settings.acceptanceWindowMinutes,
    pickupLeadMinutes: settings.pickupLeadMinutes,
    deliveryLeadMinutes: settings.deliveryLeadMinutes,
    deliveryMinutes: settings.deliveryMinutes,
    // A pause that has run out is no pause: the board shows none.
    pauseUntil:
      settings.pauseUntil && isPaused(now, settings.pauseUntil)
        ? settings.pauseUntil.toISOString()
        : null,
    name: settings.name,
    pickupAddress: settings.pickupAddress,
    phone: settings.phone,
    hstNumber: settings.hstNumber,
    staffEditMenu: settings.staffEditMenu,
  };
}

/** What PUT /api/staff/store may change: the settings, with the pause as the staff give it. */
export type StoreControlChanges = Omit<StoreSettingsPatch, 'pauseUntil'> & {
  /** Minutes from now (0 ends the pause), an instant, or null to end it; undefined: unchanged. */
  pause?: number | Date | null;
};

/** The pause's end as stored: minutes count from `now`, 0 and null end it. */
function pauseUntil(pause: number | Date | null | undefined, now: Date): Date | null | undefined {
  if (typeof pause !== 'number') return pause;
  return pause === 0 ? null : new Date(now.getTime() + pause * 60_000);
}

/** GET /api/staff/store: the store's controls and whether customers see it open now. */
export function viewStoreControls(db: Database, clock: Clock): Promise<ApiStaffStore> {
  return present(db, clock);
}

/** PUT /api/staff/store: changes any subset of the controls; answers them all as they now are. */
export async function updateStoreControls(
  db: Database,
  clock: Clock,
  changes: StoreControlChanges,
): Promise<ApiStaffStore> {
  const now = clock.now();
  const { pause, ...settings } = changes;
  // An instant is held to the same longest pause as minutes are (the staff screen sends one).
  if (pause instanceof Date && pause.getTime() - now.getTime() > MAX_PAUSE_MINUTES * 60_000) {
    throw badRequest(`A pause can last at most ${MAX_PAUSE_MINUTES} minutes from now.`);
  }
  return db.transaction(async (tx) => {
    await storeRepository(tx).update({ ...settings, pauseUntil: pauseUntil(pause, now) }, now);
    await announceStoreChange(tx, 'store');
    return present(tx, clock);
  });
}
