import type pg from 'pg';
import type { Database, DatabaseLog, Queryable } from './types';
import { connectionLost, isRetryable } from './errors';
import type { Prepare } from './statement-names';

const TRANSACTION_ATTEMPTS = 3;

/**
 * `transaction()` on the pool: a transaction that loses a deadlock or a serialisation race
 * (`isRetryable`) is run again whole, TRANSACTION_ATTEMPTS attempts in all.
 */
export function retryingTransactions(
  pool: pg.Pool,
  prepared: Prepare,
  log: DatabaseLog,
): Database['transaction'] {
  return async (work) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runTransaction(pool, prepared, work);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
        log.warn({ err: error, attempt }, 'transaction lost a lock race; retrying it');
        // Jittered, so the two losers of one deadlock do not collide again in step.
        await sleep(20 * 2 ** (attempt - 1) * (0.5 + Math.random()));
      }
    }
  };
}

async function runTransaction<T>(
  pool: pg.Pool,
  prepared: Prepare,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // The pool stops listening to a client while it is checked out: a connection dropped between
  // two statements would emit an unhandled 'error' and end the process.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  const tx: Queryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await client.query(prepared(sql, params));
        return result.rows as Row[];
      } catch (error) {
        // After a client-side timeout or a lost socket the connection's state is unknown: an
        // answer may still arrive and be taken for the next statement's.
        if (connectionLost(error)) broken ??= error instanceof Error ? error : new Error('lost');
        throw error;
      }
    },
  };
  try {
    await tx.query('begin');
    const result = await work(tx);
    await tx.query('commit');
    return result;
  } catch (error) {
    if (!broken) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error('rollback failed');
      });
    }
    throw error;
  } finally {
    client.off('error', onError);
    // A broken client is closed, never handed to the next request.
    client.release(broken);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
