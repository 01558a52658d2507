import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movedEntries } from '../../src/server/staff/moved-entries';

/**
 * The entries a menu document moves (decision 19): the fewest whose moving turns the stored
 * order into the document's, so the dry run lists one move as one change.
 */

const all = (ids: readonly string[]) => new Set(ids);
const moved = (before: string[], after: string[], kept = all(before)) =>
  [...movedEntries(before, after, kept)].sort();

describe('moved entries', () => {
  it('is nothing when the order is kept', () => {
    expect(moved(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });

  it('is the one entry moved far, not every entry it passed', () => {
    expect(moved(['a', 'b', 'c', 'd', 'e'], ['e', 'a', 'b', 'c', 'd'])).toEqual(['e']);
    expect(moved(['a', 'b', 'c', 'd', 'e'], ['b', 'c', 'd', 'e', 'a'])).toEqual(['a']);
  });

  it('is the one brought forward when two trade places', () => {
    expect(moved(['a', 'b', 'c'], ['b', 'a', 'c'])).toEqual(['b']);
  });

  it('is all but one of a list turned round', () => {
    expect(moved(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'])).toHaveLength(3);
  });

  it('leaves out what is new, hidden or not kept: they shift the others, not move them', () => {
    // x is new in the document, c is left out of it (hidden).
    expect(moved(['a', 'b', 'c', 'd'], ['x', 'a', 'b', 'd'])).toEqual([]);
    // b is kept in name only (matched to no stored entry): its place is not a move of the rest.
    expect(moved(['a', 'b', 'c'], ['c', 'a', 'b'], all(['a', 'c']))).toEqual(['c']);
  });

  it('moves the fewest: the rest keep their stored order, and no fewer would', () => {
    const orders = fc
      .uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 0, maxLength: 9 })
      .chain((ids) =>
        fc.tuple(
          fc.constant(ids.map(String)),
          fc.shuffledSubarray(ids.map(String), { minLength: ids.length, maxLength: ids.length }),
        ),
      );
    fc.assert(
      fc.property(orders, ([before, after]) => {
        const found = movedEntries(before, after, all(before));
        const staying = (order: string[]) => order.filter((id) => !found.has(id));
        expect(staying(after)).toEqual(staying(before));
        // No set of fewer entries leaves the rest in order: every subset one smaller fails.
        const longest = longestInOrder(before, after);
        expect(found.size).toBe(before.length - longest);
      }),
      { numRuns: 300 },
    );
  });
});

/** The longest run of `after` in `before`'s order, by trying every subset (lists of at most 9). */
function longestInOrder(before: string[], after: string[]): number {
  const place = after.map((id) => before.indexOf(id));
  let best = 0;
  for (let mask = 0; mask < 1 << place.length; mask++) {
    const picked = place.filter((_, at) => mask & (1 << at));
    if (picked.every((each, at) => at === 0 || (picked[at - 1] ?? 0) < each)) {
      best = Math.max(best, picked.length);
    }
  }
  return best;
}
