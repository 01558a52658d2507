import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** In order of preference: brotli is smaller than gzip for the same text. */
const OFFERED: ContentEncoding[] = ['br', 'gzip'];

/**
 * Answers already worked out, by Accept-Encoding and what was available: browsers send a handful
 * of distinct headers, so parsing each once saves the q-value parsing on every request. Bounded,
 * so a client sending endless variations cannot grow it: full, it starts again.
 */
const chosen = new Map<string, ContentEncoding | null>();
const CHOSEN_MAX = 256;

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
  const key = `${available.length === OFFERED.length ? '' : available.join(',')}|${acceptEncoding}`;
  const known = chosen.get(key);
  if (known !== undefined) return known;
  const encoding = negotiate(
    acceptEncoding.toLowerCase(),
    OFFERED.filter((offered) => available.includes(offered)),
  );
  if (chosen.size >= CHOSEN_MAX) chosen.clear();
  chosen.set(key, encoding);
  return encoding;
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
