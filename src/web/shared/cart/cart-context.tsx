import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSession } from '../session';
import type { CartStore } from './cart-store';
import { useGuestCartStore } from './guest-cart-store';
import { useServerCartStore } from './server-cart-store';

/**
 * The cart the screens use: the guest store while nobody is signed in, the server store once
 * someone is (which takes the guest's lines over at sign-in). Both stores stay mounted so the
 * guest cart keeps following other tabs and the switch at sign-in loses nothing.
 */
interface CartState extends CartStore {
  signedIn: boolean;
}

const CartContext = createContext<CartState>({
  count: 0,
  lines: [],
  figures: null,
  status: 'loading',
  signedIn: false,
  add: () => Promise.resolve(),
  setQuantity: () => Promise.resolve(),
  remove: () => Promise.resolve(() => Promise.resolve()),
  setTip: () => Promise.resolve(),
  refresh: () => Promise.resolve(),
});

export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const guest = useGuestCartStore();
  const server = useServerCartStore(userId, guest);
  const store: CartStore = userId ? server : guest;
  const value = useMemo<CartState>(
    () => ({ ...store, signedIn: userId !== null }),
    [store, userId],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  return useContext(CartContext);
}
