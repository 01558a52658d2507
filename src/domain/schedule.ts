/**
 * Scheduled orders: which times a customer may choose, and whether a chosen time is one the
 * store can honour. The checkout's time picker offers `scheduleSlots`; the server checks the
 * time it receives with `scheduleProblem`. One rule, two callers. Pure: "now" is a parameter.
 *
 * The rule: inside opening hours (nights past midnight count for the day they started), no
 * earlier than now + the store's lead time for the delivery type, rounded up to the next quarter
 * hour, at most MAX_SCHEDULE_DAYS ahead.
 */
import { STORE_TIME_ZONE, isWithinHours, offsetAt, type WeeklyHours } from './hours';

export const SLOT_MINUTES = 15;
export const MAX_SCHEDULE_DAYS = 7;
/**
 * What the server allows below the lead time: the slot was offered at checkout, and a customer
 * who then spends a few minutes on the Payment screen must not be refused the slot they were
 * offered (nor for a browser clock a minute or two off). The kitchen still gets lead - grace.
 */
export const SCHEDULE_GRACE_MINUTES = 10;

const MINUTE = 60_000;

export interface ScheduleRule {
  hours: WeeklyHours;
  /** The store's lead time for this order's delivery type, minutes. */
  leadMinutes: number;
  timeZone?: string;
}

/** The first time that may be offered: now + lead, rounded up to a quarter hour after now. */
export function earliestSlot(now: Date, leadMinutes: number): Date {
  const slot = SLOT_MINUTES * MINUTE;
  // Toronto's offsets are whole hours, so quarter hours in UTC are quarter hours locally.
  // Strictly after now even with no lead time: `now` itself is already past (scheduleProblem).
  const afterNow = Math.floor(now.getTime() / slot) + 1;
  const afterLead = Math.ceil((now.getTime() + leadMinutes * MINUTE) / slot);
  return new Date(Math.max(afterNow, afterLead) * slot);
}

/** Every quarter-hour slot inside opening hours from the earliest one to MAX_SCHEDULE_DAYS ahead. */
export function scheduleSlots(now: Date, rule: ScheduleRule): Date[] {
  const last = now.getTime() + MAX_SCHEDULE_DAYS * 24 * 60 * MINUTE;
  const slots: Date[] = [];
  for (
    let time = earliestSlot(now, rule.leadMinutes).getTime();
    time <= last;
    time += SLOT_MINUTES * MINUTE
  ) {
    const instant = new Date(time);
    if (isWithinHours(instant, rule.hours, rule.timeZone ?? STORE_TIME_ZONE)) slots.push(instant);
  }
  return slots;
}

export type ScheduleProblem = 'unreadable' | 'past' | 'too-soon' | 'outside-hours' | 'too-far';

/** The words the API answers (400) and the checkout shows for each problem. */
export const SCHEDULE_MESSAGES: Record<ScheduleProblem, string> = {
  unreadable: 'The scheduled time could not be read. Please choose a time from the list.',
  past: 'The scheduled time has already passed. Please choose a later time.',
  'too-soon': 'The scheduled time is too soon for the kitchen. Please choose a later time.',
  'outside-hours':
    'The store is closed at the scheduled time. Please choose a time within opening hours.',
  'too-far': `Orders can be scheduled at most ${MAX_SCHEDULE_DAYS} days ahead.`,
};

/** Why `instant` cannot be scheduled now, or null when it can. */
export function scheduleProblem(
  instant: Date,
  now: Date,
  rule: ScheduleRule,
): Exclude<ScheduleProblem, 'unreadable'> | null {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new Error('scheduleProblem needs a valid instant');
  if (time <= now.getTime()) return 'past';
  if (time < now.getTime() + (rule.leadMinutes - SCHEDULE_GRACE_MINUTES) * MINUTE) {
    return 'too-soon';
  }
  if (time > now.getTime() + MAX_SCHEDULE_DAYS * 24 * 60 * MINUTE) return 'too-far';
  if (!isWithinHours(instant, rule.hours, rule.timeZone ?? STORE_TIME_ZONE)) {
    return 'outside-hours';
  }
  return null;
}

const ISO_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
// The spec's client sends Date#toLocaleString() in en-US: "12/1/2026, 6:30:00 PM".
const EN_US = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP])\.?M\.?$/i;

/**
 * Reads a scheduled time: ISO 8601 with a zone (an instant), ISO 8601 without one (a
 * `datetime-local` value) or en-US locale text, the last two read as wall-clock time in the
 * store's zone. Null when it is none of these or names a date that does not exist.
 */
export function parseScheduledTime(text: string, timeZone: string = STORE_TIME_ZONE): Date | null {
  // Browsers put narrow no-break spaces in toLocaleString's output ("6:30:00\u202fPM").
  const value = text.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (ISO_WITH_ZONE.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const iso = ISO_LOCAL.exec(value);
  if (iso) {
    const [year, month, day, hour, minute, second] = numbers(iso);
    return wallClock(timeZone, year, month, day, hour, minute, second);
  }
  const us = EN_US.exec(value);
  if (us) {
    const [month, day, year, hour12, minute, second] = numbers(us);
    if (hour12 < 1 || hour12 > 12) return null;
    const pm = us[7]?.toUpperCase() === 'P';
    const hour = (hour12 % 12) + (pm ? 12 : 0);
    return wallClock(timeZone, year, month, day, hour, minute, second);
  }
  return null;
}

/** A match's first six groups as numbers (an absent optional group reads 0). */
function numbers(match: RegExpExecArray): [number, number, number, number, number, number] {
  const at = (index: number) => Number(match[index] ?? 0);
  return [at(1), at(2), at(3), at(4), at(5), at(6)];
}

/** The instant a wall-clock time names in `timeZone`; null for an impossible date. */
function wallClock(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): Date | null {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 November over to 1 December: such a date does not exist.
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // The zone's offset at the guess, then again at the result (they differ across a DST change).
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}
