import {
  HST_PERCENT,
  MAX_CART_LINES,
  MAX_CONTACTS_PER_USER,
  MAX_QUANTITY,
  ORDER_STATUSES,
  TIP_PERCENTS,
  canTransition,
  isStoreOpen,
  lineQuantityProblem,
  priceSelection,
  sameLine,
  validateSelection,
  type DeliveryType,
  type NormalisedSelection,
  type OrderStatus,
  type Product,
} from '../../src/domain';
import pg from 'pg';
import type { Database } from '../../src/server/data/db';
import type { Clock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { storeRepository } from '../../src/server/repositories/store';
import { TEST_DATABASE_URL } from './test-app';

/**
 * What must hold of the database whatever requests came before, checked by the fuzzer after
 * every case: cheap enough to run thousands of times (one query of counts, then only the rows
 * that are new or in an active cart). Each problem comes back as a sentence; none is expected.
 */

const list = (values: readonly (string | number)[]) =>
  values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', ');

/** Rule name → a count of the rows breaking it, over whole tables. */
const COUNTS: Record<string, string> = {
  // Carts and their lines.
  carts_over_line_cap: `select count(*) from (select cart_id from cart_items group by cart_id having count(*) > ${MAX_CART_LINES}) x`,
  lines_out_of_quantity_range: `select count(*) from cart_items where quantity < 1 or quantity > ${MAX_QUANTITY}`,
  lines_without_cart: `select count(*) from cart_items i where not exists (select 1 from carts c where c.id = i.cart_id)`,
  lines_without_product: `select count(*) from cart_items i where not exists (select 1 from products p where p.id = i.product_id)`,
  users_with_two_active_carts: `select count(*) from (select user_id from carts where status = 'active' group by user_id having count(*) > 1) x`,
  carts_with_unknown_tip: `select count(*) from carts where tip_percent not in (${list(TIP_PERCENTS)})`,
  completed_carts_not_confirmed: `select count(*) from carts where status = 'completed' and confirmed_at is null`,
  // orders.cart_id is unique: at most one order per cart, so "exactly one" is "one exists".
  completed_carts_without_order: `select count(*) from carts c where c.status = 'completed' and not exists (select 1 from orders o where o.cart_id = c.id)`,
  orders_of_active_carts: `select count(*) from orders o join carts c on c.id = o.cart_id where c.status <> 'completed'`,
  // Nothing left without its owner.
  carts_without_user: `select count(*) from carts c where not exists (select 1 from users u where u.id = c.user_id)`,
  sessions_without_user: `select count(*) from sessions s where not exists (select 1 from users u where u.id = s.user_id)`,
  contacts_without_user: `select count(*) from contacts x where not exists (select 1 from users u where u.id = x.user_id)`,
  orders_without_user: `select count(*) from orders o where not exists (select 1 from users u where u.id = o.user_id)`,
  order_items_without_order: `select count(*) from order_items i where not exists (select 1 from orders o where o.id = i.order_id)`,
  events_without_order: `select count(*) from order_events e where not exists (select 1 from orders o where o.id = e.order_id)`,
  steps_without_order: `select count(*) from order_steps s where not exists (select 1 from orders o where o.id = s.order_id)`,
  dismissals_without_order: `select count(*) from missed_order_dismissals d where not exists (select 1 from orders o where o.id = d.order_id)`,
  // Accounts, contacts, the store.
  users_without_one_default_contact: `select count(*) from (select user_id from contacts group by user_id having count(*) filter (where is_default) <> 1 or count(*) > ${MAX_CONTACTS_PER_USER}) x`,
  no_admin: `select case when exists (select 1 from users where role = 'admin') then 0 else 1 end`,
  // Linking Google to a customer's account drops the password nobody proved (issue 12).
  google_customers_with_password: `select count(*) from users where role = 'customer' and google_subject is not null and password_hash is not null`,
  store_settings_not_one_row: `select abs(count(*) - 1) from store_settings`,
  store_settings_out_of_range: `select count(*) from store_settings where delivery_fee_cents > 10000 or acceptance_window_minutes not between 1 and 1440 or lead_time_minutes not between 0 and 1440 or delivery_lead_time_minutes not between 0 and 1440`,
  product_price_out_of_range: `select count(*) from products where price_cents < 0 or price_cents > 100000`,
};

