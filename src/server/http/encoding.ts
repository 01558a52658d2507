import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** In order of preference: brotli is smaller than gzip for the same text. */
const OFFERED: ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to send an answer in, from the request's Accept-Encoding (q-values honoured):
 * brotli when accepted, else gzip, else null (the bytes as they are). `available` narrows the
 * choice to the variants that exist.
 */
export function chooseEncoding(
  acceptEncoding: string | string[] | undefined,
  available: readonly ContentEncoding[] = OFFERED,
): ContentEncoding | null {
  if (typeof acceptEncoding !== 'string' || available.length === 0) return null;
  return negotiate(
    acceptEncoding.toLowerCase(),
    OFFERED.filter((encoding) => available.includes(encoding)),
  );
}

/**
 * Says that the answer depends on Accept-Encoding, so a shared cache never hands brotli to a
 * client that cannot read it. Set on every variant, the plain one included.
 */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}
