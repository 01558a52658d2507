/**
 * LOCK ORDER for every write to a cart (read this before adding a write path):
 *
 *   1. the cart row first: `lockActive` (`select ... for update` on `carts`), or `ensureLocked`
 *      and `confirmActive` (an `update` of the row, which takes the same lock),
 *   2. then its lines (`cart_items`), in the same transaction.
 *
 * Every method below that writes assumes the caller's transaction already holds the cart's lock.
 * Touching a line before the cart (update a line, then `touch` the cart) while another request
 * holds the cart and waits for that line is a deadlock on Postgres (40P01, a 500 to the
 * customer). Holding the cart first also serialises read-then-write rules such as merging a
 * line into the same line, and makes a line deleted by a concurrent request simply absent
 * when the next one looks (so it answers 404, not a silent success).
 */
import type { DeliveryType, NormalisedSelection } from '../../domain';
import type { Queryable } from '../data/db';
import { empty, queryOf, sql } from '../data/sql';
import { withNamedLineDrinks, type StoredLineDrink } from './drink-refs';
import { storedSelection } from './stored-selection';

export interface CartRecord {
  id: string;
  userId: string;
  tipPercent: number;
  deliveryType: 'pickup' | 'delivery' | null;
  /**
   * The delivery fee Confirm Order showed (cents, 0 for pickup); null before it. What the cart
   * shows and the order charges from then on, whatever the store's setting becomes.
   */
  confirmedFeeCents: number | null;
}

/** A cart `ensureLocked` holds; `isNew` when that call made it, so it has no lines. */
export interface LockedCart extends CartRecord {
  isNew: boolean;
}

export interface CartItemRecord {
  id: string;
  productId: string;
  selection: NormalisedSelection;
  quantity: number;
  /** The unit price (cents) when the line was added; null for lines added before it was kept. */
  addedUnitCents: number | null;
}

interface CartRow {
  id: string;
  user_id: string;
  tip_percent: number;
  delivery_type: 'pickup' | 'delivery' | null;
  confirmed_fee_cents: number | null;
}

interface ItemRow {
  id: string;
  product_id: string;
  selection: Partial<NormalisedSelection> | null;
  quantity: number;
  added_unit_cents: number | null;
}

function toCart(row: CartRow): CartRecord {
  return {
    id: row.id,
    userId: row.user_id,
    tipPercent: row.tip_percent,
    deliveryType: row.delivery_type,
    confirmedFeeCents: row.confirmed_fee_cents,
  };
}

function toItem(row: ItemRow): CartItemRecord {
  return {
    id: row.id,
    productId: row.product_id,
    selection: storedSelection(row.selection),
    quantity: row.quantity,
    addedUnitCents: row.added_unit_cents,
  };
}

/** What Confirm Order stored on a cart (POST /api/cart/confirm). */
export interface CartCheckout {
  deliveryType: DeliveryType;
  phone: string;
  address: string;
  /** Null for "as soon as possible". */
  scheduledTime: Date | null;
  instructions: string;
  confirmedAt: Date;
}

interface CheckoutRow {
  delivery_type: DeliveryType | null;
  contact_phone: string | null;
  contact_address: string | null;
  scheduled_time: Date | string | null;
  instructions: string | null;
  confirmed_at: Date | string | null;
}

/** Confirm Order's details on a cart row; null until it was confirmed. */
function toCheckout(row: CheckoutRow): CartCheckout | null {
  if (row.confirmed_at === null || row.delivery_type === null) return null;
  return {
    deliveryType: row.delivery_type,
    phone: row.contact_phone ?? '',
    address: row.contact_address ?? '',
    scheduledTime: row.scheduled_time === null ? null : new Date(row.scheduled_time),
    instructions: row.instructions ?? '',
    confirmedAt: new Date(row.confirmed_at),
  };
}

// What Confirm Order stores, beside the delivery type (one of CART_COLUMNS too).
const CHECKOUT_ONLY = sql`contact_phone, contact_address, scheduled_time, instructions, confirmed_at`;

const CART_COLUMNS = sql`id, user_id, tip_percent, delivery_type,
  case when confirmed_at is null then null else delivery_fee_cents end as confirmed_fee_cents`;
/**
 * A line's toppings are kept by id (issue 34): the owner may rename a topping, and a cart that
 * held it must still read, price and order (under the new name). Everything outside this file
 * speaks names, as the wire does, so the selection is read with each id turned back into the
 * topping's name now. An entry that is no topping's id reads as the text it holds: only a line
 * from before migration 019 naming a topping deleted by hand can hold one (toppings are hidden,
 * never deleted, and a new line's ids come from the menu it was checked against), and it reads
 * as it did before. A placed order copies the names (`order_items`): its snapshot.
 */
