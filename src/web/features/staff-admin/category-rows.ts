import type { Kind } from '../../../domain';
import type { ApiStaffCategory, ApiStaffProduct } from '../../../domain/api-types';

/*
 * The Categories section's list as the server now holds it after a change it confirmed, drawn
 * without a reload (so focus stays where it was), and the words and choices its rows show.
 */

/** A kind in the owner's words: what a category of it becomes on the storefront. */
export const KIND_WORDS: Record<Kind, string> = {
  'pizza-deal': 'Pizza deal',
  'wings-combo': 'Combo with wings',
  wings: 'Wings',
  panzerotti: 'Panzerotti',
  simple: 'Simple list',
  beverages: 'Beverages',
};

/**
 * The list with `saved` in its place. The server keeps one special offer: when `saved` took it,
 * the category that had it gave it up.
 */
export function withSaved(
  categories: readonly ApiStaffCategory[],
  saved: ApiStaffCategory,
): ApiStaffCategory[] {
  return categories.map((each) =>
    each.id === saved.id ? saved : saved.offer && each.offer ? { ...each, offer: false } : each,
  );
}

/** The list with `saved` at `position` (0-based among all, past the end: last), as PATCH does. */
export function movedTo(
  categories: readonly ApiStaffCategory[],
  saved: ApiStaffCategory,
  position: number,
): ApiStaffCategory[] {
  const others = withSaved(categories, saved).filter((each) => each.id !== saved.id);
  const at = Math.min(Math.max(position, 0), others.length);
  return [...others.slice(0, at), saved, ...others.slice(at)];
}

export interface CardPhoto {
  image: string;
  /** The item whose photo it is (the first, when items share one). */
  name: string;
}

/**
 * The photos a category's card may take: its items' own, each once, in menu order, hidden
 * items' too (the picture is the store's, whoever shows it).
 */
export function cardPhotos(
  category: string,
  products: readonly Pick<ApiStaffProduct, 'category' | 'image' | 'name'>[],
): CardPhoto[] {
  const photos = new Map<string, CardPhoto>();
  for (const product of products) {
    if (product.category !== category || product.image === '' || photos.has(product.image)) {
      continue;
    }
    photos.set(product.image, { image: product.image, name: product.name });
  }
  return [...photos.values()];
}

/** A 400's message without the field it names first ("title: ..."): the field says which. */
export const withoutField = (message: string, field: string): string =>
  message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;

/** A one-pizza deal's illustration ("1 PIZZA"), drawn by scripts/generate-artwork.ts. */
export const ONE_PIZZA_DEAL_PICTURE = '/images/one-pizza-deal.svg';

/**
 * The picture a new item starts with, so every storefront card has one until a photo is
 * uploaded: its category's items' (the seeded items of a category share one illustration), else
 * the category's own card picture, else the first of another category of the same kind (a new
 * "Lunch Deals" starts from the pizza deals' illustration), else, for a one-pizza deal, the
 * illustration drawn for one, else none. Given the item's number
 * of pizzas, a picture of an item with another number is passed over: the deals' illustrations
 * say theirs ("2 PIZZAS"), and a one-pizza deal would say it too.
 */
export function startingPicture(
  products: readonly (Pick<ApiStaffProduct, 'category' | 'image'> & {
    details?: { pizzas?: number | undefined };
  })[],
  categories: readonly Pick<ApiStaffCategory, 'id' | 'kind' | 'image'>[],
  category: string,
  pizzas?: number,
): string {
  const otherCount = new Set(
    pizzas === undefined
      ? []
      : products
          .filter((each) => each.details?.pizzas !== undefined && each.details.pizzas !== pizzas)
          .map((each) => each.image),
  );
  const fits = (image: string | null): image is string =>
    image !== null && image !== '' && !otherCount.has(image);
  const own = products.find((each) => each.category === category && fits(each.image));
  if (own) return own.image;
  const entry = categories.find((each) => each.id === category);
  if (!entry) return '';
  if (fits(entry.image)) return entry.image;
  const sameKind = new Set(
    categories.filter((each) => each.kind === entry.kind).map((each) => each.id),
  );
  const ofKind = products.find((each) => sameKind.has(each.category) && fits(each.image))?.image;
  if (ofKind) return ofKind;
  // No deal of the store has one pizza to borrow from: the illustration drawn for it.
  return entry.kind === 'pizza-deal' && pizzas === 1 ? ONE_PIZZA_DEAL_PICTURE : '';
}
