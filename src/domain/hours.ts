/**
 * Opening hours, in the store's time zone (America/Toronto). Pure: the caller passes the
 * instant, so nothing here depends on the machine's clock or zone.
 *
 * A day's hours that close at or before they open run past midnight and count for the night
 * they started: Friday 11:00-01:00 means Saturday 00:30 is still Friday's service.
 */

export const STORE_TIME_ZONE = 'America/Toronto';

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DayHours {
  /** "HH:MM", 24-hour local time. */
  open: string;
  /** "HH:MM"; at or before `open` means the next day (past midnight). "00:00" is midnight. */
  close: string;
}

/** Index = weekday (0 Sunday). `null` = closed all day. */
export type WeeklyHours = readonly (DayHours | null)[];

/** Whether the store is forced open, forced closed, or follows its hours. */
export type OpenMode = 'auto' | 'open' | 'closed';

/** The store's default hours (menu.md): Sun-Wed 11-23, Thu 11-24, Fri-Sat 11-01. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = [
  { open: '11:00', close: '23:00' },
  { open: '11:00', close: '23:00' },
  { open: '11:00', close: '23:00' },
  { open: '11:00', close: '23:00' },
  { open: '11:00', close: '00:00' },
  { open: '11:00', close: '01:00' },
  { open: '11:00', close: '01:00' },
];

function parseClock(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`Invalid time "${hhmm}", expected HH:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

let dateFormatter: Intl.DateTimeFormat | null = null;

/**
 * The store's calendar date of an instant, "2026-11-23": its "today" whatever zone the device
 * or the server runs in (reports, the board's Done today, the checkout's days). Built from the
 * parts, not the locale's date pattern, so no ICU version can change its shape.
 */
