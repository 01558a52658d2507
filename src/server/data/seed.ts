import { toCents } from '../../domain';
import type { Database } from './db';
import { PRODUCTS, STORE_PROFILE, TOPPINGS, seedImagePath } from './menu-seed';
import { queryOf, sql } from './sql';

/**
 * Inserts the menu, toppings and store profile that are missing, in one transaction. Existing
 * rows are left exactly as the store has them (ON CONFLICT DO NOTHING), so seeding is idempotent.
 */
export async function seed(db: Database): Promise<{ products: number; toppings: number }> {
  // Every start after the first finds it all there: one read instead of an insert per row.
  if (await seedIsComplete(db)) return { products: 0, toppings: 0 };
  return db.transaction(async (tx) => {
    const query = queryOf(tx);
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
    let toppings = 0;
    for (const [index, name] of TOPPINGS.entries()) {
      const inserted = await query(
        sql`insert into toppings (name, sort_order) values (${name}, ${index})
            on conflict (name) do nothing returning id`,
      );
      toppings += inserted.length;
    }
    const s = STORE_PROFILE;
    await query(
      sql`insert into store_settings (id, name, phone, pickup_address, open_mode, weekly_hours,
            delivery_fee_cents, acceptance_window_minutes, lead_time_minutes,
            delivery_lead_time_minutes)
          values (1, ${s.name}, ${s.phone}, ${s.pickupAddress}, ${s.openMode},
            ${JSON.stringify(s.weeklyHours)}, ${s.deliveryFeeCents}, ${s.acceptanceWindowMinutes},
            ${s.leadTimeMinutes}, ${s.deliveryLeadTimeMinutes})
          on conflict (id) do nothing`,
    );
    return { products, toppings };
  });
}

/** Whether every seeded product (by slug), topping (by name) and the settings row exist. */
async function seedIsComplete(db: Database): Promise<boolean> {
  const slugs = JSON.stringify(PRODUCTS.map((product) => product.slug));
  const [found] = await queryOf(db)<{ products: number; toppings: number; settings: number }>(
    sql`select
          (select count(*) from products
            where slug in (select jsonb_array_elements_text(${slugs}::jsonb)))::int as products,
          (select count(*) from toppings
            where name in (select jsonb_array_elements_text(${JSON.stringify(TOPPINGS)}::jsonb)))::int
            as toppings,
          (select count(*) from store_settings where id = 1)::int as settings`,
  );
  return (
    found !== undefined &&
    found.products === PRODUCTS.length &&
    found.toppings === TOPPINGS.length &&
    found.settings === 1
  );
}
