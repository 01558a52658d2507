/**
 * An answer prepared once and sent many times: its bytes, their brotli and gzip variants, and a
 * strong ETag per variant. The catalogue's answers (catalogue/snapshot.ts) and the web app's
 * index.html are sent this way, so a request costs a lookup and a write, and a browser that
 * already has the bytes gets a 304.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, varyOnEncoding, type ContentEncoding } from './encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compressing saves less than a packet's headers cost to describe it. */
export const COMPRESS_FROM_BYTES = 1024;

export interface Representation {
  readonly contentType: string;
  readonly identity: Buffer;
  readonly variants: Readonly<Partial<Record<ContentEncoding, Buffer>>>;
  /** The hash of `identity`; each variant's ETag adds its encoding (bytes differ, so do tags). */
  readonly hash: string;
}

const SUFFIX: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz' };

function etagOf(representation: Representation, encoding: ContentEncoding | null): string {
  return `"${representation.hash}${encoding ? SUFFIX[encoding] : ''}"`;
}

export function representation(
  contentType: string,
  identity: Buffer,
  variants: Partial<Record<ContentEncoding, Buffer>> = {},
): Representation {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { contentType, identity, variants, hash };
}

/**
 * A JSON answer, compressed at the highest settings when large enough: it is built once per
 * change of the data (a few times a day), not per request.
 */
export async function jsonRepresentation(json: string): Promise<Representation> {
  const identity = Buffer.from(json);
  const type = 'application/json; charset=utf-8';
  if (identity.length < COMPRESS_FROM_BYTES) return representation(type, identity);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return representation(type, identity, { br, gzip: gz });
}

/**
 * If-None-Match against the current bytes: `*`, or any of their tags (weak comparison, as the
 * header asks; a copy cached in another encoding holds the same content, so it is fresh too).
 */
function isFresh(header: string | undefined, current: Representation): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = new Set([
    etagOf(current, null),
    ...Object.keys(current.variants).map((encoding) =>
      etagOf(current, encoding as ContentEncoding),
    ),
  ]);
  return header.split(',').some((tag) => tags.has(tag.trim().replace(/^W\//, '')));
}

/**
 * Sends `current` in the best encoding the client takes, with its ETag, `Cache-Control` as
 * given, `Vary: Accept-Encoding` when variants exist, and 304 without a body when the client's
 * copy is current. Range requests are not served here (answers are small): the whole answer.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  current: Representation,
  cacheControl: string,
): FastifyReply {
  const available = Object.keys(current.variants) as ContentEncoding[];
  if (available.length > 0) varyOnEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding'], available);
  reply.header('cache-control', cacheControl).header('etag', etagOf(current, encoding));
  if (isFresh(request.headers['if-none-match'], current)) return reply.code(304).send();
  const body = (encoding && current.variants[encoding]) ?? current.identity;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(current.contentType).send(body);
}
