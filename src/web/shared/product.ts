import {
  convertDetailsMoney,
  toCents,
  type Product,
  type ProductDetails,
  isKind,
} from '../../domain';
import type { ApiProduct, ApiProductDetails } from './types';

/**
 * The API speaks dollars; the domain's pricing engine works in integer cents. Every screen that
 * prices a product converts it here first, so the browser prices exactly as the server does.
 */
function toDomainDetails(details: ApiProductDetails | undefined): ProductDetails {
  return details ? convertDetailsMoney(details, toCents) : {};
}

/** The API's product as the domain's Product, or null when its kind is not one we know. */
export function toDomainProduct(product: ApiProduct): Product | null {
  if (!isKind(product.kind)) return null;
  return {
    id: product._id,
    name: product.name,
    category: product.category,
    kind: product.kind,
    image: product.image,
    price: toCents(product.price),
    description: product.description,
    details: toDomainDetails(product.details),
    soldOut: product.soldOut,
    // The storefront's API leaves retired products out.
    hidden: false,
  };
}

/**
 * The picture to show for a product or category whose `image` may be empty: the rules allow an
 * item with no photo (an import can bring one), and an `<img>` with an empty `src` shows the
 * browser's broken-image box (and is a console error in React). Every screen that shows an
 * item's picture goes through here. Kept in this module, which the first view's script already
 * holds: a module of its own became a chunk of its own, one more request for every screen.
 */
export const NO_PHOTO = '/no-photo.svg';

export function pictureOf(image: string | null | undefined): string {
  return image ? image : NO_PHOTO;
}
