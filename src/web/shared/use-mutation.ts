import { useEffect, useRef, useState } from 'react';
import { ApiError, isAbort, refusalReason } from './api';

/**
 * How a `run` ended: the value, or the failure with its words (`problem`); error and problem
 * are null when nothing is to be said (a run while one was pending, or the screen was left).
 */
export type MutationResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: ApiError; problem: string }
  | { ok: false; error: null; problem: null };

const SKIPPED = { ok: false, error: null, problem: null } as const;

/**
 * A change sent to the server from a screen (decision 8): while it runs `pending` is true and
 * a second `run` does nothing (a double click sends once); a failure is kept as the `ApiError`
 * the server answered (its domain `code` to switch on, its message) and worded in `problem`:
 * the server's own sentence when it refused, else `fallback` (or a screen's own `describe`). Leaving the screen aborts the request through the
 * signal `mutate` is given, and nothing that ends after that touches the screen.
 */
export function useMutation<T, I = void>(
  mutate: (input: I, signal: AbortSignal) => Promise<T>,
  words: { fallback: string } | { describe: (error: ApiError) => string },
) {
  const describe =
    'describe' in words
      ? words.describe
      : (error: ApiError) => refusalReason(error) ?? words.fallback;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    // Remounted (React's development double mount): a fresh controller for the next run.
    controller.current = new AbortController();
    return () => controller.current?.abort();
  }, []);

  const run = async (input: I): Promise<MutationResult<T>> => {
    const signal = controller.current?.signal;
    if (running.current || !signal || signal.aborted) return SKIPPED;
    // A function, not the property: the screen may be left while `mutate` runs.
    const left = () => signal.aborted;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      const value = await mutate(input, signal);
      return left() ? SKIPPED : { ok: true, value };
    } catch (caught) {
      if (left() || isAbort(caught)) return SKIPPED;
      const failure =
        caught instanceof ApiError
          ? caught
          : new ApiError(0, caught instanceof Error ? caught.message : String(caught), 'internal');
      setError(failure);
      return { ok: false, error: failure, problem: describe(failure) };
    } finally {
      running.current = false;
      if (!left()) setPending(false);
    }
  };

  return {
    run,
    pending,
    error,
    /** What to show a person: `describe`'s words, or the server's reason or `fallback`. */
    problem: error ? describe(error) : null,
    reset: () => setError(null),
  };
}
