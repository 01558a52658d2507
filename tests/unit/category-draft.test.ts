import { describe, expect, it } from 'vitest';
import { SEEDED_CATEGORIES } from '../../src/domain';
import {
  MAX_CATEGORY_ID_BASE,
  MAX_CATEGORY_TITLE_LENGTH,
  RESERVED_SEGMENTS,
  categoryKeys,
  checkCategoryTitle,
} from '../../src/domain/category-draft';

/**
 * The rules a category the store names keeps (`domain/category-draft.ts`): one API test per rule
 * is in tests/api/staff-categories.test.ts; here, what the domain alone decides.
 */
const titles = SEEDED_CATEGORIES.map((category) => category.title);

describe('checkCategoryTitle', () => {
  it('finds nothing wrong with any seeded title against the others', () => {
    for (const title of titles) {
      expect(
        checkCategoryTitle(
          title,
          titles.filter((other) => other !== title),
        ),
        title,
      ).toBeNull();
    }
  });

  it('refuses a title of more than one line, naming title', () => {
    for (const title of ['Sides\nDips', 'Sides\tDips', 'Sides\rDips']) {
      expect(checkCategoryTitle(title, [])).toEqual({
        field: 'title',
        message: 'Please remove special characters from the title.',
      });
    }
    // Spaces around it are trimmed, not refused.
    expect(checkCategoryTitle('\n Desserts \t', [])).toBeNull();
  });

  it('takes 40 characters and refuses 41', () => {
    expect(checkCategoryTitle('x'.repeat(MAX_CATEGORY_TITLE_LENGTH), [])).toBeNull();
    expect(checkCategoryTitle('x'.repeat(MAX_CATEGORY_TITLE_LENGTH + 1), [])?.field).toBe('title');
  });
});

describe('categoryKeys', () => {
  it('makes the id in PascalCase from the title, its segment lowercased', () => {
    expect(categoryKeys('Lunch Specials', SEEDED_CATEGORIES)).toEqual({
      id: 'LunchSpecials',
      segment: 'lunchspecials',
    });
    expect(categoryKeys('Crêpes & Co.', [])).toEqual({ id: 'CrepesAndCo', segment: 'crepesandco' });
  });

  it('numbers an id taken in any letter case, or a reserved segment', () => {
    expect(categoryKeys('sides', SEEDED_CATEGORIES).id).toBe('Sides2');
    for (const segment of RESERVED_SEGMENTS.filter((each) => /^[a-z]+$/.test(each))) {
      expect(categoryKeys(segment, []).segment, segment).toBe(`${segment}2`);
    }
  });

  it('keeps an id short enough for a route whatever a title it allows spells out', () => {
    // Fastify refuses (414) a route parameter over 100 characters: PATCH, DELETE and
    // GET /api/items/{segment} would never reach such a category.
    for (const title of ['&'.repeat(MAX_CATEGORY_TITLE_LENGTH - 1) + 'a', '\u2167'.repeat(40)]) {
      expect(checkCategoryTitle(title, [])).toBeNull();
      const { id } = categoryKeys(title, []);
      expect(id.length, title).toBeLessThanOrEqual(MAX_CATEGORY_ID_BASE);
      expect(categoryKeys(title, [{ id }]).id).toBe(`${id}2`);
    }
  });
});
