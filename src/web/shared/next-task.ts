/**
 * Resolves in a task of its own, once the browser has had its turn (input, a frame). Work split
 * at these points runs as several short tasks rather than one long one: on a phone, a task over
 * 50 ms is time a tap waits for, and Lighthouse counts it as blocking time. `scheduler.yield()`
 * where the browser has it (its continuation goes ahead of other queued tasks), else a timer.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
