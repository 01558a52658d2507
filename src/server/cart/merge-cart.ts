import {
  carriedUnitCents,
  cartItemPayloadSchema,
  type ApiMergedCart,
  type ApiSkippedLine,
} from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Clock } from '../clock';
import type { Database } from '../data/db';
import { describeIssue } from '../http/errors';
import { cartOrderTime } from '../orders/order-time';
import { cartsRepository } from '../repositories/carts';
import { addLine, checkLine, currentOffer, type CheckedLine } from './checked-line';
import { cartPrices, presentCartLines } from './present-cart';

const GONE = 'This item is no longer on the menu.';

/** What to call a guest line in a refusal: its name, its product id, or its place. */
function lineName(entry: unknown, index: number): string {
  if (typeof entry === 'object' && entry !== null) {
    const { name, productId } = entry as { name?: unknown; productId?: unknown };
    if (typeof name === 'string' && name !== '') return name.slice(0, 200);
    if (typeof productId === 'string' && productId !== '') return productId.slice(0, 100);
  }
  return `Item ${index + 1}`;
}

/**
 * POST /api/cart/merge-cart: a guest's lines into the signed-in customer's cart. Never
 * all-or-nothing (the spec's client deletes its local copy after this call, so refusing the
 * whole cart for one line would lose the customer's cart): every acceptable line is merged,
 * each refused one (a bad shape or option, sold out, outside its availability windows at the
 * customer's order time, gone, over a line's limit) is listed in `skipped` with its reason, in the
 * guest cart's order. The order time is `orderAt` when the store could take it, else now, as for
 * adding one line (`cartOrderTime`).
 *
 * A new line keeps the guest line's `priceByQuantity` (when plausible: `carriedUnitCents`) as
 * the price it was added at, so "Price changed from $x to $y" survives signing in. It is only
 * that notice's "was": every figure here and every charge is the menu's price.
 */
export async function mergeCart({
  db,
  catalogue,
  clock,
  userId,
  localCart,
  orderAt,
}: {
  db: Database;
  catalogue: CatalogueSnapshot;
  clock: Clock;
  userId: string;
  localCart: readonly unknown[];
  /** The customer's order time (our web app's extra field); absent or null: as soon as possible. */
  orderAt?: string | null;
}): Promise<ApiMergedCart> {
  const [prices, at] = await Promise.all([
    cartPrices(catalogue),
    cartOrderTime(orderAt, catalogue, clock.now()),
  ]);
  const offer = currentOffer(prices.menu);
  const skipped: (ApiSkippedLine & { index: number })[] = [];
  const accepted: (CheckedLine & { index: number; name: string; carried: number | null })[] = [];
  for (const [index, entry] of localCart.entries()) {
    const name = lineName(entry, index);
    const parsed = cartItemPayloadSchema.safeParse(entry);
    if (!parsed.success) {
      skipped.push({ index, name, reason: describeIssue(parsed.error) });
      continue;
    }
    const checked = checkLine(prices.menu, parsed.data, offer, at);
    if (checked.ok) {
      accepted.push({
        ...checked.line,
        index,
        name: checked.line.product.name,
        carried: carriedUnitCents(parsed.data.priceByQuantity),
      });
    } else {
      const reason = checked.error.code === 'not_found' ? GONE : checked.error.message;
      skipped.push({ index, name: checked.name ?? name, reason });
    }
  }

  return db.transaction(async (tx) => {
    const carts = cartsRepository(tx);
    const cart = await carts.ensureLocked(userId);
    let lines = cart.isNew ? [] : await carts.items(cart.id);
    let merged = 0;
    for (const line of accepted) {
      const added = await addLine(tx, cart.id, lines, line, line.carried);
      if ('refused' in added) {
        skipped.push({ index: line.index, name: line.name, reason: added.refused });
      } else {
        lines = added.lines;
        merged += 1;
      }
    }
    return {
      ...presentCartLines(prices, cart, lines),
      merged,
      skipped: skipped
        .sort((a, b) => a.index - b.index)
        .map(({ name, reason }) => ({ name, reason })),
    };
  });
}
