import { z } from 'zod';
import {
  MAX_QUANTITY,
  MIN_QUANTITY,
  TIP_PERCENTS,
  cartItemPayloadSchema,
  cartTotals,
  describeSelection,
  isTipPercent,
  lineQuantityProblem,
  mergeLine,
  priceSelection,
  toDollars,
  validateSelection,
  type ApiCart,
  type ApiCartItem,
  type ApiCartTotals,
  type CartItemPayload,
  type CartTotals,
  type NormalisedSelection,
  type Product,
} from '../../domain';
import type { RouteModule } from '../context';
import type { Queryable } from '../data/db';
import { requireSelf, requireUser } from '../auth/sessions';
import { badRequest, conflict, notFound, parseInput, type HttpError } from '../http/errors';
import { cartsRepository, type CartItemRecord, type CartRecord } from '../repositories/carts';
import { isUuid, productsRepository } from '../repositories/products';
import { storeRepository } from '../repositories/store';

/**
 * The signed-in customer's server cart (issue 4). The server prices every line itself from the
 * current product with the domain engine; prices sent by the browser are ignored. Every route
 * names a user id and is guarded by requireSelf (401 anonymous, 403 anyone else's cart).
 */

const tipMessage = `Choose a tip of ${TIP_PERCENTS.slice(0, -1).join(', ')} or ${TIP_PERCENTS[TIP_PERCENTS.length - 1] ?? ''} percent.`;

const quantityBody = z.object({
  quantity: z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY),
});

const mergeBody = z.object({
  userId: z.string(),
  localCart: z.array(cartItemPayloadSchema).max(100),
});

const totalsQuery = z.object({
  tip: z
    .string({ error: tipMessage })
    .regex(/^\d{1,3}$/, tipMessage)
    .transform(Number)
    .refine((value) => isTipPercent(value), { message: tipMessage }),
  // The browser's own figure; the server computes the total itself and never reads it.
  newTotalPrice: z.string().optional(),
});

const userIdQuery = z.object({ userId: z.string().optional() });

/** The user id named in a JSON body, read before the body is parsed so the guard comes first. */
function bodyUserId(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'userId' in body
    ? (body as { userId: unknown }).userId
    : undefined;
}

/** 400 when a line would hold more of a product than a cart line may. */
function checkLineQuantity(product: Product, quantity: number): void {
  const problem = lineQuantityProblem(product, quantity);
  if (problem) throw badRequest(problem, 'quantity_limit');
}

function presentItem(item: CartItemRecord, product: Product): ApiCartItem {
  const { unit, line } = priceSelection(product, item.selection, item.quantity);
  return {
    _id: item.id,
    productId: {
      _id: product.id,
      name: product.name,
      image: product.image,
      price: toDollars(product.price),
      category: product.category,
      soldOut: product.soldOut,
    },
    quantity: item.quantity,
    size: item.selection.size ?? null,
    flavor: item.selection.flavor ?? null,
    wingsFlavor: item.selection.wingsFlavor ?? null,
    sides: item.selection.sides,
    drinks: item.selection.drinks,
    toppings: item.selection.toppings,
    description: describeSelection(product, item.selection),
    priceByQuantity: toDollars(unit),
    totalPrice: toDollars(line),
  };
}

function presentTotals(totals: CartTotals): ApiCartTotals {
  return {
    totalPrice: toDollars(totals.total),
    subtotal: toDollars(totals.subtotal),
    hst: toDollars(totals.hst),
    tipPercent: totals.tipPercent,
    tip: toDollars(totals.tip),
    deliveryFee: toDollars(totals.deliveryFee),
  };
}

