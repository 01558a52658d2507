/**
 * "The store changed": the staff saved a setting (open or closed, a pause, hours, the delivery
 * fee, the profile) or the menu (sold out, a price, a photo). Every open storefront hears it
 * and asks again at once, instead of finding out at its next minute's refresh, so a pause or a
 * sold-out item reaches customers within a second.
 *
 * The writer calls `announceStoreChange` inside its transaction: Postgres (and PGlite) deliver
 * the NOTIFY only if it commits, to every process listening on the database. The message carries
 * no data, only what kind of thing changed; browsers then ask the API, which is the truth.
 */
import type { Database, Queryable, Unlisten } from '../data/db';
import type { HubLog } from './order-event-hub';

export const STORE_CHANNEL = 'store_changed';
export type StoreChange = 'store' | 'menu';

/** Announces a change when the surrounding transaction commits. */
export async function announceStoreChange(db: Queryable, what: StoreChange): Promise<void> {
  await db.query('select pg_notify($1, $2)', [STORE_CHANNEL, what]);
}

export interface StoreBroadcast {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Calls `listener` on every change from now on; returns unsubscribe. */
  subscribe(listener: (what: StoreChange) => void): () => void;
}

export function createStoreBroadcast({
  db,
  log,
}: {
  db: Database;
  log: Pick<HubLog, 'warn'>;
}): StoreBroadcast {
  const listeners = new Set<(what: StoreChange) => void>();
  let unlisten: Unlisten | null = null;

  const tell = (what: StoreChange) => {
    for (const listener of listeners) listener(what);
  };

  return {
    async start() {
      unlisten = await db.listen(
        STORE_CHANNEL,
        (payload) => tell(payload === 'menu' ? 'menu' : 'store'),
        () => {
          // Notifies sent while the listener was down are lost: anything may have changed.
          log.warn({}, 'store change listener reconnected; telling storefronts to refresh');
          tell('store');
          tell('menu');
        },
      );
    },
    async stop() {
      listeners.clear();
      await unlisten?.();
      unlisten = null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
