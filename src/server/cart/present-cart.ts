/**
 * The cart as the API shows it: every line priced now, from the current product, by the domain
 * engine (a browser's figures are never read), and the cart's totals. Shared by the cart's use
 * cases; cents stay inside until these functions turn them into dollars.
 *
 * The products and the delivery fee come from the catalogue snapshot (decision 11's second
 * addendum): the cart's answers show the menu as this process knows it, without reading it
 * again per request. What is charged is worked out again by complete-order from the database,
 * inside its transaction.
 */
import {
  cartTotals,
  describeSelection,
  priceSelection,
  soldOutChoices,
  toDollars,
  type ApiCart,
  type ApiCartItem,
  type ApiCartTotals,
  type ApiCheckoutDetails,
  type CartTotals,
  type Product,
  isRetired,
} from '../../domain';
import type { Queryable } from '../data/db';
import { presentLineAllergens, presentSelection } from '../http/present';
import {
  cartsRepository,
  type CartCheckout,
  type CartItemRecord,
  type CartRecord,
} from '../repositories/carts';
import type { CatalogueSnapshot, Menu } from '../catalogue/snapshot';
import { currentOffer } from './checked-line';

/** A line as the API shows it, with its price in cents for the cart's totals (priced once). */
function presentItem(
  item: CartItemRecord,
  product: Product,
  toppings: Menu['toppings'],
  soldOut: ReadonlySet<string>,
): { view: ApiCartItem; lineTotal: number } {
  const { unit, line } = priceSelection(product, item.selection, item.quantity);
  const view: ApiCartItem = {
    _id: item.id,
    productId: {
      _id: product.id,
      name: product.name,
      image: product.image,
      price: toDollars(product.price),
      category: product.category,
      soldOut: product.soldOut,
      hidden: isRetired(product),
    },
    quantity: item.quantity,
    ...presentSelection(item.selection),
    description: describeSelection(item.selection),
    priceByQuantity: toDollars(unit),
    totalPrice: toDollars(line),
    addedPriceByQuantity: item.addedUnitCents === null ? null : toDollars(item.addedUnitCents),
    soldOutOptions: soldOutChoices(item.selection, soldOut),
    ...presentLineAllergens(product, item.selection, toppings),
  };
  return { view, lineTotal: line };
}

export function presentTotals(totals: CartTotals): ApiCartTotals {
  return {
    totalPrice: toDollars(totals.total),
    subtotal: toDollars(totals.subtotal),
    hst: toDollars(totals.hst),
    tipPercent: totals.tipPercent,
    tip: toDollars(totals.tip),
    deliveryFee: toDollars(totals.deliveryFee),
  };
}

/** What a cart is priced with: the menu and the store's delivery fee, as of now. */
export interface CartPrices {
  menu: Menu;
  deliveryFeeCents: number;
}

/** The cart's prices from the catalogue snapshot (no query while it is kept). */
export async function cartPrices(
  catalogue: Pick<CatalogueSnapshot, 'menu' | 'settings'>,
): Promise<CartPrices> {
  const [menu, settings] = await Promise.all([catalogue.menu(), catalogue.settings()]);
  return { menu, deliveryFeeCents: settings.deliveryFeeCents };
}

/** The cart's lines, priced now from the current products (cents kept for the totals). */
export async function pricedItems(
  db: Queryable,
  menu: Menu,
  cartId: string,
): Promise<{ items: ApiCartItem[]; lineTotals: number[] }> {
  return priceLines(menu, await cartsRepository(db).items(cartId));
}

/** These lines, just read from the cart, priced now. */
function priceLines(
  menu: Menu,
  records: readonly CartItemRecord[],
): { items: ApiCartItem[]; lineTotals: number[] } {
  const items: ApiCartItem[] = [];
  const lineTotals: number[] = [];
  // What complete-order would refuse a line for, told on the line before it gets there.
  const { soldOut } = currentOffer(menu);
  for (const record of records) {
    // The foreign key keeps a product while a cart holds it (deleting one deletes its lines
    // first): this only guards an unreadable product. A hidden one is still priced.
    const product = menu.lineProduct(record.productId);
    if (!product) continue;
    const { view, lineTotal } = presentItem(record, product, menu.toppings, soldOut);
    items.push(view);
    lineTotals.push(lineTotal);
  }
  return { items, lineTotals };
}

/**
 * The cart's figures in cents for these line totals and the cart's tip and delivery choice. The
 * delivery fee is the one Confirm Order showed (docs/api.md: the fee confirmed is the fee
 * charged); the store's setting only for a cart not confirmed.
 */
export function totalsOf(
  prices: CartPrices,
  cart: CartRecord,
  lineTotals: readonly number[],
): CartTotals {
  const delivery = cart.deliveryType === 'delivery';
  const deliveryFee = delivery ? (cart.confirmedFeeCents ?? prices.deliveryFeeCents) : 0;
  return cartTotals({ lineTotals, tipPercent: cart.tipPercent, delivery, deliveryFee });
}

export async function presentCart(
  db: Queryable,
  prices: CartPrices,
  cart: CartRecord,
): Promise<ApiCart> {
  return presentCartLines(prices, cart, await cartsRepository(db).items(cart.id));
}

/** The cart with these lines, read by the caller in the same transaction. */
export function presentCartLines(
  prices: CartPrices,
  cart: CartRecord,
  records: readonly CartItemRecord[],
): ApiCart {
  const { items, lineTotals } = priceLines(prices.menu, records);
  return {
    _id: cart.id,
    items,
    deliveryType: cart.deliveryType,
    ...presentTotals(totalsOf(prices, cart, lineTotals)),
  };
}

/** What Confirm Order stored, in the API's shape (times ISO 8601). */
export function presentCheckout(checkout: Omit<CartCheckout, 'confirmedAt'>): ApiCheckoutDetails {
  return {
    deliveryType: checkout.deliveryType,
    contactInfo: { phone: checkout.phone, address: checkout.address },
    scheduledTime: checkout.scheduledTime ? checkout.scheduledTime.toISOString() : null,
    instructions: checkout.instructions,
  };
}
