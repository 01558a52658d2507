import {
  andList,
  cartTotals,
  describeSelection,
  isStoreOpen,
  priceSelection,
  type ApiOrder,
  type PaymentOption,
  type Product,
} from '../../domain';
import type { SessionUser } from '../repositories/sessions';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../data/db';
import { HttpError, conflict } from '../http/errors';
import { presentLineAllergens } from '../http/present';
import { cartsRepository, type CartItemRecord } from '../repositories/carts';
import { orderEventsRepository } from '../repositories/order-events';
import { ordersRepository, type NewOrderItem } from '../repositories/orders';
import { productsRepository } from '../repositories/products';
import { storeRepository } from '../repositories/store';
import { isUniqueViolation } from '../repositories/users';
import { EMPTY_CART_MESSAGE } from './confirm-checkout';
import { loadOrder, presentOrder } from './present-order';
import { checkScheduledTime } from './scheduled-time';
import { refuseNotOffered, refuseNotOnMenu } from './offered-at';
import { judgedAt } from './order-time';
import { orderMail } from '../mail/order-mails';
import { receiptMail } from '../mail/templates/receipt';

export const ORDER_PLACED_MESSAGE = 'Order placed successfully!';
export const NOT_CONFIRMED_MESSAGE =
  'Please confirm your order at checkout first (delivery type and contact).';
export const STORE_CLOSED_MESSAGE =
  'Sorry, the store is closed right now. Please schedule your order for a time within opening hours, or try again when the store is open.';

export interface CompleteOrderInput {
  paymentOption: PaymentOption;
  /**
   * The `Idempotency-Key` header: the same key from the same user answers the first order, and
   * is refused for another cart.
   */
  idempotencyKey: string | null;
}

/** `created` is false when the answer is an order placed earlier with the same key. */
export interface CompletedOrder {
  created: boolean;
  order: ApiOrder;
}

/**
 * 409 `sold_out` naming what cannot be ordered now: a product sold out or gone, or a topping,
 * drink or flavour inside a line sold out since it was added.
 */
async function refuseUnavailable(
  tx: Queryable,
  lines: readonly CartItemRecord[],
  products: ReadonlyMap<string, Product>,
): Promise<void> {
  // Only a line with a topping, a drink or a flavour chosen can hold a sold-out option: no read
  // otherwise.
  const withOptions = lines.some(
    (line) =>
      line.selection.toppings.some((pizza) => pizza.length > 0) ||
      line.selection.drinks.length > 0 ||
      line.selection.flavor !== undefined ||
      line.selection.wingsFlavor !== undefined,
  );
  const none = new Set<string>();
  const soldOut = withOptions
    ? await productsRepository(tx).soldOutOptions()
    : { toppings: none, drinks: none, flavours: none };
  const items = new Set<string>();
  const options = new Set<string>();
  let gone = false;
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) gone = true;
    else if (product.soldOut) items.add(product.name);
    else {
      const chosen = [
        ...line.selection.toppings.flat().filter((name) => soldOut.toppings.has(name)),
        ...line.selection.drinks.map((d) => d.name).filter((name) => soldOut.drinks.has(name)),
        ...[line.selection.flavor, line.selection.wingsFlavor].filter(
          (name) => name !== undefined && soldOut.flavours.has(name),
        ),
      ];
      for (const name of chosen) options.add(`${name} (in ${product.name})`);
    }
  }
  if (gone) {
    throw conflict(
      'Sorry, an item in your cart is no longer on the menu. Remove it from your cart to place the order.',
      'sold_out',
    );
  }
  if (items.size > 0) {
    const names = [...items];
    throw conflict(
      `Sorry, ${andList(names)} ${names.length === 1 ? 'is' : 'are'} sold out. Remove ${names.length === 1 ? 'it' : 'them'} from your cart to place the order.`,
      'sold_out',
    );
  }
  if (options.size > 0) {
    const names = [...options];
    throw conflict(
      `Sorry, ${andList(names)} ${names.length === 1 ? 'is' : 'are'} sold out. Change or remove that item in your cart to place the order.`,
      'sold_out',
    );
  }
}

export const KEY_REUSED_MESSAGE =
  'This order attempt was already used for an earlier order. Start the order again to place your new cart.';

