import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeWeeklyHours, isStoreOpen, toDollars } from '../../domain';
import type { RouteModule } from '../context';
import { apiStoreInfoSchema, apiStoreStatusSchema } from '../http/api-schemas';
import { representation, sendRepresentation } from '../http/representation';
import { storeRepository, type StoreSettings } from '../repositories/store';

const status = (storeOpen: boolean) =>
  representation(
    'application/json; charset=utf-8',
    Buffer.from(JSON.stringify(apiStoreStatusSchema.parse({ storeOpen }))),
  );
const OPEN = status(true);
const CLOSED = status(false);

export const storeRoutes: RouteModule = (app, ctx) => {
  const store = storeRepository(ctx.db);

  /**
   * The spec's open flag: opening hours in America/Toronto, unless the store forced it or
   * paused. The settings come from the process's snapshot (they change a few times a day); the
   * answer is worked out per request from them and the clock, so it turns at the very minute the
   * hours say (or the second a pause ends), whatever was remembered. Two possible answers, each
   * prepared once with its ETag.
   */
  const sendStatus = (request: FastifyRequest, reply: FastifyReply, settings: StoreSettings) => {
    const open = isStoreOpen(
      ctx.clock.now(),
      settings.weeklyHours,
      settings.openMode,
      settings.pauseUntil,
    );
    return sendRepresentation(request, reply, open ? OPEN : CLOSED, 'no-cache');
  };

  app.get(
    '/store/status',
    { schema: { response: { 200: apiStoreStatusSchema } } },
    (request, reply) => {
      // Remembered settings are used at once (no promise to wait on); else loaded first.
      const ready = ctx.catalogue.readySettings();
      if (ready) {
        sendStatus(request, reply, ready);
        return undefined;
      }
      return ctx.catalogue.settings().then((settings) => {
        sendStatus(request, reply, settings);
      });
    },
  );

  /**
   * Everything the browser needs about the store and this deployment in one call at start-up,
   * so one build serves every deployment (brief: configuration).
   */
  app.get('/store', { schema: { response: { 200: apiStoreInfoSchema } } }, async () => {
    const settings = await store.settings();
    return {
      name: settings.name,
      phone: settings.phone,
      pickupAddress: settings.pickupAddress,
      hours: settings.weeklyHours,
      hoursText: describeWeeklyHours(settings.weeklyHours),
      deliveryFee: toDollars(settings.deliveryFeeCents),
      storeOpen: isStoreOpen(
        ctx.clock.now(),
        settings.weeklyHours,
        settings.openMode,
        settings.pauseUntil,
      ),
      leadMinutes: {
        pickup: settings.leadTimeMinutes,
        delivery: settings.deliveryLeadTimeMinutes,
      },
      googleClientId: ctx.config.google.clientId,
      mapsApiKey: ctx.config.mapsApiKey,
    };
  });
};
