/**
 * Drinks are kept by the beverage's id inside the store (issue 34, migration 022), so the owner
 * may rename a beverage without breaking the combos that list it or the cart lines that hold it.
 * The wire, the domain and placed orders keep speaking names: this module is the one place that
 * turns one into the other, and every path that reads or writes a stored drink goes through it.
 *
 * - A combo's `details.drinks` is a list of beverage ids. Written, each name becomes the id of
 *   the beverage of that name (`withDrinkIds`); read, each id becomes that product's name now
 *   (`withDrinkNames`). An entry that is no product's id reads as the text it holds: a name from
 *   before migration 022 that no beverage had, or a deleted beverage's (`products.remove` turns
 *   its id back into its name), so it reads as it did before.
 * - A cart line's drink is `{id, name, quantity}`: the beverage's id, and its name when the line
 *   was added, read only if the beverage is gone (`withNamedLineDrinks`). A line's ids come from
 *   the menu it was checked against (`lineDrinkIds`), as its toppings' do, so a rename committed
 *   since then does not lose the drink. A drink no beverage had stays `{name, quantity}`.
 *
 * Beverages are the products of the categories whose kind is `beverages` (decision 17).
 */
import type { NormalisedSelection, Product } from '../../domain';
import { sql, type Sql } from '../data/sql';

/**
 * The name of the product whose id is the text `ref`, or null. Looked up by the primary key, so
 * each drink costs one index probe however many products the store has; a text that is no uuid
 * (a name from before 022) finds nothing without being cast (a CASE decides before the cast).
 */
const productName = (ref: Sql) =>
  sql`(select p.name from products p
        where p.id = case when ${ref} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                          then (${ref})::uuid end)`;

/** The id (text) of the beverage called `name` (hidden ones too), or null. */
const beverageId = (name: Sql) =>
  sql`(select p.id::text from products p
        where p.name = ${name}
          and p.category in (select c.id from categories c where c.kind = 'beverages')
        order by p.sort_order, p.id limit 1)`;

/** `details` (a jsonb expression) with each text entry of its drinks list mapped by `each`. */
function mapDetailsDrinks(details: Sql, each: (entry: Sql) => Sql): Sql {
  return sql`case when jsonb_typeof(${details} -> 'drinks') = 'array'
    then jsonb_set(${details}, '{drinks}', (
      select coalesce(jsonb_agg(
               case when jsonb_typeof(one.value) = 'string'
                 then to_jsonb(${each(sql`(one.value #>> '{}')`)}) else one.value end
               order by one.ordinality), '[]'::jsonb)
        from jsonb_array_elements(${details} -> 'drinks') with ordinality as one))
    else ${details} end`;
}

/** SQL: stored details (jsonb) as the app reads them, each drink by its beverage's name now. */
export const withDrinkNames = (details: Sql): Sql =>
  mapDetailsDrinks(details, (entry) => sql`coalesce(${productName(entry)}, ${entry})`);

/**
 * SQL: details (jsonb, drinks by name) as they are stored, each drink by its beverage's id. The
 * caller checked that every name is a beverage's (`checkProductDraft`'s `beverageNames`), under
 * the menu's lock, so none is lost; one that is not stays as its text.
 */
export const withDrinkIds = (details: Sql): Sql =>
  mapDetailsDrinks(details, (entry) => sql`coalesce(${beverageId(entry)}, ${entry})`);

/** SQL: details (jsonb) with the beverage `id`'s entry turned into `name` (it is being deleted). */
export const withDrinkIdNamed = (details: Sql, id: string, name: string): Sql =>
  mapDetailsDrinks(
    details,
    (entry) => sql`case when ${entry} = ${id} then ${name} else ${entry} end`,
  );

/**
 * SQL: `named` (a cart line's selection expression) with its drinks, read from `stored` (the
 * line's column), each named by its beverage's name now, else the name it was added with.
 */
export const withNamedLineDrinks = (named: Sql, stored: Sql): Sql =>
  sql`(${named}) || case when jsonb_typeof(${stored} -> 'drinks') = 'array'
    then jsonb_build_object('drinks', (
      select coalesce(jsonb_agg(
               case when jsonb_typeof(one.value -> 'id') = 'string'
                 then (one.value - 'id') || jsonb_build_object('name',
                        coalesce(${productName(sql`(one.value ->> 'id')`)}, one.value ->> 'name'))
                 else one.value end
               order by one.ordinality), '[]'::jsonb)
        from jsonb_array_elements(${stored} -> 'drinks') with ordinality as one))
    else '{}'::jsonb end`;

/** A stored cart line's drink: by id when the menu has a beverage of its name. */
export interface StoredLineDrink {
  id?: string;
  name: string;
  quantity: number;
}

/**
 * A line's drinks as the cart keeps them, each with the id of the beverage of its name in
 * `products` (the menu the line was checked against, hidden beverages too: a combo may list
 * one). A drink no beverage has (a combo's list from before migration 022) keeps its name only.
 */
export function lineDrinkIds(
  drinks: NormalisedSelection['drinks'],
  products: readonly Product[],
): StoredLineDrink[] {
  const ids = new Map<string, string>();
  for (const product of products) {
    if (product.kind === 'beverages' && !ids.has(product.name)) ids.set(product.name, product.id);
  }
  return drinks.map((drink) => {
    const id = ids.get(drink.name);
    return id === undefined ? drink : { id, ...drink };
  });
}
