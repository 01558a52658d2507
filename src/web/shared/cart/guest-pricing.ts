/**
 * Pricing and adding lines for a guest's cart with the domain engine. Loaded on demand (the guest
 * store imports it when the cart holds something or an item is added, the item screens import
 * it directly), so a first visit with an empty cart does not download the pricing engine and the
 * option rules with the first screen.
 */
import {
  NOT_ON_MENU_NOTICE,
  carriedUnitCents,
  cartLineNotice,
  cartTotals,
  describeSelection,
  mergeLine,
  normaliseToppingLists,
  priceSelection,
  soldOutChoices,
  toDollars,
  type CartTotals,
  type LocalCartItem,
  type NormalisedSelection,
  type Product,
} from '../../../domain';
import { chosenToppingFacts, lineAllergens } from '../../../domain/allergens';
import { menuApi } from '../menu-api';
import type { ApiTopping } from '../types';
import type { NewCartItem } from './cart-api';
import type { CartLine } from './cart-lines';
import { CartRefusal, newLocalId } from './local-cart';

/** The options of a stored line in the engine's shape; the server re-checks them on merge. */
export function normaliseLocal(item: NewCartItem): NormalisedSelection {
  return {
    ...(item.size ? { size: item.size } : {}),
    ...(item.flavor ? { flavor: item.flavor } : {}),
    ...(item.wingsFlavor ? { wingsFlavor: item.wingsFlavor } : {}),
    sides: (item.sides ?? []).filter((side) => side !== ''),
    drinks: item.drinks ?? [],
    toppings: normaliseToppingLists(item.toppings),
  };
}

/**
 * Adds a line to the guest cart. The same item chosen again (same options) raises the quantity
 * of its line, within the same limits as the server's cart, so merging at sign-in keeps the
 * lines the guest saw. A new line keeps the unit price it was added at (`priceByQuantity`, the
 * spec's field, which merge-cart carries over), so a later change of price is said, as the
 * server's cart says it. Throws CartRefusal past a limit.
 */
export function addLocalItem(
  items: readonly LocalCartItem[],
  product: Product,
  item: NewCartItem,
): LocalCartItem[] {
  const state = (line: NewCartItem) => ({
    productId: line.productId,
    selection: normaliseLocal(line),
    quantity: line.quantity,
  });
  const merge = mergeLine(items.map(state), state(item));
  if (merge.kind === 'refused') throw new CartRefusal(merge.message);
  if (merge.kind === 'new') {
    const { unit } = priceSelection(product, normaliseLocal(item), 1);
    return [...items, { ...item, priceByQuantity: toDollars(unit), _id: newLocalId() }];
  }
  return items.map((line, index) =>
    index === merge.index ? { ...line, quantity: merge.quantity } : line,
  );
}

/** A guest's line, priced by the domain engine once its product is known. */
export function localLine(
  item: LocalCartItem,
  product: Product | null | undefined,
  toppings: readonly ApiTopping[] = [],
): CartLine {
  if (!product) {
    return {
      id: item._id,
      productId: item.productId,
      name: item.name ?? (product === null ? 'No longer on the menu' : 'Loading...'),
      image: '',
      quantity: item.quantity,
      description: '',
      lineTotal: null,
      available: product !== null,
      // The storefront no longer answers for it (retired or deleted): said as the server's
      // cart says it of a hidden product's line.
      notice: product === null ? NOT_ON_MENU_NOTICE : null,
      allergens: [],
      marks: [],
    };
  }
  const selection = normaliseLocal(item);
  const { unit, line } = priceSelection(product, selection, item.quantity);
  return {
    id: item._id,
    productId: product.id,
    name: product.name,
    image: product.image,
    quantity: item.quantity,
    description: describeSelection(selection),
    lineTotal: line,
    available: true,
    // Priced at the menu's price; what changed since it was added is said in the server cart's
    // words (a line stored before lines kept their price says nothing of a price).
    notice: cartLineNotice({
      hidden: false,
      soldOut: product.soldOut,
      unit,
      addedUnit: carriedUnitCents(item.priceByQuantity),
      // Toppings only: the list the guest cart reads for them says which are sold out.
      soldOutOptions: soldOutChoices(
        selection,
        new Set(toppings.filter((topping) => topping.soldOut).map((topping) => topping.name)),
      ),
    }),
    ...lineAllergens(product.details, chosenToppingFacts(selection.toppings, toppings)),
  };
}

/**
 * The toppings (for what a line with toppings contains), when some line has any: asked here,
 * with the pricing code, so a cart without toppings asks for nothing more.
 */
export function guestToppings(items: readonly LocalCartItem[]): Promise<ApiTopping[]> | null {
  const topped = items.some((item) => normaliseLocal(item).toppings.some((list) => list.length));
  return topped ? menuApi.toppings() : null;
}

/** The guest cart's figures in cents, once every available line is priced; null until then. */
export function guestFigures(lines: readonly CartLine[], tipPercent: number): CartTotals | null {
  if (lines.some((line) => line.available && line.lineTotal === null)) return null;
  return cartTotals({
    lineTotals: lines.map((line) => line.lineTotal ?? 0),
    tipPercent,
    delivery: false,
    deliveryFee: 0,
  });
}