/**
 * Rule name → what breaks it, of one order `o`: its figures as the domain computes them
 * (integer cents, half up), its status with the fields that go with it, and its history.
 * Checked on the orders written since the last check (an order never changes without its row
 * or a row of its own being written), so a check costs the same after ten orders or ten thousand;
 * on all of them when a row of theirs was deleted (nothing in the app deletes one).
 */
const ORDER_RULES: Record<string, string> = {
  orders_without_items: `not exists (select 1 from order_items i where i.order_id = o.id)`,
  items_not_unit_times_quantity: `exists (select 1 from order_items i where i.order_id = o.id and (i.total_cents <> i.unit_price_cents * i.quantity or i.quantity < 1 or i.quantity > ${MAX_QUANTITY}))`,
  subtotal_not_sum_of_lines: `o.subtotal_cents <> (select coalesce(sum(total_cents), 0) from order_items i where i.order_id = o.id)`,
  hst_not_the_rate: `o.hst_cents <> (o.subtotal_cents * ${HST_PERCENT} * 2 + 100) / 200`,
  tip_not_the_percent: `o.tip_percent not in (${list(TIP_PERCENTS)}) or o.tip_cents <> (o.subtotal_cents * o.tip_percent * 2 + 100) / 200`,
  fee_on_a_pickup: `o.delivery_type = 'pickup' and o.delivery_fee_cents <> 0`,
  total_not_the_sum: `o.total_cents <> o.subtotal_cents + o.hst_cents + o.tip_cents + o.delivery_fee_cents`,
  delivery_without_address: `o.delivery_type = 'delivery' and coalesce(o.contact_address, '') = ''`,
  unknown_status: `o.status not in (${list(ORDER_STATUSES)})`,
  pending_with_an_answer: `o.status = 'pending' and (o.answered_at is not null or o.ready_minutes is not null or o.decline_reason is not null or o.cancel_reason is not null)`,
  declined_without_reason: `o.status = 'declined' and (o.decline_reason is null or o.answered_at is null or o.ready_minutes is not null)`,
  accepted_without_minutes: `o.status in ('accepted', 'ready', 'out-for-delivery', 'completed', 'cancelled') and (o.ready_minutes is null or o.answered_at is null or o.decline_reason is not null)`,
  cancelled_without_reason: `(o.status = 'cancelled') <> (o.cancel_reason is not null)`,
  steps_not_events: `(select count(*) from order_steps s where s.order_id = o.id) <> (select count(*) from order_events e where e.order_id = o.id and e.type <> 'order-missed-dismissed')`,
  // A missed order's banner is dismissed once (one staff-only event at most), and only if missed.
  dismissal_events_not_one: `(select count(*) from order_events e where e.order_id = o.id and e.type = 'order-missed-dismissed') > (select count(*) from missed_order_dismissals d where d.order_id = o.id)`,
  dismissed_not_missed: `exists (select 1 from missed_order_dismissals d where d.order_id = o.id) and not (o.status = 'declined' and exists (select 1 from order_steps s where s.order_id = o.id and s.status = 'declined' and s.by_user_id is null))`,
  last_step_not_status: `o.status is distinct from (select s.status from order_steps s where s.order_id = o.id order by s.id desc limit 1)`,
  first_event_not_created: `'order-created' is distinct from (select e.type from order_events e where e.order_id = o.id order by e.id limit 1)`,
};

/** The order tables, whose rows written since the last check name the orders to check. */
const ORDER_TABLES = {
  orders: 'id',
  order_items: 'order_id',
  order_steps: 'order_id',
  order_events: 'order_id',
  missed_order_dismissals: 'order_id',
};
const version = (table: string) => `(select coalesce(max(xmin::text::bigint), 0) from ${table})`;

/** Every rule in one round trip; $1 is the newest row version the previous check saw. */
const COUNT_QUERY = `with touched as (
    ${Object.entries(ORDER_TABLES)
      .map(([table, id]) => `select ${id} as id from ${table} where xmin::text::bigint > $1`)
      .join(' union ')}
  ), per_order as (
    select ${Object.entries(ORDER_RULES)
      .map(([name, rule]) => `count(*) filter (where ${rule}) as ${name}`)
      .join(',\n')}
      from orders o where o.id in (select id from touched)
  )
  select ${Object.entries(COUNTS)
    .map(([name, sql]) => `(${sql}) as ${name}`)
    .join(',\n')},
    per_order.*,
    greatest(${Object.keys(ORDER_TABLES).map(version).join(', ')}) as order_version,
    ${Object.keys(ORDER_TABLES)
      .map((table) => `(select count(*) from ${table}) as ${table}_rows`)
      .join(',\n')},
    (select coalesce(max(number), 0) from orders) as last_order_number,
    (select coalesce(max(id), 0) from order_steps) as last_step_id
  from per_order`;

