import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './data/db';

/** What every route module receives: configuration, the database and the clock. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  clock: Clock;
}

/** A group of routes, registered under /api. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
