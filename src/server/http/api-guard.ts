/** The API's guard against other sites (`app.ts` runs it as a hook of every `/api/` route). */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** The browser says another site made this request (Fetch Metadata). */
function isCrossSite(headers: IncomingHttpHeaders): boolean {
  return headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Refuses an API request from another site: browsers say where a request comes from, and no
 * other site has business calling our API with the customer's cookie, not even with a GET (the
 * spec's updateTotalPrice changes the cart). A state-changing call must name our own origin
 * (when it names one) and send JSON. Throws the refusal.
 */
export function checkApiRequest(request: FastifyRequest, acceptsImages: boolean): void {
  if (isCrossSite(request.headers)) {
    throw new HttpError(403, 'Cross-site requests are not allowed.', 'cross_site');
  }
  const method = request.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const origin = request.headers.origin;
  // 'null' (sandboxed frames, file: pages) or any unparsable origin is another site too, and
  // so is our own host over the other scheme (http://shop from a page served as https://shop).
  if (origin && originOf(origin) !== `${request.protocol}://${request.host}`) {
    throw new HttpError(403, 'Cross-site requests are not allowed.', 'cross_site');
  }
  // A photo upload is an image body, not JSON; its route checks the type itself (after its
  // guard). A cross-site form cannot send image/* either: that needs CORS, which we never grant.
  if (acceptsImages) return;
  const type = request.headers['content-type']?.toLowerCase();
  if (type && !type.startsWith('application/json')) {
    throw new HttpError(415, 'Send the request body as JSON.', 'unsupported_media_type');
  }
}

/** An Origin header as scheme://host[:port], or null when it is not a URL. */
function originOf(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}
