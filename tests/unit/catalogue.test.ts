import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  categoryBySegment,
  isListKind,
  KIND_ALERTS,
  KINDS,
  SEEDED_CATEGORIES,
  seededCategory,
} from '../../src/domain';
import { categoryKeys, checkCategoryTitle } from '../../src/domain/category-draft';
import { cachedGet } from '../../src/web/shared/api';

describe('the seeded categories', () => {
  it("routes each category by its name lowercased (spec: '/{category lowercased}/{id}')", () => {
    for (const category of SEEDED_CATEGORIES) {
      expect(category.segment).toBe(category.id.toLowerCase());
      expect(categoryBySegment(SEEDED_CATEGORIES, category.id.toUpperCase())).toBe(category);
    }
    expect(categoryBySegment(SEEDED_CATEGORIES, 'desserts')).toBeUndefined();
  });

  it('lists Beverages and Sides, and gives every other category a detail screen', () => {
    const lists = SEEDED_CATEGORIES.filter((category) => isListKind(category.kind));
    expect(lists.map((category) => category.id).sort()).toEqual(['Beverages', 'Sides']);
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
    for (const category of SEEDED_CATEGORIES) {
      expect(added).toContain(category.added);
      expect(failed).toContain(category.failed);
    }
    // A category the store makes says its kind's.
    for (const kind of KINDS) {
      expect(added).toContain(KIND_ALERTS[kind].added);
      expect(failed).toContain(KIND_ALERTS[kind].failed);
    }
    expect(seededCategory('Beverages').failed).toBe('Failed to add beverage to cart.');
    expect(seededCategory('Sides').added).toBe('Side added to cart!');
  });
});

describe("a new category's keys and title", () => {
  it('makes its id from its title, its segment the id lowercased, and never reuses either', () => {
    expect(categoryKeys('Lunch Specials', SEEDED_CATEGORIES)).toEqual({
      id: 'LunchSpecials',
      segment: 'lunchspecials',
    });
    expect(categoryKeys('Crêpes & co.', [])).toEqual({ id: 'CrepesAndCo', segment: 'crepesandco' });
    // Taken in another letter case: a number is added.
    expect(categoryKeys('WINGS', SEEDED_CATEGORIES)).toEqual({ id: 'WINGS2', segment: 'wings2' });
    // The app's own first path parts are never a category's.
    expect(categoryKeys('Staff', [])).toEqual({ id: 'Staff2', segment: 'staff2' });
    expect(categoryKeys('Cart', [])).toEqual({ id: 'Cart2', segment: 'cart2' });
    // No letters: the fallback, itself a reserved word, numbered.
    expect(categoryKeys('!!!', [])).toEqual({ id: 'Category2', segment: 'category2' });
  });

  it('refuses an empty, too long, special or taken title', () => {
    const taken = SEEDED_CATEGORIES.map((category) => category.title);
    expect(checkCategoryTitle('  ', taken)?.message).toBe('Please give the category a title.');
    expect(checkCategoryTitle('x'.repeat(41), taken)?.message).toBe(
      'The title is too long: at most 40 characters.',
    );
    expect(checkCategoryTitle('  wings ', taken)?.message).toBe(
      'Another category is called "Wings": choose another title.',
    );
    expect(checkCategoryTitle('Lunch Specials', taken)).toBeNull();
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
