/**
 * The spec's local storage keys, and ours beside them (`orderAt`, the order's chosen time;
 * `tipPercent`, the customer's last tip choice), and
 * safe access to them (private mode can throw).
 */
export const STORAGE_KEYS = {
  user: 'user',
  cart: 'cart',
  orderType: 'orderType',
  orderAddress: 'orderAddress',
  orderAt: 'orderAt',
  tipPercent: 'tipPercent',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored JSON, unchecked: the caller says what it expects (or checks it). */
export function readJson(key: StorageKey): unknown {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working for this visit.
  }
}

/**
 * The stored user's id (the spec's `user` key), or null. Right nearly always, so loaders start
 * with it before /api/auth/me answers; screens still check it against the session.
 */
export function storedUserId(): string | null {
  const user = readJson(STORAGE_KEYS.user);
  if (typeof user !== 'object' || user === null || !('_id' in user)) return null;
  return typeof user._id === 'string' ? user._id : null;
}
