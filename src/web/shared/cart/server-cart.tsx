import { useEffect } from 'react';
import type { CartStore } from './cart-store';
import type { GuestCartStore } from './guest-cart-store';
import { useServerCartStore } from './server-cart-store';

export interface ServerCartProps {
  userId: string;
  guest: Pick<GuestCartStore, 'tipPercent' | 'clear'>;
  /** Told each new value of the store, for CartProvider to hand to the screens. */
  onStore: (userId: string, store: CartStore) => void;
}

/**
 * The signed-in customer's cart, in a chunk of its own: a guest's first view (most first
 * views) never downloads it. It renders nothing; it keeps the store and reports it upwards.
 */
export default function ServerCart({ userId, guest, onStore }: ServerCartProps) {
  const store = useServerCartStore(userId, guest);
  useEffect(() => {
    onStore(userId, store);
  }, [userId, store, onStore]);
  return null;
}
