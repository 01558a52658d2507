import { STORE_TIME_ZONE } from '../../../domain/hours';
import { storeClockText } from '../../../domain/time-text';

/* "Today" and "this month" are the store's, not the tablet's. */

/** YYYY-MM-DD of `date` in the store's time zone (the domain's one rule). */
export { storeDate } from '../../../domain/hours';

/** The first of the month of a YYYY-MM-DD date. */
export function firstOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** A time of day in the store's time zone, e.g. "6:00 PM" (the domain's one clock style). */
export function storeTime(date: Date): string {
  return storeClockText(date);
}

const day = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** A day in the store's time zone, e.g. "Nov 23, 2026". */
export function storeDay(date: Date): string {
  return day.format(date);
}
