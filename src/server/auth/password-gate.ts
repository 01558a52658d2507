import type { FastifyReply } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../domain';
import type { PasswordCheckLimits } from '../config';
import { HttpError } from '../http/errors';

/** Which waiting line a check joins: a device that signed in before goes first. */
export type PasswordLane = 'trusted' | 'other';

export interface PasswordGate {
  /**
   * Runs `work` (one password hash) when a slot is free. With the lane's queue full it throws
   * 503 `busy` and sets Retry-After on `reply`, without running `work`.
   */
  run<T>(reply: FastifyReply, lane: PasswordLane, work: () => Promise<T>): Promise<T>;
}

/**
 * One per app. A device that has signed in to the account before has a lane of its own, served
 * first, so a flood of strangers' guesses neither fills its queue nor makes it wait behind them.
 */
export function createPasswordGate(limits: PasswordCheckLimits): PasswordGate {
  let running = 0;
  const waiting: Record<PasswordLane, (() => void)[]> = { trusted: [], other: [] };

  function release(): void {
    const next = waiting.trusted.shift() ?? waiting.other.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(reply, lane, work) {
      if (running < limits.concurrency) {
        running += 1;
      } else {
        const line = waiting[lane];
        if (line.length >= limits.queue) {
          reply.header('retry-after', String(limits.retryAfterSeconds));
          throw new HttpError(503, ACCOUNT_MESSAGES.passwordChecksBusy, 'busy');
        }
        // The slot is handed over by `release`, so `running` stays counted meanwhile.
        await new Promise<void>((resolve) => line.push(resolve));
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
