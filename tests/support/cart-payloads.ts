import fc from 'fast-check';
import {
  productRules,
  drinkLimit,
  flavorOptions,
  pizzaCount,
  type CartItemPayload,
  type Product,
} from '../../src/domain';

/**
 * A valid cart line for any product of `products` (those not sold out), built from the product's
 * own options: its sizes, flavours, sides, combo drinks and toppings from `toppingNames`. Shared
 * by the robustness properties and the fuzzer's plausible inputs.
 */
export function validCartPayload(products: readonly Product[], toppingNames: ReadonlySet<string>) {
  const toppingList = [...toppingNames];
  const pizza = fc.uniqueArray(fc.constantFrom(...toppingList), { maxLength: 6 });
  return fc.constantFrom(...products.filter((product) => !product.soldOut)).chain((product) => {
    const rules = productRules(product);
    const sizes = product.details.sizes ?? [];
    const sides = product.details.sides ?? [];
    const drinks = product.details.drinks ?? [];
    const count = pizzaCount(product);
    const sizeArb = sizes.length > 0 ? fc.constantFrom(...sizes) : fc.constant(undefined);
    return sizeArb.chain((size) => {
      const limit = rules.drinks ? drinkLimit(product, size) : 0;
      return fc.record({
        productId: fc.constant(product.id),
        size: fc.constant(size),
        flavor:
          rules.flavor === 'flavor'
            ? fc.constantFrom(...flavorOptions(product))
            : fc.constant(undefined),
        wingsFlavor:
          rules.flavor === 'wingsFlavor'
            ? fc.constantFrom(...flavorOptions(product))
            : fc.constant(undefined),
        sides:
          rules.sides > 0
            ? fc.uniqueArray(fc.constantFrom(...sides), {
                minLength: rules.sides,
                maxLength: rules.sides,
              })
            : fc.constant<string[]>([]),
        drinks:
          limit > 0 && drinks.length > 0
            ? fc
                .uniqueArray(fc.constantFrom(...drinks), { maxLength: limit })
                .map((names) => names.map((name) => ({ name, quantity: 1 })))
            : fc.constant<{ name: string; quantity: number }[]>([]),
        toppings:
          rules.toppingLists === 'flat'
            ? pizza
            : rules.toppingLists === 'per-pizza'
              ? fc.array(pizza, { minLength: count, maxLength: count })
              : fc.constant<string[]>([]),
        quantity: rules.fixedQuantity ? fc.constant(1) : fc.integer({ min: 1, max: 5 }),
        totalPrice: fc.double({ noNaN: true }),
      });
    });
  });
}

/** A large Pizza & Wings Combo with every kind of option: hot wings, a side, toppings, drinks. */
export const comboLarge = (id: (name: string) => string): Partial<CartItemPayload> => ({
  productId: id('Pizza & Wings Combo'),
  size: 'Large',
  wingsFlavor: 'Hot',
  sides: ['Garlic Bread'],
  toppings: ['Bacon', 'Ham', 'Onions', 'Pineapple'],
  drinks: [{ name: 'Coke', quantity: 2 }],
});
