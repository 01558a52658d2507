import { toCents, toDollars } from '../../../domain/money';
import { checkProductPrice } from '../../../domain/product-draft';

/**
 * Dollars typed (a "$" and spaces allowed) to cents: empty is undefined (not given); text that
 * is not an amount is NaN, which the domain's money rule answers with its own sentence.
 */
export function typedCents(text: string): number | undefined {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  if (trimmed === '') return undefined;
  if (!/^-?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return Number.NaN;
  return toCents(Number(trimmed));
}

/**
 * The price typed, in dollars, or the domain's sentence for why it cannot be one: the same
 * rule (and words) as the menu editor's base price and the server's (`checkProductPrice`).
 */
export function parsePrice(typed: string): { price: number } | { problem: string } {
  const cents = typedCents(typed) ?? Number.NaN;
  const problem = checkProductPrice(cents)[0];
  return problem ? { problem: problem.message } : { price: toDollars(cents) };
}
