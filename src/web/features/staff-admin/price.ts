import { formatMoney, MAX_PRICE_CENTS, toDollars } from '../../../domain/money';

/** The price field's rules: dollars with at most two decimals, more than $0, at most the domain's. */
const PRICE_MAX = toDollars(MAX_PRICE_CENTS);

export const PRICE_MESSAGE = `Please enter a price in dollars, more than $0.00 and at most ${formatMoney(MAX_PRICE_CENTS)}, like 12.99.`;

/** The price typed (a "$" and spaces allowed), or null when it breaks the rules. */
export function parsePrice(typed: string): number | null {
  const text = typed.trim().replace(/^\$\s*/, '');
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) return null;
  const dollars = Number(text);
  return dollars > 0 && dollars <= PRICE_MAX ? Math.round(dollars * 100) / 100 : null;
}
