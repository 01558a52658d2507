/**
 * Availability windows: a product offered only on some days and hours (a lunch special
 * Mon–Fri 11:00–15:00), judged in the store's zone with the hours' clock (`hours.ts`). Pure:
 * the caller passes the instant, the order's time (its scheduled time, else now).
 *
 * A window whose `to` is at or before its `from` runs past midnight and belongs to the day it
 * starts, as the store's hours do: Fri 22:00–02:00 holds Saturday 01:00, not Friday's.
 */
import type { AvailabilityWindow } from './catalog';
import { offeredWindows } from './offered-windows';
import {
  SHORT_DAYS,
  STORE_TIME_ZONE,
  hoursClockText,
  localWeekMinute,
  spansHold,
  type Weekday,
} from './hours';

/** A window as the hours' spans: its days' open and close, no span on the others. */
function holds(window: AvailabilityWindow, weekday: Weekday, minute: number): boolean {
  const span = { open: window.from, close: window.to };
  return spansHold((day) => (window.days.includes(day) ? span : null), weekday, minute);
}

/**
 * Whether a product is offered at `instant`: always without windows, else inside one of them.
 * Which windows are the product's is `offeredWindows`' to say (offered-windows.ts), so the storefront's
 * windows and the refusal's can never be read two ways.
 */
export function isAvailableAt(
  product: {
    details: { readonly availableAt?: readonly AvailabilityWindow[] };
    categoryAvailableAt?: readonly AvailabilityWindow[];
  },
  instant: Date,
  timeZone: string = STORE_TIME_ZONE,
): boolean {
  const windows = offeredWindows(product);
  if (windows === undefined) return true;
  const { weekday, minute } = localWeekMinute(instant, timeZone);
  return windows.some((window) => holds(window, weekday, minute));
}

/** A customer's week starts on Monday: Saturday and Sunday read "Sat–Sun", not "Sun, Sat". */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** Days in words, runs of consecutive days joined: "Mon–Fri", "Mon, Wed", "Every day". */
function describeDays(days: readonly number[]): string {
  const chosen = WEEK_ORDER.filter((day) => days.includes(day));
  if (chosen.length === 7) return 'Every day';
  const runs: number[][] = [];
  let previous = -1;
  chosen.forEach((day) => {
    const position = WEEK_ORDER.indexOf(day);
    const run = runs.at(-1);
    if (run && position === previous + 1) run.push(day);
    else runs.push([day]);
    previous = position;
  });
  return runs
    .map((run) => {
      const first = SHORT_DAYS[run[0] ?? 0] ?? '';
      const last = SHORT_DAYS[run.at(-1) ?? 0] ?? '';
      return run.length === 1 ? first : `${first}–${last}`;
    })
    .join(', ');
}

/** The refusal's words for a product asked for outside its windows (the API's 409). */
export function notOfferedMessage(name: string, windows: readonly AvailabilityWindow[]): string {
  return `Sorry, ${name} is only available ${describeAvailability(windows)}.`;
}

/**
 * When a product is offered, in the 12-hour style of every screen: "Mon–Fri 11:00 AM–3:00 PM";
 * several windows joined by " · ", as the hours banner joins its days.
 */
export function describeAvailability(windows: readonly AvailabilityWindow[]): string {
  return windows
    .map(
      (window) =>
        `${describeDays(window.days)} ${hoursClockText(window.from)}–${hoursClockText(window.to)}`,
    )
    .join(' · ');
}
