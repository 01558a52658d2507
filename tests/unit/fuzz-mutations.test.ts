import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileValue, mutate, mutations } from '../support/fuzz-mutations';

// The API fuzzer's mutations (tests/api/fuzz.test.ts) are test code with rules of their own:
// a case is plain data, printed and replayed, so a mutation must never change the value it was
// given nor the shared hostile values it inserts, and must always leave JSON behind.
describe('the fuzzer’s mutations', () => {
  it('leave their input and the hostile values as they were, and make JSON', () => {
    const hostileBefore = fc
      .sample(hostileValue, { seed: 7, numRuns: 300 })
      .map((v) => JSON.stringify(v));
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(mutations, { maxLength: 4 }),
        (value, rounds) => {
          const before = JSON.stringify(value);
          let current: unknown = value;
          for (const changes of rounds) {
            current = mutate(current, changes);
            // A cycle would throw here.
            JSON.stringify(current);
          }
          expect(JSON.stringify(value)).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
    expect(
      fc.sample(hostileValue, { seed: 7, numRuns: 300 }).map((v) => JSON.stringify(v)),
    ).toEqual(hostileBefore);
  });
});
