import { describe, expect, it } from 'vitest';
import { median } from '../../scripts/bench/stats';

describe('the bench’s median', () => {
  it('takes the middle value, the mean of the two middle ones for an even count, NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([0.9, 0.5, 0.7, 0.8])).toBeCloseTo(0.75);
    expect(median([5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('leaves its input in its order', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
