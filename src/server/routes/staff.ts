import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_DECLINE_REASON_LENGTH,
  MAX_READY_MINUTES,
  MIN_READY_MINUTES,
  ORDER_STATUSES,
  isPlainText,
  stripInvisible,
  type OrderStatus,
  idSchema,
} from '../../domain';
import { STORE_SETTINGS, adminRefusal } from '../../domain/store-settings';
import { wholeNumber } from '../../domain/whole-number';
import { requireUser, staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiStaffOrderSchema, apiStaffStoreSchema } from '../http/api-schemas';
import { settingsBodySchema } from '../http/store-settings-schemas';
import { MINUTES_MESSAGE, acceptOrder } from '../orders/accept-order';
import { CANCEL_REASON_MESSAGE, LATER_STATUSES, advanceOrder } from '../orders/advance-order';
import { declineOrder } from '../orders/decline-order';
import { dismissMissed } from '../orders/dismiss-missed';
import type { StaffStepInput } from '../orders/locked-order';
import { listStaffOrders } from '../orders/list-orders';
import { updateStoreControls, viewStoreControls } from '../orders/store-controls';
import { forbidden } from '../http/errors';

/**
 * The store's side, API only: the order board's list, the answers (accept, decline), the later
 * steps and cancel, a missed order's banner dismissed, and the store's controls (pause and profile included). Every route runs
 * `staffGuard` before any shape check (401 anonymous, 403 a customer), calls one use case from
 * `server/orders/` and answers what it returns. The staff stream lives with the events.
 */

const STATUS_LIST = ORDER_STATUSES.join(', ');

/** `?status=pending`, `?status=pending,accepted` or the parameter repeated; none means all. */
const ordersQuery = z.object({
  status: z
    .union([z.string(), z.array(z.string())], { error: `Filter by status: ${STATUS_LIST}.` })
    .optional()
    .transform((value) =>
      [value ?? []]
        .flat()
        .flatMap((entry) => entry.split(','))
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .pipe(
      z.array(
        z.enum(ORDER_STATUSES, {
          error: (issue) => `Unknown status "${String(issue.input)}". Filter by: ${STATUS_LIST}.`,
        }),
      ),
    )
    .transform((statuses): OrderStatus[] | null =>
      statuses.length > 0 ? [...new Set(statuses)] : null,
    ),
});

const orderParams = z.object({ orderId: idSchema });

/**
 * Optional for a scheduled order (ready at its scheduled time); the use case asks for them when
 * the order is as soon as possible.
 */
const acceptBody = z
  .object(
    {
      minutes: wholeNumber(z, MIN_READY_MINUTES, MAX_READY_MINUTES, MINUTES_MESSAGE)
        .nullable()
        .optional()
        .transform((minutes) => minutes ?? null),
    },
    { error: MINUTES_MESSAGE },
  )
  .meta({ sentences: true });

/** A reason the customer reads: plain text, trimmed, not empty, at most 200 characters. */
const reasonText = (missing: string) =>
  z
    .string({ error: missing })
    .overwrite(stripInvisible)
    .trim()
    .min(1, { error: missing })
    .max(MAX_DECLINE_REASON_LENGTH, {
      error: `Please keep the reason under ${MAX_DECLINE_REASON_LENGTH} characters.`,
    })
    .refine(isPlainText, { error: 'Please remove special characters from the reason.' });

const REASON_MESSAGE = 'Please give a reason for declining the order.';

const declineBody = z
  .object({ reason: reasonText(REASON_MESSAGE) }, { error: REASON_MESSAGE })
  .meta({ sentences: true });

const STATUS_MESSAGE = `Choose the order's next step: ${LATER_STATUSES.join(', ')} (accept and decline have their own routes).`;

/** `reason` is required to cancel (the customer reads it) and ignored for the other steps. */
const statusBody = z
  .object(
    {
      status: z.enum(LATER_STATUSES, { error: STATUS_MESSAGE }),
      reason: z.unknown().optional(),
    },
    { error: STATUS_MESSAGE },
  )
  .transform((body, context) => {
    if (body.status !== 'cancelled') return { status: body.status, reason: null };
    const reason = reasonText(CANCEL_REASON_MESSAGE).safeParse(body.reason ?? '');
    if (reason.success) return { status: body.status, reason: reason.data };
    context.addIssue({
      code: 'custom',
      path: ['reason'],
      message: reason.error.issues[0]?.message ?? CANCEL_REASON_MESSAGE,
    });
    return z.NEVER;
  })
  .meta({ sentences: true });

const storeBody = settingsBodySchema(STORE_SETTINGS);

const staffOrder = { 200: apiStaffOrderSchema };
const staffStore = { 200: apiStaffStoreSchema };

export const staffRoutes: RouteModule = (app, ctx) => {
  const guard = staffGuard(ctx);
  /** What a staff step on the order `orderId` is given: who asks, and the store's profile. */
  const stepOn = async (orderId: string, request: FastifyRequest): Promise<StaffStepInput> => ({
    db: ctx.db,
    clock: ctx.clock,
    orderId,
    byUserId: (await requireUser(request, ctx)).id,
    store: await ctx.catalogue.settings(),
  });

  app.get(
    '/staff/orders',
    {
      preValidation: guard,
      schema: { querystring: ordersQuery, response: { 200: z.array(apiStaffOrderSchema) } },
    },
    (request) => listStaffOrders(ctx.db, request.query.status),
  );

  app.post(
    '/staff/orders/:orderId/accept',
    {
      preValidation: guard,
      schema: { params: orderParams, body: acceptBody, response: staffOrder },
    },
    async (request) =>
      acceptOrder({
        ...(await stepOn(request.params.orderId, request)),
        minutes: request.body.minutes,
      }),
  );

  app.post(
    '/staff/orders/:orderId/decline',
    {
      preValidation: guard,
      schema: { params: orderParams, body: declineBody, response: staffOrder },
    },
    async (request) =>
      declineOrder({
        ...(await stepOn(request.params.orderId, request)),
        reason: request.body.reason,
      }),
  );

  app.post(
    '/staff/orders/:orderId/status',
    {
      preValidation: guard,
      schema: { params: orderParams, body: statusBody, response: staffOrder },
    },
    async (request) =>
      advanceOrder({
        ...(await stepOn(request.params.orderId, request)),
        status: request.body.status,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/staff/orders/:orderId/dismiss-missed',
    { preValidation: guard, schema: { params: orderParams, response: staffOrder } },
    async (request) => {
      const user = await requireUser(request, ctx);
      return dismissMissed({
        db: ctx.db,
        clock: ctx.clock,
        orderId: request.params.orderId,
        byUserId: user.id,
      });
    },
  );

  app.get('/staff/store', { preValidation: guard, schema: { response: staffStore } }, () =>
    viewStoreControls(ctx.db, ctx.clock),
  );

  app.put(
    '/staff/store',
    { preValidation: guard, schema: { body: storeBody, response: staffStore } },
    async (request) => {
      // Some settings are the admin's call alone (who edits the menu); the rest every staff's.
      const refusal = adminRefusal(STORE_SETTINGS, request.body);
      if (refusal !== null && (await requireUser(request, ctx)).role !== 'admin') {
        throw forbidden(refusal);
      }
      return ctx.catalogue.change('store', () =>
        updateStoreControls(ctx.db, ctx.clock, request.body),
      );
    },
  );
};
