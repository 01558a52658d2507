import { describe, expect, it } from 'vitest';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  DIETARY_MARKS,
  MARK_LABELS,
  chosenToppingFacts,
  containsText,
  lineAllergens,
  markLabels,
} from '../../src/domain/allergens';
import { parseProductDetails } from '../../src/domain/product-details';

const cheesePizza = { allergens: ['wheat-triticale', 'milk'], marks: ['vegetarian'] };
const toppings = [
  { name: 'Anchovies', allergens: ['fish'], marks: [] },
  { name: 'Mushroom', allergens: [], marks: ['vegetarian', 'vegan'] },
  { name: 'Hot Peppers', allergens: [], marks: ['vegetarian', 'vegan', 'spicy'] },
  { name: 'Feta Cheese', allergens: ['milk'], marks: ['vegetarian'] },
];

describe("a line's allergens and marks", () => {
  it("are the product's with every chosen topping's, each once, in the list's order", () => {
    const chosen = chosenToppingFacts([['Anchovies'], ['Feta Cheese', 'Anchovies']], toppings);
    expect(lineAllergens(cheesePizza, chosen).allergens).toEqual([
      'milk',
      'fish',
      'wheat-triticale',
    ]);
  });

  it('keep vegetarian only while every part is, and spicy once any part is', () => {
    const plain = lineAllergens(cheesePizza);
    expect(plain).toEqual({ allergens: ['milk', 'wheat-triticale'], marks: ['vegetarian'] });
    const hot = lineAllergens(cheesePizza, chosenToppingFacts([['Hot Peppers']], toppings));
    expect(hot.marks).toEqual(['vegetarian', 'spicy']);
    const fish = lineAllergens(cheesePizza, chosenToppingFacts([['Anchovies']], toppings));
    expect(fish.marks).toEqual([]);
  });

  it('leave out names the lists do not know and toppings no longer on the list', () => {
    const line = lineAllergens(
      { allergens: ['milk', 'lupin'], marks: ['kosher'] },
      chosenToppingFacts([['Retired Topping']], toppings),
    );
    expect(line).toEqual({ allergens: ['milk'], marks: [] });
  });
});

describe('the words', () => {
  it('give every allergen and mark a label', () => {
    for (const allergen of ALLERGENS) expect(ALLERGEN_LABELS[allergen]).toMatch(/^[A-Z]/);
    for (const mark of DIETARY_MARKS) expect(MARK_LABELS[mark]).toMatch(/^[A-Z]/);
    expect(ALLERGENS).toHaveLength(11);
  });

  it('say what a line contains, or nothing', () => {
    expect(containsText(['wheat-triticale', 'milk'])).toBe('Contains: Milk, Wheat and triticale');
    expect(containsText([])).toBeNull();
    expect(markLabels(['spicy', 'vegetarian'])).toEqual(['Vegetarian', 'Spicy']);
  });
});

describe("a product's stored details", () => {
  it('keep its allergens and marks', () => {
    expect(parseProductDetails({ allergens: ['milk'], marks: ['vegan'] })).toEqual({
      ok: true,
      details: { allergens: ['milk'], marks: ['vegan'] },
    });
  });

  it('refuse an allergen the list does not have, naming where', () => {
    const parsed = parseProductDetails({ allergens: ['milk', 'gluten'] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toMatch(/^allergens\.1:/);
  });
});
