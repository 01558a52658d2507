import { resolve } from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type onRequestHookHandler,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { ensureAdmin } from './auth/admin';
import { createCatalogueSnapshot, logUnreadableOnce } from './catalogue/snapshot';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { isDatabaseUnavailable, openDatabase, withTimeout, type Database } from './data/db';
import { migrate } from './data/migrate';
import { seed } from './data/seed';
import { createOrderEventHub } from './events/order-event-hub';
import { createStoreBroadcast } from './events/store-broadcast';
import { createAcceptanceSweeper } from './orders/acceptance-sweeper';
import { createMailSender } from './mail/sender';
import { describeSmtp, smtpTransport, type MailTransport } from './mail/transport';
import type { ApiErrorBody, ErrorCode } from '../domain';
import { afterAnswer } from './http/after-answer';
import { checkApiRequest } from './http/api-guard';
import { compressJsonAnswers } from './http/compress-json';
import { cookies } from './http/cookies';
import { limitConnections, trustedPeer } from './http/connection-limits';
import { HttpError } from './http/errors';
import { logSerializers, urlCarriesSecret } from './http/log-redaction';
import {
  contentSecurityPolicyValue,
  securityHeaders,
  securityHeaderValues,
} from './http/security-headers';
import { serveWebApp } from './http/web-app';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from './http/zod-provider';
import { apiRoutes } from './routes';
import { uploadedImageRoutes } from './staff/uploaded-images';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an image body (its own type check), not JSON. */
    acceptsImages?: boolean;
  }
}

/** Every error answer has this one shape, shared with the browser. */
const errorBody = (statusCode: number, code: ErrorCode, message: string): ApiErrorBody => ({
  statusCode,
  code,
  message,
});

/**
 * True for every spelling of an API path: `/api`, `/API/x`, `//api/x`, `/api%2fx`, `/api\\x`,
 * `/menu/../api/x`. Routing is exact, so such a path matches no route; without this it fell
 * through to the web app and answered 200 with the HTML page, for any method. Read as a browser
 * reads a URL: a backslash is a slash, `.` and `..` segments resolved, tabs dropped.
 */
function isApiPath(url: string): boolean {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // A broken escape is still judged by its raw text.
  }
  // Slashes collapsed before the URL parser sees it: '//api/x' would be a host named api.
  path = path.replace(/[\\/]+/g, '/');
  try {
    path = new URL(path, 'http://store.invalid').pathname;
  } catch {
    // Not a URL's path at all: judged as it is.
  }
  path = path.toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}

/** proxy-addr's own rule for a hop count (Fastify's types leave the number out). */
function trustProxyRule(
  setting: number | string[],
): string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export interface BuildOptions {
  clock?: Clock;
  /** An already open database (tests share one per file); otherwise opened from config. */
  db?: Database;
  /** The mail transport instead of SMTP_URL's (tests); without either, mails are held. */
  mailTransport?: MailTransport;
  /** True once shutdown has begun (serve.ts): /healthz then says 503 so balancers move on. */
  draining?: () => boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
}

