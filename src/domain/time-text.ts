/**
 * Times as people read them, one style on every screen and in every message: the 12-hour clock
 * with AM/PM in the store's zone ("6:45 PM", midnight "12:00 AM"), as the store's customers and
 * its staff read a clock. Built from numbers rather than the locale's pattern, so no ICU version
 * or browser language changes the shape, and a wall-clock time needs no Intl at all.
 */
import { STORE_TIME_ZONE, clockText, localWeekMinute, storeDate } from './hours';

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** The store's wall-clock time of an instant: "6:45 PM". */
export function storeClockText(instant: Date, timeZone: string = STORE_TIME_ZONE): string {
  return clockText(localWeekMinute(instant, timeZone).minute);
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * An instant as short as it can be said relative to `now`: "6:45 PM" on the store's same day,
 * "Sat 12:30 AM" within the coming six days, "Thu, Dec 3, 6:00 PM" otherwise (a weekday alone
 * would then name today's as well).
 */
export function storeDayTimeText(instant: Date, now: Date): string {
  const day = storeDate(instant);
  const clock = storeClockText(instant);
  if (day === storeDate(now)) return clock;
  const { weekday } = localWeekMinute(instant);
  const weekdayName = SHORT_WEEKDAYS[weekday] ?? '';
  const ahead = instant.getTime() - now.getTime();
  if (ahead > 0 && ahead < 6 * DAY_MS) return `${weekdayName} ${clock}`;
  const [, month = 1, date = 1] = day.split('-').map(Number);
  return `${weekdayName}, ${SHORT_MONTHS[month - 1] ?? ''} ${String(date)}, ${clock}`;
}

/**
 * What an accepted order tells its customer about when it will be ready, on every surface (the
 * waiting dialog, My Orders, mail): a scheduled order is ready at its time, confirmed; an
 * as-soon-as-possible one about when the kitchen said.
 */
export function readyAtText(readyAt: Date, scheduled: boolean, now: Date): string {
  return `${scheduled ? 'Ready at' : 'Ready about'} ${storeDayTimeText(readyAt, now)}`;
}

/** A pause in the customer's words, in the header, the banner and the checkout's button. */
export function pausedText(resumesAt: Date, now: Date): string {
  return `Paused — back at ${storeDayTimeText(resumesAt, now)}`;
}