export const cartRoutes: RouteModule = (app, ctx) => {
  /** The cart's lines, priced now from the current products (cents kept for the totals). */
  async function pricedItems(
    db: Queryable,
    cartId: string,
  ): Promise<{ views: ApiCartItem[]; lineTotals: number[] }> {
    const items = await cartsRepository(db).items(cartId);
    const products = await productsRepository(db).getMany(items.map((item) => item.productId));
    const views: ApiCartItem[] = [];
    const lineTotals: number[] = [];
    for (const item of items) {
      // The foreign key keeps a product while a cart holds it; this only guards a broken row.
      const product = products.get(item.productId);
      if (!product) continue;
      views.push(presentItem(item, product));
      lineTotals.push(priceSelection(product, item.selection, item.quantity).line);
    }
    return { views, lineTotals };
  }

  async function totalsOf(db: Queryable, cart: CartRecord, lineTotals: number[]) {
    const delivery = cart.deliveryType === 'delivery';
    const deliveryFee = delivery ? (await storeRepository(db).settings()).deliveryFeeCents : 0;
    return cartTotals({ lineTotals, tipPercent: cart.tipPercent, delivery, deliveryFee });
  }

  async function cartView(db: Queryable, cart: CartRecord): Promise<ApiCart> {
    const { views, lineTotals } = await pricedItems(db, cart.id);
    const totals = await totalsOf(db, cart, lineTotals);
    return {
      _id: cart.id,
      items: views,
      deliveryType: cart.deliveryType,
      ...presentTotals(totals),
    };
  }

  /** What options are on offer right now: toppings and beverages not sold out. */
  async function offer(db: Queryable) {
    const products = productsRepository(db);
    const [toppings, beverages] = await Promise.all([
      products.toppings(),
      products.list('Beverages'),
    ]);
    return {
      toppingNames: new Set(toppings.filter((t) => !t.soldOut).map((t) => t.name)),
      drinkNames: new Set(beverages.filter((b) => !b.soldOut).map((b) => b.name)),
    };
  }

  /** The product a payload names: by id, or a beverage or side by name. Null when unknown. */
  async function findProduct(db: Queryable, item: CartItemPayload): Promise<Product | null> {
    const products = productsRepository(db);
    if (item.productId !== undefined) {
      if (!isUuid(item.productId)) {
        throw badRequest(`"${item.productId}" is not a valid product id.`, 'invalid_id');
      }
      return products.get(item.productId);
    }
    if (item.name === undefined) return null;
    return (
      (await products.findByName('Beverages', item.name)) ??
      (await products.findByName('Sides', item.name))
    );
  }

  function unknownProduct(item: CartItemPayload): HttpError {
    return item.productId !== undefined
      ? notFound('No product with this id.')
      : notFound(`No beverage or side named "${item.name ?? ''}".`);
  }

  /**
   * Adds a checked line to the cart, merging it into a line of the same product and options.
   * Runs inside the caller's transaction, with the cart locked.
   */
  async function addLine(
    tx: Queryable,
    cartId: string,
    product: Product,
    selection: NormalisedSelection,
    quantity: number,
  ): Promise<void> {
    const carts = cartsRepository(tx);
    const lines = await carts.items(cartId);
    const merge = mergeLine(lines, { productId: product.id, selection, quantity }, product);
    if (merge.kind === 'refused') throw badRequest(merge.message, 'quantity_limit');
    if (merge.kind === 'new') {
      await carts.addItem(cartId, product.id, selection, quantity);
      return;
    }
    await carts.setQuantity(cartId, lines[merge.index]?.id ?? '', merge.quantity);
  }

  async function itemViews(db: Queryable, cartId: string): Promise<ApiCartItem[]> {
    return (await pricedItems(db, cartId)).views;
  }

  app.post('/cart', async (request) => {
    const user = await requireSelf(request, ctx, bodyUserId(request.body));
    const item = parseInput(cartItemPayloadSchema, request.body);
    const product = await findProduct(ctx.db, item);
    if (!product) throw unknownProduct(item);
    const { toppingNames, drinkNames } = await offer(ctx.db);
    const checked = validateSelection(product, item, toppingNames, drinkNames);
    if (!checked.ok) {
      throw checked.reason === 'sold-out'
        ? conflict(checked.message, 'sold_out')
        : badRequest(checked.message, 'invalid_option');
    }
    return ctx.db.transaction(async (tx) => {
      const carts = cartsRepository(tx);
      const cart = await carts.ensureActive(user.id);
      await carts.lock(cart.id);
      await addLine(tx, cart.id, product, checked.selection, item.quantity);
      return cartView(tx, cart);
    });
  });

  app.get('/cart', async (request) => {
    // The guard first: an anonymous caller gets 401 whatever the query looks like.
    await requireUser(request, ctx);
    const { userId } = parseInput(userIdQuery, request.query);
    const user = await requireSelf(request, ctx, userId);
    const cart = await cartsRepository(ctx.db).findActive(user.id);
    return cart ? itemViews(ctx.db, cart.id) : [];
  });

  app.post('/cart/merge-cart', async (request) => {
    const user = await requireSelf(request, ctx, bodyUserId(request.body));
    const { localCart } = parseInput(mergeBody, request.body);
    const { toppingNames, drinkNames } = await offer(ctx.db);

    // Everything is checked before anything is written: a bad line refuses the whole merge.
    const accepted: { product: Product; selection: NormalisedSelection; quantity: number }[] = [];
    const skipped: { name: string; reason: string }[] = [];
    for (const [index, item] of localCart.entries()) {
      const product = await findProduct(ctx.db, item);
      if (!product) {
        skipped.push({
          name: item.name ?? item.productId ?? `Item ${index + 1}`,
          reason: 'This item is no longer on the menu.',
        });
        continue;
      }
      const checked = validateSelection(product, item, toppingNames, drinkNames);
      if (!checked.ok) {
        if (checked.reason === 'sold-out') {
          skipped.push({ name: product.name, reason: checked.message });
          continue;
        }
        throw badRequest(
          `localCart.${index} (${product.name}): ${checked.message}`,
          'invalid_option',
        );
      }
      accepted.push({ product, selection: checked.selection, quantity: item.quantity });
    }

    const view = await ctx.db.transaction(async (tx) => {
      const carts = cartsRepository(tx);
      const cart = await carts.ensureActive(user.id);
      await carts.lock(cart.id);
      for (const line of accepted) {
        await addLine(tx, cart.id, line.product, line.selection, line.quantity);
      }
      return cartView(tx, cart);
    });
    return { ...view, skipped };
  });

  app.get<{ Params: { userId: string } }>('/cart/:userId', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    const cart = await cartsRepository(ctx.db).ensureActive(user.id);
    return cartView(ctx.db, cart);
  });

  app.get<{ Params: { userId: string } }>('/cart/:userId/updateTotalPrice', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    const { tip } = parseInput(totalsQuery, request.query);
    const carts = cartsRepository(ctx.db);
    const cart = await carts.ensureActive(user.id);
    await carts.setTipPercent(cart.id, tip);
    const { lineTotals } = await pricedItems(ctx.db, cart.id);
    return presentTotals(await totalsOf(ctx.db, { ...cart, tipPercent: tip }, lineTotals));
  });

  /** The caller's line `itemId`; 404 when it is not in their active cart (whoever owns it). */
  async function ownLine(
    db: Queryable,
    userId: string,
    itemId: string,
  ): Promise<{ cart: CartRecord; item: CartItemRecord }> {
    if (!isUuid(itemId)) throw badRequest(`"${itemId}" is not a valid cart item id.`, 'invalid_id');
    const carts = cartsRepository(db);
    const cart = await carts.findActive(userId);
    const item = cart ? (await carts.items(cart.id)).find((line) => line.id === itemId) : undefined;
    if (!cart || !item) throw notFound('This item is not in your cart.');
    return { cart, item };
  }

  app.put<{ Params: { userId: string; itemId: string } }>(
    '/cart/:userId/:itemId',
    async (request) => {
      const user = await requireSelf(request, ctx, request.params.userId);
      const { quantity } = parseInput(quantityBody, request.body);
      return ctx.db.transaction(async (tx) => {
        const { cart, item } = await ownLine(tx, user.id, request.params.itemId);
        const product = await productsRepository(tx).get(item.productId);
        if (product) checkLineQuantity(product, quantity);
        await cartsRepository(tx).setQuantity(cart.id, item.id, quantity);
        return itemViews(tx, cart.id);
      });
    },
  );

  app.delete<{ Params: { userId: string; itemId: string } }>(
    '/cart/:userId/:itemId',
    async (request) => {
      const user = await requireSelf(request, ctx, request.params.userId);
      return ctx.db.transaction(async (tx) => {
        const { cart, item } = await ownLine(tx, user.id, request.params.itemId);
        await cartsRepository(tx).deleteItem(cart.id, item.id);
        return itemViews(tx, cart.id);
      });
    },
  );
};
