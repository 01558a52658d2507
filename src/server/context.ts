import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './data/db';
import type { ApiInstance } from './http/zod-provider';

/** What every route module receives: configuration, the database and the clock. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  clock: Clock;
}

/** A group of routes, registered under /api. */
export type RouteModule = (app: ApiInstance, ctx: AppContext) => void | Promise<void>;
