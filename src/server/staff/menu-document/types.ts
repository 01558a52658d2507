import type {
  ApiMenuCategory,
  ApiMenuChange,
  ApiStaffTopping,
  CategoryEntry,
  Product,
} from '../../../domain';
import type { Allergen, DietaryMark } from '../../../domain/allergens';
import type { ProductDraft } from '../../../domain/product-draft';
import type { CategoryChange } from '../../repositories/categories';

/** A product of the document as the route parsed it: money in cents. */
export interface ImportedProduct extends ProductDraft {
  id?: string | undefined;
  soldOut: boolean;
  hidden: boolean;
}

export interface ImportedTopping {
  id?: string | undefined;
  name: string;
  soldOut: boolean;
  hidden: boolean;
  /** What it contains and is; left out, kept as it is (a new topping: none). */
  allergens?: Allergen[] | undefined;
  marks?: DietaryMark[] | undefined;
}

/** PUT /api/staff/menu's body, parsed. Categories left out are not checked. */
export interface MenuImport {
  categories?: ApiMenuCategory[] | undefined;
  products: ImportedProduct[];
  toppings: ImportedTopping[];
}

/** The store's menu as an import reads it, under the menu's locks. */
export interface StoreMenu {
  categories: CategoryEntry[];
  /** Readable products, in menu order. */
  products: Product[];
  /** Every product row's name, readable or not (a name is taken either way). */
  names: { id: string; name: string; category: string }[];
  toppings: ApiStaffTopping[];
}

/** A category the import writes: created (no `current`), or changed when `change` is not null. */
export interface CategoryWrite {
  current?: CategoryEntry;
  /** The category as the import leaves it (a new one's id and segment from its title). */
  after: CategoryEntry;
  change: CategoryChange | null;
}

/** What the categories of a document change, and how its products' categories read here. */
export interface CategoryPlan {
  changes: ApiMenuChange[];
  writes: CategoryWrite[];
  order: string[] | null;
  hide: string[];
  after: CategoryEntry[];
  /** A document's category id -> the store's id of that category after the import. */
  ids: Map<string, string>;
}

/** What an import writes: each document entry with the store's id it updates (none: create). */
export interface ImportPlan {
  changes: ApiMenuChange[];
  categories: CategoryWrite[];
  /** The document's categories' ids in its order, as the store's ids; null: it listed none. */
  categoryOrder: string[] | null;
  hideCategories: string[];
  /** Every category as the import leaves them: what the products are checked against. */
  categoriesAfter: CategoryEntry[];
  products: { entry: ImportedProduct; current?: Product; changed: boolean }[];
  hideProducts: string[];
  toppings: { entry: ImportedTopping; current?: ApiStaffTopping; changed: boolean }[];
  hideToppings: string[];
}

/** Whether a category (any text) is one of the store's beverages' (kind `beverages`). */
export const beverageCategoryOf =
  (categories: readonly CategoryEntry[]) =>
  (category: string): boolean =>
    categories.some((each) => each.id === category && each.kind === 'beverages');
