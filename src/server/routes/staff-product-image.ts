import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../domain';
import { staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiStaffProductSchema } from '../http/api-schemas';
import { HttpError, badRequest } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod-provider';
import { menuWriter } from '../staff/menu-history';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
  WRONG_TYPE,
  imageTypeOf,
  tooLarge,
  uploadProductImage,
} from '../staff/product-image';

/**
 * A product's photo (issue 9), staff or admin: the one route whose body is not JSON, so its
 * parsers, limits and error words are kept apart from the menu's JSON routes (staff-menu.ts).
 */

/**
 * The upload's own checks, before its body is read: an image type we take, and not over 5 MB
 * by its Content-Length (a body sent without one is cut at the parser's limit instead).
 */
// Async without an await: Fastify reads a throw as the hook's rejection (see app.ts).
// eslint-disable-next-line @typescript-eslint/require-await
async function checkUpload(request: FastifyRequest): Promise<void> {
  if (!imageTypeOf(request.headers['content-type'])) {
    throw new HttpError(415, WRONG_TYPE, 'unsupported_media_type');
  }
  if (Number(request.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) throw tooLarge();
}

export const staffProductImageRoutes: RouteModule = async (app, ctx) => {
  const guard = staffGuard(ctx);
  const writeMenu = menuWriter(ctx);

  // The photo is the raw body (image/jpeg, image/png or image/webp), so its parsers live in a
  // scope of their own: every other route still takes JSON only.
  await app.register((scope, _options, done) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.addContentTypeParser(
      [...IMAGE_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Fastify's own limit (a body sent without Content-Length): our sentence, not its text. A
    // throw here goes on to the app's error handler, which shapes every error answer.
    uploads.setErrorHandler((error) => {
      const code = typeof error === 'object' && error !== null && 'code' in error && error.code;
      throw code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
    });
    uploads.post(
      '/staff/products/:id/image',
      {
        // The guard first and before the body is read: no stranger makes us buffer 5 MB.
        onRequest: [guard, checkUpload],
        config: { acceptsImages: true },
        schema: { params: z.object({ id: idSchema }), response: { 200: apiStaffProductSchema } },
      },
      async (request) => {
        const type = imageTypeOf(request.headers['content-type']);
        const body = request.body;
        if (!type) throw new HttpError(415, WRONG_TYPE, 'unsupported_media_type');
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(NOT_AN_IMAGE);
        return writeMenu(request, (db) =>
          uploadProductImage({ db, productId: request.params.id, bytes: body, type }),
        );
      },
    );
    done();
  });
};
