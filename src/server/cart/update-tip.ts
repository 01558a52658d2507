import {
  TIP_PERCENTS,
  formatMoney,
  tipPercentForAmount,
  tipPercentFromClientTotal,
  type ApiCartTotals,
} from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Database } from '../data/db';
import { badRequest } from '../http/errors';
import { cartsRepository } from '../repositories/carts';
import { cartPrices, presentTotals, pricedItems, totalsOf } from './present-cart';

/**
 * The tip as a request gives it: `tipPercent` (our web app), or `tipCents`, the spec's `tip` in
 * dollars as its cart computes it (the subtotal times the chosen percent), with its
 * `newTotalPrice` in cents when it sent a readable one.
 */
export type TipChoice =
  { tipPercent: number } | { tipCents: number; clientTotalCents: number | undefined };

export const TIP_PERCENT_MESSAGE = `Choose a tip of ${TIP_PERCENTS.slice(0, -1).join(', ')} or ${TIP_PERCENTS[TIP_PERCENTS.length - 1] ?? ''} percent.`;

/**
 * GET /api/cart/{userId}/updateTotalPrice: records the tip percent and answers the totals the
 * server computes (the browser's `newTotalPrice` is never read). A tip in dollars is read back
 * as the allowed percent whose amount on the server's own subtotal it equals within a cent;
 * on an empty cart a zero tip keeps the current percent. Failing that, the percent the client's
 * own figures give (its tip on its subtotal, from `newTotalPrice`), since a client that priced
 * its own copy of the cart meant a percent, not an amount. Anything else is a 400 listing the
 * options.
 */
export async function updateTip({
  db,
  catalogue,
  userId,
  choice,
}: {
  db: Database;
  catalogue: CatalogueSnapshot;
  userId: string;
  choice: TipChoice;
}): Promise<ApiCartTotals> {
  const prices = await cartPrices(catalogue);
  return db.transaction(async (tx) => {
    const carts = cartsRepository(tx);
    const cart = await carts.ensureLocked(userId);
    const { lineTotals } = await pricedItems(tx, prices.menu, cart.id);
    const subtotal = lineTotals.reduce((sum, line) => sum + line, 0);
    let tipPercent: number;
    if ('tipPercent' in choice) {
      tipPercent = choice.tipPercent;
    } else {
      const read = tipPercentForAmount(subtotal, choice.tipCents, cart.tipPercent);
      const fromClient =
        !read.ok && choice.clientTotalCents !== undefined
          ? tipPercentFromClientTotal(choice.tipCents, choice.clientTotalCents)
          : null;
      if (read.ok) {
        tipPercent = read.tipPercent;
      } else if (fromClient !== null) {
        tipPercent = fromClient;
      } else {
        const options = read.options
          .map((option) => `${formatMoney(option.tip)} (${option.tipPercent}%)`)
          .join(', ');
        throw badRequest(
          `A tip of ${formatMoney(Math.round(choice.tipCents))} is not one of the allowed options on a subtotal of ${formatMoney(subtotal)}: ${options}.`,
          'invalid_input',
        );
      }
    }
    await carts.setTipPercent(cart.id, tipPercent);
    return presentTotals(totalsOf(prices, { ...cart, tipPercent }, lineTotals));
  });
}
