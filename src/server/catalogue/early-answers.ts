/**
 * The storefront's most frequent reads, answered in the first step of a request when the
 * snapshot has their answer built (decision 11's addendum): `GET /api/store/status` (every open
 * storefront, every minute), `/api/products`, `/api/products/{id}` and `/api/toppings` (every
 * visit, every cart).
 *
 * Why before the routes: once an answer is prepared, sending it is a lookup and one write, but
 * the rest of the request's life around it cost more than the write itself (the cookie parser,
 * the API guard, validation, two onSend hooks, the reply's own bookkeeping, the security headers
 * set one by one and merged again). docs/performance.md has the CPU per request either way.
 *
 * What stays the same: the answer is the routes' own, byte for byte, headers and all (the same
 * `answerTo` choice of encoding and 304, the same security headers, first), and
 * `tests/api/early-answers.test.ts` compares the two. Fastify has routed the request already,
 * closed its doors when it is shutting down, and logs it as any other. Anything this does not
 * answer goes on to the routes, which are complete on their own: HEAD, a query string, another
 * spelling of the path, an id that is not one of the menu's, a cross-site request (the API guard
 * refuses it there), and the first request after a change, while the snapshot builds.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { isCrossSite } from '../http/api-guard';
import { REVALIDATE, answerTo, type Prepared, type Representation } from '../http/representation';
import { isUuid } from '../../domain/ids';
import { readyCatalogue } from '../routes/catalog';
import { readyStoreStatus } from '../routes/store';
import type { CatalogueSnapshot } from './snapshot';

/** The routes' paths under /api (`routes/index.ts` mounts them there). */
const PRODUCT_PREFIX = '/api/products/';

/** Headers for a 200 and a 304: the security headers first, then the answer's own. */
interface Written {
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
}

/**
 * Adds the hook; call it before any other onRequest hook, `securityHeaders` included, so it runs
 * first (behind a proxy only the connection limiter's charge comes before it, app.ts says why). `securityHeaders`: every answer's, as `http/security-headers.ts` sets them.
 */
export function answerReadyReadsEarly(
  app: FastifyInstance,
  catalogue: CatalogueSnapshot,
  clock: Clock,
  securityHeaders: ReadonlyArray<readonly [string, string]>,
): void {
  const exact = new Map<string, () => Representation | undefined>([
    ['/api/store/status', () => readyStoreStatus(catalogue, clock)],
    ['/api/products', () => readyCatalogue.list(catalogue)],
    ['/api/toppings', () => readyCatalogue.toppings(catalogue)],
  ]);

  function readyAnswer(request: FastifyRequest): Representation | undefined {
    if (request.method !== 'GET') return undefined;
    const url = request.url;
    const ready = exact.get(url);
    if (ready) return ready();
    if (!url.startsWith(PRODUCT_PREFIX)) return undefined;
    const id = url.slice(PRODUCT_PREFIX.length);
    return isUuid(id) ? readyCatalogue.product(catalogue, id) : undefined;
  }

  // Per prepared variant, for this app's security headers (a test may build apps with others).
  const security = Object.fromEntries(securityHeaders);
  const written = new WeakMap<Prepared, Written>();
  const headersOf = (prepared: Prepared): Written => {
    let found = written.get(prepared);
    if (!found) {
      found = {
        ok: { ...security, ...prepared.ok },
        notModified: { ...security, ...prepared.notModified },
      };
      written.set(prepared, found);
    }
    return found;
  };

  app.addHook('onRequest', (request, reply, done) => {
    const current = readyAnswer(request);
    if (!current || isCrossSite(request.headers)) {
      done();
      return;
    }
    const { prepared, fresh } = answerTo(request.headers, current, REVALIDATE);
    const headers = headersOf(prepared);
    // Fastify's lifecycle ends here (the hook does not call done); its log of the answer stays.
    void reply.hijack();
    if (fresh) reply.raw.writeHead(304, headers.notModified).end();
    else reply.raw.writeHead(200, headers.ok).end(prepared.body);
  });
}
