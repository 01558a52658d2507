import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, varyOnEncoding, type ContentEncoding } from './encoding';
import { COMPRESS_FROM_BYTES } from './representation';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

/**
 * Below this, an answer is compressed on the event loop: small bodies cost less there than a
 * turn on the thread pool, which password hashing (scrypt) shares and can keep busy, so a login
 * flood must not make every compressed answer wait. Larger answers, which would hold the event
 * loop longer, still go to the pool (docs/security.md's row has the costs measured).
 */
export const COMPRESS_ON_LOOP_BELOW = 64 * 1024;

/**
 * Compresses JSON answers of at least 1 KB (a cart, My Orders, the staff board) for the clients
 * that accept it, with fast settings: unlike the catalogue's prepared answers these are made
 * per request. Only whole bodies (a string or a buffer) are touched: a stream, the live event
 * streams above all, passes as it is, so nothing ever waits in a compressor's buffer. An answer
 * that already has a Content-Encoding (the catalogue's) is left alone.
 */
export function compressJsonAnswers(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers pass untouched, and then no promise is made.
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = encodingFor(request, reply, payload);
    if (!encoding || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      done(null, payload);
      return;
    }
    const send = (body: Buffer) => {
      // Fastify measures the body it is finally given; a length set earlier would be the plain one.
      reply.removeHeader('content-length');
      reply.header('content-encoding', encoding);
      done(null, body);
    };
    if (Buffer.byteLength(payload) < COMPRESS_ON_LOOP_BELOW) {
      let body: Buffer;
      try {
        body =
          encoding === 'br'
            ? brotliCompressSync(payload, BROTLI_OPTIONS)
            : gzipSync(payload, GZIP_OPTIONS);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      send(body);
      return;
    }
    const compressed =
      encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipAsync(payload, GZIP_OPTIONS);
    compressed.then(send, (error: unknown) => {
      done(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/**
 * How to compress this answer, or null to send it as it is: only a whole JSON body of 1 KB or
 * more, with content, not encoded already. Says Vary for every answer it could compress.
 */
function encodingFor(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): ContentEncoding | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return null;
  if (reply.hasHeader('content-encoding')) return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return null;
  if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return null;
  varyOnEncoding(reply);
  return chooseEncoding(request.headers['accept-encoding']);
}
