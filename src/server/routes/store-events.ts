import { PassThrough } from 'node:stream';
import type { RouteModule } from '../context';
import { shutdownRetryFrame } from '../events/shutdown-hint';
import { HttpError } from '../http/errors';

/** Open storefront streams per client address in one process; one more is refused (429). */
const MAX_STREAMS_PER_ADDRESS = 20;

/**
 * GET /api/store/events: a server-sent event stream for every open storefront, public (the
 * store's settings and menu are public). Each change is `data: {"type":"store-changed","what":
 * "store" | "menu"}`; the browser then asks for the store (or the menu) again. Nothing is
 * replayed: a storefront that reconnects refreshes anyway. A comment line keeps proxies from
 * closing an idle stream. No HEAD route (Fastify would drain the stream without ending it).
 */
export const storeEventRoutes: RouteModule = (app, ctx) => {
  const open = new Set<PassThrough>();
  const perAddress = new Map<string, number>();

  // One timer pings every open storefront, not one per stream (routes/order-streams.ts).
  const heartbeat = setInterval(() => {
    for (const body of open) body.write(': ping\n\n');
  }, ctx.config.events.heartbeatMs);
  heartbeat.unref();

  // As the order streams: each open storefront is told to reconnect soon, then ended.
  app.addHook('preClose', (done) => {
    clearInterval(heartbeat);
    for (const body of open) body.end(shutdownRetryFrame());
    done();
  });

  // Async: a throw (the cap) then becomes the error answer, as in every route.
  app.get('/store/events', { exposeHeadRoute: false }, async (request, reply) => {
    const address = request.ip;
    const count = perAddress.get(address) ?? 0;
    if (count >= MAX_STREAMS_PER_ADDRESS) {
      reply.header('retry-after', '5');
      throw new HttpError(
        429,
        'Too many live updates are open. Close a tab and try again.',
        'rate_limited',
      );
    }
    perAddress.set(address, count + 1);

    const body = new PassThrough();
    open.add(body);
    const unsubscribe = ctx.store.subscribe((what) => {
      body.write(`data: ${JSON.stringify({ type: 'store-changed', what })}\n\n`);
    });
    let finished = false;
    body.on('close', () => {
      if (finished) return;
      finished = true;
      open.delete(body);
      unsubscribe();
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    // A write racing the client's disconnect; the stream is ending anyway.
    body.on('error', () => undefined);
    body.write('retry: 5000\n\n');
    reply.raw.on('close', () => body.end());
    return reply
      .header('content-type', 'text/event-stream')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(body);
  });
};
