import { isStoreOpen, toDollars, type ApiStaffStore } from '../../domain';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { storeRepository, type StoreChanges } from '../repositories/store';

async function present(db: Queryable, clock: Clock): Promise<ApiStaffStore> {
  const settings = await storeRepository(db).settings();
  return {
    mode: settings.openMode,
    storeOpen: isStoreOpen(clock.now(), settings.weeklyHours, settings.openMode),
    hours: settings.weeklyHours,
    deliveryFee: toDollars(settings.deliveryFeeCents),
    acceptanceWindowMinutes: settings.acceptanceWindowMinutes,
    pickupLeadMinutes: settings.leadTimeMinutes,
    deliveryLeadMinutes: settings.deliveryLeadTimeMinutes,
    // Pausing new orders arrives with issue 9's server work.
    pauseUntil: null,
    name: settings.name,
    pickupAddress: settings.pickupAddress,
    phone: settings.phone,
  };
}

/** GET /api/staff/store: the store's controls and whether customers see it open now. */
export function viewStoreControls(db: Database, clock: Clock): Promise<ApiStaffStore> {
  return present(db, clock);
}

/** PUT /api/staff/store: changes any subset of the controls; answers them all as they now are. */
export async function updateStoreControls(
  db: Database,
  clock: Clock,
  changes: StoreChanges,
): Promise<ApiStaffStore> {
  return db.transaction(async (tx) => {
    await storeRepository(tx).update(changes, clock.now());
    await announceStoreChange(tx, 'store');
    return present(tx, clock);
  });
}
