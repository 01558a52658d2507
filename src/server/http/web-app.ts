import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { representation, sendRepresentation, type Representation } from './representation';

/** Sends the single-page app's index.html (every path that is not a file, an image or the API). */
export type SendIndexHtml = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

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
 * null when there is no build.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDir: string,
): Promise<SendIndexHtml | null> {
  const indexHtml = indexHtmlOf(webDir);
  if (!indexHtml) return null;
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    index: false,
    // One route per built file, found at start; every other path falls to the SPA's index.
    wildcard: false,
    // The variants are not files of their own: they are sent in place of the file they encode.
    globIgnore: ['**/*.br', '**/*.gz'],
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
  return (request, reply) => sendRepresentation(request, reply, indexHtml, 'no-cache');
}
