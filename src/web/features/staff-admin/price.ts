/** The price field's rules: dollars with at most two decimals, more than $0 and at most $1000. */
export const PRICE_MAX = 1000;

export const PRICE_MESSAGE =
  'Please enter a price in dollars, more than $0.00 and at most $1000.00, like 12.99.';

/** The price typed (a "$" and spaces allowed), or null when it breaks the rules. */
export function parsePrice(typed: string): number | null {
  const text = typed.trim().replace(/^\$\s*/, '');
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) return null;
  const dollars = Number(text);
  return dollars > 0 && dollars <= PRICE_MAX ? Math.round(dollars * 100) / 100 : null;
}
