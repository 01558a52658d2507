import { buildApp } from './app';
import { loadConfig } from './config';

/**
 * Starts the store (`npm start`, through main.ts). Everything else lives in buildApp so tests
 * can build it too.
 *
 * On SIGTERM or SIGINT (a restart, a deploy, Ctrl-C) it shuts down gracefully. First, for
 * SHUTDOWN_DRAIN_MS, it serves on while /healthz answers 503, so a load balancer in front stops
 * sending it requests (a request cut off there is one the balancer cannot always try again: a
 * POST). Then: no new connections; every open event stream is told to reconnect soon and ended (the routes'
 * preClose); the requests in flight finish, then the work they queued after their answers
 * (http/after-answer.ts); then the database closes and the process exits 0.
 * A request that does not finish within SHUTDOWN_TIMEOUT_MS (a client still sending its body)
 * does not hold the restart hostage: the process says so in the log and exits 1 anyway.
 */
export async function serve(): Promise<void> {
  const config = loadConfig();
  let closing = false;
  const app = await buildApp(config, { draining: () => closing });

  const shutdown = (signal: string) => {
    // Ctrl-C reaches the server twice under `npm start` (the terminal signals the whole process
    // group, and npm passes it on): the second one is the same request.
    if (closing) return;
    closing = true;
    const deadlineMs = config.shutdownTimeoutMs;
    const drainMs = config.shutdownDrainMs;
    app.log.info(
      { signal, drainMs, deadlineMs },
      'shutting down: draining, then finishing requests in flight',
    );
    setTimeout(() => close(signal, deadlineMs), drainMs);
  };
  const close = (signal: string, deadlineMs: number) => {
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, deadlineMs },
        `shutdown did not finish within ${deadlineMs} ms; exiting with requests still open`,
      );
      process.exit(1);
    }, deadlineMs);
    app.close().then(
      () => {
        clearTimeout(deadline);
        app.log.info({ signal }, 'shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}