const RULES = [...Object.keys(COUNTS), ...Object.keys(ORDER_RULES)];

interface ActiveLineRow {
  user_id: string;
  cart_id: string;
  id: string;
  product_id: string;
  selection: Partial<NormalisedSelection> | null;
  quantity: number;
}

interface NewItemRow {
  number: string;
  scheduled_time: Date | string | null;
  product_id: string | null;
  selection: Partial<NormalisedSelection> | null;
  quantity: number;
  unit_price_cents: number;
}

interface StepRow {
  order_id: string;
  status: OrderStatus;
  delivery_type: DeliveryType;
}

const selectionOf = (stored: Partial<NormalisedSelection> | null): NormalisedSelection => ({
  ...(stored?.size ? { size: stored.size } : {}),
  ...(stored?.flavor ? { flavor: stored.flavor } : {}),
  ...(stored?.wingsFlavor ? { wingsFlavor: stored.wingsFlavor } : {}),
  sides: stored?.sides ?? [],
  drinks: stored?.drinks ?? [],
  toppings: stored?.toppings ?? [],
});

export interface InvariantChecker {
  /** The rules broken now, as sentences (empty when all hold). */
  check(): Promise<string[]>;
}

/**
 * A checker for `db`. It remembers the last order and order step it has seen, so each check
 * prices only the orders placed since the last one (against the menu as it is now: call it right
 * after any request that places orders) and walks only the histories that grew.
 */
