import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  endedServiceDate,
  DEFAULT_WEEKLY_HOURS,
  describeWeeklyHours,
  isPaused,
  isStoreOpen,
  isWithinHours,
  knowZoneOffset,
  localWeekMinute,
  serviceDay,
  zoneOffsetSpan,
  type OpenMode,
  type StoreState,
  type WeeklyHours,
  serviceDate,
  storeStatus,
} from '../../src/domain';

/**
 * Instants are written as Toronto wall-clock times with their UTC offset spelled out
 * (-05:00 EST, -04:00 EDT), so each case says exactly which moment it means and does not rely
 * on the code under test to convert.
 */
const at = (local: string, offset = '-05:00') => new Date(`${local}:00${offset}`);
const openAt = (local: string, offset?: string) =>
  isWithinHours(at(local, offset), DEFAULT_WEEKLY_HOURS);
/** The default hours in a mode, paused until `pauseUntil` when given. */
const state = (openMode: OpenMode, pauseUntil: Date | null = null): StoreState => ({
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  openMode,
  pauseUntil,
});

// The week of Sunday 2026-11-22 (after the fall-back, so every instant is EST).
const WEEK = [
  { day: 'Sunday', date: '2026-11-22', lastOpen: '2026-11-22T22:59', closed: '2026-11-22T23:00' },
  { day: 'Monday', date: '2026-11-23', lastOpen: '2026-11-23T22:59', closed: '2026-11-23T23:00' },
  { day: 'Tuesday', date: '2026-11-24', lastOpen: '2026-11-24T22:59', closed: '2026-11-24T23:00' },
  {
    day: 'Wednesday',
    date: '2026-11-25',
    lastOpen: '2026-11-25T22:59',
    closed: '2026-11-25T23:00',
  },
  // Thursday closes at midnight: its last minute is 23:59, and Friday 00:00 is closed.
  { day: 'Thursday', date: '2026-11-26', lastOpen: '2026-11-26T23:59', closed: '2026-11-27T00:00' },
  // Friday and Saturday run to 01:00 the next morning.
  { day: 'Friday', date: '2026-11-27', lastOpen: '2026-11-28T00:59', closed: '2026-11-28T01:00' },
  { day: 'Saturday', date: '2026-11-28', lastOpen: '2026-11-29T00:59', closed: '2026-11-29T01:00' },
];

