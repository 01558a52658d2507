import { useCallback, useEffect, useMemo, useState } from 'react';
import { type CartTotals, type LocalCartItem, type Product } from '../../../domain';
import { importChunk } from '../chunk-reload';
import { useHydrated } from '../first-render';
import { STORAGE_KEYS } from '../storage';
import type { ApiTopping } from '../types';
import type { NewCartItem } from './cart-api';
import type { CartLine } from './cart-lines';
import { readLocalCart, rememberedTip, rememberTip, writeLocalCart } from './local-cart';
import type { CartStore } from './cart-store';
import type * as GuestPricingModule from './guest-pricing';
import { prefetchCartProducts, useCartProducts } from './use-cart-products';

/** The guest's cart, and what the server store needs to take it over at sign-in. */
export interface GuestCartStore extends CartStore {
  /** The tip percent the guest chose; it carries over to the server cart. */
  tipPercent: number;
  /** Empties the local copy (after the server has taken the lines). */
  clear: () => void;
}

type GuestPricing = typeof GuestPricingModule;
const NOTHING_YET: LocalCartItem[] = [];
let pricingModule: Promise<GuestPricing> | null = null;

/**
 * The guest pricing code, fetched once and only when a guest's cart holds something or an item
 * is added: a first visit does not download the pricing engine with the first screen. A chunk a
 * deploy removed reloads the page once (`importChunk`); any other failure is forgotten, so the
 * next need tries again.
 */
function loadPricing(): Promise<GuestPricing> {
  pricingModule ??= importChunk(() => import('./guest-pricing')).catch((error: unknown) => {
    pricingModule = null;
    throw error;
  });
  return pricingModule;
}

/**
 * Starts what a stored guest cart will need, as the app's code starts (`main.tsx`), rather than
 * after React has taken the page over: the guest pricing code and each line's product. Nothing
 * for an empty cart: a first visit downloads neither.
 */
export function prepareGuestCart(): void {
  const items = readLocalCart();
  if (items.length === 0) return;
  // A failure is forgotten (loadPricing) and the store's own call tries again.
  loadPricing().catch(() => undefined);
  prefetchCartProducts(items.map((item) => item.productId));
}

/**
 * A guest's cart: kept in local storage under `cart` (the spec's key), shared with other tabs,
 * priced here by the domain engine once each line's product is known.
 */
export function useGuestCartStore(): GuestCartStore {
  const [stored, setItems] = useState<LocalCartItem[]>(readLocalCart);
  // The server cannot see this cart: until hydrated it is loading, as the server drew it.
  const hydrated = useHydrated();
  const items = hydrated ? stored : NOTHING_YET;
  const [tipPercent, setTipPercent] = useState<number>(rememberedTip);

  const productIds = useMemo(() => items.map((item) => item.productId), [items]);
  const { products, remember } = useCartProducts(productIds);

  const update = useCallback((change: (current: LocalCartItem[]) => LocalCartItem[]) => {
    setItems((current) => {
      const next = change(current);
      writeLocalCart(next);
      return next;
    });
  }, []);

  // Another tab changed the guest cart.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cart || event.key === null) setItems(readLocalCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const [pricing, setPricing] = useState<GuestPricing | null>(null);
  const [pricingFailed, setPricingFailed] = useState(false);
  const needsPricing = items.length > 0;
  useEffect(() => {
    if (!needsPricing || pricing) return;
    let live = true;
    loadPricing().then(
      (module) => {
        if (live) setPricing(module);
      },
      () => {
        if (live) setPricingFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [needsPricing, pricing]);

  // For what a line with toppings contains; until they are here (or if they fail) it says none.
  const [toppings, setToppings] = useState<readonly ApiTopping[]>([]);
  useEffect(() => {
    let live = true;
    pricing?.guestToppings(items)?.then(
      (list) => {
        if (live) setToppings(list);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pricing, items]);

  const lines = useMemo<CartLine[]>(
    () =>
      pricing
        ? items.map((item) => pricing.localLine(item, products.get(item.productId), toppings))
        : [],
    [pricing, items, products, toppings],
  );

  const figures = useMemo<CartTotals | null>(() => {
    if (items.length === 0) {
      return { subtotal: 0, hst: 0, tipPercent, tip: 0, deliveryFee: 0, total: 0 };
    }
    return pricing ? pricing.guestFigures(lines, tipPercent) : null;
  }, [items.length, pricing, lines, tipPercent]);

  const add = useCallback(
    async (product: Product, item: NewCartItem) => {
      // Checked before the change, so a refusal (CartRefusal) reaches the screen.
      const { addLocalItem } = await loadPricing();
      const next = addLocalItem(items, product, item);
      remember(product);
      update(() => next);
    },
    [items, update, remember],
  );

  const setQuantity = useCallback(
    async (lineId: string, quantity: number) => {
      update((current) =>
        current.map((item) => (item._id === lineId ? { ...item, quantity } : item)),
      );
      return Promise.resolve();
    },
    [update],
  );

  const remove = useCallback(
    async (lineId: string) => {
      const index = items.findIndex((item) => item._id === lineId);
      const removed = items[index];
      update((current) => current.filter((item) => item._id !== lineId));
      return Promise.resolve(async () => {
        if (!removed) return;
        // Back where it was, unless it is there already (another tab put it back).
        update((current) =>
          current.some((item) => item._id === removed._id)
            ? current
            : [...current.slice(0, index), removed, ...current.slice(index)],
        );
        return Promise.resolve();
      });
    },
    [items, update],
  );

  const setTip = useCallback(async (percent: number) => {
    setTipPercent(percent);
    rememberTip(percent);
    return Promise.resolve();
  }, []);

  const clear = useCallback(() => update(() => []), [update]);
  const refresh = useCallback(() => Promise.resolve(), []);

  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const status = !hydrated ? 'loading' : pricingFailed ? 'error' : figures ? 'ready' : 'loading';

  return useMemo(
    () => ({
      count,
      lines,
      figures,
      status,
      add,
      setQuantity,
      remove,
      setTip,
      refresh,
      tipPercent,
      clear,
    }),
    [count, lines, figures, status, add, setQuantity, remove, setTip, refresh, tipPercent, clear],
  );
}
