/**
 * The one answer to "at what time is this request judged?" for a product's availability
 * windows (`domain/availability.ts`): adding to a cart, merging a guest's cart, Confirm Order and
 * placing the order all ask it, so a lunch special held for Monday noon on Sunday evening is
 * judged the same way at each step.
 */
import { parseScheduledTime, scheduleProblem } from '../../domain';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { StoreSettings } from '../../domain/store-settings';

/** Longest `orderAt` text read; an ISO time is far shorter. */
const MAX_ORDER_AT_TEXT = 100;

/**
 * The time a customer asked for, as a cart request carries it (`orderAt`, an extra field our
 * web app sends): an instant, or null for "as soon as possible" and for anything unreadable.
 * Never a refusal: a cart request is judged now when its time is not one the store could take.
 */
function readOrderAt(value: string | null | undefined): Date | null {
  if (typeof value !== 'string' || value.length > MAX_ORDER_AT_TEXT) return null;
  return parseScheduledTime(value);
}

/**
 * The order's time: `requested` when it is a time the store could take an order for now (the
 * domain's `scheduleProblem` finds nothing), else now. The cart does not know pickup from
 * delivery yet, so the shorter lead time counts; a time valid for the order's own delivery type
 * (Confirm Order checks that first) is valid for it too, so an order's scheduled time is always
 * kept.
 */
export function judgedAt(
  requested: Date | null,
  settings: Pick<StoreSettings, 'weeklyHours' | 'pickupLeadMinutes' | 'deliveryLeadMinutes'>,
  now: Date,
): Date {
  if (!requested || Number.isNaN(requested.getTime())) return now;
  const problem = scheduleProblem(requested, now, {
    hours: settings.weeklyHours,
    leadMinutes: Math.min(settings.pickupLeadMinutes, settings.deliveryLeadMinutes),
  });
  return problem === null ? requested : now;
}

/**
 * A cart request's time (adding a line, merging a guest's cart): its `orderAt` judged by
 * `judgedAt`. Without one, now, and the store's settings are not even read.
 */
export async function cartOrderTime(
  orderAt: string | null | undefined,
  catalogue: Pick<CatalogueSnapshot, 'settings'>,
  now: Date,
): Promise<Date> {
  const requested = readOrderAt(orderAt);
  return requested ? judgedAt(requested, await catalogue.settings(), now) : now;
}
