import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_HOURS, isStoreOpen, isWithinHours } from '../../src/domain';

// Instants are written in UTC; Toronto is UTC-5 in winter (EST) and UTC-4 in summer (EDT).
const open = (iso: string) => isWithinHours(new Date(iso), DEFAULT_WEEKLY_HOURS);

describe('opening hours in America/Toronto', () => {
  it('opens at 11:00 and closes at 23:00 on a Monday', () => {
    // Monday 2026-11-23
    expect(open('2026-11-23T15:59:00Z')).toBe(false); // 10:59 EST
    expect(open('2026-11-23T16:00:00Z')).toBe(true); // 11:00
    expect(open('2026-11-24T03:59:00Z')).toBe(true); // 22:59
    expect(open('2026-11-24T04:00:00Z')).toBe(false); // 23:00
  });

  it('counts Friday past midnight for Friday night', () => {
    // Friday 2026-11-27 11:00-01:00: Saturday 00:59 EST is still open, 01:00 is closed.
    expect(open('2026-11-28T05:59:00Z')).toBe(true);
    expect(open('2026-11-28T06:00:00Z')).toBe(false);
  });

  it('lets the override win', () => {
    const at = new Date('2026-11-23T10:00:00Z'); // 05:00 EST, closed by hours
    expect(isStoreOpen(at, DEFAULT_WEEKLY_HOURS, 'auto')).toBe(false);
    expect(isStoreOpen(at, DEFAULT_WEEKLY_HOURS, 'open')).toBe(true);
    expect(isStoreOpen(new Date('2026-11-23T18:00:00Z'), DEFAULT_WEEKLY_HOURS, 'closed')).toBe(
      false,
    );
  });
});
