import type { Product } from '../../../domain';
import { refusalReason } from '../api';
import { useNotice } from '../notices';
import { useMutation } from '../use-mutation';
import type { NewCartItem } from './cart-api';
import { useCart } from './cart-context';
import { CartRefusal } from './local-cart';

/** The spec's success text for a guest, whatever the screen. */
const GUEST_ADDED_TEXT = 'Item added to cart.';

export interface AddToCartTexts {
  /** The screen's success text for a signed-in customer (spec section 8). */
  added: string;
  /** The screen's failure text (spec section 8). */
  failed: string;
}

interface Addition {
  product: Product;
  item: NewCartItem;
  texts: AddToCartTexts;
}

/**
 * Adds a line and says how it went with the spec's exact texts. When the server refuses with a
 * reason (a 4xx), the reason goes under the spec's text so the customer knows what to change.
 * `pending` while a line is being added; a second press meanwhile adds nothing (`useMutation`).
 */
export function useAddToCart() {
  const { add, signedIn } = useCart();
  const notify = useNotice();
  const { run, pending } = useMutation(
    async ({ product, item, texts }: Addition) => {
      // Said here rather than through the mutation's failure: a refusal by the cart itself
      // (`CartRefusal`) is no answer from the server, and its words are still the customer's.
      try {
        await add(product, item);
        notify(signedIn ? texts.added : GUEST_ADDED_TEXT, 'success');
      } catch (error) {
        console.warn('Adding to the cart failed', error);
        const reason = error instanceof CartRefusal ? error.message : refusalReason(error);
        notify(texts.failed, 'error', reason);
      }
    },
    { describe: (error) => error.message },
  );
  const addToCart = (product: Product, item: NewCartItem, texts: AddToCartTexts) =>
    run({ product, item, texts });
  return { addToCart, pending };
}
