import { MAX_PAUSE_MINUTES, isStoreOpen, type ApiStaffStore } from '../../domain';
import {
  STORE_SETTINGS,
  showSettings,
  storedChanges,
  type SentSettings,
  type StoreSettings,
  type StoreSettingsRegistry,
} from '../../domain/store-settings';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { badRequest } from '../http/errors';
import { storeRepository } from '../repositories/store';

function present(settings: StoreSettings, now: Date): ApiStaffStore {
  return { storeOpen: isStoreOpen(now, settings), ...showSettings(STORE_SETTINGS, settings, now) };
}

/** What PUT /api/staff/store may change: any subset of the settings, as sent. */
export type StoreControlChanges = SentSettings<StoreSettingsRegistry>;

/** GET /api/staff/store: the store's controls and whether customers see it open now. */
export async function viewStoreControls(db: Database, clock: Clock): Promise<ApiStaffStore> {
  return present(await storeRepository(db).settings(), clock.now());
}

/** PUT /api/staff/store: changes any subset of the controls; answers them all as they now are. */
export async function updateStoreControls(
  db: Database,
  clock: Clock,
  sent: StoreControlChanges,
): Promise<ApiStaffStore> {
  const now = clock.now();
  const changes = storedChanges(STORE_SETTINGS, sent, now);
  // An instant is held to the same longest pause as minutes are (the staff screen sends one).
  const { pauseUntil } = changes;
  if (pauseUntil && pauseUntil.getTime() - now.getTime() > MAX_PAUSE_MINUTES * 60_000) {
    throw badRequest(`A pause can last at most ${MAX_PAUSE_MINUTES} minutes from now.`);
  }
  return db.transaction(async (tx) => {
    const settings = await storeRepository(tx).update(changes, now);
    await announceStoreChange(tx, 'store');
    return present(settings, clock.now());
  });
}
