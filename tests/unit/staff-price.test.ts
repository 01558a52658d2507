/**
 * The day's price editor (product row) reads a typed price by the domain's one price rule
 * (issue 34): $0.00 and "$12.99" are prices, and each refusal is the domain's own sentence, the
 * one the menu editor and the API answer too.
 */
import { describe, expect, it } from 'vitest';
import { parsePrice } from '../../src/web/features/staff-admin/price';

describe('parsePrice', () => {
  it('takes dollars with a "$" and spaces, $0.00 included', () => {
    expect(parsePrice('0')).toEqual({ price: 0 });
    expect(parsePrice(' $ 12.99 ')).toEqual({ price: 12.99 });
    expect(parsePrice('.5')).toEqual({ price: 0.5 });
    expect(parsePrice('1000')).toEqual({ price: 1000 });
  });

  it('refuses with the domain’s sentences', () => {
    const form = 'Please give the amount in dollars and cents, like 12.99.';
    expect(parsePrice('-0.01')).toEqual({ problem: 'The amount cannot be negative.' });
    expect(parsePrice('1000.01')).toEqual({ problem: 'The amount is too high: at most $1000.00.' });
    for (const typed of ['', '12.999', 'twelve', '1e3']) {
      expect(parsePrice(typed), typed).toEqual({ problem: form });
    }
  });
});
