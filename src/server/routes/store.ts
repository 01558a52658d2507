import { describeWeeklyHours, isStoreOpen, toDollars } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { Clock } from '../clock';
import type { RouteModule } from '../context';
import { apiStoreInfoSchema, apiStoreStatusSchema } from '../http/api-schemas';
import {
  REVALIDATE,
  representation,
  sendRepresentation,
  type Representation,
} from '../http/representation';
import { storeRepository, type StoreSettings } from '../repositories/store';

const status = (storeOpen: boolean) =>
  representation(
    'application/json; charset=utf-8',
    Buffer.from(JSON.stringify(apiStoreStatusSchema.parse({ storeOpen }))),
  );
const OPEN = status(true);
const CLOSED = status(false);

/**
 * The spec's open flag: opening hours in America/Toronto, unless the store forced it or paused.
 * The settings come from the process's snapshot (they change a few times a day); the answer is
 * worked out per request from them and the clock, so it turns at the very minute the hours say
 * (or the second a pause ends), whatever was remembered. Two possible answers, each prepared
 * once with its ETag.
 */
function statusAnswer(clock: Clock, settings: StoreSettings): Representation {
  const open = isStoreOpen(
    clock.now(),
    settings.weeklyHours,
    settings.openMode,
    settings.pauseUntil,
  );
  return open ? OPEN : CLOSED;
}

/**
 * The status answer when the snapshot holds the settings (no promise to wait on), else
 * undefined. Also the first step of every request answers from it (`catalogue/early-answers.ts`).
 */
export function readyStoreStatus(
  catalogue: CatalogueSnapshot,
  clock: Clock,
): Representation | undefined {
  const settings = catalogue.readySettings();
  return settings && statusAnswer(clock, settings);
}

export const storeRoutes: RouteModule = (app, ctx) => {
  const store = storeRepository(ctx.db);

  app.get(
    '/store/status',
    { schema: { response: { 200: apiStoreStatusSchema } } },
    (request, reply) => {
      const ready = readyStoreStatus(ctx.catalogue, ctx.clock);
      if (ready) {
        sendRepresentation(request, reply, ready, REVALIDATE);
        return undefined;
      }
      return ctx.catalogue.settings().then((settings) => {
        sendRepresentation(request, reply, statusAnswer(ctx.clock, settings), REVALIDATE);
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
