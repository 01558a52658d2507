import { useCallback } from 'react';
import type { Product } from '../../../domain';
import { refusalReason } from '../api';
import { useNotice } from '../notices';
import type { NewCartItem } from './cart-api';
import { useCart } from './cart-context';
import { CartRefusal } from './cart-lines';

/** The spec's success text for a guest, whatever the screen. */
const GUEST_ADDED_TEXT = 'Item added to cart.';

export interface AddToCartTexts {
  /** The screen's success text for a signed-in customer (spec section 8). */
  added: string;
  /** The screen's failure text (spec section 8). */
  failed: string;
}

/**
 * Adds a line and says how it went with the spec's exact texts. When the server refuses with a
 * reason (a 4xx), the reason goes under the spec's text so the customer knows what to change.
 * Resolves to whether the line was added.
 */
export function useAddToCart(): (
  product: Product,
  item: NewCartItem,
  texts: AddToCartTexts,
) => Promise<boolean> {
  const { add, signedIn } = useCart();
  const notify = useNotice();
  return useCallback(
    async (product, item, texts) => {
      try {
        await add(product, item);
        notify(signedIn ? texts.added : GUEST_ADDED_TEXT, 'success');
        return true;
      } catch (error) {
        console.warn('Adding to the cart failed', error);
        const reason = error instanceof CartRefusal ? error.message : refusalReason(error);
        notify(texts.failed, 'error', reason);
        return false;
      }
    },
    [add, signedIn, notify],
  );
}
