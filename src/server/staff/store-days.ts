import { STORE_TIME_ZONE, parseScheduledTime, storeDate } from '../../domain';

/**
 * Calendar days in the store's time zone (America/Toronto) for the reports: "today" and a
 * range of days are the store's days, whatever zone the server runs in.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const timeFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-11-24 18:05": the store's local date and time of an instant. */
export function storeDateTime(instant: Date): string {
  return `${storeDate(instant)} ${timeFormatter.format(instant)}`;
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD that exists on the calendar, else null. Years before
 * 1000 are refused: Date.UTC reads years 0-99 as 1900-1999, and no order is that old anyway.
 */
export function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000) return null;
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  if (back.getUTCDate() !== day) return null;
  return utc / 86_400_000;
}

/** The date `days` after a YYYY-MM-DD (calendar arithmetic, no time zone involved). */
function addDays(date: string, days: number): string {
  const start = dayNumber(date);
  if (start === null) throw new Error(`not a date: ${date}`);
  return new Date((start + days) * 86_400_000).toISOString().slice(0, 10);
}

/** The instant the store's day begins (local midnight; Toronto's DST changes happen at 2:00). */
function startOf(date: string): Date {
  const instant = parseScheduledTime(`${date}T00:00:00`);
  if (!instant) throw new Error(`not a date: ${date}`);
  return instant;
}

/** The instants [from, to) covering the store's days `first` to `last`, both included. */
export function storeDaysRange(first: string, last: string): { from: Date; to: Date } {
  return { from: startOf(first), to: startOf(addDays(last, 1)) };
}
