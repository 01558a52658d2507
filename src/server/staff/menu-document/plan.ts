import type { ApiMenuChange } from '../../../domain';
import { checkToppingLists, checkToppingName } from '../../../domain/topping-draft';
import { checkProductDraft, sameName } from '../../../domain/product-draft';
import { movedEntries } from '../moved-entries';
import {
  matchEntries,
  positionChange,
  productFieldChanges,
  toppingFieldChanges,
  updateOf,
} from './diff';
import { planCategories } from './plan-categories';
import { beverageCategoryOf, type ImportPlan, type MenuImport, type StoreMenu } from './types';
import { menuProblems, nameTwice, sameEntryTwice } from './words';

/**
 * The change list and the writes of importing `menu` into `store`, or a 400 naming the first
 * problem (and how many more): nothing is written unless the whole document is good.
 */
export function planImport(store: StoreMenu, menu: MenuImport): ImportPlan {
  const problems = menuProblems();

  const categoryPlan = planCategories(store.categories, menu.categories, problems);
  const isBeverage = beverageCategoryOf(categoryPlan.after);
  // Products name the document's categories by the document's ids: the store's ids of the same
  // categories (another store's file matched by title, a category the document creates).
  const documentProducts = menu.products.map((entry) => ({
    ...entry,
    category: categoryPlan.ids.get(entry.category) ?? entry.category,
  }));

  // Products.
  const productKey = (category: string, name: string) => `${category}\u0000${sameName(name)}`;
  const productMatches = matchEntries(
    documentProducts,
    store.products.map((product) => ({ ...product, _id: product.id })),
    {
      entry: (entry) => productKey(entry.category, entry.name),
      current: (current) => productKey(current.category, current.name),
    },
    (index, earlier) =>
      problems.say(
        'products',
        index,
        documentProducts[index]?.name,
        '_id',
        sameEntryTwice('item', earlier),
      ),
  );
  const keptIds = new Set(productMatches.flatMap((found) => (found ? [found.id] : [])));
  // A combo's drinks name beverages as the import leaves them: the document's, and the store's
  // it leaves out (hidden, they keep their names).
  const beverageNames = [
    ...documentProducts.filter((entry) => isBeverage(entry.category)),
    ...store.names.filter((row) => isBeverage(row.category) && !keptIds.has(row.id)),
  ].map((each) => each.name);
  const seenNames = new Map<string, number>();
  documentProducts.forEach((entry, index) => {
    const key = productKey(entry.category, entry.name);
    const earlier = seenNames.get(key);
    if (earlier !== undefined) {
      problems.say(
        'products',
        index,
        entry.name,
        'name',
        nameTwice(entry.name.trim(), 'item', earlier, entry.category),
      );
      return;
    }
    seenNames.set(key, index);
    // The others of its category that stay: the document's are checked just above; the
    // store's that the document leaves out stay too (hidden), and keep their names.
    const takenNames = store.names
      .filter((row) => row.category === entry.category && !keptIds.has(row.id))
      .map((row) => row.name);
    const problem = checkProductDraft(entry, {
      categories: categoryPlan.after,
      takenNames,
      beverageNames,
    })[0];
    if (problem) problems.say('products', index, entry.name, problem.field, problem.message);
  });

  // Toppings.
  const toppingMatches = matchEntries(
    menu.toppings,
    store.toppings,
    { entry: (entry) => sameName(entry.name), current: (current) => sameName(current.name) },
    (index, earlier) =>
      problems.say(
        'toppings',
        index,
        menu.toppings[index]?.name,
        '_id',
        sameEntryTwice('topping', earlier),
      ),
  );
  const keptToppings = new Set(toppingMatches.flatMap((found) => (found ? [found._id] : [])));
  const leftToppings = store.toppings
    .filter((each) => !keptToppings.has(each._id))
    .map((each) => each.name);
  const seenToppings = new Map<string, number>();
  menu.toppings.forEach((entry, index) => {
    const name = entry.name;
    const say = (field: string, message: string) =>
      problems.say('toppings', index, name, field, message);
    const earlier = seenToppings.get(sameName(name));
    // The topping editor's rule itself (checkToppingName), so a file cannot make a topping the
    // editor would refuse; only "listed twice" is the file's own, said before a taken name.
    const problem = checkToppingName(name, earlier === undefined ? leftToppings : []);
    if (problem) say(problem.field, problem.message);
    else if (earlier !== undefined) {
      say('name', nameTwice(name, 'topping', earlier));
    }
    seenToppings.set(sameName(name), index);
    for (const each of checkToppingLists(entry)) say(each.field, each.message);
  });

  problems.refuseAny();

  const changes: ApiMenuChange[] = [...categoryPlan.changes];
  // Each category's items in the store's order and the document's, and those the import moves.
  const productOrders = new Map<
    string,
    { before: string[]; after: string[]; moved: Set<string> }
  >();
  const productOrder = (category: string) => {
    const known = productOrders.get(category);
    if (known) return known;
    const before = store.products
      .filter((each) => each.category === category)
      .map((each) => each.id);
    const after = documentProducts.flatMap((each, at) =>
      each.category === category ? [productMatches[at]?.id ?? `new:${at}`] : [],
    );
    const made = { before, after, moved: movedEntries(before, after, keptIds) };
    productOrders.set(category, made);
    return made;
  };
  const products = documentProducts.map((entry, index) => {
    const current = productMatches[index];
    if (!current) {
      changes.push({
        kind: 'product',
        action: 'create',
        name: entry.name,
        category: entry.category,
      });
      return { entry, changed: true };
    }
    const { before, after, moved } = productOrder(entry.category);
    const update = updateOf(
      { kind: 'product', _id: current.id, name: entry.name, category: entry.category },
      productFieldChanges(current, entry),
      positionChange(before, after, current.id, moved),
    );
    changes.push(...update);
    return { entry, current, changed: update.length > 0 };
  });
  const hideProducts = store.products.filter((each) => !keptIds.has(each.id));
  for (const product of hideProducts) {
    if (product.hidden) continue;
    changes.push({
      kind: 'product',
      action: 'hide',
      _id: product.id,
      name: product.name,
      category: product.category,
    });
  }

  const toppingsBefore = store.toppings.map((each) => each._id);
  const toppingsAfter = menu.toppings.map((_, at) => toppingMatches[at]?._id ?? `new:${at}`);
  const movedToppings = movedEntries(toppingsBefore, toppingsAfter, keptToppings);
  const toppings = menu.toppings.map((entry, index) => {
    const current = toppingMatches[index];
    if (!current) {
      changes.push({ kind: 'topping', action: 'create', name: entry.name });
      return { entry, changed: true };
    }
    const update = updateOf(
      { kind: 'topping', _id: current._id, name: entry.name },
      toppingFieldChanges(current, entry),
      positionChange(toppingsBefore, toppingsAfter, current._id, movedToppings),
    );
    changes.push(...update);
    return { entry, current, changed: update.length > 0 };
  });
  const hideToppings = store.toppings.filter((each) => !keptToppings.has(each._id));
  for (const topping of hideToppings) {
    if (!topping.hidden) {
      changes.push({ kind: 'topping', action: 'hide', _id: topping._id, name: topping.name });
    }
  }

  return {
    changes,
    categories: categoryPlan.writes,
    categoryOrder: categoryPlan.order,
    hideCategories: categoryPlan.hide,
    categoriesAfter: categoryPlan.after,
    products,
    hideProducts: hideProducts.filter((each) => !each.hidden).map((each) => each.id),
    toppings,
    hideToppings: hideToppings.filter((each) => !each.hidden).map((each) => each._id),
  };
}