export async function invariantChecker(
  db: Database,
  connection: CheckConnection,
  clock: Clock,
): Promise<InvariantChecker> {
  const countQuery = await connection.prepare('fuzz_invariant_counts', COUNT_QUERY, 1);
  let orderVersion = 0;
  let orderRows: number[] = [];
  const catalogue = productsRepository(db);
  let lastOrderNumber = 0;
  let lastStepId = 0;

  /** What is wrong with a line's choice and quantity, by product, quantity and options. */
  const lineVerdicts = new Map<string, string | null>();

  async function activeLines(problems: string[]): Promise<void> {
    // Every topping the menu has, sold out or hidden or not: a line stays well formed when one
    // of its options sells out after it was added (that is refused at checkout, by name). Read
    // at every check: the owner may rename one, and a line holds its toppings by id.
    const toppings = await catalogue.toppings();
    const toppingNames = new Set(toppings.map((topping) => topping.name));
    const nameOf = new Map(toppings.map((topping) => [topping.id, topping.name]));
    // The beverages as they are named now: the owner may rename one too (migration 022).
    const beverages = await catalogue.list('Beverages');
    const drinkNames = new Set(beverages.map((drink) => drink.name));
    const drinkOf = new Map(beverages.map((drink) => [drink.id, drink.name]));
    // A line's toppings are ids (migration 019); anything else is a broken line, never a name.
    // Its drinks hold a beverage's id beside the name they were added with (022), read as the
    // app reads them: the beverage's name now, else that name (a drink no beverage had).
    const named = (stored: Partial<NormalisedSelection> | null) => ({
      ...selectionOf(stored),
      toppings: (stored?.toppings ?? []).map((pizza) =>
        pizza.map((id) => nameOf.get(id) ?? `not a topping's id: ${id}`),
      ),
      drinks: ((stored?.drinks ?? []) as { id?: string; name: string; quantity: number }[]).map(
        ({ id, name, quantity }) => ({
          name: (id === undefined ? undefined : drinkOf.get(id)) ?? name,
          quantity,
        }),
      ),
    });
    const rows = await db.query<ActiveLineRow>(
      `select c.user_id, c.id as cart_id, i.id, i.product_id, i.selection, i.quantity
         from cart_items i join carts c on c.id = i.cart_id
        where c.status = 'active' order by i.position`,
    );
    const verdictKey = (row: ActiveLineRow) =>
      `${row.product_id} ${row.quantity} ${JSON.stringify(row.selection)}`;
    const unseen = rows.filter((row) => !lineVerdicts.has(verdictKey(row)));
    const products = await catalogue.getMany([...new Set(unseen.map((row) => row.product_id))]);
    for (const row of unseen) {
      const found = products.get(row.product_id);
      if (!found) continue;
      // Checked as the menu has it, sold out or not (selling out never rewrites a cart); a
      // product's options never change, so a line's verdict is kept.
      const product: Product = { ...found, soldOut: false };
      const checked = validateSelection(
        product,
        { ...named(row.selection), quantity: row.quantity },
        toppingNames,
        drinkNames,
      );
      const tooMany = lineQuantityProblem(row.quantity);
      lineVerdicts.set(
        verdictKey(row),
        !checked.ok
          ? `${product.name} is not a valid choice: ${checked.message}`
          : tooMany
            ? `${product.name} × ${row.quantity}: ${tooMany}`
            : null,
      );
    }
    const byCart = new Map<string, { productId: string; selection: NormalisedSelection }[]>();
    for (const row of rows) {
      const verdict = lineVerdicts.get(verdictKey(row));
      if (verdict)
        problems.push(`cart line ${row.id}: ${verdict} (${JSON.stringify(row.selection)})`);
      const lines = byCart.get(row.cart_id) ?? [];
      const line = { productId: row.product_id, selection: named(row.selection) };
      if (lines.some((other) => sameLine(other, line))) {
        problems.push(`cart ${row.cart_id} holds one item as two lines (line ${row.id})`);
      }
      lines.push(line);
      byCart.set(row.cart_id, lines);
    }
  }

  /**
   * The orders placed since the last check, as the menu and the store are now (call the check
   * right after a request that places orders): every line priced by the engine, nothing sold out
   * in any line, and the store open unless the order is scheduled.
   */
  async function newOrders(problems: string[], upTo: number): Promise<void> {
    if (upTo <= lastOrderNumber) return;
    const rows = await db.query<NewItemRow>(
      `select o.number, o.scheduled_time, i.product_id, i.selection, i.quantity, i.unit_price_cents
         from orders o join order_items i on i.order_id = o.id
        where o.number > $1 and o.number <= $2`,
      [lastOrderNumber, upTo],
    );
    const ids = rows.flatMap((row) => (row.product_id ? [row.product_id] : []));
    const products = await catalogue.getMany([...new Set(ids)]);
    const soldOut = new Set(
      (
        await db.query<{ name: string }>(
          `select name from products where sold_out
           union select name from toppings where sold_out or hidden
           union select name from sold_out_flavours`,
        )
      ).map((row) => row.name),
    );
    const settings = await storeRepository(db).settings();
    const open = isStoreOpen(clock.now(), settings);
    for (const row of rows) {
      const product = row.product_id ? products.get(row.product_id) : undefined;
      if (!product) continue;
      const selection = selectionOf(row.selection);
      const { unit } = priceSelection(product, selection, row.quantity);
      if (unit !== row.unit_price_cents) {
        problems.push(
          `order #${row.number}: ${product.name} charged ${row.unit_price_cents} cents a unit, the engine says ${unit}`,
        );
      }
      const gone = [
        product.name,
        ...selection.toppings.flat(),
        ...selection.drinks.map((drink) => drink.name),
        ...selection.sides,
        ...[selection.flavor, selection.wingsFlavor].filter((name) => name !== undefined),
      ].filter((name) => soldOut.has(name));
      if (gone.length > 0) {
        problems.push(`order #${row.number} was placed with ${gone.join(', ')} sold out`);
      }
      if (!open && row.scheduled_time === null) {
        problems.push(`order #${row.number} was placed for now while the store is closed`);
      }
    }
    lastOrderNumber = upTo;
  }

  async function newSteps(problems: string[], upTo: number): Promise<void> {
    if (upTo <= lastStepId) return;
    const rows = await db.query<StepRow>(
      `select s.order_id, s.status, o.delivery_type
         from order_steps s join orders o on o.id = s.order_id
        where s.order_id in (select order_id from order_steps where id > $1 and id <= $2)
        order by s.order_id, s.id`,
      [lastStepId, upTo],
    );
    const histories = new Map<string, OrderStatus[]>();
    const types = new Map<string, DeliveryType>();
    for (const row of rows) {
      histories.set(row.order_id, [...(histories.get(row.order_id) ?? []), row.status]);
      types.set(row.order_id, row.delivery_type);
    }
    for (const [orderId, steps] of histories) {
      const type = types.get(orderId) ?? 'pickup';
      const broken =
        steps[0] !== 'pending' ||
        steps.some(
          (step, index) => index > 0 && !canTransition(steps[index - 1] ?? 'pending', step, type),
        );
      if (broken) problems.push(`order ${orderId} went ${steps.join(' → ')}`);
    }
    lastStepId = upTo;
  }

  return {
    async check() {
      let [counts] = await countQuery<Record<string, string | number>>(orderVersion);
      if (!counts) return ['the invariant query returned no row'];
      const rows = Object.keys(ORDER_TABLES).map((table) => Number(counts?.[`${table}_rows`]));
      if (rows.some((count, index) => count < (orderRows[index] ?? 0))) {
        // A deleted row touches no order: every order is checked again.
        [counts] = await countQuery<Record<string, string | number>>(0);
        if (!counts) return ['the invariant query returned no row'];
      }
      orderRows = rows;
      orderVersion = Number(counts.order_version);
      const found = counts;
      const problems = RULES.filter((name) => Number(found[name]) !== 0).map(
        (name) => `${name.replaceAll('_', ' ')}: ${String(found[name])}`,
      );
      await activeLines(problems);
      await newOrders(problems, Number(counts.last_order_number));
      await newSteps(problems, Number(counts.last_step_id));
      return problems;
    },
  };
}

