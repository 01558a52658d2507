import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_PAUSE_MINUTES,
  MAX_DECLINE_REASON_LENGTH,
  MAX_READY_MINUTES,
  MIN_READY_MINUTES,
  ORDER_STATUSES,
  HST_NUMBER_MESSAGE,
  isPhoneNumber,
  normaliseHstNumber,
  isPlainText,
  stripInvisible,
  toCents,
  type OrderStatus,
  idSchema,
} from '../../domain';
import { MAX_DELIVERY_MINUTES } from '../../domain/store-settings';
import { wholeNumber } from '../../domain/whole-number';
import { requireUser, staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiStaffOrderSchema, apiStaffStoreSchema } from '../http/api-schemas';
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

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const HOURS_MESSAGE =
  'Send the hours as 7 days from Sunday, each null (closed) or {open, close} in 24-hour "HH:MM".';
const dayHours = z
  .object({ open: z.string().regex(HHMM), close: z.string().regex(HHMM) }, { error: HOURS_MESSAGE })
  .nullable();

const DAY_MINUTES = 24 * 60;
const PAUSE_MESSAGE = `Please give the pause as whole minutes from 0 (no pause) to ${MAX_PAUSE_MINUTES}.`;
const PAUSE_UNTIL_MESSAGE =
  'Please give the end of the pause as an ISO 8601 date and time, or null to end it.';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The store's profile: plain text, trimmed, not empty, at most `max` characters. */
const profileText = (what: string, max: number) => {
  const message = `Please give the store's ${what} (at most ${max} characters).`;
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .refine(isPlainText, { error: `Please remove special characters from the store's ${what}.` });
};
const PHONE_MESSAGE = "Please give the store's phone number with 10 digits, like 519-555-0100.";
const WINDOW_MESSAGE = `Please give the acceptance window as whole minutes from 1 to ${DAY_MINUTES}.`;
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
      acceptanceWindowMinutes: wholeNumber(z, 1, DAY_MINUTES, WINDOW_MESSAGE).optional(),
      // Another name for the same setting, for clients that send it (the staff app sends
      // acceptanceWindowMinutes); both at once must agree.
      acceptWindowMinutes: wholeNumber(z, 1, DAY_MINUTES, WINDOW_MESSAGE).optional(),
      // Pause new orders for this many minutes from now (0 ends a pause), or until an instant.
      pauseMinutes: wholeNumber(z, 0, MAX_PAUSE_MINUTES, PAUSE_MESSAGE).optional(),
      pauseUntil: z
        .string({ error: PAUSE_UNTIL_MESSAGE })
        .trim()
        .regex(ISO_INSTANT, { error: PAUSE_UNTIL_MESSAGE })
        .transform((text) => new Date(text))
        .refine((instant) => !Number.isNaN(instant.getTime()), { error: PAUSE_UNTIL_MESSAGE })
        .nullable()
        .optional(),
      name: profileText('name', 100).optional(),
      pickupAddress: profileText('pickup address', 200).optional(),
      phone: z
        .string({ error: PHONE_MESSAGE })
        .trim()
        .max(40, { error: PHONE_MESSAGE })
        .refine(isPhoneNumber, { error: PHONE_MESSAGE })
        .optional(),
      // '' or null takes the number off the receipts.
      hstNumber: z
        .string({ error: HST_NUMBER_MESSAGE })
        .max(40, { error: HST_NUMBER_MESSAGE })
        .transform((text, context) => {
          const number = normaliseHstNumber(text);
          if (number === null) {
            context.addIssue({ code: 'custom', message: HST_NUMBER_MESSAGE });
            return z.NEVER;
          }
          return number === '' ? null : number;
        })
        .nullable()
        .optional(),
      pickupLeadMinutes: wholeNumber(
        z,
        0,
        DAY_MINUTES,
        `Please give the pickup lead time as whole minutes from 0 to ${DAY_MINUTES}.`,
      ).optional(),
      deliveryLeadMinutes: wholeNumber(
        z,
        0,
        DAY_MINUTES,
        `Please give the delivery lead time as whole minutes from 0 to ${DAY_MINUTES}.`,
      ).optional(),
      deliveryMinutes: wholeNumber(
        z,
        0,
        MAX_DELIVERY_MINUTES,
        `Please give the delivery time as whole minutes from 0 to ${MAX_DELIVERY_MINUTES}.`,
      ).optional(),
      staffEditMenu: z
        .boolean({ error: 'Please say whether staff may edit the menu with true or false.' })
        .optional(),
    },
    { error: 'Send the store settings to change as a JSON object.' },
  )
  .refine((body) => body.pauseMinutes === undefined || body.pauseUntil === undefined, {
    error: 'Please send either pauseMinutes or pauseUntil, not both.',
  })
  .refine(
    (body) =>
      body.acceptanceWindowMinutes === undefined ||
      body.acceptWindowMinutes === undefined ||
      body.acceptanceWindowMinutes === body.acceptWindowMinutes,
    { error: 'Please send the acceptance window once (acceptanceWindowMinutes).' },
  )
  .meta({ sentences: true });

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
      const body = request.body;
      // Who may edit the menu is the admin's call alone; the other controls are every staff's.
      if (body.staffEditMenu !== undefined && (await requireUser(request, ctx)).role !== 'admin') {
        throw forbidden('Only the store admin can decide who edits the menu.');
      }
      return ctx.catalogue.change('store', () =>
        updateStoreControls(ctx.db, ctx.clock, {
          openMode: body.mode,
          weeklyHours: body.hours,
          deliveryFeeCents: body.deliveryFee,
          acceptanceWindowMinutes: body.acceptanceWindowMinutes ?? body.acceptWindowMinutes,
          pickupLeadMinutes: body.pickupLeadMinutes,
          deliveryLeadMinutes: body.deliveryLeadMinutes,
          deliveryMinutes: body.deliveryMinutes,
          pause: body.pauseMinutes ?? body.pauseUntil,
          name: body.name,
          pickupAddress: body.pickupAddress,
          phone: body.phone,
          hstNumber: body.hstNumber,
          staffEditMenu: body.staffEditMenu,
        }),
      );
    },
  );
};
