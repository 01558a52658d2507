import { useMemo, useSyncExternalStore } from 'react';

/*
 * The order this browser placed last, while the customer may still be waiting on it: kept in
 * localStorage, so every tab knows of it (a second tab on Payment, a screen opened later). The
 * shell loads the order bar's code (its live stream and the answer's dialog) only while one is
 * known, so a customer with no order in flight carries none of it.
 */

export interface KnownOrder {
  userId: string;
  orderId: string;
  number: number;
  /** The customer has read the store's answer (OK on its dialog, in any tab). */
  answerSeen: boolean;
}

const KEY = 'orders.inFlight';
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): KnownOrder | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<KnownOrder>;
    return typeof value.userId === 'string' &&
      typeof value.orderId === 'string' &&
      typeof value.number === 'number'
      ? {
          userId: value.userId,
          orderId: value.orderId,
          number: value.number,
          answerSeen: value.answerSeen === true,
        }
      : null;
  } catch {
    return null;
  }
}

function write(order: KnownOrder | null): void {
  try {
    if (order) window.localStorage.setItem(KEY, JSON.stringify(order));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode: this page still shows the order, other tabs and later pages do not.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab placed an order, or read its answer.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The order a user is waiting on, as this browser knows it (null on the server's render). */
export function useKnownOrder(userId: string | undefined): KnownOrder | null {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return useMemo(() => {
    const known = parse(raw);
    return known?.userId === userId ? known : null;
  }, [raw, userId]);
}

export const knownOrder = {
  remember: (order: Omit<KnownOrder, 'answerSeen'>) => write({ ...order, answerSeen: false }),
  answerSeen: (orderId: string) => {
    const known = parse(readRaw());
    if (known?.orderId === orderId) write({ ...known, answerSeen: true });
  },
  forget: () => write(null),
};
