/**
 * The pricing engine's fixed terms: the tax rate, the tips offered and a line's quantity limits.
 * A module of their own for the first view's code (the guest cart's default tip, a list row's
 * quantity limit): Rollup places a module in one chunk with every export any chunk uses, so
 * importing them from the engine put the whole engine in the entry.
 */

export const HST_PERCENT = 13;
export const TIP_PERCENTS = [0, 5, 10, 15, 20, 25, 50] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];
/** The spec's default: a cart the API makes starts at it (what a client of the spec expects). */
export const DEFAULT_TIP_PERCENT: TipPercent = 5;
/**
 * Where our web app starts a cart's tip when the customer has chosen none in this browser
 * (issue 44): a tip is asked for, not presumed.
 */
export const FIRST_TIP_PERCENT: TipPercent = 0;
export const MIN_QUANTITY = 1;
/** Above this a line is almost certainly a typo; the store can phone for catering orders. */
export const MAX_QUANTITY = 99;

export function isTipPercent(value: number): value is TipPercent {
  return (TIP_PERCENTS as readonly number[]).includes(value);
}
