import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useSession } from '../session';
import type { CartStore } from './cart-store';
import { useGuestCartStore } from './guest-cart-store';

/**
 * The cart the screens use: the guest store while nobody is signed in, the server store once
 * someone is (which takes the guest's lines over at sign-in). The guest store stays mounted so
 * it keeps following other tabs and the switch at sign-in loses nothing.
 *
 * The server store is a lazily loaded sibling (`server-cart.tsx`), rendered only while someone
 * is signed in: React starts loading it in the first render that knows the user (hydration,
 * for a stored session), so it arrives alongside hydration rather than after it, and a guest
 * never pays for it. Until it reports, a signed-in cart reads as loading, as it did while the
 * server answered.
 */
interface CartState extends CartStore {
  signedIn: boolean;
}

const idle = () => Promise.resolve();

const LOADING: CartStore = {
  count: 0,
  lines: [],
  figures: null,
  status: 'loading',
  add: idle,
  setQuantity: idle,
  remove: () => Promise.resolve(idle),
  setTip: idle,
  refresh: idle,
};

const CartContext = createContext<CartState>({ ...LOADING, signedIn: false });

const ServerCart = lazy(() => import('./server-cart'));

export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const guest = useGuestCartStore();
  const [server, setServer] = useState<{ userId: string; store: CartStore } | null>(null);
  const onStore = useCallback((id: string, store: CartStore) => {
    setServer({ userId: id, store });
  }, []);
  const store: CartStore = userId ? (server?.userId === userId ? server.store : LOADING) : guest;
  const value = useMemo<CartState>(
    () => ({ ...store, signedIn: userId !== null }),
    [store, userId],
  );
  return (
    <>
      {userId && (
        <Suspense fallback={null}>
          <ServerCart userId={userId} guest={guest} onStore={onStore} />
        </Suspense>
      )}
      <CartContext.Provider value={value}>{children}</CartContext.Provider>
    </>
  );
}

export function useCart(): CartState {
  return useContext(CartContext);
}
