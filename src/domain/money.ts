/**
 * Money is integer cents everywhere inside the system. Dollars (numbers with two decimals)
 * exist only at the edges: the JSON API, as the spec's client reads it, and the screen.
 */

/** The highest price the staff can give a product: $1000.00. */
export const MAX_PRICE_CENTS = 100_000;

/** Dollars (e.g. 8.99) to integer cents (899). Rounds half up to the cent. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100 + Number.EPSILON * Math.sign(dollars));
}

/** Integer cents to dollars as a number, for the JSON API. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Integer cents to a display string with two decimals and a dollar sign: 4598 -> "$45.98". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `amountCents × numerator / denominator`, rounded half up to the cent, in integer arithmetic
 * so no floating-point error can move a cent. Only for non-negative amounts.
 */
export function mulDivRoundHalfUp(
  amountCents: number,
  numerator: number,
  denominator: number,
): number {
  return Math.floor((amountCents * numerator * 2 + denominator) / (denominator * 2));
}
