import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_QUANTITY,
  MIN_QUANTITY,
  cartItemPayloadSchema,
  isTipPercent,
  idSchema,
} from '../../domain';
import type { RouteModule } from '../context';
import { requireUser, selfGuard } from '../auth/sessions';
import { addItem } from '../cart/add-item';
import { changeQuantity } from '../cart/change-quantity';
import { mergeCart } from '../cart/merge-cart';
import { removeItem } from '../cart/remove-item';
import { TIP_PERCENT_MESSAGE, updateTip } from '../cart/update-tip';
import { listItems, viewCart } from '../cart/view-cart';
import {
  apiCartItemSchema,
  apiCartSchema,
  apiCartTotalsSchema,
  apiCartViewSchema,
  apiConfirmAnswerSchema,
  apiMergedCartSchema,
} from '../http/api-schemas';
import { checkoutPayloadSchema } from '../orders/checkout-payload';
import { confirmCheckout } from '../orders/confirm-checkout';

/**
 * The signed-in customer's server cart. Each route declares its input and answer, runs the
 * guard before any shape check (`selfGuard`: 401 anonymous, 403 anyone else's cart), calls one
 * use case from `server/cart/` and answers what it returns.
 */

const userParams = z.object({ userId: idSchema });
const itemParams = z.object({ userId: idSchema, itemId: idSchema });
const userQuery = z.object({ userId: idSchema });

const quantityBody = z.object({
  quantity: z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY),
});

/**
 * The customer's order time, an extra field of our web app's (the spec's clients never send it):
 * text, read by `orders/order-time.ts`; a time the store could not take is judged as now.
 */
const orderAt = z.string().max(100).nullish();

const addBody = cartItemPayloadSchema.extend({ orderAt });

// Lines are checked one by one by the use case, so one bad line never refuses the others.
const mergeBody = z.object({
  userId: idSchema,
  localCart: z.array(z.unknown()).max(100),
  orderAt,
});

const DOLLARS = /^\d{1,7}(\.\d{1,10})?$/;

const totalsQuery = z
  .object({
    // The spec's client: dollars, its subtotal times the chosen percent ("16.00").
    tip: z.string().regex(DOLLARS, 'Expected an amount in dollars, such as 16.00.').optional(),
    // Our web app: the percent itself.
    tipPercent: z
      .string()
      .regex(/^\d{1,3}$/, TIP_PERCENT_MESSAGE)
      .transform(Number)
      .refine((value) => isTipPercent(value), { message: TIP_PERCENT_MESSAGE })
      .optional(),
    // The spec's client's own total (its subtotal + HST + tip): never charged, only read for
    // the percent it meant when its tip fits no option on the server's subtotal (update-tip.ts).
    newTotalPrice: z.string().optional(),
  })
  .refine((query) => (query.tip === undefined) !== (query.tipPercent === undefined), {
    message: 'Send the tip in dollars (tip) or as a percent (tipPercent), one of the two.',
  });

const itemList = { 200: z.array(apiCartItemSchema) };

export const cartRoutes: RouteModule = (app, ctx) => {
  /**
   * What every change to the signed-in customer's cart is given: whose cart, the menu, and the
   * clock (a product's availability window is judged when it is added, at the order's time).
   */
  const cartOf = async (request: FastifyRequest) => ({
    db: ctx.db,
    catalogue: ctx.catalogue,
    clock: ctx.clock,
    userId: (await requireUser(request, ctx)).id,
  });

  app.post(
    '/cart',
    {
      preValidation: selfGuard(ctx, 'body'),
      schema: { body: addBody, response: { 200: apiCartSchema } },
    },
    async (request) => {
      const { orderAt: at, ...item } = request.body;
      return addItem({ ...(await cartOf(request)), item, orderAt: at });
    },
  );

  app.get(
    '/cart',
    {
      preValidation: selfGuard(ctx, 'query'),
      schema: { querystring: userQuery, response: itemList },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      return listItems(ctx.db, ctx.catalogue, user.id);
    },
  );

  app.post(
    '/cart/merge-cart',
    {
      preValidation: selfGuard(ctx, 'body'),
      schema: { body: mergeBody, response: { 200: apiMergedCartSchema } },
    },
    async (request) =>
      mergeCart({
        ...(await cartOf(request)),
        localCart: request.body.localCart,
        orderAt: request.body.orderAt,
      }),
  );

  app.post(
    '/cart/confirm',
    {
      preValidation: selfGuard(ctx, 'body'),
      schema: { body: checkoutPayloadSchema, response: { 200: apiConfirmAnswerSchema } },
    },
    async (request) =>
      confirmCheckout({ ...(await cartOf(request)), clock: ctx.clock, payload: request.body }),
  );

  app.get(
    '/cart/:userId',
    {
      preValidation: selfGuard(ctx, 'params'),
      schema: { params: userParams, response: { 200: apiCartViewSchema } },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      return viewCart(ctx.db, ctx.catalogue, user.id);
    },
  );

  // A GET that writes (the spec's client sets the tip this way). Kept for that client, but only
  // as a same-origin call: the origin hook refuses it cross-site, and no HEAD route is made for
  // it, since a HEAD must never change anything (docs/api.md).
  app.get(
    '/cart/:userId/updateTotalPrice',
    {
      exposeHeadRoute: false,
      preValidation: selfGuard(ctx, 'params'),
      schema: {
        params: userParams,
        querystring: totalsQuery,
        response: { 200: apiCartTotalsSchema },
      },
    },
    async (request) => {
      const cart = await cartOf(request);
      const { tip, tipPercent, newTotalPrice } = request.query;
      // Anything else in it is ignored, as it always was: a client's figure is never refused.
      const clientTotalCents =
        newTotalPrice !== undefined && DOLLARS.test(newTotalPrice)
          ? Number(newTotalPrice) * 100
          : undefined;
      return updateTip({
        ...cart,
        choice:
          tipPercent !== undefined
            ? { tipPercent }
            : { tipCents: Number(tip) * 100, clientTotalCents },
      });
    },
  );

  app.put(
    '/cart/:userId/:itemId',
    {
      preValidation: selfGuard(ctx, 'params'),
      schema: { params: itemParams, body: quantityBody, response: itemList },
    },
    async (request) =>
      changeQuantity({
        ...(await cartOf(request)),
        itemId: request.params.itemId,
        quantity: request.body.quantity,
      }),
  );

  app.delete(
    '/cart/:userId/:itemId',
    {
      preValidation: selfGuard(ctx, 'params'),
      schema: { params: itemParams, response: itemList },
    },
    async (request) => removeItem({ ...(await cartOf(request)), itemId: request.params.itemId }),
  );
};
