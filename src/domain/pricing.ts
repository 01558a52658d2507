/**
 * The one pricing engine. The browser shows these numbers and the server charges them; both
 * import this module, so a screen and the bill can never disagree. All amounts are integer
 * cents; rounding happens once per figure (half up).
 */
import { pizzaCount, productRules, type Product } from './catalog';
import { formatMoney, mulDivRoundHalfUp } from './money';
import { HST_PERCENT, TIP_PERCENTS, type TipPercent } from './pricing-terms';

/** What the customer chose for one line. Toppings: one list per pizza (a flat list = one pizza). */
export interface PriceableSelection {
  size?: string | null;
  toppings?: readonly (readonly string[])[];
}

/** Normalises the spec's two topping shapes (a list, or a list of lists) to one list per pizza. */
export function normaliseToppingLists(
  toppings: readonly string[] | readonly (readonly string[])[] | undefined | null,
): string[][] {
  if (!toppings || toppings.length === 0) return [];
  if (toppings.every((entry) => Array.isArray(entry))) {
    return (toppings as readonly (readonly string[])[]).map((list) => [...list]);
  }
  return [[...(toppings as readonly string[])]];
}

/** Toppings charged as extra, given how the product counts its free ones. */
export function extraToppingCount(
  product: Pick<Product, 'kind' | 'details'>,
  toppings: readonly (readonly string[])[],
): number {
  return extrasPerPizza(product, toppings).reduce((sum, extra) => sum + extra, 0);
}

/** One pizza's toppings as the price counts them. */
export interface PizzaToppingSummary {
  /** Toppings chosen on this pizza. */
  chosen: number;
  /** Of those, the ones in the price. */
  free: number;
  /** Of those, the ones charged as extra. */
  extra: number;
  /** What the extras cost, cents. */
  extraPrice: number;
}

/**
 * Each pizza's toppings split into free and extra, so a screen can say per pizza what the
 * line's price charges. Counted per pizza, a pizza's first `toppingsPerPizza` are free. Counted
 * over the total (family and mega combos), each pizza first uses its own allowance, and what a
 * pizza leaves unused goes to the pizzas over theirs, in pizza order; so one pizza's figures
 * can change when another's toppings do, as the price does. Either way the extras add up to
 * `extraToppingCount`, and their prices to what `unitPrice` charges for toppings.
 */
export function toppingSummary(
  product: Pick<Product, 'kind' | 'details'>,
  toppings: readonly (readonly string[])[],
): PizzaToppingSummary[] {
  const each = product.details.extraToppingPrice ?? 0;
  const extras = extrasPerPizza(product, toppings);
  return toppings.map((list, index) => {
    const chosen = list.length;
    const extra = extras[index] ?? 0;
    return { chosen, free: chosen - extra, extra, extraPrice: extra * each };
  });
}

/**
 * Each pizza's extra toppings: the one count of free ones that the price (`extraToppingCount`)
 * and the per-pizza figures (`toppingSummary`) both read, so a screen's "1 extra" is what the
 * bill charges. Over the total, spare allowance goes to the pizzas over theirs in pizza order.
 */
function extrasPerPizza(
  product: Pick<Product, 'kind' | 'details'>,
  toppings: readonly (readonly string[])[],
): number[] {
  const allowance = product.details.toppingsPerPizza ?? 0;
  const counts = toppings.map((list) => list.length);
  let spare = 0;
  if (productRules(product).allowance === 'over-total') {
    // Pizzas of the product with no list sent are plain: their whole allowance is spare.
    const pizzas = Math.max(pizzaCount(product), counts.length);
    spare =
      counts.reduce((sum, count) => sum + Math.max(0, allowance - count), 0) +
      allowance * (pizzas - counts.length);
  }
  return counts.map((chosen) => {
    const over = Math.max(0, chosen - allowance);
    const shared = Math.min(over, spare);
    spare -= shared;
    return over - shared;
  });
}

const toppingWord = (count: number) => (count === 1 ? 'topping' : 'toppings');

/**
 * A pizza's toppings in a few words a customer reads at a glance, given the free toppings
 * each pizza comes with (`toppingsPerPizza`): "3 toppings included" before any is chosen,
 * "1 more free topping" while some of them are left, "3 free toppings" when they are used,
 * "3 free, 1 extra +$1.75" past them, "No toppings" on a pizza with none included.
 */
export function toppingSummaryText(summary: PizzaToppingSummary, included: number): string {
  if (summary.chosen === 0) {
    return included > 0 ? `${included} ${toppingWord(included)} included` : 'No toppings';
  }
  const extra = `${summary.extra} extra +${formatMoney(summary.extraPrice)}`;
  if (summary.extra === 0) {
    const more = included - summary.chosen;
    return more > 0
      ? `${more} more free ${toppingWord(more)}`
      : `${summary.free} free ${toppingWord(summary.free)}`;
  }
  return summary.free === 0 ? extra : `${summary.free} free, ${extra}`;
}