/**
 * Builds the whole application without listening: database (migrated and seeded), API, images
 * and the web app. `main.ts` listens; tests call it in process or over a real port.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // No secret in a log line: reset links' tokens and other credentials in URLs redacted,
    // headers never written (http/log-redaction.ts).
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Bodies are small JSON documents; anything bigger is a mistake or an attack.
    bodyLimit: 64 * 1024,
    // A count of hops or a list of proxies, never `true` (trust-proxy.ts: trustProxySetting).
    trustProxy: trustProxyRule(config.trustProxy),
    // Slow and idle clients let go (config.ts: HttpLimits).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs),
      connectionsCheckingInterval: config.http.checkIntervalMs,
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = config.http.maxConnections;
  // Per client address and idle sockets first near the cap (http/connection-limits.ts).
  const connections = limitConnections(app.server, {
    maxConnections: config.http.maxConnections,
    maxPerClient: config.http.maxConnectionsPerClient,
    isTrustedProxy: trustedPeer(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? (await openDatabase(config.database, { log: app.log }));
  if (!options.db) app.addHook('onClose', () => db.close());
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  const seeded = await seed(db);
  if (seeded.products + seeded.toppings > 0) app.log.info(seeded, 'menu seeded');
  if (config.admin) {
    const outcome = await ensureAdmin(db, config.admin, config.passwordCost);
    app.log.info({ email: config.admin.email, outcome }, 'admin account');
  }

  const clock = options.clock ?? systemClock;
  const events = createOrderEventHub({ db, clock, log: app.log, config: config.events });
  // Started once the app is ready, stopped on close before the database closes (onClose hooks
  // run last-added first); the open streams are ended in preClose (routes/order-streams.ts).
  app.addHook('onReady', () => events.start());
  app.addHook('onClose', () => events.stop());
  const store = createStoreBroadcast({ db, log: app.log });
  app.addHook('onReady', () => store.start());
  app.addHook('onClose', () => store.stop());
  // Keeps answers only while the broadcast listens (from onReady), so it needs no start of its own.
  const catalogue = createCatalogueSnapshot({
    db,
    broadcast: store,
    onUnreadable: logUnreadableOnce(app.log),
  });
  app.addHook('onClose', () => catalogue.close());
  // Declines the orders whose acceptance window ended: once at start (the ones that fell due
  // while no server ran), then on an interval and when the earliest window ends (new orders
  // come from the hub); stopped on close, before the database closes.
  const sweeper = createAcceptanceSweeper({
    db,
    clock,
    intervalMs: config.orders.acceptSweepMs,
    store: () => catalogue.settings(),
    ownerEmail: config.mail.ownerEmail,
    log: app.log,
  });
  const unsubscribe = events.subscribe((event) => {
    if (event.type !== 'order-created') return;
    const { acceptBy } = event.payload;
    void sweeper.orderPlaced(typeof acceptBy === 'string' ? new Date(acceptBy) : undefined);
  });
  app.addHook('onReady', () => sweeper.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await sweeper.stop();
  });
  // Delivers the outbox (mail/sender.ts) on every process; started once the app is ready,
  // stopped on close before the database closes. Without SMTP_URL, mails stay queued (held).
  const transport =
    options.mailTransport ??
    (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.sendTimeoutMs) : null);
  const mail = transport
    ? createMailSender({ db, clock, config: config.mail, transport, log: app.log })
    : null;
  if (mail) {
    app.addHook('onReady', (done) => {
      mail.start();
      done();
    });
    app.addHook('onClose', () => mail.stop());
    if (config.mail.smtpUrl) {
      app.log.info({ smtp: describeSmtp(config.mail.smtpUrl) }, 'mail: sending through SMTP');
    }
  } else {
    app.log.warn('mail: no SMTP_URL, so mails are held in the outbox (the admin sees them)');
  }
  // Added after the hooks above, so closing waits for the work queued after answers before
  // the mail sender, the catalogue and the database stop (http/after-answer.ts).
  afterAnswer(app);
  const ctx: AppContext = { config, db, clock, events, store, catalogue, mail };

  // Behind a proxy, a socket is charged to the client its first request names, before anything
  // else runs for it. Only then: a direct socket was charged on connect.
  if (config.trustProxy !== 0) {
    app.addHook('onRequest', (request, reply, done) => {
      if (connections.charge(request.raw.socket, () => request.ip)) {
        done();
        return;
      }
      // Closed after the answer: kept open, the socket would stay the proxy's, uncapped.
      reply.header('connection', 'close').header('retry-after', '5');
      done(
        new HttpError(
          429,
          'Too many connections are open from your address. Close a tab and try again.',
          'rate_limited',
        ),
      );
    });
  }

  // First (after the charge above), so every answer carries the headers, refusals and 404s
  // included.
  securityHeaders(app, securityHeaderValues(config));
  cookies(app);
  // Registered before any route, so it sees every JSON answer, the errors included.
  compressJsonAnswers(app);

  // No cross-site form can act: a state-changing API call must come from our own origin, and a
  // body, if any, must be JSON (a cross-site form cannot send application/json without CORS).
  // A hook of each API route (the 404s under /api/ check it in the not-found handler), so the
  // other answers, and the catalogue's reads, do not pay to find out that they are not the API.
  const apiGuards = new Set<unknown>();
  app.addHook('onRoute', (route) => {
    // The route's path, not the raw URL: '/%61pi/cart' is routed to '/api/cart' as well.
    if (!route.url.startsWith('/api/')) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    // A GET's HEAD twin arrives here with the GET's hooks, this guard included.
    if (existing.some((hook) => apiGuards.has(hook))) return;
    const acceptsImages = route.config?.acceptsImages === true;
    const guard: onRequestHookHandler = (request, reply, done) => {
      // Answers of the API are about someone (carts, orders, contacts, the session) unless the
      // route says otherwise (the catalogue's no-cache with an ETag, a photo's immutable): no
      // cache, shared or the browser's own, may keep them. Set here, before the route runs, so
      // the route's own Cache-Control replaces it and no onSend hook is paid per answer; the
      // guard's refusals and the route's errors carry it too.
      reply.header('cache-control', 'no-store');
      try {
        checkApiRequest(request, acceptsImages);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      done();
    };
    apiGuards.add(guard);
    route.onRequest = [guard, ...existing];
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.statusCode, error.code, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (malformed JSON, body too large): its message is safe to show, its
      // code (FST_ERR_...) is mapped onto our closed list.
      const code: ErrorCode =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : 'invalid_input';
      return reply.status(status).send(errorBody(status, code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of ours: the database restarted or is slow. A client may try again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          errorBody(
            503,
            'unavailable',
            'We could not reach our system just now. Please try again.',
          ),
        );
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(errorBody(500, 'internal', 'Something went wrong on our side. Please try again.'));
  });

  app.get('/healthz', async (_request, reply) => {
    if (options.draining?.()) return reply.status(503).send({ ok: false, draining: true });
    try {
      // A database that accepts connections but never answers must not hang the probe: load
      // balancers wait about 2 s, so say 503 before that.
      await withTimeout(db.query('select 1'), 1500, 'no answer from the database within 1.5 s');
      return { ok: true };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ ok: false });
    }
  });

  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await routes(api, ctx);
    },
    { prefix: '/api' },
  );

  // Before the static files: the staff's photos live in the database, not in imagesDir.
  await app.register(uploadedImageRoutes(ctx));

  await app.register(fastifyStatic, {
    root: resolve(config.imagesDir),
    prefix: '/images/',
    decorateReply: false,
    // Artwork changes rarely; a month in every cache keeps repeat visits free.
    maxAge: '30d',
  });

  const sendIndexHtml = config.webDir
    ? await serveWebApp(app, resolve(config.webDir), clock, contentSecurityPolicyValue(config))
    : null;

  app.setNotFoundHandler((request, reply) => {
    // What an API route's own hook refuses, unknown API paths refuse too (before saying 404),
    // and their answers are not kept either (the guard's Cache-Control above).
    if (isApiPath(request.url)) {
      reply.header('cache-control', 'no-store');
      checkApiRequest(request, false);
    }
    // Only a page a browser asks for gets the web app; an unknown API path, image or method is
    // a JSON 404 (a POST to a made-up path must not look like success).
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || isApiPath(request.url) || request.url.startsWith('/images/') || !sendIndexHtml) {
      return reply
        .status(404)
        .send(
          errorBody(
            404,
            'not_found',
            `No route for ${request.method} ${request.url.split('?')[0]}.`,
          ),
        );
    }
    // A page opened from a reset mail holds a live token in its URL: no Referer may carry it
    // to what the page loads or calls, nor to a site it links to.
    if (urlCarriesSecret(request.url)) reply.header('referrer-policy', 'no-referrer');
    // The single-page app answers every other path (deep links, unknown paths show Home).
    return sendIndexHtml(request, reply.status(200));
  });

  return app;
}