/**
 * The order placed with this key, as an answer to a repeated request, unless the request is
 * about another cart that would be ordered: a key names one attempt, the cart it placed (as
 * payment APIs refuse a key sent again with other parameters). A retry after the order was
 * placed finds no other cart with lines, and gets the order.
 */
async function placedWithKey({
  db,
  userId,
  key,
  otherCartId,
}: {
  db: Queryable;
  userId: string;
  key: string;
  otherCartId: string | null;
}): Promise<CompletedOrder | null> {
  const existing = await ordersRepository(db).findByIdempotencyKey(userId, key);
  if (!existing) return null;
  if (
    otherCartId !== null &&
    otherCartId !== existing.cartId &&
    (await cartsRepository(db).items(otherCartId)).length > 0
  ) {
    throw conflict(KEY_REUSED_MESSAGE, 'idempotency_key_reused');
  }
  const order = await loadOrder(db, existing.id);
  return order ? { created: false, order } : null;
}

/**
 * The whole of placing an order, in one transaction: the cart locked, the refusals, the order
 * and its lines written, the cart completed and the event recorded, or nothing at all.
 */
async function placeOrder({
  tx,
  now,
  user,
  input,
  attempt,
}: {
  tx: Queryable;
  now: Date;
  user: SessionUser;
  input: CompleteOrderInput;
  attempt: { cartId: string | null };
}): Promise<CompletedOrder> {
  const carts = cartsRepository(tx);
  // Lock order: the cart row first. A concurrent complete-order of the same cart waits here and
  // then finds the cart completed (no longer active), so a cart makes one order at most.
  const cart = await carts.lockActiveWithCheckout(user.id);
  attempt.cartId = cart?.id ?? null;
  // Read after the lock, so a first request that just committed under the same key is seen.
  if (input.idempotencyKey) {
    const earlier = await placedWithKey({
      db: tx,
      userId: user.id,
      key: input.idempotencyKey,
      otherCartId: attempt.cartId,
    });
    if (earlier) return earlier;
  }
  if (!cart) throw conflict(EMPTY_CART_MESSAGE, 'empty_cart');
  const lines = await carts.items(cart.id);
  if (lines.length === 0) throw conflict(EMPTY_CART_MESSAGE, 'empty_cart');
  const { checkout } = cart;
  if (!checkout) throw conflict(NOT_CONFIRMED_MESSAGE, 'not_confirmed');

  const settings = await storeRepository(tx).settings();
  if (checkout.scheduledTime) {
    // Checked at Confirm Order, but time has passed (and the hours may have changed) since.
    checkScheduledTime(checkout.scheduledTime, checkout.deliveryType, settings, now);
  } else if (!isStoreOpen(now, settings)) {
    throw conflict(STORE_CLOSED_MESSAGE, 'store_closed');
  }

  // Key-share locked: a product being deleted now (staff/menu.ts) is either still there for
  // the order's lines to refer to, or gone from this read (refused below), never deleted under
  // the order's insert.
  const products = await productsRepository(tx).getMany(
    lines.map((line) => line.productId),
    'key share',
  );
  await refuseUnavailable(tx, lines, products);
  refuseNotOnMenu(lines, (id) => products.get(id));
  refuseNotOffered(
    lines,
    (id) => products.get(id),
    judgedAt(checkout.scheduledTime, settings, now),
  );

  // What each line contains, kept with it: read here only when a line has toppings.
  const toppings = lines.some((line) => line.selection.toppings.some((pizza) => pizza.length > 0))
    ? await productsRepository(tx).toppings()
    : [];
  // Priced now, by the domain engine, exactly as the cart shows it (cart/present-cart.ts).
  const items: NewOrderItem[] = lines.map((line) => {
    const product = products.get(line.productId);
    if (!product) throw new Error('refuseUnavailable let a line without its product through');
    const { unit, line: total } = priceSelection(product, line.selection, line.quantity);
    return {
      productId: product.id,
      name: product.name,
      image: product.image,
      category: product.category,
      selection: line.selection,
      description: describeSelection(line.selection),
      quantity: line.quantity,
      unitCents: unit,
      totalCents: total,
      allergens: presentLineAllergens(product, line.selection, toppings).allergens,
    };
  });
  const delivery = checkout.deliveryType === 'delivery';
  const totals = cartTotals({
    lineTotals: items.map((item) => item.totalCents),
    tipPercent: cart.tipPercent,
    delivery,
    // The fee the customer confirmed, not the setting now: a change by the store between
    // Confirm Order and this request must not raise the total unseen (docs/api.md).
    deliveryFee: cart.confirmedFeeCents ?? settings.deliveryFeeCents,
  });

  // The order, its lines, its first step (placed by the customer) and the cart completed, in
  // one statement; answered as written, not read again.
  const { order, items: stored } = await ordersRepository(tx).place(
    {
      userId: user.id,
      cartId: cart.id,
      idempotencyKey: input.idempotencyKey,
      deliveryType: checkout.deliveryType,
      paymentOption: input.paymentOption,
      customerName: user.name,
      phone: checkout.phone,
      address: delivery || checkout.address !== '' ? checkout.address : null,
      scheduledTime: checkout.scheduledTime,
      deliveryMinutes: delivery ? settings.deliveryMinutes : null,
      instructions: checkout.instructions,
      subtotalCents: totals.subtotal,
      hstCents: totals.hst,
      tipPercent: totals.tipPercent,
      tipCents: totals.tip,
      deliveryFeeCents: totals.deliveryFee,
      totalCents: totals.total,
      createdAt: now,
      // The window in force when the order is placed: a later change of it moves no deadline.
      acceptBy: new Date(now.getTime() + settings.acceptanceWindowMinutes * 60_000),
    },
    items,
    user.email,
  );
  // The last statement: the event log's lock is held from here to the commit (order-events.ts),
  // and every order-writing transaction waits for it, so nothing else runs after it.
  await orderEventsRepository(tx).record({
    orderId: order.id,
    userId: user.id,
    type: 'order-created',
    // For every process's acceptance sweeper (app.ts), so it need not read the windows again.
    payload: { acceptBy: order.acceptBy?.toISOString() },
    at: now,
    mails: [
      orderMail({
        kind: 'receipt',
        order,
        content: receiptMail({
          order,
          items: stored,
          store: settings,
          hstNumber: settings.hstNumber,
          now,
        }),
        store: settings,
      }),
    ],
  });
  return { created: true, order: presentOrder(order, stored) };
}

