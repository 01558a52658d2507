import type { Queryable } from '../data/db';

/** A stored photo: WebP bytes under the SHA-256 of those bytes. */
export interface StoredImage {
  hash: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

interface ImageRow {
  hash: string;
  content_type: string;
  // node-postgres answers a Buffer, PGlite a Uint8Array.
  bytes: Uint8Array;
  width: number;
  height: number;
}

const HASH = /^[0-9a-f]{64}$/;

export function productImagesRepository(db: Queryable) {
  return {
    /** Stores the image unless the same bytes are already there (content-addressed). */
    async save(image: StoredImage): Promise<void> {
      await db.query(
        `insert into product_images (hash, content_type, bytes, width, height)
         values ($1, $2, $3, $4, $5) on conflict (hash) do nothing`,
        [image.hash, image.contentType, image.bytes, image.width, image.height],
      );
    },

    /** The image with this hash, or null (a malformed hash is simply not found). */
    async get(hash: string): Promise<StoredImage | null> {
      if (!HASH.test(hash)) return null;
      const rows = await db.query<ImageRow>(
        'select hash, content_type, bytes, width, height from product_images where hash = $1',
        [hash],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        hash: row.hash,
        contentType: row.content_type,
        bytes: Buffer.from(row.bytes),
        width: row.width,
        height: row.height,
      };
    },
  };
}
