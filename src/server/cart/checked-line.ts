/**
 * A line a customer asks for, checked against the menu as it is now, and added to a cart with
 * the domain's merge rule. Shared by adding one item and merging a guest cart.
 *
 * "The menu as it is now" is the catalogue snapshot's (decision 11's second addendum): on the
 * process where the staff changed it, at once; on others, once the database's notification
 * arrives. Complete-order checks every line again against the database, so a line added in
 * that moment is refused there, with the sold-out message, before anything is charged.
 */
import {
  mergeLine,
  priceSelection,
  validateSelection,
  type CartItemPayload,
  type NormalisedSelection,
  type Product,
  isListKind,
} from '../../domain';
import type { Menu } from '../catalogue/snapshot';
import type { Queryable } from '../data/db';
import { HttpError, badRequest, conflict, invalidId, notFound } from '../http/errors';
import { cartsRepository, type CartItemRecord } from '../repositories/carts';
import { lineDrinkIds, type StoredLineDrink } from '../repositories/drink-refs';
import { isUuid } from '../../domain/ids';
import { notOfferedAt, notOnMenu } from '../orders/offered-at';

/** Postgres's 23503: a row names one (here a product) that is not there. */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';
}

export interface CheckedLine {
  product: Product;
  selection: NormalisedSelection;
  /** The ids of `selection.toppings` in the menu it was checked against: what the cart keeps. */
  toppingIds: string[][];
  /** `selection.drinks` with their beverages' ids in the menu it was checked against. */
  drinks: StoredLineDrink[];
  quantity: number;
}

/**
 * The options the menu has right now: every topping and beverage by name, and those of them, of
 * the sides (a combo's side is a side on the menu) and of the flavours the store marked sold out
 * (refused with 409 naming them, not as unknown). A hidden (retired) topping is refused as sold
 * out too: a cart may still hold it, and the customer is told to change that line.
 */
export interface Offer {
  toppingNames: ReadonlySet<string>;
  drinkNames: ReadonlySet<string>;
  soldOut: ReadonlySet<string>;
}

export function currentOffer(menu: Menu): Offer {
  const toppings = menu.toppings;
  const beverages = menu.ofKind('beverages');
  const listed = menu.products.filter((product) => isListKind(product.kind));
  return {
    toppingNames: new Set(toppings.map((t) => t.name)),
    drinkNames: new Set(beverages.map((b) => b.name)),
    soldOut: new Set([
      ...toppings.filter((t) => t.soldOut || t.hidden).map((t) => t.name),
      ...listed.filter((o) => o.soldOut).map((o) => o.name),
      ...menu.soldOutFlavours,
    ]),
  };
}

/** The product a payload names: by id, or a beverage or side by name (in any letter case). */
function findProduct(menu: Menu, item: CartItemPayload): Product | HttpError {
  if (item.productId !== undefined) {
    if (!isUuid(item.productId)) {
      return invalidId(item.productId, 'product');
    }
    // The menu's ids are Postgres's lower-case text of a uuid; one may arrive in capitals.
    // A hidden product is found, to be refused by name (409 `not_on_menu`), not as unknown.
    return menu.lineProduct(item.productId.toLowerCase()) ?? notFound('No product with this id.');
  }
  // Items of the list screens (beverages, sides) are sent by name, as the spec's client does.
  const name = item.name ?? '';
  const wanted = name.toLowerCase();
  // One on the menu first; else a retired one of that name, refused by name (409
  // `not_on_menu`) rather than as unknown, as one asked for by id is.
  const named = (p: Product) => isListKind(p.kind) && p.name.toLowerCase() === wanted;
  const product = menu.products.find(named) ?? menu.allProducts.find(named);
  if (product) return product;
  return notFound(`No beverage or side named "${name}".`);
}

/**
 * The payload checked against its product and what is on offer, or the refusal: 400 for a bad
 * id or option, 404 for a product the menu does not have, 409 when it is retired (hidden), sold
 * out or outside its availability windows at `orderTime` (`orders/order-time.ts`: the time the
 * customer chose, else now; Confirm Order and complete-order judge the windows again at the
 * order's own time).
 */
export function checkLine(
  menu: Menu,
  item: CartItemPayload,
  offer: Offer,
  orderTime: Date,
): { ok: true; line: CheckedLine } | { ok: false; error: HttpError; name?: string } {
  const product = findProduct(menu, item);
  if (product instanceof HttpError) return { ok: false, error: product };
  const retired = notOnMenu(product);
  if (retired) return { ok: false, error: retired, name: product.name };
  const notOffered = notOfferedAt(product, orderTime);
  if (notOffered) return { ok: false, error: notOffered, name: product.name };
  const checked = validateSelection(
    product,
    item,
    offer.toppingNames,
    offer.drinkNames,
    offer.soldOut,
  );
  if (!checked.ok) {
    const error =
      checked.reason === 'sold-out'
        ? conflict(checked.message, 'sold_out')
        : badRequest(checked.message, 'invalid_option');
    return { ok: false, error, name: product.name };
  }
  const ids = new Map(menu.toppings.map((topping) => [topping.name, topping.id]));
  // Every name passed the check against this menu's toppings, so each has its id here.
  const toppingIds = checked.selection.toppings.map((pizza) =>
    pizza.map((name) => ids.get(name) ?? name),
  );
  return {
    ok: true,
    line: {
      product,
      selection: checked.selection,
      toppingIds,
      drinks: lineDrinkIds(checked.selection.drinks, menu.allProducts),
      quantity: item.quantity,
    },
  };
}

/**
 * Adds a checked line to the cart, raised into the same line when there is one (the domain's
 * merge rule). The caller's transaction holds the cart's lock (lock order in
 * `repositories/carts.ts`) and read its `lines` under it. Answers the cart's lines after the
 * change, in their order, without reading them again; or the refusal's words when the raised
 * line would be too big (nothing written). A new line keeps the price it was added at:
 * `addedUnitCents` when the caller knows it (a guest's line at merge), else the menu's now.
 */
export async function addLine(
  tx: Queryable,
  cartId: string,
  lines: readonly CartItemRecord[],
  line: CheckedLine,
  addedUnitCents: number | null = null,
): Promise<{ refused: string } | { lines: CartItemRecord[] }> {
  const carts = cartsRepository(tx);
  const incoming = {
    productId: line.product.id,
    selection: line.selection,
    quantity: line.quantity,
  };
  const merge = mergeLine(lines, incoming);
  if (merge.kind === 'refused') return { refused: merge.message };
  const same = merge.kind === 'raise' ? lines[merge.index] : undefined;
  if (merge.kind === 'raise' && same) {
    await carts.setQuantity(cartId, same.id, merge.quantity);
    return {
      lines: lines.map((each) => (each === same ? { ...each, quantity: merge.quantity } : each)),
    };
  }
  // The price the customer saw, kept so the line can say if it changes before the order.
  const unit = addedUnitCents ?? priceSelection(line.product, line.selection, 1).unit;
  const added = await carts
    .addItem({
      cartId,
      productId: line.product.id,
      selection: line.selection,
      toppingIds: line.toppingIds,
      drinks: line.drinks,
      quantity: line.quantity,
      addedUnitCents: unit,
    })
    .catch((error: unknown) => {
      // The menu editor deleted the product after this process's menu was read (its delete
      // waits for no cart it did not see holding it): gone, not a 500.
      if (isForeignKeyViolation(error)) throw notFound('This item is no longer on the menu.');
      throw error;
    });
  return { lines: [...lines, added] };
}
