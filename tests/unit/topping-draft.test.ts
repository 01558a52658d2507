import { describe, expect, it } from 'vitest';
import { TOPPINGS } from '../../src/server/data/menu-seed';
import { MAX_TOPPING_NAME_LENGTH, checkToppingName } from '../../src/domain/topping-draft';

/**
 * The rule a topping's name keeps (`domain/topping-draft.ts`): every seeded topping keeps it, and
 * a problem names its field. The API's refusals are in tests/api/staff-toppings.test.ts.
 */
describe('checkToppingName', () => {
  it('finds nothing wrong with any seeded topping among the others', () => {
    for (const name of TOPPINGS) {
      const others = TOPPINGS.filter((other) => other !== name);
      expect(checkToppingName(name, others), name).toBeNull();
    }
  });

  it('compares names without letter case or spacing', () => {
    expect(checkToppingName('  green   PEPPERS ', TOPPINGS)).toEqual({
      field: 'name',
      message: 'Another topping is called "Green Peppers": choose another name.',
    });
  });

  it('takes 1 to 60 characters of plain text, trimmed', () => {
    expect(checkToppingName(' ', [])?.message).toBe('Please give the topping a name.');
    expect(checkToppingName('x'.repeat(MAX_TOPPING_NAME_LENGTH), [])).toBeNull();
    expect(checkToppingName(` ${'x'.repeat(MAX_TOPPING_NAME_LENGTH)} `, [])).toBeNull();
    expect(checkToppingName('x'.repeat(MAX_TOPPING_NAME_LENGTH + 1), [])?.message).toBe(
      'The name is too long: at most 60 characters.',
    );
    expect(checkToppingName('Feta\u0007', [])?.message).toBe(
      'Please remove special characters from the name.',
    );
  });
});
