/**
 * The menu editor's form as typed and its conversion to the domain's draft (draft-form.ts): a
 * saved product comes back unchanged, a size without a price is said beside that size's price,
 * typed text that is not an amount is refused by the domain's own rule, and details the form
 * does not edit (or another kind's) are kept or dropped as they should be.
 */
import { describe, expect, it } from 'vitest';
import { SEEDED_CATEGORIES, type ApiStaffProduct } from '../../src/domain';

const categories = SEEDED_CATEGORIES;
import {
  blankForm,
  draftOf,
  fieldsOf,
  formOf,
  formProblems,
  rowKey,
} from '../../src/web/features/staff-admin/draft-form';

const combo: ApiStaffProduct = {
  _id: '11',
  name: 'Pizza & Wings',
  category: 'Combos',
  image: '/images/pizza-and-wings-combo.svg',
  price: 24.99,
  soldOut: false,
  hidden: false,
  description: 'A pizza and a pound of wings.',
  details: {
    sizes: ['Small', 'Medium'],
    sizePrices: { Small: 0, Medium: 3.5 },
    sizeDescriptions: { Small: '10 inch' },
    wingsFlavors: ['Hot', 'Honey Garlic'],
    drinks: ['Coke', 'Sprite'],
    maxDrinks: 2,
    drinkLimits: { Medium: 1 },
    pizzas: 1,
    toppingsPerPizza: 3,
    extraToppingPrice: 1.25,
    soldOutFlavors: ['Hot'],
  },
};

describe('the menu editor form', () => {
  it('sends a saved product back as it came (less what the answer only reports)', () => {
    const details = { ...combo.details };
    delete details.soldOutFlavors;
    expect(fieldsOf(draftOf(formOf(combo), categories))).toEqual({
      name: combo.name,
      category: combo.category,
      image: combo.image,
      price: combo.price,
      description: combo.description,
      details,
    });
    expect(formProblems(formOf(combo), [combo], combo._id, categories)).toEqual(new Map());
  });

  it('says a size without a price beside that size, and an amount that is not one', () => {
    const form = {
      ...blankForm('TwoforOneDeals', categories),
      name: 'Harvest',
      price: '19.99',
      sizes: [
        { key: rowKey(), name: 'Medium', price: '0', description: '' },
        { key: rowKey(), name: 'Large', price: '', description: '' },
      ],
      extraToppingPrice: '1.5x',
    };
    const problems = formProblems(form, [], undefined, categories);
    expect(problems.get('details.sizePrices.Large')).toBe('The size "Large" needs a price.');
    expect(problems.get('details.extraToppingPrice')).toBe(
      'Please give the amount in dollars and cents, like 12.99.',
    );
    expect(problems.has('details.sizePrices.Medium')).toBe(false);
  });

  it('names a name already used in the category, except the product’s own', () => {
    const form = { ...formOf(combo), name: ' pizza &  wings ' };
    expect(formProblems(form, [combo], combo._id, categories).has('name')).toBe(false);
    expect(formProblems(form, [combo], undefined, categories).get('name')).toMatch(
      /Another product/,
    );
  });

  it('leaves out the fields the category’s kind does not have, and keeps what it does not edit', () => {
    // Allergens are any kind's: a change of kind keeps them.
    const other = { allergens: ['milk' as const] };
    const form = {
      ...formOf({ ...combo, details: { ...combo.details, ...other } }),
      category: 'Wings',
    };
    const draft = draftOf(form, categories);
    expect(Object.keys(draft.details).sort()).toEqual(
      ['allergens', 'sizeDescriptions', 'sizePrices', 'sizes', 'wingsFlavors'].sort(),
    );
    expect(formProblems(form, [], combo._id, categories)).toEqual(new Map());
  });

  it('edits allergens and marks: read from the product, saved in the lists’ order, left out when none', () => {
    const product = {
      ...combo,
      details: { ...combo.details, allergens: ['milk' as const], marks: ['spicy' as const] },
    };
    const form = formOf(product);
    expect(form.allergens).toEqual(['milk']);
    expect(form.marks).toEqual(['spicy']);
    expect(form.kept).toEqual({});

    // Ticked after milk, sesame is saved before it, as Health Canada lists them.
    const ticked = draftOf(
      {
        ...form,
        allergens: [...form.allergens, 'sesame'],
        marks: ['vegetarian', 'spicy'],
      },
      categories,
    );
    expect(ticked.details.allergens).toEqual(['sesame', 'milk']);
    expect(ticked.details.marks).toEqual(['vegetarian', 'spicy']);
    expect(fieldsOf(ticked).details.allergens).toEqual(['sesame', 'milk']);

    // Every box unticked: the keys go, as an item that never had any (the seed's) has none.
    const cleared = draftOf({ ...form, allergens: [], marks: [] }, categories);
    expect('allergens' in cleared.details).toBe(false);
    expect('marks' in cleared.details).toBe(false);

    // A new item of any kind starts with none, and may be given them.
    const drink = draftOf(
      { ...blankForm('Beverages', categories), allergens: ['sulphites'] },
      categories,
    );
    expect(drink.details.allergens).toEqual(['sulphites']);
  });

  it('starts a pizza deal with its one pizza, and takes $0.00 but not a negative price', () => {
    // The domain's one price rule (issue 34): $0.00 is a product priced by its sizes.
    const form = { ...blankForm('TwoforOneDeals', categories), name: 'Deal', price: '0' };
    expect(draftOf(form, categories).details.pizzas).toBe(1);
    expect(draftOf(form, categories).price).toBe(0);
    expect(formProblems(form, [], undefined, categories).has('price')).toBe(false);
    expect(formProblems({ ...form, price: '-0.01' }, [], undefined, categories).get('price')).toBe(
      'The amount cannot be negative.',
    );
    expect(formProblems({ ...form, price: '$0.01' }, [], undefined, categories).has('price')).toBe(
      false,
    );
  });
});
