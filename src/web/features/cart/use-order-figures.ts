import { cartTotals, toCents, type CartTotals } from '../../../domain';
import type { CartLine } from '../../shared/cart/cart-lines';
import { useOrderType } from '../../shared/order-type';
import { useStoreInfo } from '../../shared/store-info';

export interface OrderFigures {
  /** Cents; null until the cart is priced. */
  figures: CartTotals | null;
  /** Delivery was chosen but the store's fee is not known (its profile failed to load). */
  feeUnknown: boolean;
}

/**
 * The cart's figures for the order being made: with the store's delivery fee when the customer
 * chose delivery, so the total here is the total Payment charges.
 *
 * Why the browser totals here instead of reading the cart's `deliveryFee`: the server's cart
 * learns the delivery type only at Confirm Order, so before it the fee is 0 (or what an
 * earlier confirm set), and a guest's cart has no delivery type at all. Adding it to the
 * server's cart answer would need the order type sent on every cart call. Instead both carts
 * give their line totals and tip percent, and the domain's `cartTotals` adds the store's fee
 * setting, which the browser already has from `GET /api/store` (the shell's loader, refreshed
 * when the staff change it). complete-order calls the same function with the same inputs, and
 * Checkout confirms the same order type (`orderType ?? 'pickup'`), so the figures agree to the
 * cent.
 */
export function useOrderFigures(
  lines: readonly CartLine[],
  cartFigures: CartTotals | null,
): OrderFigures {
  const { orderType } = useOrderType();
  const { info } = useStoreInfo();
  if (!cartFigures) return { figures: null, feeUnknown: false };
  const delivery = orderType === 'delivery';
  return {
    figures: cartTotals({
      // A line no longer on the menu is not charged (the guest cart's figures leave it out too).
      lineTotals: lines.map((line) => line.lineTotal ?? 0),
      tipPercent: cartFigures.tipPercent,
      delivery: delivery && info !== null,
      deliveryFee: delivery && info ? toCents(info.deliveryFee) : 0,
    }),
    feeUnknown: delivery && info === null,
  };
}
