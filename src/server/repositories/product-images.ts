import type { Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';

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
  const query = queryOf(db);
  return {
    /** Stores the image unless the same bytes are already there (content-addressed). */
    async save(image: StoredImage): Promise<void> {
      await query(
        sql`insert into product_images (hash, content_type, bytes, width, height)
            values (${image.hash}, ${image.contentType}, ${image.bytes}, ${image.width},
                    ${image.height})
            on conflict (hash) do nothing`,
      );
    },

    /** The image with this hash, or null (a malformed hash is simply not found). */
    async get(hash: string): Promise<StoredImage | null> {
      if (!HASH.test(hash)) return null;
      const rows = await query<ImageRow>(
        sql`select hash, content_type, bytes, width, height from product_images
             where hash = ${hash}`,
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
