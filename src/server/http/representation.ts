/**
 * An answer prepared once and sent many times: its bytes, their brotli and gzip variants, and a
 * strong ETag per variant. The catalogue's answers (catalogue/snapshot.ts) and the web app's
 * index.html are sent this way, so a request costs a lookup and a write, and a browser that
 * already has the bytes gets a 304.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, varyOnEncoding, type ContentEncoding } from './encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The Cache-Control of the catalogue's answers and the store's status: they change a few times a
 * day, so browsers keep what they got and ask again with its ETag each time (a 304 costs a few
 * bytes), and a change is seen at once.
 */
export const REVALIDATE = 'no-cache';

/** Below this, compressing saves less than a packet's headers cost to describe it. */
export const COMPRESS_FROM_BYTES = 1024;

export interface Representation {
  readonly contentType: string;
  readonly identity: Buffer;
  readonly variants: Readonly<Partial<Record<ContentEncoding, Buffer>>>;
  /** The hash of `identity`; each variant's ETag adds its encoding (bytes differ, so do tags). */
  readonly hash: string;
  /** Every variant's ETag, the plain one's included: any of them makes a copy fresh. */
  readonly etags: ReadonlySet<string>;
  /** The encodings `variants` holds, in the server's order of preference. */
  readonly encodings: readonly ContentEncoding[];
}

const SUFFIX: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz' };

function etagOf(hash: string, encoding: ContentEncoding | null): string {
  return `"${hash}${encoding ? SUFFIX[encoding] : ''}"`;
}

export function representation(
  contentType: string,
  identity: Buffer,
  variants: Partial<Record<ContentEncoding, Buffer>> = {},
): Representation {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const encodings = (['br', 'gzip'] as const).filter((encoding) => variants[encoding]);
  const etags = new Set([
    etagOf(hash, null),
    ...encodings.map((encoding) => etagOf(hash, encoding)),
  ]);
  return { contentType, identity, variants, hash, etags, encodings };
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
  return header.split(',').some((tag) => current.etags.has(tag.trim().replace(/^W\//, '')));
}

/** The headers of one variant under one Cache-Control, for a 200 and for a 304. */
export interface Prepared {
  readonly body: Buffer;
  readonly ok: Readonly<Record<string, string>>;
  readonly notModified: Readonly<Record<string, string>>;
}

/**
 * Per representation, per Cache-Control and encoding: built on first use, kept as long as the
 * representation (a few per answer), so a request sets one ready object of headers.
 */
const preparedOf = new WeakMap<Representation, Map<string, Prepared>>();

function prepared(
  current: Representation,
  encoding: ContentEncoding | null,
  cacheControl: string,
): Prepared {
  let byKey = preparedOf.get(current);
  if (!byKey) {
    byKey = new Map<string, Prepared>();
    preparedOf.set(current, byKey);
  }
  const key = `${encoding ?? ''} ${cacheControl}`;
  let ready = byKey.get(key);
  if (!ready) {
    const body = (encoding && current.variants[encoding]) ?? current.identity;
    const notModified: Record<string, string> = {
      ...(current.encodings.length > 0 ? { vary: 'accept-encoding' } : {}),
      'cache-control': cacheControl,
      etag: etagOf(current.hash, encoding),
    };
    ready = {
      body,
      notModified,
      ok: {
        ...notModified,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-type': current.contentType,
        'content-length': String(body.length),
      },
    };
    byKey.set(key, ready);
  }
  return ready;
}

/**
 * What a request gets of `current`: the prepared variant in the best encoding it takes, and
 * whether its copy is current already (then a 304 with `notModified`, no body).
 */
export function answerTo(
  headers: IncomingHttpHeaders,
  current: Representation,
  cacheControl: string,
): { prepared: Prepared; fresh: boolean } {
  const encoding = chooseEncoding(headers['accept-encoding'], current.encodings);
  return {
    prepared: prepared(current, encoding, cacheControl),
    fresh: isFresh(headers['if-none-match'], current),
  };
}

/**
 * Sends `current` in the best encoding the client takes, with its ETag, `Cache-Control` as
 * given, `Vary: Accept-Encoding` when variants exist, and 304 without a body when the client's
 * copy is current. Range requests are not served here (answers are small): the whole answer.
 * The bytes and headers are prepared once (`prepared`): a request picks them and sends.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  current: Representation,
  cacheControl: string,
): FastifyReply {
  const { prepared: ready, fresh } = answerTo(request.headers, current, cacheControl);
  // A Vary someone set already (rare) is kept, accept-encoding added to it.
  const vary = current.encodings.length > 0 ? reply.getHeader('vary') : undefined;
  if (fresh) reply.code(304).headers(ready.notModified);
  else reply.headers(ready.ok);
  if (vary !== undefined) {
    reply.header('vary', vary);
    varyOnEncoding(reply);
  }
  return fresh ? reply.send() : reply.send(ready.body);
}
