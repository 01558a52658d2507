import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, varyOnEncoding, type ContentEncoding } from './encoding';
import { COMPRESS_FROM_BYTES } from './representation';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
    const compressed =
      encoding === 'br'
        ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipAsync(payload, { level: 6 });
    compressed.then(
      (body) => {
        // Fastify measures the body it is finally given; a length set earlier would be the plain one.
        reply.removeHeader('content-length');
        reply.header('content-encoding', encoding);
        done(null, body);
      },
      (error: unknown) => {
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
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
