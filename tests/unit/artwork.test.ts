import { existsSync, readFileSync, statSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isListKind, seededCategory } from '../../src/domain';
import { PRODUCTS, seedImagePath } from '../../src/server/data/menu-seed';
import { ONE_PIZZA_DEAL_PICTURE } from '../../src/web/features/staff-admin/category-rows';
import { NO_PHOTO } from '../../src/web/shared/product';
import { listThumbnail, THUMBNAIL_SIZE } from '../../src/web/shared/thumbnail';

/** Where the server finds a `/images/...` path (config.imagesDir). */
const fileOf = (path: string) => `assets/images/${path.replace(/^\/images\//, '')}`;

describe('the list rows’ thumbnails', () => {
  it('swaps a seeded SVG for its WebP beside it, and leaves everything else as it is', () => {
    expect(listThumbnail('/images/beverages/can-coke.svg')).toBe(
      '/images/beverages/can-coke.thumb.webp',
    );
    expect(listThumbnail('/images/wings.svg')).toBe('/images/wings.thumb.webp');
    for (const image of [
      `/images/uploads/${'a'.repeat(64)}.webp`,
      '/images/sides.png',
      'https://example.com/coke.svg',
      '/images/../package.svg',
    ]) {
      expect(listThumbnail(image)).toBe(image);
    }
    // No photo at all: the store's placeholder, as on every other screen (shared/product.ts).
    expect(listThumbnail('')).toBe(NO_PHOTO);
  });

  it('exists for every product of a list screen, 192×144 WebP and small (generate-artwork)', async () => {
    const listed = PRODUCTS.filter((product) => isListKind(seededCategory(product.category).kind));
    expect(listed.length).toBeGreaterThan(20);
    for (const product of listed) {
      const file = fileOf(listThumbnail(seedImagePath(product)));
      expect(existsSync(file), file).toBe(true);
      const { format, width, height } = await sharp(readFileSync(file)).metadata();
      expect({ file, format, width, height }).toEqual({ file, format: 'webp', ...THUMBNAIL_SIZE });
      expect(statSync(file).size).toBeLessThan(4 * 1024);
    }
  });

  it('keeps an SVG for every seeded product (the detail screens and the staff use it)', () => {
    for (const product of PRODUCTS) {
      expect(existsSync(fileOf(seedImagePath(product))), product.slug).toBe(true);
    }
  });

  it('keeps the one-pizza deal’s illustration a new one-pizza deal starts from', () => {
    const file = fileOf(ONE_PIZZA_DEAL_PICTURE);
    expect(existsSync(file), file).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('1 PIZZA');
  });
});
