/**
 * What an open event stream is told when this process shuts down (SIGTERM, SIGINT: a restart, a
 * deploy): `retry: <ms>`, then the end of the stream. A browser's EventSource reconnects by itself
 * that long after its stream ends, with the last event id it saw, and carries on where it was.
 *
 * Why not the streams' usual 5 s: a restart is over in about 2 s (PGlite opens an existing folder
 * in ~2 s, Postgres in well under one), so a customer waiting on the overlay would wait longer
 * than the restart. Why not 0: every open stream would come back in the same instant, to a
 * process that is still starting or has just started. So 1 to 3 s, drawn per stream: a
 * reconnection that comes too early fails and is tried again after the same delay, and the
 * returning streams arrive spread over two seconds instead of all at once.
 */
export const SHUTDOWN_RETRY_MS = { min: 1_000, spread: 2_000 } as const;

/** The frame to write before ending a stream because the process is shutting down. */
export function shutdownRetryFrame(random: () => number = Math.random): string {
  const ms = SHUTDOWN_RETRY_MS.min + Math.floor(random() * SHUTDOWN_RETRY_MS.spread);
  return `retry: ${ms}\n\n`;
}
