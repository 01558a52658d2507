import {
  isKind,
  isUuid,
  type AvailabilityWindow,
  type Category,
  type Kind,
  type Product,
  type ProductDetails,
} from '../../domain';
import { slugify } from '../data/slug';
import { availabilityWindows, parseProductDetails } from '../../domain/product-details';
import type { Queryable } from '../data/db';
import { empty, queryOf, sql } from '../data/sql';
import { withDrinkIdNamed, withDrinkIds, withDrinkNames } from './drink-refs';

interface ProductRow {
  id: string;
  name: string;
  category: Category;
  image: string;
  price_cents: number;
  description: string;
  /** jsonb: whatever is stored, checked by `parseProductDetails` before it becomes a product. */
  details: unknown;
  sold_out: boolean;
  hidden: boolean;
  /** Its category's, in the same statement (a scalar subquery works in `returning` too). */
  kind: string;
  category_hidden: boolean;
  category_available_at: unknown;
}

/**
 * A combo's drinks are stored by id and read by name (`drink-refs.ts`, migration 022); a
 * product's kind, and whether its category is hidden and its windows, come from its category,
 * in the same statement (a scalar subquery works in `returning` too).
 */
const COLUMNS = sql`id, name, category, image, price_cents, description,
  ${withDrinkNames(sql`details`)} as details, sold_out, hidden,
  (select c.kind from categories c where c.id = products.category) as kind,
  (select c.hidden from categories c where c.id = products.category) as category_hidden,
  (select c.available_at from categories c where c.id = products.category)
    as category_available_at`;

/** A category's windows as stored (checked on write); undefined when it has none. */
export function storedWindows(value: unknown): AvailabilityWindow[] | undefined | 'unreadable' {
  if (value === null || value === undefined) return undefined;
  const parsed = availabilityWindows.safeParse(value);
  return parsed.success ? parsed.data : 'unreadable';
}

/** A product row whose details do not parse: left out, so nobody is shown it or charged for it. */
export interface UnreadableProduct {
  id: string;
  name: string;
  problems: string;
}

export interface ProductsRepositoryOptions {
  /** Told of each row left out (the catalogue snapshot logs it, once per problem). */
  onUnreadable?: (product: UnreadableProduct) => void;
}

function productOf(row: ProductRow, options: ProductsRepositoryOptions): Product | null {
  const details = parseProductDetails(row.details);
  if (!details.ok) {
    options.onUnreadable?.({ id: row.id, name: row.name, problems: details.problems });
    return null;
  }
  const windows = storedWindows(row.category_available_at);
  if (!isKind(row.kind) || windows === 'unreadable') {
    options.onUnreadable?.({ id: row.id, name: row.name, problems: 'its category does not read' });
    return null;
  }
  const kind: Kind = row.kind;
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    kind,
    ...(row.category_hidden ? { categoryHidden: true } : {}),
    ...(windows ? { categoryAvailableAt: windows } : {}),
    image: row.image,
    price: row.price_cents,
    description: row.description,
    details: details.details,
    soldOut: row.sold_out,
    hidden: row.hidden,
  };
}

interface ToppingRow {
  id: string;
  name: string;
  sold_out: boolean;
  hidden: boolean;
  allergens: string[];
  marks: string[];
}

/**
 * A topping as the store keeps it; `hidden`: retired from the storefront (issue 34); its lists
 * as stored (the screens read the names they know).
 */
export interface ToppingRecord {
  id: string;
  name: string;
  soldOut: boolean;
  hidden: boolean;
  allergens: string[];
  marks: string[];
}

const TOPPING_COLUMNS = sql`id, name, sold_out, hidden, allergens, marks`;

const toTopping = (row: ToppingRow): ToppingRecord => ({
  id: row.id,
  name: row.name,
  soldOut: row.sold_out,
  hidden: row.hidden,
  allergens: row.allergens,
  marks: row.marks,
});