const NAMED_TOPPINGS = sql`case when jsonb_typeof(selection -> 'toppings') = 'array'
  then jsonb_set(selection, '{toppings}', (
    select coalesce(jsonb_agg(
             case when jsonb_typeof(pizza.value) = 'array' then (
               select coalesce(jsonb_agg(coalesce(to_jsonb(t.name), one.value)
                                         order by one.ordinality), '[]'::jsonb)
                 from jsonb_array_elements(pizza.value) with ordinality as one
                 left join toppings t on t.id::text = one.value #>> '{}')
             else pizza.value end
             order by pizza.ordinality), '[]'::jsonb)
      from jsonb_array_elements(selection -> 'toppings') with ordinality as pizza))
  else selection end`;

/** The drinks too are kept by id, and read by name (`drink-refs.ts`, migration 022). */
const NAMED_SELECTION = withNamedLineDrinks(NAMED_TOPPINGS, sql`selection`);

const ITEM_COLUMNS = sql`id, product_id, ${NAMED_SELECTION} as selection, quantity, added_unit_cents`;

/** The signed-in customers' carts: one active cart per user (a unique partial index). */
export function cartsRepository(db: Queryable) {
  const query = queryOf(db);

  async function selectActive(userId: string, lock: boolean): Promise<CartRecord | null> {
    const rows = await query<CartRow>(
      sql`select ${CART_COLUMNS} from carts where user_id = ${userId} and status = 'active'
          ${lock ? sql`for update` : empty}`,
    );
    return rows[0] ? toCart(rows[0]) : null;
  }

  /**
   * The active cart, created when there is none, locked and marked changed, in one statement:
   * an insert that, finding the user's active cart in the unique index, updates it instead
   * (`on conflict ... do update` takes the row's lock as `for update` does, so the lock order
   * holds). Two requests racing to create the cart both end with the same row: the loser waits
   * for the winner's commit, then updates the winner's row. `xmax` is 0 on a row this
   * statement inserted and names this transaction on one it updated (Postgres's own way of
   * telling the two outcomes of an upsert apart).
   */
  async function ensure(userId: string): Promise<LockedCart> {
    const rows = await query<CartRow & { created: boolean }>(
      sql`insert into carts (user_id) values (${userId})
            on conflict (user_id) where status = 'active' do update set updated_at = now()
          returning ${CART_COLUMNS}, (xmax = 0) as created`,
    );
    const row = rows[0];
    if (!row) throw new Error('Ensuring the active cart answered no row');
    return { ...toCart(row), isNew: row.created };
  }

  async function touch(cartId: string): Promise<void> {
    await query(sql`update carts set updated_at = now() where id = ${cartId}`);
  }

  return {
    findActive: (userId: string) => selectActive(userId, false),

    /**
     * The user's active cart, created on first use, locked (step 1 of the lock order) and marked
     * changed now; `isNew` when this call created it (it has no lines yet).
     */
    ensureLocked: ensure,

    /**
     * The user's active cart, locked until the transaction ends (step 1 of the lock order);
     * null when they have none.
     */
    lockActive: (userId: string) => selectActive(userId, true),

    /** `lockActive` with the cart's checkout details (null until Confirm Order), in one read. */
    async lockActiveWithCheckout(
      userId: string,
    ): Promise<(CartRecord & { checkout: CartCheckout | null }) | null> {
      const rows = await query<CartRow & CheckoutRow>(
        sql`select ${CART_COLUMNS}, ${CHECKOUT_ONLY}
              from carts where user_id = ${userId} and status = 'active' for update`,
      );
      const row = rows[0];
      return row ? { ...toCart(row), checkout: toCheckout(row) } : null;
    },

    /** One line of this cart, or null (another cart's line counts as none). */
    async item(cartId: string, itemId: string): Promise<CartItemRecord | null> {
      const rows = await query<ItemRow>(
        sql`select ${ITEM_COLUMNS} from cart_items where cart_id = ${cartId} and id = ${itemId}`,
      );
      return rows[0] ? toItem(rows[0]) : null;
    },

    async items(cartId: string): Promise<CartItemRecord[]> {
      const rows = await query<ItemRow>(
        sql`select ${ITEM_COLUMNS} from cart_items where cart_id = ${cartId} order by position`,
      );
      return rows.map(toItem);
    },

    /**
     * Appends a line to a cart `ensureLocked` holds (which marked the cart changed), with its
     * unit price now; answers the line as stored (by name, as every read does). `toppingIds`:
     * the ids of the menu the selection was checked against, each list as `selection.toppings`
     * names them (so a rename committed since then does not lose the topping); `drinks`:
     * `selection.drinks` with their ids in that menu (`lineDrinkIds`).
     */
    async addItem({
      cartId,
      productId,
      selection,
      toppingIds,
      drinks,
      quantity,
      addedUnitCents,
    }: {
      cartId: string;
      productId: string;
      selection: NormalisedSelection;
      toppingIds: string[][];
      drinks: StoredLineDrink[];
      quantity: number;
      addedUnitCents: number;
    }): Promise<CartItemRecord> {
      const stored = JSON.stringify({ ...selection, toppings: toppingIds, drinks });
      const rows = await query<{ id: string }>(
        sql`insert into cart_items (cart_id, product_id, selection, quantity, added_unit_cents)
            values (${cartId}, ${productId}, ${stored}::jsonb, ${quantity}, ${addedUnitCents})
            returning id`,
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('A cart line was inserted without an id');
      return { id, productId, selection, quantity, addedUnitCents };
    },

    /** Sets a line's quantity; false when the line is not in this cart. */
    async setQuantity(cartId: string, itemId: string, quantity: number): Promise<boolean> {
      const rows = await query<{ id: string }>(
        sql`update cart_items set quantity = ${quantity}
             where cart_id = ${cartId} and id = ${itemId} returning id`,
      );
      await touch(cartId);
      return rows.length > 0;
    },

    /** Removes a line; false when the line is not in this cart. */
    async deleteItem(cartId: string, itemId: string): Promise<boolean> {
      const rows = await query<{ id: string }>(
        sql`delete from cart_items where cart_id = ${cartId} and id = ${itemId} returning id`,
      );
      await touch(cartId);
      return rows.length > 0;
    },

    /** The checkout details of a confirmed cart; null until Confirm Order. */
    async checkout(cartId: string): Promise<CartCheckout | null> {
      const rows = await query<CheckoutRow>(
        sql`select delivery_type, ${CHECKOUT_ONLY} from carts where id = ${cartId}`,
      );
      return rows[0] ? toCheckout(rows[0]) : null;
    },

    /**
     * Stores Confirm Order's details (and the delivery fee then in force) on the user's active
     * cart when it has lines, and answers the cart with its lines, in one statement: the update
     * locks the row (step 1 of the lock order) and needs no transaction around it. Null, with
     * nothing written, when the user has no active cart or an empty one.
     *
     * The lines are read as the statement began: a line another request adds while this waits
     * for the cart's lock is in the cart (and in the order placed from it, which reads the
     * lines again under its own lock) but not in this answer.
     */
    async confirmActive(
      userId: string,
      checkout: Omit<CartCheckout, 'confirmedAt'> & { deliveryFeeCents: number },
      at: Date,
    ): Promise<{ cart: CartRecord; lines: CartItemRecord[] } | null> {
      const rows = await query<CartRow & { lines: ItemRow[] | null }>(
        sql`update carts c
               set delivery_type = ${checkout.deliveryType}, contact_phone = ${checkout.phone},
                   contact_address = ${checkout.address}, scheduled_time = ${checkout.scheduledTime},
                   instructions = ${checkout.instructions},
                   delivery_fee_cents = ${checkout.deliveryFeeCents}, confirmed_at = ${at},
                   updated_at = ${at}
             where c.user_id = ${userId} and c.status = 'active'
               and exists (select 1 from cart_items i where i.cart_id = c.id)
             returning ${CART_COLUMNS},
               (select json_agg(i order by i.position)
                  from (select ${ITEM_COLUMNS}, position from cart_items where cart_id = c.id) i)
                 as lines`,
      );
      const row = rows[0];
      return row ? { cart: toCart(row), lines: (row.lines ?? []).map(toItem) } : null;
    },

    /**
     * Deletes the user's active cart, its checkout details and lines (the lines go with the row,
     * whose delete locks it first: the lock order holds). Completed carts stay with their orders.
     */
    async removeActive(userId: string): Promise<void> {
      await query(sql`delete from carts where user_id = ${userId} and status = 'active'`);
    },

    async setTipPercent(cartId: string, tipPercent: number): Promise<void> {
      await query(
        sql`update carts set tip_percent = ${tipPercent}, updated_at = now() where id = ${cartId}`,
      );
    },
  };
}
