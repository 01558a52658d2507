import {
  cartLineNotice,
  MAX_QUANTITY,
  toCents,
  type CartTotals,
  type LocalCartItem,
} from '../../../domain';
import { readJson, STORAGE_KEYS, writeStorage } from '../storage';
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
}

/**
 * The guest cart from local storage, dropping entries that are not cart lines (edited by hand or
 * left by an older version). A type check only, not the zod schema: this runs in the first
 * screen's bundle and zod would add a third to it. Options are still checked against the product
 * by the engine before pricing, and by the server at merge.
 */
export function readLocalCart(): LocalCartItem[] {
  const stored = readJson(STORAGE_KEYS.cart);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown): LocalCartItem[] => {
    if (!isLocalCartItem(entry)) return [];
    const item = withoutKey(entry as LocalCartItem & { userId?: unknown }, 'userId');
    return [{ ...item, _id: typeof item._id === 'string' ? item._id : newLocalId() }];
  });
}

const isText = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';
const isTextList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

function isLocalCartItem(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  const { quantity, drinks, toppings, sides } = item;
  return (
    typeof item.productId === 'string' &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_QUANTITY &&
    isText(item.size) &&
    isText(item.flavor) &&
    isText(item.wingsFlavor) &&
    isText(item.name) &&
    (sides === undefined || sides === null || isTextList(sides)) &&
    (drinks === undefined ||
      drinks === null ||
      (Array.isArray(drinks) &&
        drinks.every(
          (drink: unknown) =>
            typeof drink === 'object' &&
            drink !== null &&
            typeof (drink as { name?: unknown }).name === 'string' &&
            Number.isInteger((drink as { quantity?: unknown }).quantity),
        ))) &&
    (toppings === undefined ||
      toppings === null ||
      isTextList(toppings) ||
      (Array.isArray(toppings) && toppings.every(isTextList)))
  );
}

export function writeLocalCart(items: readonly LocalCartItem[]): void {
  writeStorage(STORAGE_KEYS.cart, items.length > 0 ? JSON.stringify(items) : null);
}

export function newLocalId(): string {
  // randomUUID needs a secure context; a plain http preview still gets a unique enough id.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The guest cart refuses what the server cart would refuse; the message says why. */
export class CartRefusal extends Error {
  override name = 'CartRefusal';
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
  };
}

/** What changed on a server cart line since it was added (the cart and checkout say it). */
export function serverLineNotice(item: ServerCartItem): string | null {
  const added = item.addedPriceByQuantity;
  return cartLineNotice({
    soldOut: item.productId.soldOut,
    unit: toCents(item.priceByQuantity),
    addedUnit: added === null ? null : toCents(added),
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

/** Stored lines are sent to the server without their local ids (spec: merge-cart). */
export function withoutLocalIds(items: readonly LocalCartItem[]): NewCartItem[] {
  return items.map((item) => withoutKey(item, '_id'));
}

/** A shallow copy without one property (JSON-like objects only). */
function withoutKey<T extends object, K extends keyof T & string>(value: T, key: K): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Omit<T, K>;
}
