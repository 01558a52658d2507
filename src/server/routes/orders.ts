import { z } from 'zod';
import { idSchema } from '../../domain';
import { requireUser, selfGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiCompleteOrderAnswerSchema, apiOrderSchema } from '../http/api-schemas';
import { ORDER_PLACED_MESSAGE, completeOrder } from '../orders/complete-order';
import { listMyOrders } from '../orders/list-orders';

/**
 * The customer's orders: placing one from the confirmed cart, and My Orders. Each route runs
 * its guard before any shape check (`selfGuard`: 401 anonymous, 403 anyone else's id), calls
 * one use case from `server/orders/` and answers what it returns. The live stream
 * (GET /orders/sse) lives with the events.
 */

const userParams = z.object({ userId: idSchema });

const completeBody = z.object({
  userId: idSchema,
  // The spec's client always sends null (no card payment is offered); never read.
  paymentIntentId: z.unknown().optional(),
  paymentOption: z.enum(['pickup', 'cash'], {
    error: 'Choose how to pay: pickup (pay when you pick up or on delivery) or cash.',
  }),
});

/** Longest Idempotency-Key kept; a UUID is 36 characters. */
const MAX_IDEMPOTENCY_KEY = 200;

// Loose: the other headers pass through untouched (Fastify keeps the validated object).
const completeHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .max(MAX_IDEMPOTENCY_KEY, {
      error: `The Idempotency-Key header must be at most ${MAX_IDEMPOTENCY_KEY} characters.`,
    })
    .regex(/^[\x20-\x7e]*$/, { error: 'The Idempotency-Key header must be printable ASCII.' })
    .optional(),
});

const answer = apiCompleteOrderAnswerSchema;

export const orderRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/orders/complete-order',
    {
      preValidation: selfGuard(ctx, 'body'),
      schema: {
        headers: completeHeaders,
        body: completeBody,
        response: { 200: answer, 201: answer },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, ctx);
      const { created, order } = await completeOrder({
        db: ctx.db,
        clock: ctx.clock,
        user,
        input: {
          paymentOption: request.body.paymentOption,
          // A blank key is no key.
          idempotencyKey: request.headers['idempotency-key'] || null,
        },
      });
      return reply.status(created ? 201 : 200).send({ message: ORDER_PLACED_MESSAGE, order });
    },
  );

  app.get(
    '/orders/:userId',
    {
      preValidation: selfGuard(ctx, 'params'),
      schema: { params: userParams, response: { 200: z.array(apiOrderSchema) } },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      return listMyOrders(ctx.db, user.id);
    },
  );
};
