import { describe, expect, it } from 'vitest';
import { KINDS, SEEDED_CATEGORIES, type ApiStaffCategory } from '../../src/domain';
import {
  KIND_WORDS,
  cardPhotos,
  movedTo,
  ONE_PIZZA_DEAL_PICTURE,
  startingPicture,
  withSaved,
  withoutField,
} from '../../src/web/features/staff-admin/category-rows';

const categories: ApiStaffCategory[] = SEEDED_CATEGORIES.map((each) => ({ ...each }));
const ids = (list: readonly ApiStaffCategory[]) => list.map((each) => each.id);
const at = (index: number): ApiStaffCategory => {
  const category = categories[index];
  if (!category) throw new Error(`no seeded category ${String(index)}`);
  return category;
};

describe('the Categories section’s list after a change the server confirmed', () => {
  it('names every kind in words, each differently', () => {
    expect(Object.keys(KIND_WORDS).sort()).toEqual([...KINDS].sort());
    expect(new Set(Object.values(KIND_WORDS)).size).toBe(KINDS.length);
  });

  it('replaces the saved one and keeps one special offer', () => {
    const offered = categories.find((each) => each.offer);
    if (!offered) throw new Error('the seed has a special offer');
    const other = categories.find((each) => !each.offer);
    if (!other) throw new Error('the seed has other categories');
    const after = withSaved(categories, { ...other, offer: true, title: 'Now offered' });
    expect(after.filter((each) => each.offer).map((each) => each.id)).toEqual([other.id]);
    expect(after.find((each) => each.id === offered.id)?.offer).toBe(false);
    expect(after.find((each) => each.id === other.id)?.title).toBe('Now offered');
    expect(ids(after)).toEqual(ids(categories));
    // A save that is not the offer leaves the offer where it was.
    const renamed = withSaved(categories, { ...other, title: 'Renamed' });
    expect(renamed.find((each) => each.id === offered.id)?.offer).toBe(true);
  });

  it('moves one to a position as PATCH does, the others keeping their order', () => {
    const last = at(categories.length - 1);
    const top = movedTo(categories, last, 0);
    expect(ids(top)).toEqual([last.id, ...ids(categories).slice(0, -1)]);
    const first = at(0);
    const down = movedTo(categories, first, 1);
    expect(ids(down).slice(0, 2)).toEqual([at(1).id, first.id]);
    expect(ids(down).slice(2)).toEqual(ids(categories).slice(2));
    expect(ids(movedTo(categories, first, 99)).at(-1)).toBe(first.id);
    expect(movedTo(categories, first, 0).length).toBe(categories.length);
  });
});

describe('pictures', () => {
  const products = [
    { category: 'Wings', image: '/images/wings.svg', name: 'Wings A' },
    { category: 'Wings', image: '', name: 'Wings without a photo' },
    { category: 'Wings', image: '/images/wings.svg', name: 'Wings B' },
    { category: 'Wings', image: '/images/uploads/b.webp', name: 'Wings C' },
    { category: 'Sides', image: '/images/sides.svg', name: 'Fries' },
  ];

  it('offers a category’s items’ photos, each once, in menu order', () => {
    expect(cardPhotos('Wings', products)).toEqual([
      { image: '/images/wings.svg', name: 'Wings A' },
      { image: '/images/uploads/b.webp', name: 'Wings C' },
    ]);
    expect(cardPhotos('Nothing', products)).toEqual([]);
  });

  it('starts a new item from its category’s items, its card, or its kind’s', () => {
    const store = [
      { id: 'Wings', kind: 'wings' as const, image: null },
      { id: 'MoreWings', kind: 'wings' as const, image: null },
      { id: 'Carded', kind: 'wings' as const, image: '/images/card.webp' },
      { id: 'Drinks', kind: 'beverages' as const, image: null },
    ];
    expect(startingPicture(products, store, 'Wings')).toBe('/images/wings.svg');
    expect(startingPicture(products, store, 'Carded')).toBe('/images/card.webp');
    // Empty: the first photo of another category of its kind, never another kind's.
    expect(startingPicture(products, store, 'MoreWings')).toBe('/images/wings.svg');
    expect(startingPicture(products, store, 'Drinks')).toBe('');
    expect(startingPicture(products, store, 'Unknown')).toBe('');
  });

  it('passes over the picture of a deal with another number of pizzas (a one-pizza deal said "2 PIZZAS")', () => {
    const deals = [
      { category: 'Deals', image: '/images/two-pizza-deal.svg', details: { pizzas: 2 } },
      { category: 'Deals', image: '/images/three.svg', details: { pizzas: 3 } },
    ];
    const store = [
      { id: 'Deals', kind: 'pizza-deal' as const, image: null },
      { id: 'Lunch', kind: 'pizza-deal' as const, image: '/images/two-pizza-deal.svg' },
    ];
    expect(startingPicture(deals, store, 'Deals', 2)).toBe('/images/two-pizza-deal.svg');
    expect(startingPicture(deals, store, 'Deals', 3)).toBe('/images/three.svg');
    // None of the store's has one pizza: the illustration drawn for one ("1 PIZZA").
    expect(startingPicture(deals, store, 'Deals', 1)).toBe(ONE_PIZZA_DEAL_PICTURE);
    // The card picture and the kind's pictures alike.
    expect(startingPicture(deals, store, 'Lunch', 1)).toBe(ONE_PIZZA_DEAL_PICTURE);
    expect(startingPicture(deals, store, 'Lunch', 3)).toBe('/images/three.svg');
    // No number given (another kind, or none typed yet): as before.
    expect(startingPicture(deals, store, 'Deals')).toBe('/images/two-pizza-deal.svg');
  });
});

it('drops the field a 400 names first, and only that', () => {
  expect(withoutField('title: Please give the category a title.', 'title')).toBe(
    'Please give the category a title.',
  );
  expect(withoutField('image: The photo must be...', 'title')).toBe('image: The photo must be...');
});
