import type { Database } from '../../src/server/data/db';
import { ACCEPT_SWEEP_MARK } from '../../src/server/repositories/orders';

/**
 * `run`'s answer and the number of statements it sent through `db`, for the tests that pin a
 * route's count (no N+1). Background work on the same database is not the route's doing and is
 * not counted: the event hub's safety poll reads order_events every few seconds, and the
 * acceptance sweeper reads the due orders, whenever they like.
 */
export async function countQueries<T>(
  db: Database,
  run: () => Promise<T>,
): Promise<{ queries: number; value: T }> {
  const original = db.query.bind(db);
  let queries = 0;
  db.query = (sql, params) => {
    if (!sql.includes('order_events') && !sql.includes(ACCEPT_SWEEP_MARK)) queries += 1;
    return original(sql, params);
  };
  try {
    const value = await run();
    return { queries, value };
  } finally {
    db.query = original;
  }
}
