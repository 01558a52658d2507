/**
 * The rules a topping the staff name must keep (issue 34): the server refuses a name that breaks
 * one (400, the message naming the field as `product-draft.ts` does) and the menu editor can show
 * the same words beside the field. Plain TypeScript, no schema library, for the browser too.
 */
import { sameName, type DraftProblem } from './product-draft';
import { checkListLength } from './menu-limits';
import { isPlainText } from './plain-text';

/** A topping's name fits one line of a picker and of a kitchen ticket. */
export const MAX_TOPPING_NAME_LENGTH = 60;

/**
 * The problem with `name` as a topping's name, or null. `takenNames`: the other toppings' names,
 * hidden ones included: a line names its toppings by name on the wire, so two toppings one name
 * apart only by letter case could not be told apart.
 */
export function checkToppingName(name: string, takenNames: Iterable<string>): DraftProblem | null {
  const problem = (message: string): DraftProblem => ({ field: 'name', message });
  const trimmed = name.trim();
  if (trimmed === '') return problem('Please give the topping a name.');
  if (!isPlainText(trimmed)) return problem('Please remove special characters from the name.');
  if (trimmed.length > MAX_TOPPING_NAME_LENGTH) {
    return problem(`The name is too long: at most ${MAX_TOPPING_NAME_LENGTH} characters.`);
  }
  const wanted = sameName(trimmed);
  for (const taken of takenNames) {
    if (sameName(taken) === wanted) {
      return problem(`Another topping is called "${taken}": choose another name.`);
    }
  }
  return null;
}

/** The problems with a topping's lists of what it contains and is (either may be left out). */
export const checkToppingLists = (lists: {
  allergens?: readonly unknown[] | undefined;
  marks?: readonly unknown[] | undefined;
}): DraftProblem[] => [
  ...checkListLength('allergens', 'allergens', lists.allergens),
  ...checkListLength('marks', 'marks', lists.marks),
];
