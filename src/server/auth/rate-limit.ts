import type { FastifyReply } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../domain';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';

export interface RateRule {
  /** How many attempts a key may make per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window attempt counters, keyed by e.g. `login:ip:1.2.3.4` or `login:email:a@b.c`.
 *
 * Kept in memory on purpose: the store runs as one process today, the counters are cheap to
 * lose on a restart (an attacker gains at most one extra window), and a login burst never
 * touches the database. The roadmap's multi-process deployment would move them to a database
 * table (same keys, `count` and `reset_at` columns) so every process sees the same counts.
 * Time comes from the injected clock, so tests can move past a window.
 */
export function createRateLimiter(clock: Clock) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Expired windows are swept now and then so the map stays as small as the recent traffic.
  const SWEEP_ABOVE = 10_000;

  function sweep(now: number): void {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    /**
     * Counts one attempt against every key; when any key is over its limit, throws 429 with a
     * Retry-After (seconds) header set on `reply`. Every attempt counts, successful or not, so
     * a burst of parallel guesses is cut off as surely as a slow series. Once one key refuses,
     * the later keys are only read, never counted or created: a blocked address can neither use
     * up another account's attempts nor fill the map with keys of made-up accounts.
     */
    hit(reply: FastifyReply, attempts: readonly { key: string; rule: RateRule }[]): void {
      const now = clock.now().getTime();
      if (windows.size > SWEEP_ABOVE) sweep(now);
      let retryAfterMs = 0;
      for (const { key, rule } of attempts) {
        let window = windows.get(key);
        if (retryAfterMs > 0) {
          if (window && window.resetAt > now && window.count >= rule.limit) {
            retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
          }
          continue;
        }
        if (!window || window.resetAt <= now) {
          window = { count: 0, resetAt: now + rule.windowMs };
          windows.set(key, window);
        }
        window.count += 1;
        if (window.count > rule.limit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
      }
      if (retryAfterMs > 0) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
        throw new HttpError(429, ACCOUNT_MESSAGES.tooManyAttempts, 'rate_limited');
      }
    },
  };
}
