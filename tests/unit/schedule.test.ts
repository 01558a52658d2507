import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEEKLY_HOURS,
  MAX_SCHEDULE_DAYS,
  SCHEDULE_GRACE_MINUTES,
  SLOT_MINUTES,
  earliestSlot,
  isWithinHours,
  parseScheduledTime,
  scheduleProblem,
  scheduleSlots,
} from '../../src/domain';

/** Toronto wall clock with its offset spelled out (-05:00 EST after 1 Nov 2026, -04:00 EDT). */
const at = (local: string, offset = '-05:00') => new Date(`${local}:00${offset}`);
const pickup = { hours: DEFAULT_WEEKLY_HOURS, leadMinutes: 20 };
const delivery = { hours: DEFAULT_WEEKLY_HOURS, leadMinutes: 45 };
const MINUTE = 60_000;

describe('parseScheduledTime', () => {
  it("reads the spec client's en-US toLocaleString text as Toronto wall-clock time", () => {
    expect(parseScheduledTime('12/1/2026, 6:30:00 PM')).toEqual(at('2026-12-01T18:30'));
    expect(parseScheduledTime('12/1/2026, 12:05:00 AM')).toEqual(at('2026-12-01T00:05'));
    expect(parseScheduledTime('12/1/2026, 12:05:00 PM')).toEqual(at('2026-12-01T12:05'));
    // Summer: the same text means a different UTC offset.
    expect(parseScheduledTime('7/1/2026, 6:30:00 PM')).toEqual(at('2026-07-01T18:30', '-04:00'));
  });

  it('accepts the narrow no-break space browsers put before AM/PM, and no seconds', () => {
    expect(parseScheduledTime('12/1/2026, 6:30:00\u202fPM')).toEqual(at('2026-12-01T18:30'));
    expect(parseScheduledTime('12/1/2026 6:30 pm')).toEqual(at('2026-12-01T18:30'));
  });

  it('reads ISO 8601 with a zone as that instant and without one as Toronto time', () => {
    expect(parseScheduledTime('2026-12-01T23:30:00.000Z')).toEqual(at('2026-12-01T18:30'));
    expect(parseScheduledTime('2026-12-01T18:30:00-05:00')).toEqual(at('2026-12-01T18:30'));
    expect(parseScheduledTime('2026-12-01T18:30')).toEqual(at('2026-12-01T18:30'));
  });

  it.each([
    '',
    'tomorrow at six',
    '2026-11-31T18:00',
    '2/30/2026, 6:00:00 PM',
    '13/1/2026, 6:30:00 PM',
    '12/1/2026, 13:30:00 PM',
    '12/1/2026, 0:30:00 AM',
    '2026-12-01T24:00',
    '1701456000000',
  ])('refuses %j', (text) => {
    expect(parseScheduledTime(text)).toBeNull();
  });
});

describe('earliestSlot', () => {
  it('is now + lead time rounded up to the next quarter hour', () => {
    expect(earliestSlot(at('2026-11-24T18:08'), 20)).toEqual(at('2026-11-24T18:30'));
    expect(earliestSlot(at('2026-11-24T18:10'), 20)).toEqual(at('2026-11-24T18:30'));
    expect(earliestSlot(at('2026-11-24T18:11'), 20)).toEqual(at('2026-11-24T18:45'));
    expect(earliestSlot(at('2026-11-24T18:00'), 45)).toEqual(at('2026-11-24T18:45'));
    // No lead time on a quarter hour: the next one, not now (found by the property below).
    expect(earliestSlot(at('2026-11-24T18:00'), 0)).toEqual(at('2026-11-24T18:15'));
    expect(earliestSlot(at('2026-11-24T18:01'), 0)).toEqual(at('2026-11-24T18:15'));
  });
});

describe('scheduleSlots', () => {
  const now = at('2026-11-27T17:08'); // a Friday, open 11:00-01:00
  const slots = scheduleSlots(now, pickup);

  it('starts at the earliest slot and ends within seven days', () => {
    expect(slots[0]).toEqual(at('2026-11-27T17:30'));
    const last = slots.at(-1);
    expect(last && last.getTime() <= now.getTime() + MAX_SCHEDULE_DAYS * 24 * 60 * MINUTE).toBe(
      true,
    );
  });

  it("offers Friday night's past-midnight slots and none after closing", () => {
    const times = slots.map((slot) => slot.getTime());
    expect(times).toContain(at('2026-11-28T00:45').getTime());
    expect(times).not.toContain(at('2026-11-28T01:00').getTime());
    expect(times).not.toContain(at('2026-11-28T10:45').getTime());
    expect(times).toContain(at('2026-11-28T11:00').getTime());
  });

  it('offers nothing on a day the store is closed', () => {
    const closedMonday = DEFAULT_WEEKLY_HOURS.map((day, index) => (index === 1 ? null : day));
    const offered = scheduleSlots(now, { hours: closedMonday, leadMinutes: 20 });
    expect(
      offered.some((slot) => slot >= at('2026-11-30T00:00') && slot < at('2026-12-01T00:00')),
    ).toBe(false);
  });

  it('property: every slot is on a quarter hour, inside hours and acceptable to the server', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z') }),
        fc.integer({ min: 0, max: 120 }),
        (start, leadMinutes) => {
          const rule = { hours: DEFAULT_WEEKLY_HOURS, leadMinutes };
          for (const slot of scheduleSlots(start, rule)) {
            expect(slot.getTime() % (SLOT_MINUTES * MINUTE)).toBe(0);
            expect(isWithinHours(slot, DEFAULT_WEEKLY_HOURS)).toBe(true);
            expect(scheduleProblem(slot, start, rule)).toBeNull();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('scheduleProblem', () => {
  const now = at('2026-11-24T18:00'); // a Tuesday, open 11:00-23:00

  it('accepts a time inside hours after the lead time', () => {
    expect(scheduleProblem(at('2026-11-24T18:30'), now, pickup)).toBeNull();
    expect(scheduleProblem(at('2026-11-24T19:00'), now, delivery)).toBeNull();
  });

  it('refuses past, too soon, outside hours and too far ahead', () => {
    expect(scheduleProblem(at('2026-11-24T17:45'), now, pickup)).toBe('past');
    expect(scheduleProblem(now, now, pickup)).toBe('past');
    expect(scheduleProblem(at('2026-11-24T18:05'), now, pickup)).toBe('too-soon');
    expect(scheduleProblem(at('2026-11-24T18:30'), now, delivery)).toBe('too-soon');
    expect(scheduleProblem(at('2026-11-24T23:15'), now, pickup)).toBe('outside-hours');
    expect(scheduleProblem(at('2026-11-25T09:00'), now, pickup)).toBe('outside-hours');
    expect(scheduleProblem(at('2026-12-02T12:00'), now, pickup)).toBe('too-far');
  });

  it('allows the grace below the lead time for a slot offered a few minutes earlier', () => {
    const offered = earliestSlot(now, 20); // 18:30 offered at 18:00
    const placedLater = new Date(now.getTime() + 12 * MINUTE); // paid at 18:12
    expect(scheduleProblem(offered, placedLater, pickup)).toBeNull();
    const tooLate = new Date(offered.getTime() - (20 - SCHEDULE_GRACE_MINUTES) * MINUTE + MINUTE);
    expect(scheduleProblem(offered, tooLate, pickup)).toBe('too-soon');
  });
});