/** Size surcharge in cents (0 for no size or a product without sizes). */
export function sizeSurcharge(
  product: Pick<Product, 'details'>,
  size: string | null | undefined,
): number {
  if (!size) return 0;
  return product.details.sizePrices?.[size] ?? 0;
}

/** Unit price: base + size surcharge + extra toppings × extraToppingPrice. */
export function unitPrice(
  product: Pick<Product, 'kind' | 'details' | 'price'>,
  selection: PriceableSelection,
): number {
  const extras = extraToppingCount(product, selection.toppings ?? []);
  return (
    product.price +
    sizeSurcharge(product, selection.size) +
    extras * (product.details.extraToppingPrice ?? 0)
  );
}

/** Line price: unit price × quantity. */
export function linePrice(
  product: Pick<Product, 'kind' | 'details' | 'price'>,
  selection: PriceableSelection,
  quantity: number,
): number {
  return unitPrice(product, selection) * quantity;
}

export interface CartTotals {
  subtotal: number;
  hst: number;
  tipPercent: number;
  tip: number;
  deliveryFee: number;
  total: number;
}

/**
 * The cart's figures: HST 13% of the subtotal, tip = percent of the subtotal, delivery fee
 * only for delivery; total = subtotal + HST + tip + delivery fee.
 */
export function cartTotals(input: {
  lineTotals: readonly number[];
  tipPercent: number;
  delivery: boolean;
  deliveryFee: number;
}): CartTotals {
  const subtotal = input.lineTotals.reduce((sum, line) => sum + line, 0);
  const hst = mulDivRoundHalfUp(subtotal, HST_PERCENT, 100);
  const tip = mulDivRoundHalfUp(subtotal, input.tipPercent, 100);
  const deliveryFee = input.delivery && subtotal > 0 ? input.deliveryFee : 0;
  return {
    subtotal,
    hst,
    tipPercent: input.tipPercent,
    tip,
    deliveryFee,
    total: subtotal + hst + tip + deliveryFee,
  };
}

/** A tip amount in dollars read back as the percent it was computed from. */
export type TipFromAmount =
  | { ok: true; tipPercent: TipPercent }
  | { ok: false; options: { tipPercent: TipPercent; tip: number }[] };

/**
 * The allowed percent whose tip on `subtotal` equals `tipCents` within a cent (the spec's cart
 * sends the tip in dollars, computed as the subtotal times the chosen percent). Where several
 * fit, the nearest wins, then the current percent, then the lowest. On an empty cart every
 * percent is $0.00, so a zero tip keeps the current percent. When none fits, `options` lists
 * each percent with its tip in cents, for the refusal.
 */
export function tipPercentForAmount(
  subtotal: number,
  tipCents: number,
  currentPercent: number,
): TipFromAmount {
  const options = TIP_PERCENTS.map((tipPercent) => ({
    tipPercent,
    tip: mulDivRoundHalfUp(subtotal, tipPercent, 100),
  }));
  // A hair of float tolerance: 16.00 dollars may arrive as 1599.9999999 cents.
  const distance = (tip: number) => Math.abs(tip - tipCents);
  const fitting = options.filter((option) => distance(option.tip) <= 1 + 1e-6);
  if (fitting.length === 0) return { ok: false, options };
  const nearest = Math.min(...fitting.map((option) => distance(option.tip)));
  const best = fitting.filter((option) => distance(option.tip) === nearest);
  const chosen = best.find((option) => option.tipPercent === currentPercent) ?? best[0];
  return chosen ? { ok: true, tipPercent: chosen.tipPercent } : { ok: false, options };
}

/**
 * The allowed percent a client's own figures say it chose, or null when they say none. The
 * spec's cart prices its own copy of the cart (which can differ from the server's, e.g. after a
 * merge skipped a line) and sends its tip and its new total, subtotal + HST + tip (the spec's
 * cart has no delivery fee), so its subtotal is (total − tip) / (1 + HST). The percent is taken
 * when the tip is that percent of that subtotal within a cent; where several fit, the nearest
 * wins, then the lowest. Amounts in cents, as received (not necessarily whole).
 */
export function tipPercentFromClientTotal(
  tipCents: number,
  clientTotalCents: number,
): TipPercent | null {
  if (!(tipCents > 0) || !(clientTotalCents > tipCents)) return null;
  const clientSubtotal = ((clientTotalCents - tipCents) * 100) / (100 + HST_PERCENT);
  let best: { tipPercent: TipPercent; distance: number } | null = null;
  for (const tipPercent of TIP_PERCENTS) {
    const distance = Math.abs((clientSubtotal * tipPercent) / 100 - tipCents);
    // A hair of float tolerance, as in tipPercentForAmount.
    if (distance <= 1 + 1e-6 && (best === null || distance < best.distance)) {
      best = { tipPercent, distance };
    }
  }
  return best ? best.tipPercent : null;
}
