import type { Queryable } from '../../data/db';
import { categoriesRepository } from '../../repositories/categories';
import { menuDocumentRepository } from '../../repositories/menu-document';
import { productsRepository } from '../../repositories/products';
import { beverageCategoryOf, type ImportPlan } from './types';

/**
 * An import's plan written, in the transaction that planned it: the categories first, as a
 * product may move into one the document creates; then the products, then the toppings.
 */
export async function applyPlan(tx: Queryable, plan: ImportPlan): Promise<void> {
  await writeCategories(tx, plan);
  await writeProducts(tx, plan);
  await writeToppings(tx, plan);
}

async function writeCategories(tx: Queryable, plan: ImportPlan): Promise<void> {
  const categories = categoriesRepository(tx);
  for (const { current, after, change } of plan.categories) {
    if (!current) {
      const { hidden, offer, ...entry } = after;
      if (!(await categories.create(entry))) {
        throw new Error(`importMenu: category "${after.title}" did not read back`);
      }
      if (hidden || offer) await categories.update(after.id, { hidden, offer });
    } else if (change) {
      await categories.update(current.id, change);
    }
  }
  for (const id of plan.hideCategories) await categories.update(id, { hidden: true });
  if (plan.categoryOrder) await categories.order(plan.categoryOrder);
}

async function writeProducts(tx: Queryable, plan: ImportPlan): Promise<void> {
  const repository = productsRepository(tx);
  const bulk = menuDocumentRepository(tx);
  const isBeverage = beverageCategoryOf(plan.categoriesAfter);
  // The beverages are written first: a combo's drinks are stored by the ids of the beverages
  // of their names (drink-refs.ts), which the document may add or rename.
  const beveragesFirst = [...plan.products.entries()].sort(
    ([a, one], [b, other]) =>
      Number(isBeverage(other.entry.category)) - Number(isBeverage(one.entry.category)) || a - b,
  );
  const order: string[] = [];
  for (const [index, { entry, current, changed }] of beveragesFirst) {
    // checkProductDraft passed, so the category is one of the store's.
    const fields = {
      name: entry.name,
      category: entry.category,
      image: entry.image,
      description: entry.description,
      details: entry.details,
      soldOut: entry.soldOut,
    };
    let id = current?.id;
    if (!id) {
      const created = await repository.create({ ...fields, price: entry.price, hidden: false });
      if (!created) throw new Error(`importMenu: "${entry.name}" did not read back`);
      id = created.id;
    } else if (changed) {
      await repository.update(id, { ...fields, priceCents: entry.price });
    }
    if (!current || current.hidden !== entry.hidden) {
      await bulk.setHidden('products', [id], entry.hidden);
    }
    order[index] = id;
  }
  await bulk.setHidden('products', plan.hideProducts, true);
  // Array order is menu order; the products the document leaves out keep their places.
  await bulk.place('products', order);
}

async function writeToppings(tx: Queryable, plan: ImportPlan): Promise<void> {
  const repository = productsRepository(tx);
  const bulk = menuDocumentRepository(tx);
  // A renamed topping first takes a name of its own, so two trading names never collide.
  const renamed = plan.toppings.flatMap(({ entry, current }) =>
    current && current.name !== entry.name ? [current._id] : [],
  );
  await bulk.freeToppingNames(renamed);
  const toppingOrder: string[] = [];
  for (const [index, { entry, current, changed }] of plan.toppings.entries()) {
    if (!current) {
      toppingOrder.push(
        await bulk.createTopping({
          name: entry.name,
          soldOut: entry.soldOut,
          hidden: entry.hidden,
          sortOrder: index + 1,
          allergens: [...new Set(entry.allergens ?? [])],
          marks: [...new Set(entry.marks ?? [])],
        }),
      );
      continue;
    }
    if (changed) {
      await repository.updateTopping(current._id, {
        name: entry.name,
        soldOut: entry.soldOut,
        hidden: entry.hidden,
        ...(entry.allergens ? { allergens: [...new Set(entry.allergens)] } : {}),
        ...(entry.marks ? { marks: [...new Set(entry.marks)] } : {}),
      });
    }
    toppingOrder.push(current._id);
  }
  await bulk.setHidden('toppings', plan.hideToppings, true);
  await bulk.place('toppings', toppingOrder);
}
