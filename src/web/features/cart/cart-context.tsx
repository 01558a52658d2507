import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  cartTotals,
  DEFAULT_TIP_PERCENT,
  type CartTotals,
  type LocalCartItem,
  type Product,
} from '../../../domain';
import { useNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { STORAGE_KEYS } from '../../shared/storage';
import { cartApi, type NewCartItem, type ServerCart } from './cart-api';
import {
  addLocalItem,
  expectedTotal,
  localLine,
  readLocalCart,
  serverFigures,
  serverLine,
  withoutLocalIds,
  writeLocalCart,
  type CartLine,
} from './cart-lines';
import { mergeGuestCart } from './merge-guest-cart';
import { useCartProducts } from './use-cart-products';

/**
 * The cart: a guest's lives in local storage under `cart` and is priced here by the domain
 * engine; a signed-in customer's lives on the server, which prices it. When someone signs in
 * with a non-empty guest cart, it is merged into their server cart and the local copy cleared.
 */
interface CartState {
  /** Number of items (sum of quantities) for the nav link. */
  count: number;
  lines: CartLine[];
  /** Cents; null until the cart is known. */
  figures: CartTotals | null;
  status: 'loading' | 'ready' | 'error';
  signedIn: boolean;
  /** Rejects with the server's ApiError when a signed-in add fails. */
  add: (product: Product, item: NewCartItem) => Promise<void>;
  setQuantity: (lineId: string, quantity: number) => Promise<void>;
  remove: (lineId: string) => Promise<void>;
  setTip: (percent: number) => Promise<void>;
}

const CartContext = createContext<CartState>({
  count: 0,
  lines: [],
  figures: null,
  status: 'loading',
  signedIn: false,
  add: async () => undefined,
  setQuantity: async () => undefined,
  remove: async () => undefined,
  setTip: async () => undefined,
});

export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const notify = useNotice();
  const userId = user?._id ?? null;
  const [localItems, setLocalItems] = useState<LocalCartItem[]>(readLocalCart);
  const [server, setServer] = useState<{ userId: string; cart: ServerCart } | null>(null);
  const [serverFailed, setServerFailed] = useState<string | null>(null);
  const [guestTip, setGuestTip] = useState<number>(DEFAULT_TIP_PERCENT);
  const guestTipRef = useRef(guestTip);
  useEffect(() => {
    guestTipRef.current = guestTip;
  }, [guestTip]);
  const syncing = useRef<string | null>(null);

  const productIds = useMemo(() => localItems.map((item) => item.productId), [localItems]);
  const { products, remember } = useCartProducts(productIds);

  const updateLocal = useCallback((change: (items: LocalCartItem[]) => LocalCartItem[]) => {
    setLocalItems((items) => {
      const next = change(items);
      writeLocalCart(next);
      return next;
    });
  }, []);

  // Another tab changed the guest cart.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cart || event.key === null) setLocalItems(readLocalCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const loadServer = useCallback(async (id: string) => {
    const cart = await cartApi.get(id);
    setServer({ userId: id, cart });
    setServerFailed(null);
  }, []);

  // Signed in: merge a non-empty guest cart first, then show the server's cart.
  useEffect(() => {
    if (!userId) {
      setServer(null);
      return;
    }
    // One sync per sign-in, even if the effect runs twice (StrictMode) while a merge is on its way.
    if (syncing.current === userId) return;
    syncing.current = userId;
    const sync = async () => {
      const local = readLocalCart();
      if (local.length > 0) {
        const { cart: merged, refused } = await mergeGuestCart(userId, withoutLocalIds(local));
        updateLocal(() => []);
        for (const reason of refused)
          notify(`Not added from your earlier cart: ${reason}`, 'error');
        // The tip the guest chose carries over, so the totals stay what they saw.
        const tip = guestTipRef.current;
        if (merged.tipPercent !== tip) {
          await cartApi.updateTotal(userId, tip, expectedTotal(merged, tip));
        }
      }
      await loadServer(userId);
    };
    sync()
      .catch((error: unknown) => {
        console.warn('Could not load the cart', error);
        setServerFailed(error instanceof Error ? error.message : 'Could not load the cart.');
      })
      .finally(() => {
        syncing.current = null;
      });
  }, [userId, loadServer, updateLocal, notify]);

  const current = userId && server?.userId === userId ? server.cart : null;

  const lines = useMemo<CartLine[]>(
    () =>
      userId
        ? (current?.items ?? []).map(serverLine)
        : localItems.map((item) => localLine(item, products.get(item.productId))),
    [userId, current, localItems, products],
  );

  const guestFigures = useMemo<CartTotals | null>(() => {
    if (lines.some((line) => line.available && line.lineTotal === null)) return null;
    return cartTotals({
      lineTotals: lines.map((line) => line.lineTotal ?? 0),
      tipPercent: guestTip,
      delivery: false,
      deliveryFee: 0,
    });
  }, [lines, guestTip]);

  const add = useCallback(
    async (product: Product, item: NewCartItem) => {
      if (userId) {
        setServer({ userId, cart: await cartApi.add(userId, item) });
        return;
      }
      // Checked before the change, so a refusal (CartRefusal) reaches the screen.
      const next = addLocalItem(localItems, product, item);
      remember(product);
      updateLocal(() => next);
    },
    [userId, localItems, updateLocal, remember],
  );

  const setQuantity = useCallback(
    async (lineId: string, quantity: number) => {
      if (userId) {
        await cartApi.setQuantity(userId, lineId, quantity);
        await loadServer(userId);
        return;
      }
      updateLocal((items) =>
        items.map((item) => (item._id === lineId ? { ...item, quantity } : item)),
      );
    },
    [userId, loadServer, updateLocal],
  );

  const remove = useCallback(
    async (lineId: string) => {
      if (userId) {
        await cartApi.remove(userId, lineId);
        await loadServer(userId);
        return;
      }
      updateLocal((items) => items.filter((item) => item._id !== lineId));
    },
    [userId, loadServer, updateLocal],
  );

  const setTip = useCallback(
    async (percent: number) => {
      if (!userId || !current) {
        setGuestTip(percent);
        return;
      }
      const figures = await cartApi.updateTotal(userId, percent, expectedTotal(current, percent));
      setServer({ userId, cart: { ...current, ...figures } });
    },
    [userId, current],
  );

  const count = userId
    ? (current?.items ?? []).reduce((sum, item) => sum + item.quantity, 0)
    : localItems.reduce((sum, item) => sum + item.quantity, 0);

  const figures = useMemo(
    () => (userId ? (current ? serverFigures(current) : null) : guestFigures),
    [userId, current, guestFigures],
  );
  const status: CartState['status'] = userId
    ? serverFailed && !current
      ? 'error'
      : current
        ? 'ready'
        : 'loading'
    : guestFigures
      ? 'ready'
      : 'loading';

  const value = useMemo<CartState>(
    () => ({
      count,
      lines,
      figures,
      status,
      signedIn: userId !== null,
      add,
      setQuantity,
      remove,
      setTip,
    }),
    [count, lines, figures, status, userId, add, setQuantity, remove, setTip],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  return useContext(CartContext);
}
