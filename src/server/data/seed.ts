import { toCents } from '../../domain';
import type { Database } from './db';
import { PRODUCTS, TOPPING_FACTS, TOPPINGS, seedImagePath } from './menu-seed';
import { withDrinkIds } from '../repositories/drink-refs';
import { storeRepository } from '../repositories/store';
import { queryOf, sql } from './sql';

/**
 * Fills an empty database with the seeded menu and toppings, once per database (decision 4):
 * the `menu_seeded` row, written in the same transaction, says it has been, so what the owner
 * deletes afterwards stays deleted. The store's settings row is ensured at every start (the
 * store cannot answer without it) and never overwritten.
 */
export async function seed(db: Database): Promise<{ products: number; toppings: number }> {
  // Every start after the first finds both there: one read instead of a transaction.
  if (await seedIsDone(db)) return { products: 0, toppings: 0 };
  return db.transaction(async (tx) => {
    const query = queryOf(tx);
    await storeRepository(tx).ensure();
    // Claims the seed: a second process starting at the same moment waits here for this
    // transaction and then finds the row taken, so only one of them inserts the menu.
    const claimed = await query(
      sql`insert into menu_seeded (id) values (1) on conflict (id) do nothing returning id`,
    );
    if (claimed.length === 0) return { products: 0, toppings: 0 };
    // The first menu is where the history starts, not a change in it (migration 021).
    await query(sql`select set_config('app.menu_history', 'off', true)`);
    let products = 0;
    for (const [index, product] of PRODUCTS.entries()) {
      const inserted = await query(
        sql`insert into products (slug, name, category, image, price_cents, description, details,
              sort_order)
            values (${product.slug}, ${product.name}, ${product.category},
              ${seedImagePath(product)}, ${toCents(product.price)}, ${product.description},
              ${JSON.stringify(product.details ?? {})}, ${index})
            on conflict (slug) do nothing
            returning id`,
      );
      products += inserted.length;
    }
    // The combos are seeded before the beverages they list: their drinks, written by name,
    // become the beverages' ids once every beverage is there (drink-refs.ts).
    await query(
      sql`update products set details = ${withDrinkIds(sql`details`)}
           where jsonb_typeof(details -> 'drinks') = 'array'`,
    );
    let toppings = 0;
    for (const [index, name] of TOPPINGS.entries()) {
      const inserted = await query(
        sql`insert into toppings (name, sort_order, allergens, marks)
            values (${name}, ${index}, ${TOPPING_FACTS[name]?.allergens ?? []}::text[],
              ${TOPPING_FACTS[name]?.marks ?? []}::text[])
            on conflict (name) do nothing returning id`,
      );
      toppings += inserted.length;
    }
    return { products, toppings };
  });
}

/** Whether the menu was seeded once and the settings row exists. */
async function seedIsDone(db: Database): Promise<boolean> {
  const [found] = await queryOf(db)<{ seeded: boolean; settings: boolean }>(
    sql`select exists (select 1 from menu_seeded) as seeded,
               exists (select 1 from store_settings where id = 1) as settings`,
  );
  return found !== undefined && found.seeded && found.settings;
}
