import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '../../../domain';
import { isApiError } from '../api';
import { toDomainProduct } from '../product';
import type { ApiProduct } from '../types';
import { cartApi } from './cart-api';

/** Products of guest lines by id: a Product, or null when the menu no longer has it. */
export type ProductCache = ReadonlyMap<string, Product | null>;

/** Answers asked for before the first render (`prefetchCartProducts`), each taken once. */
const early = new Map<string, Promise<ApiProduct>>();

/**
 * Asks for these products now, for `useCartProducts` to take when it first needs them: called
 * as the app's code starts (`prepareGuestCart`), before the screen's chunks load and React
 * takes the page over. The server cannot draw a guest's cart (it lives in local storage), so on
 * the cart screen its lines wait for these answers; asked for after hydration, they were a
 * round trip behind it (docs/performance.md). An answer is never older than the page, which
 * is as fresh as any product this hook keeps.
 */
export function prefetchCartProducts(productIds: readonly string[]): void {
  for (const id of new Set(productIds)) {
    if (early.has(id)) continue;
    const answer = cartApi.product(id);
    // Its failure is handled by whoever takes it; until then it is not unhandled.
    answer.catch(() => undefined);
    early.set(id, answer);
  }
}

function takeEarly(id: string): Promise<ApiProduct> | undefined {
  const answer = early.get(id);
  early.delete(id);
  return answer;
}

/**
 * Fills in the guest cart's products: each distinct id once, all at the same time (spec: guests
 * call GET /api/products/{id} for each local cart item). A failed load is retried on the next
 * change; a 404 marks the product gone.
 */
export function useCartProducts(productIds: readonly string[]): {
  products: ProductCache;
  remember: (product: Product) => void;
} {
  const [products, setProducts] = useState<ProductCache>(() => new Map());
  const requested = useRef(new Set<string>());

  useEffect(() => {
    const missing = [...new Set(productIds)].filter(
      (id) => !products.has(id) && !requested.current.has(id),
    );
    if (missing.length === 0) return;
    missing.forEach((id) => requested.current.add(id));
    void Promise.all(
      missing.map(async (id): Promise<[string, Product | null] | null> => {
        try {
          return [id, toDomainProduct(await (takeEarly(id) ?? cartApi.product(id)))];
        } catch (error) {
          if (isApiError(error, 'not_found', 'invalid_id')) {
            return [id, null];
          }
          requested.current.delete(id);
          console.warn(`Could not load product ${id} for the cart`, error);
          return null;
        }
      }),
    ).then((results) => {
      setProducts((current) => {
        const next = new Map(current);
        for (const entry of results) if (entry) next.set(entry[0], entry[1]);
        return next;
      });
    });
  }, [productIds, products]);

  /** A product the screen already has (just added): no need to fetch it again. */
  const remember = useCallback((product: Product) => {
    setProducts((cache) =>
      cache.has(product.id) ? cache : new Map(cache).set(product.id, product),
    );
  }, []);

  return { products, remember };
}
