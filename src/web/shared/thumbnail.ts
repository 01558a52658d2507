import { NO_PHOTO } from './product';

/**
 * The small raster picture a list row (Beverages, Sides) shows for a seeded SVG illustration:
 * `/images/beverages/can-coke.svg` → `/images/beverages/can-coke.thumb.webp`, 192×144 (the row's
 * 96×72 at twice the density), drawn by `scripts/generate-artwork.ts` beside the SVG.
 *
 * Why not the SVG itself: every SVG `<img>` is a document of its own that Chromium creates and
 * lays out on the main thread, and Beverages shows 23 of them at once, while a WebP is decoded
 * off the main thread (docs/performance.md has what that saves on Lighthouse's phone).
 * The detail screen and the staff keep the SVG, which is sharp at any size. Anything else (a
 * staff member's uploaded photo, already a WebP) is shown as it is.
 */
export function listThumbnail(image: string): string {
  if (image === '') return NO_PHOTO;
  return /^\/images\/(?!uploads\/)[\w/-]+\.svg$/.test(image)
    ? image.replace(/\.svg$/, '.thumb.webp')
    : image;
}

/** The thumbnail's size in pixels: twice the row's 96×72 picture, for phones' dense screens. */
export const THUMBNAIL_SIZE = { width: 192, height: 144 } as const;
