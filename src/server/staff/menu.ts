import {
  flavorOptions,
  toDollars,
  type ApiProductOrdered,
  type ApiStaffFlavour,
  type ApiStaffProduct,
  type ApiStaffTopping,
  type Product,
  type ProductDetails,
} from '../../domain';
import {
  checkProductDraft,
  checkProductPrice,
  describeDraftProblem,
  type ProductDraft,
} from '../../domain/product-draft';
import type { Database, Queryable } from '../data/db';
import { announceStoreChange } from '../events/store-broadcast';
import { badRequest, checkedId, conflict, notFound } from '../http/errors';
import { checkToppingLists, checkToppingName } from '../../domain/topping-draft';
import { categoriesRepository } from '../repositories/categories';
import { lockMenu } from '../repositories/menu-locks';
import { productsRepository, type ToppingRecord } from '../repositories/products';
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
  /** Retired from the storefront (true) or shown again (false). */
  hidden?: boolean | undefined;
  /** The new 0-based place among the products of its category (past the end = last). */
  position?: number | undefined;
}

/** Whether `change` touches more than sold out and price (the menu editor's fields). */
export const editsProductFields = (change: ProductChange): boolean =>
  [change.name, change.category, change.image, change.description, change.details].some(
    (value) => value !== undefined,
  );

/** Whether `change` needs the menu editor: its fields, retiring, or the menu's order. */
export const needsMenuEditor = (change: ProductChange): boolean =>
  editsProductFields(change) || change.hidden !== undefined || change.position !== undefined;

export async function updateProduct(
  db: Database,
  id: string,
  change: ProductChange,
): Promise<ApiStaffProduct> {
  const productId = checkedId(id, 'product');
  // A price changed alone is checked by the same rule as a whole product's, before any write.
  const priceProblem =
    change.priceCents === undefined ? undefined : checkProductPrice(change.priceCents)[0];
  if (priceProblem) throw badRequest(describeDraftProblem(priceProblem));
  return db.transaction(async (tx) => {
    const products = productsRepository(tx);
    // A reorder rewrites every product's sort order: the menu's lock first, before this
    // product's row (the update below), as every other holder of both takes them, or two
    // reorders each hold a row the other's renumbering waits for (a deadlock, a 500).
    if (change.position !== undefined) await lockMenu(tx, 'names');
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
    let updated = await products.update(productId, {
      ...edited,
      ...(change.available !== undefined ? { soldOut: !change.available } : {}),
      ...(change.priceCents !== undefined ? { priceCents: change.priceCents } : {}),
      ...(change.hidden !== undefined ? { hidden: change.hidden } : {}),
    });
    if (!updated) throw notFound('No product with this id.');
    if (change.position !== undefined) {
      // After the edit: a product moved to another category takes its place there. The lock
      // (taken above) makes two reorders (or a reorder and a new product's place at the end)
      // one after the other, each renumbering from what the last one left.
      await products.moveTo(productId, change.position);
      updated = (await products.get(productId)) ?? updated;
    }
    // Open storefronts show the sold-out mark or the new price at once.
    await announceStoreChange(tx, 'menu');
    return presentStaffProduct(updated);
  });
}

/**
 * The draft checked by the domain's rules, its name against the other products of its category
 * (`exceptId`: the product being edited), under the names' lock until the transaction ends: its
 * category, or a 400 naming the first problem's field.
 */
