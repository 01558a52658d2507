import {
  flavorOptions,
  isCategory,
  toDollars,
  type ApiStaffFlavour,
  type ApiStaffProduct,
  type ApiTopping,
  type Product,
  type ProductDetails,
} from '../../domain';
import {
  checkProductDraft,
  describeDraftProblem,
  type ProductDraft,
} from '../../domain/product-draft';
import type { Database, Queryable } from '../data/db';
import { queryOf, sql } from '../data/sql';
import { announceStoreChange } from '../events/store-broadcast';
import { badRequest, checkedId, notFound } from '../http/errors';
import { productsRepository } from '../repositories/products';
import type { Allergen, DietaryMark } from '../../domain/allergens';
import { presentDetails, presentTopping } from '../http/present';

/**
 * The staff's menu controls: every product, sold out or not, and the two things the store
 * changes during a day (sold out, price). The catalogue's answers come from each process's
 * snapshot, which forgets the menu on this write (the route's `catalogue.change`, and the
 * products table's NOTIFY for the other processes), so a change shows at once; carts price live
 * from the products and a placed order keeps the prices it was placed with (`order_items`).
 */

export const presentStaffProduct = (product: Product): ApiStaffProduct => ({
  _id: product.id,
  name: product.name,
  category: product.category,
  image: product.image,
  price: toDollars(product.price),
  soldOut: product.soldOut,
  hidden: product.hidden,
  description: product.description,
  details: presentDetails(product.details),
});

export async function listStaffProducts(db: Queryable): Promise<ApiStaffProduct[]> {
  return (await productsRepository(db).list()).map(presentStaffProduct);
}

/** What PATCH /api/staff/products/{id} may change; undefined fields stay as they are. */
export interface ProductChange {
  available?: boolean | undefined;
  priceCents?: number | undefined;
  name?: string | undefined;
  category?: string | undefined;
  image?: string | undefined;
  description?: string | undefined;
  details?: ProductDetails | undefined;
}

/** Whether `change` touches more than sold out and price (the menu editor's fields). */
export const editsProductFields = (change: ProductChange): boolean =>
  [change.name, change.category, change.image, change.description, change.details].some(
    (value) => value !== undefined,
  );

export async function updateProduct(
  db: Database,
  id: string,
  change: ProductChange,
): Promise<ApiStaffProduct> {
  const productId = checkedId(id, 'product');
  return db.transaction(async (tx) => {
    const products = productsRepository(tx);
    let edited: Partial<Pick<Product, 'name' | 'category' | 'image' | 'description' | 'details'>> =
      {};
    if (editsProductFields(change)) {
      const current = await products.get(productId);
      if (!current) throw notFound('No product with this id.');
      // The product as it would be, checked whole: a new category's kind against the details
      // kept, a new name against the others in the category it ends up in.
      const draft = {
        name: change.name ?? current.name,
        category: change.category ?? current.category,
        image: change.image ?? current.image,
        price: change.priceCents ?? current.price,
        description: change.description ?? current.description,
        details: change.details ?? current.details,
      };
      const category = await checkedDraft(tx, draft, productId);
      edited = {
        name: draft.name,
        category,
        image: draft.image,
        description: draft.description,
        details: draft.details,
      };
    }
    const updated = await products.update(productId, {
      ...edited,
      ...(change.available !== undefined ? { soldOut: !change.available } : {}),
      ...(change.priceCents !== undefined ? { priceCents: change.priceCents } : {}),
    });
    if (!updated) throw notFound('No product with this id.');
    // Open storefronts show the sold-out mark or the new price at once.
    await announceStoreChange(tx, 'menu');
    return presentStaffProduct(updated);
  });
}

/**
 * Taken by every write that checks a product's name or slug against the others, so two staff
 * adding "Lunch Special" at once make one product and one refusal, not two or a 500.
 */
const PRODUCT_NAMES_LOCK = 727276;

/**
 * The draft checked by the domain's rules, its name against the other products of its category
 * (`exceptId`: the product being edited), under the names' lock until the transaction ends: its
 * category, or a 400 naming the first problem's field.
 */
async function checkedDraft(tx: Queryable, draft: ProductDraft, exceptId?: string) {
  await queryOf(tx)(sql`select pg_advisory_xact_lock(${PRODUCT_NAMES_LOCK})`);
  const category = isCategory(draft.category) ? draft.category : undefined;
  const takenNames = category ? await productsRepository(tx).namesIn(category, exceptId) : [];
  const problem = checkProductDraft(draft, { takenNames })[0];
  if (problem) throw badRequest(describeDraftProblem(problem));
  if (!category) throw badRequest(`category: No category "${draft.category}".`);
  return category;
}

/**
 * POST /api/staff/products: a new product, checked by the domain's rules (`checkProductDraft`:
 * the first problem is the 400's message, naming its field), its name against the others in
 * its category, added at the end of the menu. Open storefronts show it at once.
 */
export async function createProduct(
  db: Database,
  draft: ProductDraft & { soldOut: boolean },
): Promise<ApiStaffProduct> {
  return db.transaction(async (tx) => {
    const category = await checkedDraft(tx, draft);
    const created = await productsRepository(tx).create({ ...draft, category, hidden: false });
    // The domain's rules are stricter than the stored schema's: what passed them reads back.
    if (!created) throw new Error(`createProduct: "${draft.name}" did not read back`);
    await announceStoreChange(tx, 'menu');
    return presentStaffProduct(created);
  });
}

/**
 * PATCH /api/staff/toppings/{id}: a topping sold out (`available: false`) or back, and (the
 * menu editor's) what it contains, `allergens` and `marks`. Every picker
 * shows it sold out at once (the toppings table's NOTIFY and the storefronts' menu event) and a
 * line naming it is refused (`checked-line.ts`).
 */
export async function updateTopping(
  db: Database,
  id: string,
  change: { available?: boolean; allergens?: Allergen[]; marks?: DietaryMark[] },
): Promise<ApiTopping> {
  checkedId(id, 'topping');
  return db.transaction(async (tx) => {
    const toppings = productsRepository(tx);
    const updated = await toppings.updateTopping(id, {
      soldOut: change.available === undefined ? undefined : !change.available,
      allergens: change.allergens && [...new Set(change.allergens)],
      marks: change.marks && [...new Set(change.marks)],
    });
    if (!updated) throw notFound('No topping with this id.');
    await announceStoreChange(tx, 'menu');
    return presentTopping(updated);
  });
}

/**
 * PATCH /api/staff/flavours/{name}: a flavour sold out (`available: false`) or back, on every
 * product that offers it (out of Honey Garlic sauce is out for wings and combos alike). The name
 * is one a product offers, in any letter case; the answer spells it as the menu does. Shown and
 * refused like a topping (the sold_out_flavours table's NOTIFY, the storefronts' menu event).
 */
export async function updateFlavour(
  db: Database,
  name: string,
  available: boolean,
): Promise<ApiStaffFlavour> {
  const wanted = name.toLowerCase();
  return db.transaction(async (tx) => {
    const products = productsRepository(tx);
    const offered = (await products.list()).flatMap((product) => flavorOptions(product));
    const flavour = offered.find((each) => each.toLowerCase() === wanted);
    if (!flavour) throw notFound('No flavour with this name.');
    await products.setFlavourSoldOut(flavour, !available);
    await announceStoreChange(tx, 'menu');
    return { name: flavour, soldOut: !available };
  });
}