/**
 * Products whose stored details do not parse are left out of every answer here, as if they did
 * not exist (decision 18): the menu, a cart and a checkout never see a product the engine could
 * price wrong, and the rest of the menu is served as usual.
 */
export function productsRepository(db: Queryable, options: ProductsRepositoryOptions = {}) {
  const query = queryOf(db);
  const toProduct = (row: ProductRow) => productOf(row, options);
  const ordered = async (id: string): Promise<boolean> => {
    if (!isUuid(id)) return false;
    const rows = await query<{ ordered: boolean }>(
      sql`select exists (select 1 from order_items where product_id = ${id}) as ordered`,
    );
    return rows[0]?.ordered === true;
  };
  return {
    async list(category?: Category): Promise<Product[]> {
      const rows = await query<ProductRow>(
        sql`select ${COLUMNS} from products
            ${category ? sql`where category = ${category}` : empty}
            order by (select c.sort_order from categories c where c.id = products.category),
                     sort_order, name`,
      );
      return rows.flatMap((row) => toProduct(row) ?? []);
    },
    /** The product, or null for an unknown (or malformed) id or unreadable details. */
    async get(id: string): Promise<Product | null> {
      if (!isUuid(id)) return null;
      const rows = await query<ProductRow>(sql`select ${COLUMNS} from products where id = ${id}`);
      return rows[0] ? toProduct(rows[0]) : null;
    },
    /**
     * The products of these ids, hidden or not, by id. `lock` 'key share' holds them until the
     * transaction ends against a concurrent delete (a row deleted meanwhile is not answered).
     */
    async getMany(ids: readonly string[], lock?: 'key share'): Promise<Map<string, Product>> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return new Map();
      const rows = await query<ProductRow>(
        sql`select ${COLUMNS} from products where id = any(${valid}::uuid[])
            ${lock ? sql`for key share` : empty}`,
      );
      const found = new Map<string, Product>();
      for (const row of rows) {
        const product = toProduct(row);
        if (product) found.set(row.id, product);
      }
      return found;
    },
    /**
     * Changes a product's fields in one statement; fields left undefined stay as they are. The
     * caller checked the result against the domain's rules. The product as it is now, or null
     * for an unknown id.
     */
    async update(
      id: string,
      change: {
        soldOut?: boolean;
        priceCents?: number;
        image?: string;
        name?: string;
        category?: Category;
        description?: string;
        details?: ProductDetails;
        hidden?: boolean;
      },
    ): Promise<Product | null> {
      if (!isUuid(id)) return null;
      const details = change.details === undefined ? null : JSON.stringify(change.details);
      const rows = await query<ProductRow>(
        sql`update products
               set sold_out = coalesce(${change.soldOut ?? null}, sold_out),
                   price_cents = coalesce(${change.priceCents ?? null}, price_cents),
                   image = coalesce(${change.image ?? null}, image),
                   name = coalesce(${change.name ?? null}, name),
                   category = coalesce(${change.category ?? null}, category),
                   description = coalesce(${change.description ?? null}, description),
                   details = coalesce(${withDrinkIds(sql`${details}::jsonb`)}, details),
                   hidden = coalesce(${change.hidden ?? null}, hidden)
             where id = ${id}
             returning ${COLUMNS}`,
      );
      return rows[0] ? toProduct(rows[0]) : null;
    },
    /**
     * Moves the product to `position` (0-based, past the end = last) among the products of its
     * category, in the menu's order (sort order, then name), and renumbers every product's
     * sort order from 0 in one statement, so ties (the seed's, or two products made at once)
     * cannot put it back. The caller holds the menu's lock. False for an unknown id.
     */
    async moveTo(id: string, position: number): Promise<boolean> {
      const rows = await query<{ id: string; category: string }>(
        sql`select id, category from products order by sort_order, name, id`,
      );
      const moved = rows.find((row) => row.id === id);
      if (!moved) return false;
      const siblings = rows.filter((row) => row.category === moved.category && row.id !== id);
      siblings.splice(Math.min(position, siblings.length), 0, moved);
      // The category keeps the places it had in the whole menu; only who sits in them changes.
      let next = 0;
      const order = rows.map((row) =>
        row.category === moved.category ? (siblings[next++] ?? row).id : row.id,
      );
      await query(
        sql`update products p set sort_order = x.position - 1
              from unnest(${order}::uuid[]) with ordinality as x(id, position)
             where p.id = x.id and p.sort_order <> x.position - 1`,
      );
      return true;
    },
    /** Whether any order includes the product: such a one can be hidden, never deleted. */
    ordered,
    /**
     * Deletes a product no order ever included, with its lines in carts, under locks taken in
     * the cart's order (`repositories/carts.ts`: the carts first) and then the product's row,
     * which complete-order key-shares as it reads the products: an order placed meanwhile either
     * committed first (and is seen here: 'ordered') or waits and then finds the product gone.
     */
    async remove(id: string): Promise<'deleted' | 'ordered' | 'missing'> {
      if (!isUuid(id)) return 'missing';
      await query(
        sql`select id from carts
             where id in (select cart_id from cart_items where product_id = ${id})
             order by id for update`,
      );
      const found = await query<{ id: string; name: string }>(
        sql`select id, name from products where id = ${id} for update`,
      );
      const product = found[0];
      if (!product) return 'missing';
      if (await ordered(id)) return 'ordered';
      // A combo listing this beverage lists its name instead, as it did before drinks were
      // kept by id: it reads as it did, and its editor shows the drink to untick.
      await query(
        sql`update products set details = ${withDrinkIdNamed(sql`details`, id, product.name)}
             where details -> 'drinks' @> jsonb_build_array(${id}::text)`,
      );
      await query(sql`delete from cart_items where product_id = ${id}`);
      await query(sql`delete from products where id = ${id}`);
      return 'deleted';
    },
    /**
     * The names of the products in `category` but `exceptId` (the one being renamed), readable
     * or not (a name is taken either way).
     */
    async namesIn(category: Category, exceptId?: string): Promise<string[]> {
      const rows = await query<{ name: string }>(
        sql`select name from products where category = ${category}
            ${exceptId ? sql`and id <> ${exceptId}` : empty}`,
      );
      return rows.map((row) => row.name);
    },
    /** The names of every beverage, readable or not, hidden too: what a combo's drinks name. */
    async beverageNames(): Promise<string[]> {
      const rows = await query<{ name: string }>(
        sql`select name from products
             where category in (select id from categories where kind = 'beverages')`,
      );
      return rows.map((row) => row.name);
    },
    /**
     * Adds a product at the end of the menu under a slug made from its name, unique (a number
     * appended when taken). The product as stored, or null if its details do not read back.
     */
    async create(
      product: Omit<Product, 'id' | 'kind' | 'categoryHidden' | 'categoryAvailableAt'>,
    ): Promise<Product | null> {
      const base = slugify(product.name) || 'product';
      const taken = new Set(
        (
          await query<{ slug: string }>(
            sql`select slug from products where slug = ${base} or slug like ${`${base}-%`}`,
          )
        ).map((row) => row.slug),
      );
      let slug = base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
      const rows = await query<ProductRow>(
        sql`insert into products (slug, name, category, image, price_cents, description, details,
              sold_out, sort_order)
            values (${slug}, ${product.name}, ${product.category}, ${product.image},
              ${product.price}, ${product.description},
              ${withDrinkIds(sql`${JSON.stringify(product.details)}::jsonb`)},
              ${product.soldOut},
              (select coalesce(max(sort_order), -1) + 1 from products))
            returning ${COLUMNS}`,
      );
      return rows[0] ? toProduct(rows[0]) : null;
    },
    /**
     * The names of the options a line can hold (toppings, the deals' drinks, flavours) that are
     * sold out now: one small query where an order is placed (usually no rows), not the lists.
     * A hidden topping counts as sold out: retired, it is refused as one (issue 34).
     */
    async soldOutOptions(): Promise<{
      toppings: Set<string>;
      drinks: Set<string>;
      flavours: Set<string>;
    }> {
      type Kind = 'topping' | 'drink' | 'flavour';
      const rows = await query<{ kind: Kind; name: string }>(
        sql`select 'topping' as kind, name from toppings where sold_out or hidden
            union all
            select 'drink' as kind, name from products
             where category in (select id from categories where kind = 'beverages') and sold_out
            union all
            select 'flavour' as kind, name from sold_out_flavours`,
      );
      const names = (kind: Kind) =>
        new Set(rows.filter((row) => row.kind === kind).map((row) => row.name));
      return { toppings: names('topping'), drinks: names('drink'), flavours: names('flavour') };
    },
    /** The flavours the store has marked sold out, by name. */
    async soldOutFlavours(): Promise<Set<string>> {
      const rows = await query<{ name: string }>(sql`select name from sold_out_flavours`);
      return new Set(rows.map((row) => row.name));
    },
    /** Marks a flavour sold out (a row) or back (no row); the caller checked the name. */
    async setFlavourSoldOut(name: string, soldOut: boolean): Promise<void> {
      await query(
        soldOut
          ? sql`insert into sold_out_flavours (name) values (${name}) on conflict do nothing`
          : sql`delete from sold_out_flavours where name = ${name}`,
      );
    },
    /** Every topping, hidden ones too, in the menu's order. */
    async toppings(): Promise<ToppingRecord[]> {
      const rows = await query<ToppingRow>(
        sql`select ${TOPPING_COLUMNS} from toppings order by sort_order, name`,
      );
      return rows.map(toTopping);
    },
    /** The names of every topping but `exceptId` (the one being renamed), hidden ones too. */
    async toppingNames(exceptId?: string): Promise<string[]> {
      const rows = await query<{ name: string }>(
        sql`select name from toppings ${exceptId ? sql`where id <> ${exceptId}` : empty}`,
      );
      return rows.map((row) => row.name);
    },
    /** Adds a topping at the end of the menu; the caller checked its name. */
    async createTopping(name: string): Promise<ToppingRecord> {
      const rows = await query<ToppingRow>(
        sql`insert into toppings (name, sort_order)
            values (${name}, (select coalesce(max(sort_order), -1) + 1 from toppings))
            returning ${TOPPING_COLUMNS}`,
      );
      const row = rows[0];
      if (!row) throw new Error('A topping was inserted without a row');
      return toTopping(row);
    },
    /**
     * Changes a topping's fields in one statement; undefined fields stay as they are. The topping
     * as it is now, or null when there is none with this id.
     */
    async updateTopping(
      id: string,
      change: {
        name?: string;
        soldOut?: boolean;
        hidden?: boolean;
        allergens?: string[];
        marks?: string[];
      },
    ): Promise<ToppingRecord | null> {
      if (!isUuid(id)) return null;
      const rows = await query<ToppingRow>(
        sql`update toppings
               set name = coalesce(${change.name ?? null}, name),
                   sold_out = coalesce(${change.soldOut ?? null}, sold_out),
                   hidden = coalesce(${change.hidden ?? null}, hidden),
                   allergens = coalesce(${change.allergens ?? null}::text[], allergens),
                   marks = coalesce(${change.marks ?? null}::text[], marks)
             where id = ${id}
             returning ${TOPPING_COLUMNS}`,
      );
      return rows[0] ? toTopping(rows[0]) : null;
    },
    /**
     * Gives the toppings the order of `ids` (every topping's id, in the order wanted) as their
     * sort order 0, 1, 2...; only the rows whose place changed are written.
     */
    async orderToppings(ids: readonly string[]): Promise<void> {
      await query(
        sql`update toppings t set sort_order = o.place - 1
              from unnest(${ids}::uuid[]) with ordinality as o(id, place)
             where t.id = o.id and t.sort_order <> o.place - 1`,
      );
    },
  };
}
