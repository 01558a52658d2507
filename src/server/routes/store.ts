import { describeWeeklyHours, isStoreOpen, toDollars } from '../../domain';
import type { RouteModule } from '../context';
import { apiStoreInfoSchema, apiStoreStatusSchema } from '../http/api-schemas';
import { storeRepository } from '../repositories/store';

export const storeRoutes: RouteModule = (app, ctx) => {
  const store = storeRepository(ctx.db);

  /** The spec's open flag: opening hours in America/Toronto, unless the store forced it. */
  app.get('/store/status', { schema: { response: { 200: apiStoreStatusSchema } } }, async () => {
    const settings = await store.settings();
    return {
      storeOpen: isStoreOpen(
        ctx.clock.now(),
        settings.weeklyHours,
        settings.openMode,
        settings.pauseUntil,
      ),
    };
  });

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
