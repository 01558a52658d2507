import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod-provider';
import { productImagesRepository } from '../repositories/product-images';

/**
 * The staff's photos at `/images/uploads/{sha256}.webp`, read from the database so every
 * process serves the same files. The name is the content's hash, so a URL never changes
 * meaning: caches may keep it for a year without asking again.
 */
export function uploadedImageRoutes(ctx: AppContext) {
  return (instance: FastifyInstance, _options: unknown, done: () => void): void => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const images = productImagesRepository(ctx.db);
    app.get(
      '/images/uploads/:file',
      { schema: { params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        const match = /^([0-9a-f]{64})\.webp$/.exec(request.params.file);
        const image = match?.[1] ? await images.get(match[1]) : null;
        if (!image) throw notFound('No such image.');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${image.hash}"`)
          .send(image.bytes);
      },
    );
    done();
  };
}
