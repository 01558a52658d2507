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
import { queryOf, sql } from '../data/sql';
import type { HubLog } from './order-event-hub';

export const STORE_CHANNEL = 'store_changed';
export type StoreChange = 'store' | 'menu';

/**
 * The rows behind the catalogue or the store's settings changed (the tables' triggers, migration
 * 006): the process's snapshot must forget them, but open storefronts hear only announcements.
 */
const ROWS_CHANGED: Readonly<Record<string, StoreChange>> = {
  'menu-rows': 'menu',
  'store-rows': 'store',
};

/** Announces a change when the surrounding transaction commits. */
export async function announceStoreChange(db: Queryable, what: StoreChange): Promise<void> {
  await queryOf(db)(sql`select pg_notify(${STORE_CHANNEL}, ${what})`);
}

export interface StoreBroadcast {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Calls `listener` on every announced change from now on; returns unsubscribe. */
  subscribe(listener: (what: StoreChange) => void): () => void;
  /**
   * Calls `listener` whenever the store's data may have changed: every announcement, every
   * change of the rows (whoever wrote them), and both kinds when the listener was lost or came
   * back (what was sent meanwhile is gone). Returns unsubscribe.
   */
  onDataChange(listener: (what: StoreChange) => void): () => void;
  /**
   * True while this process hears every change: listening, and the listener not lost. What is
   * remembered from the database while it is false may already be out of date.
   */
  isLive(): boolean;
}

export function createStoreBroadcast({
  db,
  log,
}: {
  db: Database;
  log: Pick<HubLog, 'warn'>;
}): StoreBroadcast {
  const listeners = new Set<(what: StoreChange) => void>();
  const dataListeners = new Set<(what: StoreChange) => void>();
  let unlisten: Unlisten | null = null;
  let live = false;

  const tell = (what: StoreChange) => {
    for (const listener of listeners) listener(what);
  };
  const dataChanged = (what: StoreChange) => {
    for (const listener of dataListeners) listener(what);
  };

  return {
    async start() {
      unlisten = await db.listen(
        STORE_CHANNEL,
        (payload) => {
          const rows = ROWS_CHANGED[payload];
          if (rows) {
            dataChanged(rows);
            return;
          }
          const what = payload === 'menu' ? 'menu' : 'store';
          dataChanged(what);
          tell(what);
        },
        () => {
          live = true;
          // Notifies sent while the listener was down are lost: anything may have changed.
          log.warn({}, 'store change listener reconnected; telling storefronts to refresh');
          for (const what of ['store', 'menu'] as const) {
            dataChanged(what);
            tell(what);
          }
        },
        () => {
          live = false;
          dataChanged('store');
          dataChanged('menu');
        },
      );
      live = true;
    },
    async stop() {
      live = false;
      listeners.clear();
      dataListeners.clear();
      await unlisten?.();
      unlisten = null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDataChange(listener) {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
    isLive: () => live,
  };
}