describe('opening hours in America/Toronto', () => {
  it('reads the weekday and minute in Toronto, not in the machine zone', () => {
    expect(localWeekMinute(at('2026-11-23T18:00'))).toEqual({ weekday: 1, minute: 18 * 60 });
    // 03:30 UTC on Tuesday is still Monday evening in Toronto.
    expect(localWeekMinute(new Date('2026-11-24T03:30:00Z'))).toEqual({
      weekday: 1,
      minute: 22 * 60 + 30,
    });
  });

  for (const { day, date, lastOpen, closed } of WEEK) {
    it(`opens ${day} at 11:00`, () => {
      expect(openAt(`${date}T10:59`)).toBe(false);
      expect(openAt(`${date}T11:00`)).toBe(true);
      expect(openAt(`${date}T18:00`)).toBe(true);
    });

    it(`closes ${day} night at ${closed.slice(11)}`, () => {
      expect(openAt(lastOpen)).toBe(true);
      expect(openAt(closed)).toBe(false);
    });
  }

  it('does not carry a night that ended at midnight into the next morning', () => {
    // Wednesday closes at 23:00 and Thursday at 00:00: neither reaches past midnight.
    expect(openAt('2026-11-26T00:30')).toBe(false);
    expect(openAt('2026-11-27T00:30')).toBe(false);
    expect(openAt('2026-11-25T23:30')).toBe(false);
  });

  it('counts the hours past midnight for the night they started', () => {
    // Friday night continues into Saturday 00:30; Saturday night into Sunday 00:30.
    expect(openAt('2026-11-28T00:30')).toBe(true);
    expect(openAt('2026-11-29T00:30')).toBe(true);
    // Sunday itself closes at 23:00, so Monday 00:30 is closed.
    expect(openAt('2026-11-30T00:30')).toBe(false);
  });

  it('keeps the past-midnight night even when the next day is closed all day', () => {
    const hours: WeeklyHours = [null, ...DEFAULT_WEEKLY_HOURS.slice(1)];
    expect(isWithinHours(at('2026-11-29T00:30'), hours)).toBe(true);
    expect(isWithinHours(at('2026-11-29T12:00'), hours)).toBe(false);
    expect(isWithinHours(at('2026-11-30T12:00'), hours)).toBe(true);
  });

  describe('daylight-saving days', () => {
    it('follows the spring-forward Sunday, 2026-03-08 (02:00 EST -> 03:00 EDT)', () => {
      // Saturday night still runs to 01:00, which is still EST.
      expect(openAt('2026-03-08T00:59', '-05:00')).toBe(true);
      expect(openAt('2026-03-08T01:00', '-05:00')).toBe(false);
      // Opening at 11:00 EDT = 15:00 UTC. A fixed EST offset would open an hour late.
      expect(isWithinHours(new Date('2026-03-08T14:59:00Z'), DEFAULT_WEEKLY_HOURS)).toBe(false);
      expect(isWithinHours(new Date('2026-03-08T15:00:00Z'), DEFAULT_WEEKLY_HOURS)).toBe(true);
      expect(openAt('2026-03-08T11:30', '-04:00')).toBe(true);
      // Closing at 23:00 EDT = 03:00 UTC Monday.
      expect(openAt('2026-03-08T22:59', '-04:00')).toBe(true);
      expect(isWithinHours(new Date('2026-03-09T03:00:00Z'), DEFAULT_WEEKLY_HOURS)).toBe(false);
    });

    it('follows the fall-back Sunday, 2026-11-01 (02:00 EDT -> 01:00 EST)', () => {
      // Saturday night ends at 01:00 EDT; the repeated 01:00-01:59 hour (EST) stays closed.
      expect(openAt('2026-11-01T00:59', '-04:00')).toBe(true);
      expect(openAt('2026-11-01T01:00', '-04:00')).toBe(false);
      expect(openAt('2026-11-01T01:30', '-05:00')).toBe(false);
      // Opening at 11:00 EST = 16:00 UTC. A fixed EDT offset would open an hour early.
      expect(isWithinHours(new Date('2026-11-01T15:59:00Z'), DEFAULT_WEEKLY_HOURS)).toBe(false);
      expect(isWithinHours(new Date('2026-11-01T16:00:00Z'), DEFAULT_WEEKLY_HOURS)).toBe(true);
      expect(openAt('2026-11-01T22:59', '-05:00')).toBe(true);
      expect(openAt('2026-11-01T23:00', '-05:00')).toBe(false);
    });
  });

  it('lets the override win over the hours, both ways', () => {
    const closedByHours = at('2026-11-23T05:00');
    const openByHours = at('2026-11-23T13:00');
    expect(isStoreOpen(closedByHours, state('auto'))).toBe(false);
    expect(isStoreOpen(openByHours, state('auto'))).toBe(true);
    expect(isStoreOpen(closedByHours, state('open'))).toBe(true);
    expect(isStoreOpen(openByHours, state('closed'))).toBe(false);
  });

  it('keeps the store closed while new orders are paused, whatever the mode, until the pause ends', () => {
    const openByHours = at('2026-11-23T13:00');
    const until = new Date(openByHours.getTime() + 60_000);
    expect(isStoreOpen(openByHours, state('auto', until))).toBe(false);
    expect(isStoreOpen(openByHours, state('open', until))).toBe(false);
    expect(isStoreOpen(until, state('auto', until))).toBe(true);
    expect(isStoreOpen(openByHours, state('auto', null))).toBe(true);
    expect(isPaused(openByHours, until)).toBe(true);
    expect(isPaused(until, until)).toBe(false);
    expect(isPaused(until, null)).toBe(false);
  });

  it('says a pause is a pause, with its end, only while the store would otherwise be open', () => {
    const openByHours = at('2026-11-23T13:00');
    const closedByHours = at('2026-11-23T10:00');
    const until = new Date(openByHours.getTime() + 15 * 60_000);
    expect(storeStatus(openByHours, state('auto', until))).toEqual({
      status: 'paused',
      resumesAt: until,
    });
    expect(storeStatus(until, state('auto', until))).toEqual({
      status: 'open',
      resumesAt: null,
    });
    // Closed by the hours or the staff, a pause changes nothing the customer needs to know.
    const early = new Date(closedByHours.getTime() + 15 * 60_000);
    expect(storeStatus(closedByHours, state('auto', early)).status).toBe('closed');
    expect(storeStatus(openByHours, state('closed', until)).status).toBe('closed');
    expect(storeStatus(closedByHours, state('open', early)).status).toBe('paused');
  });
});