async function checkedDraft(tx: Queryable, draft: ProductDraft, exceptId?: string) {
  await lockMenu(tx, 'names');
  const categories = await categoriesRepository(tx).list();
  const category = categories.find((entry) => entry.id === draft.category)?.id;
  const products = productsRepository(tx);
  const takenNames = category ? await products.namesIn(category, exceptId) : [];
  // A combo's drinks are stored by the beverages' ids (drink-refs.ts): each must name one.
  const beverageNames = draft.details.drinks ? await products.beverageNames() : [];
  const problem = checkProductDraft(draft, { categories, takenNames, beverageNames })[0];
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

export const presentStaffTopping = (topping: ToppingRecord): ApiStaffTopping => ({
  ...presentTopping(topping),
  hidden: topping.hidden,
});

export const PRODUCT_ORDERED_MESSAGE =
  'Orders include this item, so it cannot be deleted. Hide it instead.';

/**
 * GET /api/staff/products/{id}/ordered: asked by the editor's delete dialog as it opens, so an
 * item orders include is offered Hide there rather than a Delete the server would refuse.
 */
export async function productOrdered(db: Queryable, id: string): Promise<ApiProductOrdered> {
  const productId = checkedId(id, 'product');
  const products = productsRepository(db);
  if (!(await products.get(productId))) throw notFound('No product with this id.');
  return { ordered: await products.ordered(productId) };
}

/**
 * DELETE /api/staff/products/{id}: a product no order ever included, and its lines in carts
 * (a customer's cart then simply no longer holds it). One an order includes is refused (409
 * `product_ordered`): `order_items` keep their own copy but would lose the link, and hiding it
 * retires it as well. Open storefronts drop it at once.
 */
export async function deleteProduct(db: Database, id: string): Promise<void> {
  const productId = checkedId(id, 'product');
  await db.transaction(async (tx) => {
    const outcome = await productsRepository(tx).remove(productId);
    if (outcome === 'missing') throw notFound('No product with this id.');
    if (outcome === 'ordered') throw conflict(PRODUCT_ORDERED_MESSAGE, 'product_ordered');
    await announceStoreChange(tx, 'menu');
  });
}

/** The topping's name checked by the domain's rule against the others', or a 400 naming it. */
async function checkedToppingName(tx: Queryable, name: string, exceptId?: string) {
  const problem = checkToppingName(name, await productsRepository(tx).toppingNames(exceptId));
  if (problem) throw badRequest(describeDraftProblem(problem));
  return name.trim();
}

/** POST /api/staff/toppings: a new topping at the end of the menu, on sale and shown. */
export async function createTopping(db: Database, name: string): Promise<ApiStaffTopping> {
  return db.transaction(async (tx) => {
    await lockMenu(tx, 'toppings');
    const created = await productsRepository(tx).createTopping(await checkedToppingName(tx, name));
    await announceStoreChange(tx, 'menu');
    return presentStaffTopping(created);
  });
}

/** What PATCH /api/staff/toppings/{id} may change; undefined fields stay as they are. */
export interface ToppingChange {
  soldOut?: boolean | undefined;
  name?: string | undefined;
  hidden?: boolean | undefined;
  /** Its new 0-based place among all the toppings, hidden ones too (past the end: last). */
  position?: number | undefined;
  /** What it contains and is (the menu editor's). */
  allergens?: Allergen[] | undefined;
  marks?: DietaryMark[] | undefined;
}

/** Whether `change` touches more than sold out (the menu editor's fields). */
export const editsToppingFields = (change: ToppingChange): boolean =>
  [change.name, change.hidden, change.position, change.allergens, change.marks].some(
    (value) => value !== undefined,
  );

/**
 * PATCH /api/staff/toppings/{id}: a topping sold out or back (every staff member, during a day),
 * renamed, hidden (retired) or shown again, moved, or given what it contains (`allergens`,
 * `marks`) (the menu editor). Every picker shows it at
 * once (the toppings table's NOTIFY and the storefronts' menu event) and a line naming a sold-out
 * or hidden one is refused (`checked-line.ts`). A rename breaks no cart: cart lines hold the
 * topping's id (`repositories/carts.ts`), so they read the new name; placed orders keep theirs.
 */
export async function updateTopping(
  db: Database,
  id: string,
  change: ToppingChange,
): Promise<ApiStaffTopping> {
  checkedId(id, 'topping');
  const listProblem = checkToppingLists(change)[0];
  if (listProblem) throw badRequest(describeDraftProblem(listProblem));
  return db.transaction(async (tx) => {
    const toppings = productsRepository(tx);
    if (change.name !== undefined || change.position !== undefined) {
      await lockMenu(tx, 'toppings');
    }
    const name =
      change.name === undefined ? undefined : await checkedToppingName(tx, change.name, id);
    const updated = await toppings.updateTopping(id, {
      ...(name !== undefined ? { name } : {}),
      ...(change.soldOut !== undefined ? { soldOut: change.soldOut } : {}),
      ...(change.hidden !== undefined ? { hidden: change.hidden } : {}),
      ...(change.allergens !== undefined ? { allergens: [...new Set(change.allergens)] } : {}),
      ...(change.marks !== undefined ? { marks: [...new Set(change.marks)] } : {}),
    });
    if (!updated) throw notFound('No topping with this id.');
    if (change.position !== undefined) {
      const others = (await toppings.toppings()).filter((each) => each.id !== id);
      const place = Math.min(change.position, others.length);
      const ids = others.map((each) => each.id);
      ids.splice(place, 0, id);
      await toppings.orderToppings(ids);
    }
    await announceStoreChange(tx, 'menu');
    return presentStaffTopping(updated);
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
