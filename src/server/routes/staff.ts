import { z } from 'zod';
import {
  MAX_DECLINE_REASON_LENGTH,
  MAX_READY_MINUTES,
  MIN_READY_MINUTES,
  ORDER_STATUSES,
  isPlainText,
  toCents,
  type OrderStatus,
} from '../../domain';
import { staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiStaffOrderSchema, apiStaffStoreSchema } from '../http/api-schemas';
import { acceptOrder } from '../orders/accept-order';
import { LATER_STATUSES, advanceOrder } from '../orders/advance-order';
import { declineOrder } from '../orders/decline-order';
import { listStaffOrders } from '../orders/list-orders';
import { updateStoreControls, viewStoreControls } from '../orders/store-controls';

/**
 * The store's side, API only (the staff screens come next): the order board's list, the
 * answers (accept, decline) and later steps, and the store's controls. Every route runs
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

const orderParams = z.object({ orderId: z.string() });

/** A whole number, sent as a number or as the text of one ("25" from a form field). */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,6}$/)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(
      z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }),
    );

const MINUTES_MESSAGE = `Please give the minutes until ready as a whole number from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}.`;

const acceptBody = z
  .object(
    { minutes: wholeNumber(MIN_READY_MINUTES, MAX_READY_MINUTES, MINUTES_MESSAGE) },
    { error: MINUTES_MESSAGE },
  )
  .meta({ sentences: true });

const REASON_MESSAGE = 'Please give a reason for declining the order.';

const declineBody = z
  .object(
    {
      reason: z
        .string({ error: REASON_MESSAGE })
        .trim()
        .min(1, { error: REASON_MESSAGE })
        .max(MAX_DECLINE_REASON_LENGTH, {
          error: `Please keep the reason under ${MAX_DECLINE_REASON_LENGTH} characters.`,
        })
        .refine(isPlainText, { error: 'Please remove special characters from the reason.' }),
    },
    { error: REASON_MESSAGE },
  )
  .meta({ sentences: true });

const STATUS_MESSAGE = `Choose the order's next step: ${LATER_STATUSES.join(', ')} (accept and decline have their own routes).`;

const statusBody = z
  .object({ status: z.enum(LATER_STATUSES, { error: STATUS_MESSAGE }) }, { error: STATUS_MESSAGE })
  .meta({ sentences: true });

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const HOURS_MESSAGE =
  'Send the hours as 7 days from Sunday, each null (closed) or {open, close} in 24-hour "HH:MM".';
const dayHours = z
  .object({ open: z.string().regex(HHMM), close: z.string().regex(HHMM) }, { error: HOURS_MESSAGE })
  .nullable();

const DAY_MINUTES = 24 * 60;
const FEE_MESSAGE = 'Please give the delivery fee in dollars, from 0 to 100.';

/** Any subset of the store's controls; fields not named stay as they are, unknown ones dropped. */
const storeBody = z
  .object(
    {
      mode: z
        .enum(['auto', 'open', 'closed'], {
          error: 'Choose the mode: auto (follow the hours), open or closed.',
        })
        .optional(),
      hours: z
        .array(dayHours, { error: HOURS_MESSAGE })
        .length(7, { error: HOURS_MESSAGE })
        .optional(),
      deliveryFee: z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^\d{1,3}(\.\d{1,2})?$/)
              .transform(Number),
          ],
          {
            error: FEE_MESSAGE,
          },
        )
        .pipe(z.number().min(0, { error: FEE_MESSAGE }).max(100, { error: FEE_MESSAGE }))
        .transform(toCents)
        .optional(),
      acceptanceWindowMinutes: wholeNumber(
        1,
        DAY_MINUTES,
        `Please give the acceptance window as whole minutes from 1 to ${DAY_MINUTES}.`,
      ).optional(),
      pickupLeadMinutes: wholeNumber(
        0,
        DAY_MINUTES,
        `Please give the pickup lead time as whole minutes from 0 to ${DAY_MINUTES}.`,
      ).optional(),
      deliveryLeadMinutes: wholeNumber(
        0,
        DAY_MINUTES,
        `Please give the delivery lead time as whole minutes from 0 to ${DAY_MINUTES}.`,
      ).optional(),
    },
    { error: 'Send the store settings to change as a JSON object.' },
  )
  .meta({ sentences: true });

const staffOrder = { 200: apiStaffOrderSchema };
const staffStore = { 200: apiStaffStoreSchema };

export const staffRoutes: RouteModule = (app, ctx) => {
  const guard = staffGuard(ctx);

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
    (request) => acceptOrder(ctx.db, ctx.clock, request.params.orderId, request.body.minutes),
  );

  app.post(
    '/staff/orders/:orderId/decline',
    {
      preValidation: guard,
      schema: { params: orderParams, body: declineBody, response: staffOrder },
    },
    (request) => declineOrder(ctx.db, ctx.clock, request.params.orderId, request.body.reason),
  );

  app.post(
    '/staff/orders/:orderId/status',
    {
      preValidation: guard,
      schema: { params: orderParams, body: statusBody, response: staffOrder },
    },
    (request) => advanceOrder(ctx.db, ctx.clock, request.params.orderId, request.body.status),
  );

  app.get('/staff/store', { preValidation: guard, schema: { response: staffStore } }, () =>
    viewStoreControls(ctx.db, ctx.clock),
  );

  app.put(
    '/staff/store',
    { preValidation: guard, schema: { body: storeBody, response: staffStore } },
    (request) => {
      const body = request.body;
      return updateStoreControls(ctx.db, ctx.clock, {
        openMode: body.mode,
        weeklyHours: body.hours,
        deliveryFeeCents: body.deliveryFee,
        acceptanceWindowMinutes: body.acceptanceWindowMinutes,
        leadTimeMinutes: body.pickupLeadMinutes,
        deliveryLeadTimeMinutes: body.deliveryLeadMinutes,
      });
    },
  );
};