/**
 * POST /api/orders/complete-order: turns the customer's confirmed cart into an order, every
 * price recomputed. Refused (nothing written) when there is no cart or it is empty (409
 * `empty_cart`, also a cart already completed), not confirmed at checkout (409
 * `not_confirmed`), scheduled at a time no longer possible (400 `invalid_schedule`), the store
 * is closed and the order is not scheduled (409 `store_closed`), or an item is sold out or gone
 * (409 `sold_out`, naming it) or outside its availability windows at the order's time, the
 * scheduled one or now (409 `not_offered_now`). Double clicks, retries and two tabs make one order: the same
 * `Idempotency-Key` answers the first order again (409 `idempotency_key_reused` when sent for
 * another cart with lines), and a cart completes once.
 */
export async function completeOrder({
  db,
  clock,
  user,
  input,
}: {
  db: Database;
  clock: Clock;
  user: SessionUser;
  input: CompleteOrderInput;
}): Promise<CompletedOrder> {
  const now = clock.now();
  const attempt: { cartId: string | null } = { cartId: null };
  try {
    return await db.transaction((tx) => placeOrder({ tx, now, user, input, attempt }));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Two requests with one key that did not meet on the cart's lock (a new cart between
    // them): the loser's insert hits the unique key. Its cart is not the winner's, so it is
    // refused like any reuse of the key for another cart.
    if (input.idempotencyKey && isUniqueViolation(error, 'orders_idempotency_key')) {
      const earlier = await placedWithKey({
        db,
        userId: user.id,
        key: input.idempotencyKey,
        otherCartId: attempt.cartId,
      });
      if (earlier) return earlier;
    }
    if (isUniqueViolation(error, 'orders_cart_id_key')) {
      throw conflict(EMPTY_CART_MESSAGE, 'empty_cart');
    }
    throw error;
  }
}
