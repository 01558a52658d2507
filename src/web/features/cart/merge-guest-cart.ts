import { ApiError } from '../../shared/api';
import { cartApi, type NewCartItem, type ServerCart } from './cart-api';

/** A refusal about the line itself (not the session, not the server being down). */
function lineRefused(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 403 &&
    error.status !== 429
  );
}

/**
 * Moves the guest's lines into the signed-in customer's server cart. merge-cart takes them all
 * at once, but refuses them all when one line is no longer acceptable (say a second Super Bowl
 * combo where the server cart has one); then they go one by one, so only the refused lines stay
 * out. Answers the server cart and the reasons for what was left out, to tell the customer.
 */
export async function mergeGuestCart(
  userId: string,
  local: readonly NewCartItem[],
): Promise<{ cart: ServerCart; refused: string[] }> {
  try {
    const cart = await cartApi.merge(userId, [...local]);
    return { cart, refused: (cart.skipped ?? []).map((line) => `${line.name}: ${line.reason}`) };
  } catch (error) {
    if (!lineRefused(error)) throw error;
  }
  const refused: string[] = [];
  let cart: ServerCart | null = null;
  for (const item of local) {
    try {
      cart = await cartApi.add(userId, item);
    } catch (error) {
      if (!lineRefused(error)) throw error;
      refused.push(error.message);
    }
  }
  return { cart: cart ?? (await cartApi.get(userId)), refused };
}
