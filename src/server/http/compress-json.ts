import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chooseEncoding, varyOnEncoding } from './encoding';
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) {
      return payload;
    }
    if (reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipAsync(payload, { level: 6 });
    // Fastify measures the body it is finally given; a length set earlier would be the plain one.
    reply.removeHeader('content-length');
    reply.header('content-encoding', encoding);
    return body;
  });
}