describe('describeWeeklyHours', () => {
  it('groups consecutive days with the same hours', () => {
    expect(describeWeeklyHours(DEFAULT_WEEKLY_HOURS)).toBe(
      'Sun-Wed 11 AM–11 PM · Thu 11 AM–12 AM · Fri-Sat 11 AM–1 AM',
    );
  });

  it('names a closed day and a single day on its own', () => {
    const hours: WeeklyHours = [
      { open: '12:00', close: '20:00' },
      null,
      { open: '11:00', close: '22:00' },
      { open: '11:00', close: '22:00' },
      { open: '11:00', close: '22:00' },
      { open: '11:00', close: '02:00' },
      { open: '12:00', close: '20:00' },
    ];
    expect(describeWeeklyHours(hours)).toBe(
      'Sun 12 PM–8 PM · Mon Closed · Tue-Thu 11 AM–10 PM · Fri 11 AM–2 AM · Sat 12 PM–8 PM',
    );
  });
});

describe("today's hours (serviceDay)", () => {
  const today = (local: string, hours: WeeklyHours = DEFAULT_WEEKLY_HOURS) =>
    serviceDay(at(local), hours);

  it('is the weekday itself during the day and the evening', () => {
    expect(today('2026-11-23T09:00')).toEqual({
      weekday: 1,
      hours: { open: '11:00', close: '23:00' },
    });
    expect(today('2026-11-27T23:30').weekday).toBe(5);
  });

  it('counts the small hours after a past-midnight close as the evening before', () => {
    // Saturday 00:30 is still Friday's service (11:00-01:00); at 01:00 Saturday begins.
    expect(today('2026-11-28T00:30')).toEqual({
      weekday: 5,
      hours: { open: '11:00', close: '01:00' },
    });
    expect(today('2026-11-28T01:00').weekday).toBe(6);
    // Thursday closes at midnight exactly: Friday 00:00 is Friday.
    expect(today('2026-11-27T00:00').weekday).toBe(5);
  });

  it('dates the small hours by their service day, so Friday night holds Saturday 00:30', () => {
    expect(serviceDate(at('2026-11-28T00:30'), DEFAULT_WEEKLY_HOURS)).toBe('2026-11-27');
    expect(serviceDate(at('2026-11-28T00:45'), DEFAULT_WEEKLY_HOURS)).toBe('2026-11-27');
    expect(serviceDate(at('2026-11-28T01:00'), DEFAULT_WEEKLY_HOURS)).toBe('2026-11-28');
    expect(serviceDate(at('2026-11-27T23:30'), DEFAULT_WEEKLY_HOURS)).toBe('2026-11-27');
    // Thursday closes at midnight: Friday 00:00 is Friday's.
    expect(serviceDate(at('2026-11-27T00:00'), DEFAULT_WEEKLY_HOURS)).toBe('2026-11-27');
  });

  it('says so for a day the store is closed', () => {
    const closedMonday: WeeklyHours = DEFAULT_WEEKLY_HOURS.map((day, index) =>
      index === 1 ? null : day,
    );
    expect(today('2026-11-23T12:00', closedMonday)).toEqual({ weekday: 1, hours: null });
  });
});

