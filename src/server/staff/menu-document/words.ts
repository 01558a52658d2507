import { KINDS } from '../../../domain';
import { menuProblemWords, type MenuFileList } from '../../../domain/menu-field-words';
import { badRequest } from '../../http/errors';

/**
 * What an import says of a document it refuses: every problem in the editor's words ("Item 14
 * (Hawaiian), photo: …"), each naming its entry and field, the first in the 400 with how many
 * more, so an owner fixing a file sees where to look first and that there is more.
 */

/** The problems of one document, said as they are found. */
export interface MenuProblems {
  /** A problem of entry `index` (named `name`) of `list`, at its `field`. */
  say(
    list: MenuFileList,
    index: number,
    name: string | undefined,
    field: string,
    message: string,
  ): void;
  /** A 400 naming the first problem and how many more, when any was said. */
  refuseAny(): void;
}

export function menuProblems(): MenuProblems {
  const problems: string[] = [];
  return {
    say(list, index, name, field, message) {
      problems.push(menuProblemWords(list, index, name, field, message));
    },
    refuseAny() {
      const first = problems[0];
      if (!first) return;
      const more = problems.length - 1;
      throw badRequest(
        more > 0 ? `${first} (and ${more} more problem${more === 1 ? '' : 's'})` : first,
      );
    },
  };
}

/** One entry of the store named by two entries of the document (`noun`: category, item…). */
export const sameEntryTwice = (noun: string, earlier: number) =>
  `the same ${noun} is listed twice (also ${noun} ${earlier + 1}).`;

/** Two entries of one name (`where`: the category they are both in). */
export const nameTwice = (name: string, noun: string, earlier: number, where?: string) =>
  `"${name}" is listed twice${where === undefined ? '' : ` in ${where}`} (also ${noun} ${earlier + 1}).`;

export const secondOffer = (first: number) =>
  `only one category can be the special offer (also category ${first + 1}).`;

export const kindChanged = (title: string, kind: string) =>
  `a category’s kind cannot change (its items’ fields follow it): ${title} holds ${kind} items. Add a new category for the other kind.`;

export const NO_KIND = `please choose the kind of items: one of ${KINDS.join(', ')}.`;
