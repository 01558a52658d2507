import {
  describeWeeklyHours,
  scheduleLeadMinutes,
  storeStatus,
  toDollars,
  type ApiStoreStatus,
} from '../../domain';
import type { Clock } from '../clock';
import type { RouteModule } from '../context';
import { apiStoreInfoSchema, apiStoreStatusSchema } from '../http/api-schemas';
import {
  REVALIDATE,
  representation,
  sendRepresentation,
  type Representation,
} from '../http/representation';
import type { StoreSettings } from '../../domain/store-settings';
import { storeRepository } from '../repositories/store';

const status = (answer: ApiStoreStatus) =>
  representation(
    'application/json; charset=utf-8',
    Buffer.from(JSON.stringify(apiStoreStatusSchema.parse(answer))),
  );
const OPEN = status({ storeOpen: true, status: 'open', resumesAt: null });
const CLOSED = status({ storeOpen: false, status: 'closed', resumesAt: null });
/** The last pause's answer: one pause at a time, asked for by every open storefront. */
let paused: { until: number; answer: Representation } | null = null;

function pausedAnswer(until: Date): Representation {
  if (paused?.until !== until.getTime()) {
    paused = {
      until: until.getTime(),
      answer: status({ storeOpen: false, status: 'paused', resumesAt: until.toISOString() }),
    };
  }
  return paused.answer;
}

/**
 * The spec's open flag, and what the store is doing (open, closed, paused until when): opening
 * hours in America/Toronto, unless the store forced it or paused. The settings come from the
 * process's snapshot (they change a few times a day); the answer is worked out from
 * them and the clock, so it turns at the very minute the hours say (or the second a pause
 * ends), whatever was remembered. Open and closed are prepared once with their ETags, a pause
 * once per pause.
 */
function statusAnswers(clock: Clock): (settings: StoreSettings) => Representation {
  // Every storefront asks: the answer is kept, for the settings it was worked out from, until the
  // next minute (opening hours change only on a minute) or the pause's end, if sooner.
  let last: {
    settings: StoreSettings;
    from: number;
    until: number;
    answer: Representation;
  } | null = null;
  return (settings) => {
    const at = clock.now();
    const time = at.getTime();
    if (last?.settings === settings && time >= last.from && time < last.until) return last.answer;
    const now = storeStatus(at, settings);
    const answer =
      now.status === 'paused' && now.resumesAt
        ? pausedAnswer(now.resumesAt)
        : now.status === 'open'
          ? OPEN
          : CLOSED;
    const minuteStart = Math.floor(time / 60_000) * 60_000;
    const nextMinute = minuteStart + 60_000;
    const resumes = now.status === 'paused' ? now.resumesAt?.getTime() : undefined;
    last = {
      settings,
      from: minuteStart,
      until: resumes !== undefined && resumes < nextMinute ? resumes : nextMinute,
      answer,
    };
    return answer;
  };
}

/** The status fields of the store's profile: the same as the status answer's. */
function statusFields(now: Date, settings: StoreSettings): ApiStoreStatus {
  const state = storeStatus(now, settings);
  return {
    storeOpen: state.status === 'open',
    status: state.status,
    resumesAt: state.resumesAt?.toISOString() ?? null,
  };
}

export const storeRoutes: RouteModule = (app, ctx) => {
  const store = storeRepository(ctx.db);
  const statusAnswer = statusAnswers(ctx.clock);

  app.get(
    '/store/status',
    { schema: { response: { 200: apiStoreStatusSchema } } },
    (request, reply) => {
      // Within the handler's own call when the snapshot holds the settings: no promise to wait on.
      const ready = ctx.catalogue.readySettings();
      if (ready) {
        sendRepresentation(request, reply, statusAnswer(ready), REVALIDATE);
        return undefined;
      }
      return ctx.catalogue.settings().then((settings) => {
        sendRepresentation(request, reply, statusAnswer(settings), REVALIDATE);
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
      ...statusFields(ctx.clock.now(), settings),
      leadMinutes: {
        pickup: scheduleLeadMinutes(settings, 'pickup'),
        delivery: scheduleLeadMinutes(settings, 'delivery'),
      },
      googleClientId: ctx.config.google.clientId,
      mapsApiKey: ctx.config.mapsApiKey,
    };
  });
};
