import { newLocalId } from '../../shared/cart/local-cart';

/*
 * What the Payment screen keeps in sessionStorage (this tab only, gone when it closes):
 * - the order it is waiting on, so a reload during the wait shows the overlay again and still
 *   learns the store's answer (the event stream replays from its own stored position);
 * - one Idempotency-Key per cart, so a second click, a retry after a lost answer or a reload
 *   before the answer all name the same order attempt and the server places one order.
 */

export interface WaitingOrder {
  userId: string;
  orderId: string;
  number: number;
  /** Placed for a scheduled time: the answer then confirms that time rather than minutes. */
  scheduled?: boolean;
}

const WAITING_KEY = 'checkout.waitingOrder';
const attemptKey = (cartId: string) => `checkout.attempt:${cartId}`;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Private mode: this visit still works, a reload only forgets.
  }
}

export function readWaiting(userId: string): WaitingOrder | null {
  const raw = read(WAITING_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WaitingOrder>;
    return value.userId === userId &&
      typeof value.orderId === 'string' &&
      typeof value.number === 'number'
      ? {
          userId,
          orderId: value.orderId,
          number: value.number,
          scheduled: value.scheduled === true,
        }
      : null;
  } catch {
    return null;
  }
}

export function writeWaiting(waiting: WaitingOrder | null): void {
  write(WAITING_KEY, waiting ? JSON.stringify(waiting) : null);
}

/** The key of this cart's order attempt, made on first use. */
export function attemptKeyFor(cartId: string): string {
  const existing = read(attemptKey(cartId));
  if (existing) return existing;
  const key = newLocalId();
  write(attemptKey(cartId), key);
  return key;
}

export function forgetAttempt(cartId: string): void {
  write(attemptKey(cartId), null);
}
