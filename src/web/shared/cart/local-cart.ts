/**
 * The guest cart in local storage, which the first view reads. Apart from `cart-lines.ts`: Rollup
 * places a module in one chunk with every export any chunk uses, so the server cart's helpers
 * would ride in the entry with it.
 */
import {
  FIRST_TIP_PERCENT,
  MAX_QUANTITY,
  isTipPercent,
  type LocalCartItem,
  type TipPercent,
} from '../../../domain';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import type { NewCartItem } from './cart-api';

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
    const line = { ...item, _id: typeof item._id === 'string' ? item._id : newLocalId() };
    // A price that is no number is dropped, not sent: merge-cart would refuse the line for it,
    // when it only ever feeds a notice (the rest is judged by `carriedUnitCents`, kept out of
    // the first view's script).
    return [typeof line.priceByQuantity !== 'number' ? withoutKey(line, 'priceByQuantity') : line];
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

/** Stored lines are sent to the server without their local ids (spec: merge-cart). */
export function withoutLocalIds(items: readonly LocalCartItem[]): NewCartItem[] {
  return items.map((item) => withoutKey(item, '_id'));
}

/** A shallow copy without one property (JSON-like objects only). */
function withoutKey<T extends object, K extends keyof T & string>(value: T, key: K): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Omit<T, K>;
}

/**
 * The tip a new cart starts at: the customer's last choice in this browser, else none
 * (FIRST_TIP_PERCENT), never a tip they did not pick.
 */
export function rememberedTip(): TipPercent {
  const stored = Number(readStorage(STORAGE_KEYS.tipPercent) ?? NaN);
  return isTipPercent(stored) ? stored : FIRST_TIP_PERCENT;
}

/** Kept on every choice of tip, a guest's or a signed-in customer's. */
export function rememberTip(percent: number): void {
  if (isTipPercent(percent)) writeStorage(STORAGE_KEYS.tipPercent, String(percent));
}
