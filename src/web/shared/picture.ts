/**
 * The picture to show for a product or category whose `image` may be empty: the rules allow an
 * item with no photo (an import can bring one, an older store may have one), and an `<img>`
 * with an empty `src` shows the browser's broken-image box. Every screen that shows an item's
 * picture goes through here, so none of them shows that box.
 */
export const NO_PHOTO = '/no-photo.svg';

export function pictureOf(image: string | null | undefined): string {
  return image ? image : NO_PHOTO;
}
