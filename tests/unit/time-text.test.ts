import { describe, expect, it } from 'vitest';
import {
  clockText,
  describeDay,
  hoursClockText,
  readyAtText,
  storeClockText,
  storeDayTimeText,
} from '../../src/domain';

/** Toronto wall clock with its offset spelled out (-05:00 EST after 1 Nov 2026, -04:00 EDT). */
const at = (local: string, offset = '-05:00') => new Date(`${local}:00${offset}`);

describe('one clock style (12-hour with AM/PM) for customers and staff', () => {
  it('reads midnight, noon and the minutes around them', () => {
    expect(clockText(0)).toBe('12:00 AM');
    expect(clockText(5)).toBe('12:05 AM');
    expect(clockText(12 * 60)).toBe('12:00 PM');
    expect(clockText(18 * 60 + 45)).toBe('6:45 PM');
    expect(clockText(23 * 60 + 59)).toBe('11:59 PM');
    expect(hoursClockText('00:00')).toBe('12:00 AM');
    expect(hoursClockText('01:00')).toBe('1:00 AM');
    expect(hoursClockText('23:00')).toBe('11:00 PM');
  });

  it("says a day's hours with it: Thursday closes at 12 AM, not 00:00", () => {
    expect(describeDay({ open: '11:00', close: '00:00' })).toBe('11 AM–12 AM');
    expect(describeDay({ open: '11:30', close: '01:00' })).toBe('11:30 AM–1 AM');
    expect(describeDay(null)).toBe('Closed');
  });

  it("reads an instant on the store's clock whatever zone the machine runs in", () => {
    expect(storeClockText(at('2026-11-28T00:30'))).toBe('12:30 AM');
    expect(storeClockText(at('2026-07-01T18:05', '-04:00'))).toBe('6:05 PM');
  });

  it('adds the weekday when not today, and the date a week out', () => {
    const thursdayMorning = at('2026-11-26T06:05');
    expect(storeDayTimeText(at('2026-11-26T18:45'), thursdayMorning)).toBe('6:45 PM');
    expect(storeDayTimeText(at('2026-11-28T00:30'), thursdayMorning)).toBe('Sat 12:30 AM');
    expect(storeDayTimeText(at('2026-12-03T18:00'), thursdayMorning)).toBe('Thu, Dec 3, 6:00 PM');
    expect(storeDayTimeText(at('2026-11-25T18:00'), thursdayMorning)).toBe('Wed, Nov 25, 6:00 PM');
  });

  it('an accepted scheduled order is ready at its time; an as-soon-as-possible one about', () => {
    const thursdayMorning = at('2026-11-26T06:05');
    expect(readyAtText(at('2026-11-28T00:30'), true, thursdayMorning)).toBe(
      'Ready at Sat 12:30 AM',
    );
    expect(readyAtText(at('2026-11-26T06:25'), false, thursdayMorning)).toBe('Ready about 6:25 AM');
  });
});
