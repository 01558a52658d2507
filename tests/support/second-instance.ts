import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../src/server/data/db';
import type { TestDatabase } from './test-app';

/**
 * A second app instance on the first one's Postgres schema, for a `describe` block about what two
 * instances share: connections of its own, named `applicationName` (a test can find them in
 * pg_stat_activity), started before the block's tests and stopped after them. Postgres only.
 */
export function secondInstance<App>(
  first: () => TestDatabase,
  applicationName: string,
  start: (db: Database) => Promise<App>,
  stop: (app: App) => Promise<void>,
): { readonly db: Database; readonly app: App } {
  let started: { db: Database; app: App } | undefined;
  const running = () => {
    if (!started) throw new Error('The second instance has not started');
    return started;
  };
  beforeAll(async () => {
    const { config } = first();
    if (config.kind !== 'postgres') throw new Error('postgres only');
    const db = await openDatabase({ ...config, applicationName });
    started = { db, app: await start(db) };
  });
  afterAll(async () => {
    const { db, app } = running();
    await stop(app);
    await db.close();
  });
  return {
    get db() {
      return running().db;
    },
    get app() {
      return running().app;
    },
  };
}
