import type { CartTotals, Product } from '../../../domain';
import type { NewCartItem } from './cart-api';
import type { CartLine } from './cart-lines';

/** Puts a removed line back (the cart screen's Undo). */
export type UndoRemove = () => Promise<void>;

/**
 * One cart as the screens see it, whoever keeps it: the guest store (local storage, priced in
 * the browser by the domain engine) or the server store (the signed-in customer's cart, priced
 * by the server). The session picks the store; screens never ask which one it is.
 */
export interface CartStore {
  /** Number of items (sum of quantities) for the nav link. */
  count: number;
  lines: CartLine[];
  /** Cents; null until the cart is known. */
  figures: CartTotals | null;
  status: 'loading' | 'ready' | 'error';
  /** Rejects with a CartRefusal (guest) or the server's ApiError when the line is refused. */
  add: (product: Product, item: NewCartItem) => Promise<void>;
  setQuantity: (lineId: string, quantity: number) => Promise<void>;
  /** Answers how to put the line back. */
  remove: (lineId: string) => Promise<UndoRemove>;
  setTip: (percent: number) => Promise<void>;
  /**
   * Asks for the cart again (the server's: checkout set its delivery fee, or placing the order
   * completed it). The guest cart is always current: nothing to do.
   */
  refresh: () => Promise<void>;
}
