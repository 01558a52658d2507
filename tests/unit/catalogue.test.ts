import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOGUE,
  CATEGORIES,
  categoryFromSegment,
  DETAIL_CATEGORIES,
  LIST_CATEGORIES,
} from '../../src/domain';
import { cachedGet } from '../../src/web/shared/api';

describe('the catalogue table', () => {
  it("routes each category by its name lowercased (spec: '/{category lowercased}/{id}')", () => {
    for (const category of CATEGORIES) {
      expect(CATALOGUE[category].segment).toBe(category.toLowerCase());
      expect(categoryFromSegment(category.toUpperCase())).toBe(category);
    }
    expect(categoryFromSegment('desserts')).toBeUndefined();
  });

  it('lists Beverages and Sides, and gives every other category a detail screen', () => {
    expect([...LIST_CATEGORIES].sort()).toEqual(['Beverages', 'Sides']);
    expect(DETAIL_CATEGORIES).toHaveLength(CATEGORIES.length - 2);
  });

  it("uses only the spec's alert texts (section 8)", () => {
    const added = new Set([
      'Wing order added to cart!',
      'Item added to cart!',
      'Family combo added to cart!',
      'Mega combo added to cart!',
      'Two-for-One Deal added to cart!',
      'Panzerotte added to cart!',
      'Beverage added to cart!',
      'Side added to cart!',
      'Super Bowl Wings Combo added to cart!',
    ]);
    const failed = new Set([
      'Failed to add to cart.',
      'Failed to add item to cart.',
      'Failed to add beverage to cart.',
      'Failed to add side to cart.',
    ]);
    for (const category of CATEGORIES) {
      expect(added).toContain(CATALOGUE[category].added);
      expect(failed).toContain(CATALOGUE[category].failed);
    }
    expect(CATALOGUE.Beverages.failed).toBe('Failed to add beverage to cart.');
    expect(CATALOGUE.Sides.added).toBe('Side added to cart!');
  });
});

describe("the web app's GET cache", () => {
  afterEach(() => vi.unstubAllGlobals());

  // A body that is an Error answers 500.
  const answering = (...bodies: unknown[]) => {
    const fetch = vi.fn(() => {
      const body = bodies.shift();
      if (body instanceof Error) {
        return Promise.resolve(new Response('{"code":"internal"}', { status: 500 }));
      }
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('asks once while fresh, shares a request in flight, and asks again once stale', async () => {
    vi.useFakeTimers();
    try {
      const fetch = answering([1], [2]);
      const [a, b] = await Promise.all([
        cachedGet<number[]>('/t/fresh', { ttlMs: 1000 }),
        cachedGet<number[]>('/t/fresh', { ttlMs: 1000 }),
      ]);
      expect(a).toEqual([1]);
      expect(b).toBe(a);
      expect(fetch).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await expect(cachedGet('/t/fresh', { ttlMs: 1000 })).resolves.toEqual([2]);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no failure, so a retry asks the server again', async () => {
    const fetch = answering(new Error('down'), ['ok']);
    await expect(cachedGet('/t/failing', { ttlMs: 60_000 })).rejects.toMatchObject({
      status: 500,
      code: 'internal',
    });
    await expect(cachedGet('/t/failing', { ttlMs: 60_000 })).resolves.toEqual(['ok']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
