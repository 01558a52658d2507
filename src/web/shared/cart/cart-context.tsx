import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session';
import { isStaffPath } from '../urls';
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
 * server answered, and a change made meanwhile (a tap on Add to Cart while a slow phone still
 * fetches the chunk) waits for the store and is then made, never dropped.
 */
interface CartState extends CartStore {
  signedIn: boolean;
}

const idle = () => Promise.resolve();

const NO_CART: CartStore = {
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

const CartContext = createContext<CartState>({ ...NO_CART, signedIn: false });

/** The signed-in store as reported by `ServerCart`, and a stand-in whose changes wait for it. */
function useReportedStore() {
  const [reported, setReported] = useState<{ userId: string; store: CartStore } | null>(null);
  const waiting = useRef<((store: CartStore) => void)[]>([]);
  const onStore = useCallback((userId: string, store: CartStore) => {
    setReported({ userId, store });
    const waiters = waiting.current;
    waiting.current = [];
    for (const resolve of waiters) resolve(store);
  }, []);
  const loading = useMemo<CartStore>(() => {
    const ready = () =>
      new Promise<CartStore>((resolve) => {
        waiting.current.push(resolve);
      });
    return {
      ...NO_CART,
      add: async (product, item) => (await ready()).add(product, item),
      setQuantity: async (lineId, quantity) => (await ready()).setQuantity(lineId, quantity),
      remove: async (lineId) => (await ready()).remove(lineId),
      setTip: async (percent) => (await ready()).setTip(percent),
      refresh: async () => (await ready()).refresh(),
    };
  }, []);
  return { reported, onStore, loading };
}

const ServerCart = lazy(() => import('./server-cart'));

export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const guest = useGuestCartStore();
  const { reported, onStore, loading } = useReportedStore();
  // The staff's screens have no cart: a staff tablet never asks for one (and a sign-out there
  // never races a cart request into a 401).
  const customerScreens = !isStaffPath(useLocation().pathname);
  const store: CartStore = userId
    ? reported?.userId === userId
      ? reported.store
      : loading
    : guest;
  const value = useMemo<CartState>(
    () => ({ ...store, signedIn: userId !== null }),
    [store, userId],
  );
  return (
    <>
      {userId && customerScreens && (
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
