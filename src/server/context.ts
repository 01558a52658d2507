import type { CatalogueSnapshot } from './catalogue/snapshot';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './data/db';
import type { OrderEventHub } from './events/order-event-hub';
import type { StoreBroadcast } from './events/store-broadcast';
import type { ApiInstance } from './http/zod-provider';
import type { MailSender } from './mail/sender';

/** What every route module receives: configuration, the database, the clock, the live hubs. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  clock: Clock;
  /** The process's reader of the order event log; the live streams subscribe to it. */
  events: OrderEventHub;
  /** Tells the open storefronts that the store's settings or menu changed. */
  store: StoreBroadcast;
  /**
   * The menu and store settings as this process last read them (decision 11). A route that
   * changes them runs the write through `catalogue.change`.
   */
  catalogue: CatalogueSnapshot;
  /**
   * The outbox's sender (mail/sender.ts); null without SMTP_URL, when queued mails are held.
   * A route that queues a mail may `wake()` it; the sender's poll finds the mail anyway.
   */
  mail: MailSender | null;
}

/** A group of routes, registered under /api. */
export type RouteModule = (app: ApiInstance, ctx: AppContext) => void | Promise<void>;
