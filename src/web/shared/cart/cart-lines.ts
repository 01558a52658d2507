/**
 * The cart screen's lines, and the server cart's lines and figures in that shape. The guest
 * cart's storage is `local-cart.ts`: the first view reads it, and what is here waits for a
 * screen or a session that needs it.
 */
import { cartLineNotice, toCents, type CartTotals } from '../../../domain';
import type { NewCartItem, ServerCart, ServerCartItem } from './cart-api';

/** One line of the cart screen, the same shape for a guest's and a signed-in customer's cart. */
export interface CartLine {
  id: string;
  productId: string;
  name: string;
  image: string;
  quantity: number;
  /** The chosen options in words. */
  description: string;
  /** Cents; null while the product is being filled in or no longer exists. */
  lineTotal: number | null;
  /** False when the product was removed from the menu. */
  available: boolean;
  /** What changed since the line was added (a price, sold out), in words; null when nothing. */
  notice: string | null;
  /** What the line contains and its dietary marks (`lineAllergens`); empty while unknown. */
  allergens: readonly string[];
  marks: readonly string[];
}

/**
 * A line of our server's cart. Its answers are checked by their schema before they are sent
 * (`apiCartItemSchema`): every line names its product and carries its price.
 */
export function serverLine(item: ServerCartItem): CartLine {
  const product = item.productId;
  return {
    id: item._id,
    productId: product._id,
    name: product.name,
    image: product.image,
    quantity: item.quantity,
    description: item.description,
    lineTotal: toCents(item.totalPrice),
    // The server leaves out a line whose product is gone, so every line it sends is there.
    available: true,
    notice: serverLineNotice(item),
    allergens: item.allergens,
    marks: item.marks,
  };
}

/** What changed on a server cart line since it was added (the cart and checkout say it). */
export function serverLineNotice(item: ServerCartItem): string | null {
  const added = item.addedPriceByQuantity;
  return cartLineNotice({
    hidden: item.productId.hidden,
    soldOut: item.productId.soldOut,
    unit: toCents(item.priceByQuantity),
    addedUnit: added === null ? null : toCents(added),
    soldOutOptions: item.soldOutOptions,
  });
}

/** A server line as a new cart item with the same options (Undo of a Remove adds it again). */
export function linePayload(item: ServerCartItem): NewCartItem {
  return {
    productId: item.productId._id,
    quantity: item.quantity,
    size: item.size,
    flavor: item.flavor,
    wingsFlavor: item.wingsFlavor,
    sides: item.sides,
    drinks: item.drinks,
    toppings: item.toppings,
  };
}

/** The server's figures (dollars) in cents, for display with formatMoney. */
export function serverFigures(cart: ServerCart): CartTotals {
  return {
    subtotal: toCents(cart.subtotal),
    hst: toCents(cart.hst),
    tipPercent: cart.tipPercent,
    tip: toCents(cart.tip),
    deliveryFee: toCents(cart.deliveryFee),
    total: toCents(cart.totalPrice),
  };
}
