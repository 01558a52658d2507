import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '../../../domain';
import { isApiError, refusalReason } from '../../shared/api';
import { cartApi, type NewCartItem } from '../../shared/cart/cart-api';
import { useCart } from '../../shared/cart/cart-context';
import { CartRefusal } from '../../shared/cart/local-cart';
import { useNotice } from '../../shared/notices';
import { toDomainProduct } from '../../shared/product';
import type { ApiOrder, ApiOrderItem } from '../../shared/types';
import { urls } from '../../shared/urls';
import { useMutation } from '../../shared/use-mutation';

const GONE = 'no longer on the menu';
const SOLD_OUT = 'sold out';

interface Skipped {
  name: string;
  reason: string;
}

/** The line as the cart takes it: the same product and choices; the server prices it today. */
function cartItem(item: ApiOrderItem, productId: string): NewCartItem {
  return {
    productId,
    size: item.size,
    flavor: item.flavor,
    wingsFlavor: item.wingsFlavor,
    sides: item.sides,
    drinks: item.drinks,
    toppings: item.toppings,
    quantity: item.quantity,
  };
}

/**
 * Today's product (uncached: a sold-out flag from minutes ago would be wrong), or null when the
 * menu no longer has it. Any other failure (offline) throws: nothing can be added then.
 */
async function currentProduct(id: string): Promise<Product | null> {
  try {
    return toDomainProduct(await cartApi.product(id));
  } catch (error) {
    if (isApiError(error, 'not_found', 'invalid_id')) return null;
    throw error;
  }
}

const withoutFullStop = (text: string) => text.replace(/\.\s*$/, '');

/**
 * Reorder: every line of an order goes into the cart again with the same choices, at today's
 * prices (the cart's server prices each line). A line whose product is gone or sold out, or that
 * the cart refuses (an option no longer offered, a limit), is left out and named in a notice;
 * then the cart opens. When nothing could be added the customer stays here and is told why.
 */
export function useReorder() {
  const { add } = useCart();
  const notify = useNotice();
  const navigate = useNavigate();
  // Which order's button says it is adding; the mutation says whether anything is.
  const [target, setTarget] = useState<string | null>(null);

  const addAll = async (order: ApiOrder, signal: AbortSignal) => {
    setTarget(order._id);
    const ids = [
      ...new Set(order.items.flatMap((item) => (item.productId._id ? [item.productId._id] : []))),
    ];
    const products = new Map(
      await Promise.all(ids.map(async (id) => [id, await currentProduct(id)] as const)),
    );
    let added = 0;
    const skipped: Skipped[] = [];
    for (const item of order.items) {
      // Left My Orders: what is in stays in the cart, the rest is not added.
      if (signal.aborted) break;
      const { _id: id, name } = item.productId;
      const product = id ? products.get(id) : null;
      if (!id || !product) {
        skipped.push({ name, reason: GONE });
        continue;
      }
      if (product.soldOut) {
        skipped.push({ name, reason: SOLD_OUT });
        continue;
      }
      try {
        await add(product, cartItem(item, id));
        added += 1;
      } catch (error) {
        const reason = error instanceof CartRefusal ? error.message : refusalReason(error);
        // No answer, or the server's own failure: stop, the rest would fail the same way.
        if (reason === null) throw error;
        skipped.push({ name, reason: withoutFullStop(reason) });
      }
    }
    return { added, skipped };
  };

  const adding = useMutation(addAll, {
    fallback: 'We could not add the items to your cart. Please try again.',
  });

  const reorder = async (order: ApiOrder) => {
    const result = await adding.run(order);
    if (!result.ok) {
      if (result.problem !== null) notify(result.problem, 'error');
      return;
    }
    const { added, skipped } = result.value;
    const list = skipped.map((line) => `${line.name} (${line.reason})`).join(', ');
    if (added === 0) {
      notify(`Nothing from order #${order.number} can be ordered right now: ${list}.`, 'error');
      return;
    }
    // Said on the cart, the page it is about (a message does not outlive its page).
    await navigate(urls.cart());
    notify(
      skipped.length === 0
        ? `Order #${order.number} is in your cart again.`
        : `${added} of ${order.items.length} items from order #${order.number} are in your cart.`,
      'success',
      skipped.length === 0 ? null : `Not added to your cart: ${list}.`,
    );
  };

  return {
    reorder: (order: ApiOrder) => void reorder(order),
    busyId: adding.pending ? target : null,
  };
}
