/**
 * The scheduled time of an order, read and checked with the domain's one rule
 * (`domain/schedule.ts`): at Confirm Order, and again when the order is placed, since time has
 * passed and the store may have changed its hours since.
 */
import {
  SCHEDULE_MESSAGES,
  parseScheduledTime,
  scheduleLeadMinutes,
  scheduleProblem,
  type DeliveryType,
} from '../../domain';
import { badRequest } from '../http/errors';
import type { StoreSettings } from '../../domain/store-settings';

/** Longest schedule text read; every form we accept is far shorter. */
const MAX_SCHEDULE_TEXT = 100;

/** 400 `invalid_schedule` unless the store can honour `instant` now. */
export function checkScheduledTime(
  instant: Date,
  deliveryType: DeliveryType,
  settings: StoreSettings,
  now: Date,
): void {
  const problem = scheduleProblem(instant, now, {
    hours: settings.weeklyHours,
    leadMinutes: scheduleLeadMinutes(settings, deliveryType),
  });
  if (problem) throw badRequest(SCHEDULE_MESSAGES[problem], 'invalid_schedule');
}

/**
 * The `scheduledTime` a client sent: null, absent or blank for "as soon as possible"; ISO 8601
 * or en-US locale text (read in the store's zone) for a time, which must then be one the store
 * can honour. Anything else (another type, another format) is a 400 `invalid_schedule`.
 */
export function readScheduledTime(
  value: unknown,
  deliveryType: DeliveryType,
  settings: StoreSettings,
  now: Date,
): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const instant =
    typeof value === 'string' && value.length <= MAX_SCHEDULE_TEXT
      ? parseScheduledTime(value)
      : null;
  if (!instant) throw badRequest(SCHEDULE_MESSAGES.unreadable, 'invalid_schedule');
  checkScheduledTime(instant, deliveryType, settings, now);
  return instant;
}