export function storeDate(instant: Date): string {
  dateFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: STORE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = dateFormatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds (Toronto in winter: -5 h). */
export function offsetAt(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local - (instant - (instant % 1000));
}

/**
 * A stretch of time over which a zone's offset from UTC does not change: within it, the wall
 * clock is plain arithmetic. A browser's first `Intl.DateTimeFormat` in a zone loads the zone's
 * data, a long task of its own (docs/performance.md) in the middle of the hydration of a page
 * that shows the hours. The server works the span out and hands it over
 * with its first view (`knowZoneOffset`); the zone's rules stay Intl's (tzdata), never ours.
 */
export interface ZoneOffsetSpan {
  timeZone: string;
  /** Local time minus UTC, in ms (Toronto in winter: -5 h). */
  offsetMs: number;
  /** Epoch ms, from inclusive, until exclusive. */
  from: number;
  until: number;
}

const HALF_DAY_MS = 12 * 60 * 60_000;

/**
 * The span of 12 hours either side of `instant` when the zone's offset is the same at both ends
 * and at the instant; null around a change (then the instant's neighbours go through Intl).
 * No zone changes its offset twice within a day, so equal ends mean no change between them.
 */
export function zoneOffsetSpan(
  instant: Date,
  timeZone: string = STORE_TIME_ZONE,
): ZoneOffsetSpan | null {
  const at = instant.getTime();
  const offsetMs = offsetAt(at, timeZone);
  const from = at - HALF_DAY_MS;
  const until = at + HALF_DAY_MS;
  if (offsetAt(from, timeZone) !== offsetMs || offsetAt(until, timeZone) !== offsetMs) return null;
  return { timeZone, offsetMs, from, until };
}

let knownSpan: ZoneOffsetSpan | null = null;

/** Lets localWeekMinute answer within `span` without Intl (null forgets it). */
export function knowZoneOffset(span: ZoneOffsetSpan | null): void {
  knownSpan = span;
}

/** Weekdays in three letters, Sunday first (a `Weekday`'s index). */
export const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The last answer of localWeekMinute: asked for on every store-status request, same minute. */
let lastWeekMinute: {
  timeZone: string;
  epochMinute: number;
  value: { weekday: Weekday; minute: number };
} | null = null;

/**
 * The wall-clock weekday and minute of the day of an instant in a time zone. Every zone's offset
 * is a whole number of minutes, so the answer only changes when the epoch minute does: the last
 * one is kept (formatting the date in a zone is the costly part of the store's status).
 */
export function localWeekMinute(
  instant: Date,
  timeZone: string = STORE_TIME_ZONE,
): { weekday: Weekday; minute: number } {
  const epochMinute = Math.floor(instant.getTime() / 60_000);
  if (lastWeekMinute?.epochMinute === epochMinute && lastWeekMinute.timeZone === timeZone) {
    return { ...lastWeekMinute.value };
  }
  // The wall clock is the instant moved by the zone's offset: from the span the server handed
  // over when it covers the instant, else from Intl (the zone's rules stay tzdata's).
  const at = instant.getTime();
  const offsetMs =
    knownSpan?.timeZone === timeZone && at >= knownSpan.from && at < knownSpan.until
      ? knownSpan.offsetMs
      : offsetAt(at, timeZone);
  const local = new Date(at + offsetMs);
  const value = {
    weekday: local.getUTCDay() as Weekday,
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
  lastWeekMinute = { timeZone, epochMinute, value };
  return { ...value };
}

function runsPastMidnight(day: DayHours): boolean {
  return parseClock(day.close) <= parseClock(day.open);
}

/**
 * Whether a week of spans holds this weekday and minute: the day's own span, or yesterday's when
 * it runs past midnight (a span whose close is at or before its open belongs to the day it
 * opens: Friday 11:00–01:00 holds Saturday 00:30). The store's hours and a product's
 * availability windows (`availability.ts`) both follow this one rule.
 */
export function spansHold(
  spanOf: (weekday: Weekday) => DayHours | null | undefined,
  weekday: Weekday,
  minute: number,
): boolean {
  const today = spanOf(weekday);
  if (today) {
    const open = parseClock(today.open);
    const close = parseClock(today.close);
    if (runsPastMidnight(today) ? minute >= open : minute >= open && minute < close) return true;
  }
  const yesterday = spanOf(((weekday + 6) % 7) as Weekday);
  return !!yesterday && runsPastMidnight(yesterday) && minute < parseClock(yesterday.close);
}

/** Whether the weekly hours have the store open at this instant (ignoring any override). */
export function isWithinHours(
  instant: Date,
  hours: WeeklyHours,
  timeZone: string = STORE_TIME_ZONE,
): boolean {
  const { weekday, minute } = localWeekMinute(instant, timeZone);
  return spansHold((day) => hours[day], weekday, minute);
}

/**
 * The store date of the latest day of service whose hours have ended at `instant`, while the
 * store is closed by its hours: today's after a same-day close, yesterday's before today's
 * opening (so a past-midnight close counts for the evening before). Null while within hours,
 * and when the day that would have ended had no hours. For the owner's day summary.
 */
export function endedServiceDate(
  instant: Date,
  hours: WeeklyHours,
  timeZone: string = STORE_TIME_ZONE,
): string | null {
  if (isWithinHours(instant, hours, timeZone)) return null;
  const { weekday, minute } = localWeekMinute(instant, timeZone);
  const today = hours[weekday];
  const date = storeDate(instant);
  if (today && !runsPastMidnight(today) && minute >= parseClock(today.close)) return date;
  if (!hours[(weekday + 6) % 7]) return null;
  // The calendar's day before, by the date's numbers: a day of 23 or 25 hours moves nothing.
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * The day of service an instant belongs to, with its hours: the night after a past-midnight
 * close still counts as the evening before (Saturday 00:30 is Friday's 11:00-01:00). What the
 * shell shows as "today's hours".
 */
export function serviceDay(
  instant: Date,
  hours: WeeklyHours,
  timeZone: string = STORE_TIME_ZONE,
): { weekday: Weekday; hours: DayHours | null } {
  const { weekday, minute } = localWeekMinute(instant, timeZone);
  const previous = ((weekday + 6) % 7) as Weekday;
  const yesterday = hours[previous];
  if (yesterday && runsPastMidnight(yesterday) && minute < parseClock(yesterday.close)) {
    return { weekday: previous, hours: yesterday };
  }
  return { weekday, hours: hours[weekday] ?? null };
}

/**
 * The store's calendar date ("2026-11-27") of the day of service an instant belongs to:
 * Saturday 00:30 within Friday's 11:00-01:00 is Friday's. Slots and days are grouped by it, so
 * nobody books Friday night's last half hour under Saturday.
 */
export function serviceDate(
  instant: Date,
  hours: WeeklyHours,
  timeZone: string = STORE_TIME_ZONE,
): string {
  const ownDay =
    serviceDay(instant, hours, timeZone).weekday === localWeekMinute(instant, timeZone).weekday;
  // Past midnight means early morning: half a day back is the evening before.
  return storeDate(ownDay ? instant : new Date(instant.getTime() - HALF_DAY_MS));
}

/** A minute of the day (0-1439) on the 12-hour clock: 0 → "12:00 AM", 1110 → "6:30 PM". */
export function clockText(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60) % 24;
  const minute = minuteOfDay % 60;
  return `${String(hour % 12 === 0 ? 12 : hour % 12)}:${String(minute).padStart(2, '0')} ${
    hour < 12 ? 'AM' : 'PM'
  }`;
}

/** An "HH:MM" of the hours table on the 12-hour clock: "00:00" → "12:00 AM". */
export function hoursClockText(hhmm: string): string {
  const [hour = 0, minute = 0] = hhmm.split(':').map(Number);
  return clockText(hour * 60 + minute);
}

/**
 * A day's hours in the banner's words, the 12-hour clock without zero minutes so a phone's
 * header keeps them on one line: "11 AM–11 PM", "11 AM–12 AM", "11:30 AM–1 AM", or "Closed".
 */
export function describeDay(day: DayHours | null): string {
  const short = (hhmm: string) => hoursClockText(hhmm).replace(':00 ', ' ');
  return day ? `${short(day.open)}–${short(day.close)}` : 'Closed';
}

/** The longest pause the staff can set at once: a whole service. */
export const MAX_PAUSE_MINUTES = 480;

/** Whether new orders are paused at this instant: a pause runs until `pauseUntil`, exclusive. */
export function isPaused(instant: Date, pauseUntil: Date | null | undefined): boolean {
  return pauseUntil != null && instant.getTime() < pauseUntil.getTime();
}

/**
 * What the store's status is worked out from: its hours, the staff's override and a pause. The
 * settings carry it under the same names, so a caller hands over what it holds (the settings,
 * or the staff's answer read into them) and no rule depends on the order of its arguments.
 */
export interface StoreState {
  weeklyHours: WeeklyHours;
  openMode: OpenMode;
  /** New orders paused until then, exclusive; null when not paused. */
  pauseUntil: Date | null;
}

/** Open by the staff's override or, when it is `auto`, by the hours; a pause aside. */
function openByModeOrHours(instant: Date, state: StoreState, timeZone: string): boolean {
  return state.openMode === 'auto'
    ? isWithinHours(instant, state.weeklyHours, timeZone)
    : state.openMode === 'open';
}

/**
 * The store's open flag, the one rule every caller uses: a pause (the staff's "no new orders
 * for a while") closes it whatever the mode; otherwise the override wins, else the hours decide.
 */
export function isStoreOpen(
  instant: Date,
  state: StoreState,
  timeZone: string = STORE_TIME_ZONE,
): boolean {
  return !isPaused(instant, state.pauseUntil) && openByModeOrHours(instant, state, timeZone);
}

/** What the store is doing: open, closed (hours or the staff), or paused for a while. */
export type StoreStatus = 'open' | 'closed' | 'paused';

/**
 * The store's status with, when paused, when it resumes. Paused only when the store would
 * otherwise be open: a pause over a closed evening is just closed. `open` agrees with
 * `isStoreOpen` at every instant.
 */
export function storeStatus(
  instant: Date,
  state: StoreState,
  timeZone: string = STORE_TIME_ZONE,
): { status: StoreStatus; resumesAt: Date | null } {
  const status: StoreStatus = !openByModeOrHours(instant, state, timeZone)
    ? 'closed'
    : isPaused(instant, state.pauseUntil)
      ? 'paused'
      : 'open';
  return { status, resumesAt: status === 'paused' ? state.pauseUntil : null };
}

/**
 * The hours as a short banner text, grouping consecutive days with the same hours:
 * "Sun-Wed 11 AM–11 PM · Thu 11 AM–12 AM · Fri-Sat 11 AM–1 AM".
 */
export function describeWeeklyHours(hours: WeeklyHours): string {
  const groups: { from: number; to: number; text: string }[] = [];
  hours.forEach((day, index) => {
    const text = describeDay(day);
    const last = groups.at(-1);
    if (last && last.text === text) last.to = index;
    else groups.push({ from: index, to: index, text });
  });
  return groups
    .map(({ from, to, text }) => {
      const days = from === to ? SHORT_DAYS[from] : `${SHORT_DAYS[from]}-${SHORT_DAYS[to]}`;
      return `${days} ${text}`;
    })
    .join(' · ');
}