describe('the store’s offset handed over by the server (no Intl in the browser’s first render)', () => {
  const HOUR = 60 * 60_000;
  // 2026-03-08 02:00 EST → 03:00 EDT, i.e. 07:00 UTC; 2026-11-01 02:00 EDT → 01:00 EST, 06:00 UTC.
  const SPRING = Date.UTC(2026, 2, 8, 7);
  const FALL = Date.UTC(2026, 10, 1, 6);

  it('spans 12 hours either side when the offset holds, and none across a change', () => {
    const winter = zoneOffsetSpan(new Date('2026-11-24T23:00:00Z'));
    expect(winter).toEqual({
      timeZone: 'America/Toronto',
      offsetMs: -5 * HOUR,
      from: Date.parse('2026-11-24T11:00:00Z'),
      until: Date.parse('2026-11-25T11:00:00Z'),
    });
    expect(zoneOffsetSpan(new Date('2026-07-01T16:00:00Z'))?.offsetMs).toBe(-4 * HOUR);
    for (const change of [SPRING, FALL]) {
      expect(zoneOffsetSpan(new Date(change - 11 * HOUR))).toBeNull();
      expect(zoneOffsetSpan(new Date(change + 11 * HOUR))).toBeNull();
      expect(zoneOffsetSpan(new Date(change - 13 * HOUR))).not.toBeNull();
      expect(zoneOffsetSpan(new Date(change + 13 * HOUR))).not.toBeNull();
    }
  });

  it('gives the same weekday and minute as Intl for every instant within the span', () => {
    // Any instant of 2026 whose span exists, and any instant within that span (or just outside).
    const year = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) });
    fc.assert(
      fc.property(year, fc.integer({ min: -13 * HOUR, max: 13 * HOUR }), (center, delta) => {
        const span = zoneOffsetSpan(new Date(center));
        fc.pre(span !== null);
        const instant = new Date(center + delta);
        knowZoneOffset(null);
        // A different minute first, so the answer below is not the one kept from before.
        localWeekMinute(new Date(instant.getTime() + 61_000));
        const byIntl = localWeekMinute(instant);
        knowZoneOffset(span);
        try {
          localWeekMinute(new Date(instant.getTime() + 61_000));
          expect(localWeekMinute(instant)).toEqual(byIntl);
        } finally {
          knowZoneOffset(null);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is only used for its own zone and within its span', () => {
    const span = zoneOffsetSpan(new Date('2026-11-24T23:00:00Z'))!;
    // A span claiming an offset that is wrong on purpose: used only where it applies.
    knowZoneOffset({ ...span, offsetMs: span.offsetMs + HOUR });
    try {
      expect(localWeekMinute(new Date('2026-11-24T23:00:00Z'))).toEqual({
        weekday: 2,
        minute: 19 * 60,
      });
      // Outside the span, and for another zone: Intl, so the truth (18:00 and 23:00).
      expect(localWeekMinute(new Date(span.until + 6 * HOUR))).toEqual({
        weekday: 3,
        minute: 12 * 60,
      });
      expect(localWeekMinute(new Date('2026-11-24T23:00:00Z'), 'Europe/London')).toEqual({
        weekday: 2,
        minute: 23 * 60,
      });
    } finally {
      knowZoneOffset(null);
    }
  });
});

describe('endedServiceDate (the owner’s day summary)', () => {
  // Monday to Thursday 11:00-23:00, Friday 11:00-01:00 (past midnight), weekend closed.
  const day = { open: '11:00', close: '23:00' };
  const hours = [null, day, day, day, day, { open: '11:00', close: '01:00' }, null];
  const at = (iso: string) => endedServiceDate(new Date(iso), hours);

  it('is the day itself once a same-day close has passed, never while open', () => {
    expect(at('2026-11-24T22:59:00-05:00')).toBeNull();
    expect(at('2026-11-24T23:00:00-05:00')).toBe('2026-11-24');
  });

  it('is the day before until today opens; a past-midnight night counts for its evening', () => {
    expect(at('2026-11-25T09:00:00-05:00')).toBe('2026-11-24');
    // Saturday 00:30 is still Friday's night: open, nothing ended yet.
    expect(at('2026-11-28T00:30:00-05:00')).toBeNull();
    expect(at('2026-11-28T01:00:00-05:00')).toBe('2026-11-27');
  });

  it('is null when the day that would have ended had no hours', () => {
    // Monday morning: Sunday was closed all day.
    expect(at('2026-11-30T09:00:00-05:00')).toBeNull();
  });
});
