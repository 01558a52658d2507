import { createHash } from 'node:crypto';
import type { ApiStaffProduct } from '../../domain';
import type { Database } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { HttpError, badRequest, checkedId, notFound } from '../http/errors';
import { productImagesRepository, type StoredImage } from '../repositories/product-images';
import { productsRepository } from '../repositories/products';
import { presentStaffProduct } from './menu';

/** What the staff may upload: the formats every phone and camera produces. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The menu shows photos at most this wide; wider ones only cost bandwidth. */
export const MAX_IMAGE_WIDTH = 960;
/** Refuses decompression bombs: a small file that decodes to gigabytes of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;
export const UPLOADS_PREFIX = '/images/uploads/';

const FORMAT_OF_TYPE: Record<(typeof IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const NOT_AN_IMAGE = 'This file is not an image we can read.';
export const TOO_LARGE = 'The photo is larger than 5 MB. Please choose a smaller one.';
export const WRONG_TYPE =
  'Send the photo as a JPEG, PNG or WebP image (image/jpeg, image/png or image/webp).';

export const tooLarge = () => new HttpError(413, TOO_LARGE, 'payload_too_large');

/** The media type of a Content-Type header if it is one we take, else null. */
export function imageTypeOf(header: string | undefined): (typeof IMAGE_TYPES)[number] | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return IMAGE_TYPES.find((known) => known === type) ?? null;
}

/**
 * Decodes the upload (which must really be the format it claims), turns it upright, and
 * re-encodes it as WebP at most 960 px wide, without its metadata (camera, GPS). Anything sharp
 * cannot decode whole, a truncated file included, is refused.
 */
export async function processImage(
  bytes: Buffer,
  type: (typeof IMAGE_TYPES)[number],
): Promise<StoredImage> {
  // Loaded on the first upload, not at start: libvips is costly to load (docs/performance.md),
  // and most processes never see a photo.
  const { default: sharp } = await import('sharp');
  try {
    const input = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS });
    const metadata = await input.metadata();
    if (metadata.format !== FORMAT_OF_TYPE[type]) throw badRequest(NOT_AN_IMAGE);
    const { data, info } = await input
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      hash: createHash('sha256').update(data).digest('hex'),
      contentType: 'image/webp',
      bytes: data,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // sharp's own messages name libvips internals; the staff need one plain sentence.
    throw badRequest(NOT_AN_IMAGE);
  }
}

/** Stores the photo (once per content) and points the product at it, in one transaction. */
export async function uploadProductImage({
  db,
  productId,
  bytes,
  type,
}: {
  db: Database;
  productId: string;
  bytes: Buffer;
  type: (typeof IMAGE_TYPES)[number];
}): Promise<ApiStaffProduct> {
  const id = checkedId(productId, 'product');
  if (!(await productsRepository(db).get(id))) throw notFound('No product with this id.');
  // Decoding is slow and touches no rows: done before the transaction, never inside it.
  const image = await processImage(bytes, type);
  const updated = await db.transaction(async (tx) => {
    await productImagesRepository(tx).save(image);
    const product = await productsRepository(tx).update(id, {
      image: `${UPLOADS_PREFIX}${image.hash}.webp`,
    });
    // Removed meanwhile: throwing rolls the stored image back too.
    if (!product) throw notFound('No product with this id.');
    await announceStoreChange(tx, 'menu');
    return product;
  });
  return presentStaffProduct(updated);
}