/**
 * A cheap fingerprint of everything stored: per table, its row count and the newest row
 * version's transaction id (`xmin`). Any committed insert, update or delete changes it (requests
 * run one at a time), so a 4xx that wrote something is caught without hashing whole tables.
 * Every table of the schema is included, so a new table is covered without a change here.
 */
export async function writeFingerprinter(
  db: Database,
  connection: CheckConnection,
): Promise<() => Promise<Record<string, string>>> {
  const tables = (
    await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((name) => /^[a-z_][a-z0-9_]*$/.test(name));
  const fingerprint = await connection.prepare(
    'fuzz_write_fingerprint',
    tables
      .map(
        (table) =>
          `select '${table}' as name, count(*)::text as rows, coalesce(max(xmin::text::bigint), 0)::text as version from ${table}`,
      )
      .join(' union all '),
  );
  return async () => {
    const rows = await fingerprint<{ name: string; rows: string; version: string }>();
    return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}@${row.version}`]));
  };
}

const types = (count: number) =>
  count > 0 ? `(${Array.from({ length: count }, () => 'bigint').join(', ')})` : '';
/** Whole numbers only, written into the statement (EXECUTE takes no bind parameters here). */
const args = (values: readonly number[]) =>
  values.length > 0 ? `(${values.map((value) => String(Math.trunc(value))).join(', ')})` : '';

/** Queries run thousands of times, each prepared once (planned once). */
export interface CheckConnection {
  /** `sql` prepared as `name`, taking `params` parameters of type bigint. */
  prepare(
    name: string,
    sql: string,
    params?: number,
  ): Promise<<Row>(...values: number[]) => Promise<Row[]>>;
  close(): Promise<void>;
}

/**
 * Where the checks run. Planning a query of thirty subqueries costs more than running it, so
 * each is prepared once: on PGlite on its one connection; on Postgres on a connection of the
 * checker's own (a pool hands each query any connection, where the statement may not exist),
 * reading the test's schema. The app's requests have all committed when a check runs, so what
 * the checker reads on its connection is what they left.
 */
export async function openCheckConnection(db: Database): Promise<CheckConnection> {
  if (db.kind === 'pglite') {
    return {
      async prepare(name, sql, params = 0) {
        await db.query(`prepare ${name}${types(params)} as ${sql}`);
        return <Row>(...values: number[]) => db.query<Row>(`execute ${name}${args(values)}`);
      },
      close: () => Promise.resolve(),
    };
  }
  const [current] = await db.query<{ schema: string }>('select current_schema() as schema');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`set search_path to "${current?.schema ?? 'public'}"`);
  return {
    async prepare(name, sql, params = 0) {
      await client.query(`prepare ${name}${types(params)} as ${sql}`);
      return async <Row>(...values: number[]) =>
        (await client.query(`execute ${name}${args(values)}`)).rows as Row[];
    },
    close: () => client.end(),
  };
}
