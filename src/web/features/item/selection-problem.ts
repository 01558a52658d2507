import {
  MAX_QUANTITY,
  MIN_QUANTITY,
  productRules,
  validateSelection,
  type Product,
  type SelectionField,
  type SelectionInput,
} from '../../../domain';

/** What stands between a detail screen's selection and Add to Cart. */
export interface SelectionProblem {
  /** The choice to take the customer to. */
  field: SelectionField;
  /** A few words for the sticky bar: what to do, not what went wrong. */
  missing: string;
  /** The whole sentence, for the failure notice. */
  message: string;
}

/**
 * The first thing the customer still has to choose or fix, or null when the line can be added.
 * The domain's `validateSelection` decides (the same check the server makes); this only puts its
 * answer in the sticky bar's words. `quantity` is what the field parses to, null when it holds
 * no quantity the cart takes (blank, 0, past the maximum). A sold-out product is no problem
 * here: there is nothing to choose, and its button says so.
 */
export function selectionProblem(
  product: Product,
  payload: SelectionInput,
  quantity: number | null,
  toppingNames: ReadonlySet<string>,
  drinkNames: ReadonlySet<string>,
): SelectionProblem | null {
  const range = `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;
  if (quantity === null) return { field: 'quantity', missing: range, message: `${range}.` };
  const checked = validateSelection(product, { ...payload, quantity }, toppingNames, drinkNames);
  if (checked.ok || checked.reason === 'sold-out') return null;
  return { field: checked.field, missing: missingText(product, checked), message: checked.message };
}

function missingText(product: Product, checked: { field: SelectionField; message: string }) {
  switch (checked.field) {
    case 'size':
      return 'Choose a size';
    case 'flavor':
      return productRules(product).flavor === 'wingsFlavor'
        ? 'Choose a wings flavour'
        : 'Choose a flavour';
    case 'sides':
      return productRules(product).sides === 1
        ? 'Choose a side'
        : `Choose ${productRules(product).sides} sides`;
    // Past a limit or an option the menu no longer offers: the domain's sentence says which.
    case 'quantity':
    case 'drinks':
    case 'toppings':
      return checked.message.replace(/\.$/, '');
  }
}
