import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Clock } from '../clock';
import { chooseEncoding } from './encoding';
import { firstViewRenderer } from './first-view';
import { representation, sendRepresentation, type Representation } from './representation';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends a page of the app (every path that is not a file, an image or the API): its first view
 * rendered by the server when it is a catalogue page, else the single-page app's index.html.
 */
export type SendIndexHtml = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * A page rendered for this request, compressed (fast settings: it is made per request) in the
 * one encoding the browser takes best, with its ETag: a reload within the same minute of an
 * unchanged menu is a 304.
 */
async function pageRepresentation(html: string, acceptEncoding: string | string[] | undefined) {
  const identity = Buffer.from(html);
  const encoding = chooseEncoding(acceptEncoding);
  const variant =
    encoding === 'br'
      ? { br: await brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) }
      : encoding === 'gzip'
        ? { gzip: await gzipAsync(identity, { level: 6 }) }
        : {};
  return representation('text/html; charset=utf-8', identity, variant);
}

/** The built file and its `.br` / `.gz` siblings (scripts/precompress.ts), those that exist. */
function indexHtmlOf(webDir: string): Representation | null {
  const file = join(webDir, 'index.html');
  if (!existsSync(file)) return null;
  const variant = (suffix: string) =>
    existsSync(file + suffix) ? readFileSync(file + suffix) : undefined;
  const br = variant('.br');
  const gzip = variant('.gz');
  return representation('text/html; charset=utf-8', readFileSync(file), {
    ...(br ? { br } : {}),
    ...(gzip ? { gzip } : {}),
  });
}

/**
 * Serves the built web app from `webDir`: each file at its path, sent as its pre-compressed
 * variant when the browser accepts one (brotli, then gzip; `Content-Encoding`, the variant's own
 * `Content-Length`, ETag and Range handling, `Vary: Accept-Encoding` on every variant). Vite
 * names built assets by content hash, so `/assets/*` are cached for a year; index.html is
 * revalidated on every visit. Answers the sender of index.html for the SPA's other paths, or
 * null when there is no build. `policy` is the app's Content-Security-Policy; a first view's
 * answer carries it with the hashes of its inline loader and stylesheet.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDir: string,
  clock: Clock,
  policy: string,
): Promise<SendIndexHtml | null> {
  const indexHtml = indexHtmlOf(webDir);
  if (!indexHtml) return null;
  const firstView = firstViewRenderer(
    app,
    webDir,
    indexHtml.identity.toString('utf8'),
    clock,
    policy,
  );
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    index: false,
    // One route per built file, found at start; every other path falls to the SPA's index.
    wildcard: false,
    // The variants are not files of their own: they are sent in place of the file they encode.
    // The manifest (which chunks each screen needs) is the server's to read, not the world's.
    globIgnore: ['**/*.br', '**/*.gz', '**/.vite/**'],
    preCompressed: true,
    decorateReply: false,
    // Our own cache policy below, not the plugin's default max-age=0.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The plugin picks the variant by Accept-Encoding but does not say so; a shared cache
      // must not hand the brotli bytes to a client that asked without brotli.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return async (request, reply) => {
    let page: Representation = indexHtml;
    if (firstView && (request.method === 'GET' || request.method === 'HEAD')) {
      try {
        const view = await firstView(request.url);
        if (view) {
          page = await pageRepresentation(view.html, request.headers['accept-encoding']);
          reply.header('content-security-policy', view.policy);
        }
      } catch (error) {
        // The browser can still draw the page itself from the plain index.html.
        request.log.error({ err: error }, 'first view not rendered');
      }
    }
    return sendRepresentation(request, reply, page, 'no-cache');
  };
}
