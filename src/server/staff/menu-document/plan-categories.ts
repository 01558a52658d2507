import {
  KIND_ALERTS,
  isKind,
  type ApiMenuCategory,
  type ApiMenuChange,
  type CategoryEntry,
} from '../../../domain';
import { categoryKeys, checkCategoryTitle } from '../../../domain/category-draft';
import { checkListLength } from '../../../domain/menu-limits';
import { IMAGE_PATH_MESSAGE, isStoreImagePath, sameName } from '../../../domain/product-draft';
import { movedEntries } from '../moved-entries';
import { categoryFieldChanges, matchEntries, positionChange, updateOf } from './diff';
import type { CategoryPlan, CategoryWrite } from './types';
import {
  NO_KIND,
  kindChanged,
  nameTwice,
  sameEntryTwice,
  secondOffer,
  type MenuProblems,
} from './words';

/**
 * The document's categories against the store's: matched by id, else by title; a new one gets
 * its id and route from its title and its alerts from its kind (as POST /api/staff/categories
 * makes one); one left out is hidden. A field a document entry leaves out keeps the stored
 * value. Problems are said to `problems`, each naming its field.
 */
export function planCategories(
  store: readonly CategoryEntry[],
  entries: readonly ApiMenuCategory[] | undefined,
  problems: MenuProblems,
): CategoryPlan {
  if (!entries) {
    return { changes: [], writes: [], order: null, hide: [], after: [...store], ids: new Map() };
  }
  const say = (index: number, field: string, message: string) =>
    problems.say('categories', index, entries[index]?.title, field, message);
  const matches = matchEntries(
    entries.map((entry) => ({ id: entry.category, title: entry.title })),
    store.map((category) => ({ ...category, _id: category.id })),
    { entry: (entry) => sameName(entry.title), current: (current) => sameName(current.title) },
    (index, earlier) => say(index, 'category', sameEntryTwice('category', earlier)),
  );
  const kept = new Set(matches.flatMap((found) => (found ? [found.id] : [])));
  const left = store.filter((category) => !kept.has(category.id));
  // Only one category is the special offer: the document's, else whichever had it.
  const offers = entries.flatMap((entry, index) => (entry.offer === true ? [index] : []));
  const offerAt = offers[0];
  for (const index of offers.slice(1)) {
    say(index, 'offer', secondOffer(offerAt ?? 0));
  }

  const seenTitles = new Map<string, number>();
  const taken: Pick<CategoryEntry, 'id'>[] = [...store];
  const ids = new Map<string, string>();
  const writes: CategoryWrite[] = [];
  entries.forEach((entry, index) => {
    const current = matches[index];
    const title = entry.title.trim();
    const earlier = seenTitles.get(sameName(title));
    const titleProblem = checkCategoryTitle(
      title,
      left.map((category) => category.title),
    );
    if (earlier !== undefined) {
      say(index, 'title', nameTwice(title, 'category', earlier));
    } else if (titleProblem) {
      say(index, 'title', titleProblem.message);
    }
    seenTitles.set(sameName(title), index);
    if (current && current.kind !== entry.kind) {
      say(index, 'kind', kindChanged(current.title, current.kind));
    }
    const kind = current?.kind ?? (isKind(entry.kind) ? entry.kind : undefined);
    if (!kind) {
      say(index, 'kind', NO_KIND);
      return;
    }
    if (entry.image !== undefined && entry.image !== null && !isStoreImagePath(entry.image)) {
      say(index, 'image', IMAGE_PATH_MESSAGE);
    }
    for (const each of checkListLength('availableAt', 'availableAt', entry.availableAt)) {
      say(index, each.field, each.message);
    }
    const base: CategoryEntry = current ?? {
      ...categoryKeys(title, taken),
      kind,
      title,
      hidden: false,
      offer: false,
      image: null,
      ...KIND_ALERTS[kind],
    };
    taken.push(base);
    ids.set(entry.category, base.id);
    const availableAt =
      entry.availableAt === undefined ? base.availableAt : (entry.availableAt ?? undefined);
    const after: CategoryEntry = {
      id: base.id,
      kind: base.kind,
      segment: base.segment,
      added: base.added,
      failed: base.failed,
      title,
      hidden: entry.hidden ?? base.hidden,
      offer: offerAt === undefined ? (entry.offer ?? base.offer) : offerAt === index,
      image: entry.image === undefined ? base.image : entry.image,
      ...(availableAt ? { availableAt } : {}),
    };
    writes.push({ ...(current ? { current } : {}), after, change: null });
  });

  const order = writes.map((write) => write.after.id);
  const storeOrder = store.map((category) => category.id);
  const movedCategories = movedEntries(storeOrder, order, kept);
  const changes: ApiMenuChange[] = [];
  for (const write of writes) {
    const { current, after } = write;
    if (!current) {
      changes.push({ kind: 'category', action: 'create', name: after.title, category: after.id });
      continue;
    }
    const fields = categoryFieldChanges(current, after);
    if (fields.length > 0) {
      write.change = {
        title: after.title,
        hidden: after.hidden,
        offer: after.offer,
        image: after.image,
        availableAt: after.availableAt ?? null,
      };
    }
    changes.push(
      ...updateOf(
        { kind: 'category', _id: current.id, name: after.title, category: current.id },
        fields,
        positionChange(storeOrder, order, current.id, movedCategories),
      ),
    );
  }
  const hide = left.filter((category) => !category.hidden);
  for (const category of hide) {
    changes.push({
      kind: 'category',
      action: 'hide',
      _id: category.id,
      name: category.title,
      category: category.id,
    });
  }
  // The others the document leaves out keep what they are (hidden), and lose the offer to one
  // the document gives it.
  const after = [
    ...writes.map((write) => write.after),
    ...left.map((category) => ({
      ...category,
      hidden: true,
      offer: offerAt === undefined && category.offer,
    })),
  ];
  return { changes, writes, order, hide: hide.map((category) => category.id), after, ids };
}
