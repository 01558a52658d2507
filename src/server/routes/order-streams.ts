import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../domain';
import { requireUser, selfGuard, sessionTokenHash, staffGuard } from '../auth/sessions';
import { sessionsRepository, type SessionUser } from '../repositories/sessions';
import type { RouteModule } from '../context';
import {
  openOrderEventStream,
  type EventFeed,
  type OrderEventStream,
} from '../events/event-stream';
import { presentOrderEvent, presentStaffOrderEvent } from '../events/present-event';
import { HttpError } from '../http/errors';
import { loadStaffOrders } from '../orders/present-order';
import {
  STAFF_ONLY_EVENTS,
  orderEventsRepository,
  parseEventId,
} from '../repositories/order-events';

const customerQuery = z.object({ userId: idSchema, lastEventId: z.string().optional() });
const staffQuery = z.object({ lastEventId: z.string().optional() });

/** Sessions asked about in one statement by the heartbeat's check. */
const SESSION_BATCH = 1000;

interface Watched {
  tokenHash: string;
  allowed: (user: SessionUser) => boolean;
}

const TOO_MANY_STREAMS =
  'Too many live order updates are open for this account. Close another tab and try again.';

/**
 * The live order streams (server-sent events, `events/event-stream.ts` for the rules):
 * the customer's own events, and the staff board's stream of every new or changed order.
 *
 * Both take their position from `Last-Event-ID` (what a browser sends when it reconnects by
 * itself) or else `?lastEventId=` (what a new EventSource, which cannot set headers, sends).
 * No HEAD route: Fastify would drain a HEAD's stream without ever ending it.
 */
export const orderStreamRoutes: RouteModule = (app, ctx) => {
  const events = orderEventsRepository(ctx.db);
  const sessions = sessionsRepository(ctx.db);
  /** Each open stream with what its session is checked against on every heartbeat. */
  const open = new Map<OrderEventStream, Watched>();
  const perAccount = new Map<string, number>();

  /**
   * One timer for every open stream (issue 11: 10,000 streams on one process): each heartbeat
   * pings them all, then asks the database about all their sessions in one statement per
   * SESSION_BATCH, instead of a timer and a query per stream. A stream ends soon after its
   * session does (logout, a staff account removed or its password reset), instead of going on
   * delivering orders to someone who may no longer see them.
   */
  const heartbeat = setInterval(() => void beat(), ctx.config.events.heartbeatMs);
  heartbeat.unref();
  let checking = false;

  async function beat(): Promise<void> {
    for (const stream of open.keys()) stream.ping();
    // A check still running (a slow database) is not doubled up; the next beat asks again.
    if (checking || open.size === 0) return;
    checking = true;
    // Only the streams open now: one opened while the query runs was let in after it started.
    const watched = [...open.entries()];
    try {
      const hashes = [...new Set(watched.map(([, w]) => w.tokenHash))];
      const users = new Map<string, SessionUser>();
      for (let i = 0; i < hashes.length; i += SESSION_BATCH) {
        const found = await sessions.findUsers(hashes.slice(i, i + SESSION_BATCH), ctx.clock.now());
        for (const [hash, user] of found) users.set(hash, user);
      }
      for (const [stream, { tokenHash, allowed }] of watched) {
        const user = users.get(tokenHash);
        if (!user || !allowed(user)) stream.close();
      }
    } catch (error) {
      // The database is away: the streams stay; the next heartbeat asks again.
      app.log.warn({ err: error }, 'stream session check failed');
    } finally {
      checking = false;
    }
  }

  // Open streams never finish by themselves; closing the server would wait for them forever.
  // Each is told to reconnect soon (to the restarted process) before it ends.
  app.addHook('preClose', (done) => {
    clearInterval(heartbeat);
    for (const stream of open.keys()) stream.shutDown();
    done();
  });

  const position = (header: unknown, query: string | undefined) =>
    parseEventId(header) ?? parseEventId(query);

  /**
   * Counts the stream against its account, opens it and sends it as the answer. `allowed` is
   * asked again every heartbeat with the session as it now is (`beat`).
   */
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    from: string | null,
    feed: EventFeed,
    allowed: (user: SessionUser) => boolean,
  ): Promise<FastifyReply> {
    const count = perAccount.get(account) ?? 0;
    // A bug that opens a stream per render must not use up the server's sockets and memory.
    if (count >= ctx.config.events.maxStreamsPerUser) {
      reply.header('retry-after', '5');
      throw new HttpError(429, TOO_MANY_STREAMS, 'rate_limited');
    }
    perAccount.set(account, count + 1);
    let stream: OrderEventStream | null = null;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (perAccount.get(account) ?? 1) - 1;
      if (left > 0) perAccount.set(account, left);
      else perAccount.delete(account);
      if (stream) open.delete(stream);
    };
    stream = await openOrderEventStream({
      hub: ctx.events,
      feed,
      position: from,
      latestId: () => events.latestId(),
      log: reply.log,
      onClose: release,
    });
    // The guards let this request in with a session, so it has a cookie.
    const tokenHash = sessionTokenHash(request) ?? '';
    open.set(stream, { tokenHash, allowed });
    const opened = stream;
    reply.raw.on('close', () => opened.close());
    return reply
      .header('content-type', 'text/event-stream')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream.body);
  }

  app.get(
    '/orders/sse',
    {
      preValidation: selfGuard(ctx, 'query'),
      exposeHeadRoute: false,
      schema: { querystring: customerQuery },
    },
    async (request, reply) => {
      const user = await requireUser(request, ctx);
      return serve(
        request,
        reply,
        `customer:${user.id}`,
        position(request.headers['last-event-id'], request.query.lastEventId),
        {
          userId: user.id,
          accepts: (event) => event.userId === user.id && !STAFF_ONLY_EVENTS.has(event.type),
          read: (afterId, limit) => events.after(afterId, { userId: user.id, limit }),
          present: (batch) =>
            batch.map((event) => {
              if (STAFF_ONLY_EVENTS.has(event.type)) return null;
              const api = presentOrderEvent(event);
              if (!api) {
                request.log.error({ event }, 'order event with a malformed payload skipped');
              }
              return api;
            }),
        },
        (current) => current.id === user.id,
      );
    },
  );

  app.get(
    '/staff/orders/stream',
    { preValidation: staffGuard(ctx), exposeHeadRoute: false, schema: { querystring: staffQuery } },
    async (request, reply) => {
      const user = await requireUser(request, ctx);
      return serve(
        request,
        reply,
        `staff:${user.id}`,
        position(request.headers['last-event-id'], request.query.lastEventId),
        {
          accepts: () => true,
          read: (afterId, limit) => events.after(afterId, { limit }),
          // Each order as it stands now, all read together; one deleted since has nothing to show.
          present: async (batch) => {
            const orders = await loadStaffOrders(
              ctx.db,
              batch.map((event) => event.orderId),
            );
            return batch.map((event) => {
              const order = orders.get(event.orderId);
              return order ? presentStaffOrderEvent(event, order) : null;
            });
          },
        },
        (current) => current.role === 'staff' || current.role === 'admin',
      );
    },
  );
};
