import type { Category } from '../../../domain';
import type { AddToCartTexts } from '../cart/use-add-to-cart';

/** Categories with a detail screen (beverages and sides are added from their lists). */
export type DetailCategory = Exclude<Category, 'Sides' | 'Beverages'>;

export function isDetailCategory(category: Category): category is DetailCategory {
  return category !== 'Sides' && category !== 'Beverages';
}

export interface ItemScreenConfig extends AddToCartTexts {
  /** What kind of item the screen customises, shown above the product's name. */
  kind: string;
}

/** Per screen: its kind and the spec's success (signed-in) and failure texts (section 8). */
export const ITEM_SCREENS: Record<DetailCategory, ItemScreenConfig> = {
  Wings: { kind: 'Wings', added: 'Wing order added to cart!', failed: 'Failed to add to cart.' },
  Combos: {
    kind: 'Pizza & wings combo',
    added: 'Item added to cart!',
    failed: 'Failed to add item to cart.',
  },
  FamilyCombos: {
    kind: 'Family combo',
    added: 'Family combo added to cart!',
    failed: 'Failed to add to cart.',
  },
  MegaDealCombo: {
    kind: 'Mega combo',
    added: 'Mega combo added to cart!',
    failed: 'Failed to add to cart.',
  },
  TwoforOneDeals: {
    kind: 'Two-for-One deal',
    added: 'Two-for-One Deal added to cart!',
    failed: 'Failed to add to cart.',
  },
  ThreeforOneDeals: {
    kind: 'Pizza deal',
    added: 'Item added to cart!',
    failed: 'Failed to add item to cart.',
  },
  panzerotti: {
    kind: 'Panzerotte',
    added: 'Panzerotte added to cart!',
    failed: 'Failed to add to cart.',
  },
  superbowlcombo: {
    kind: 'Super Bowl special',
    added: 'Super Bowl Wings Combo added to cart!',
    failed: 'Failed to add to cart.',
  },
};
