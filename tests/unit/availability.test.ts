import { describe, expect, it } from 'vitest';
import { offeredWindows, type AvailabilityWindow } from '../../src/domain';
import { describeAvailability, isAvailableAt } from '../../src/domain/availability';
import { parseProductDetails } from '../../src/domain/product-details';

/** Toronto wall-clock times with their offset spelled out (-05:00 EST, -04:00 EDT). */
const at = (local: string, offset = '-05:00') => new Date(`${local}:00${offset}`);

const LUNCH: AvailabilityWindow = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };
const LATE_FRIDAY: AvailabilityWindow = { days: [5], from: '22:00', to: '02:00' };
const product = (availableAt?: AvailabilityWindow[]) => ({
  details: availableAt ? { availableAt } : {},
});
const lunchAt = (local: string, offset?: string) =>
  isAvailableAt(product([LUNCH]), at(local, offset));

// The week of Sunday 2026-11-22 (EST): Monday is the 23rd, Friday the 27th.
describe('availability windows in America/Toronto', () => {
  it('a product without windows is always offered', () => {
    expect(isAvailableAt(product(), at('2026-11-22T03:00'))).toBe(true);
  });

  it('opens at from and closes at to, on its days only', () => {
    expect(lunchAt('2026-11-23T10:59')).toBe(false);
    expect(lunchAt('2026-11-23T11:00')).toBe(true);
    expect(lunchAt('2026-11-23T14:59')).toBe(true);
    expect(lunchAt('2026-11-23T15:00')).toBe(false);
    expect(lunchAt('2026-11-27T12:00')).toBe(true);
    // Saturday and Sunday have no lunch special.
    expect(lunchAt('2026-11-28T12:00')).toBe(false);
    expect(lunchAt('2026-11-22T12:00')).toBe(false);
  });

  it('judges the store zone, not UTC: 16:30 UTC Monday is 11:30 in Toronto', () => {
    expect(isAvailableAt(product([LUNCH]), new Date('2026-11-23T16:30:00Z'))).toBe(true);
    expect(isAvailableAt(product([LUNCH]), new Date('2026-11-23T15:30:00Z'))).toBe(false);
  });

  it('a window past midnight belongs to the day it starts', () => {
    const late = (local: string) => isAvailableAt(product([LATE_FRIDAY]), at(local));
    expect(late('2026-11-27T21:59')).toBe(false);
    expect(late('2026-11-27T22:00')).toBe(true);
    expect(late('2026-11-28T01:00')).toBe(true);
    expect(late('2026-11-28T01:59')).toBe(true);
    expect(late('2026-11-28T02:00')).toBe(false);
    // Friday 01:00 is Thursday night's, and Thursday has no window.
    expect(late('2026-11-27T01:00')).toBe(false);
    // Saturday 22:00 is not Friday.
    expect(late('2026-11-28T22:00')).toBe(false);
  });

  it('a window from midnight to midnight is the whole day', () => {
    const allSunday = product([{ days: [0], from: '00:00', to: '00:00' }]);
    expect(isAvailableAt(allSunday, at('2026-11-22T00:00'))).toBe(true);
    expect(isAvailableAt(allSunday, at('2026-11-22T23:59'))).toBe(true);
    expect(isAvailableAt(allSunday, at('2026-11-23T00:00'))).toBe(false);
  });

  it('any of several windows will do', () => {
    const both = product([LUNCH, LATE_FRIDAY]);
    expect(isAvailableAt(both, at('2026-11-27T12:00'))).toBe(true);
    expect(isAvailableAt(both, at('2026-11-27T23:00'))).toBe(true);
    expect(isAvailableAt(both, at('2026-11-27T18:00'))).toBe(false);
  });

  it("judges the windows offeredWindows names: the product's own, else its category's", () => {
    const inCategory = { details: {}, categoryAvailableAt: [LUNCH] };
    const ownFirst = { details: { availableAt: [LATE_FRIDAY] }, categoryAvailableAt: [LUNCH] };
    expect(offeredWindows(inCategory)).toEqual([LUNCH]);
    expect(offeredWindows(ownFirst)).toEqual([LATE_FRIDAY]);
    expect(offeredWindows(product())).toBeUndefined();
    expect(isAvailableAt(inCategory, at('2026-11-23T12:00'))).toBe(true);
    expect(isAvailableAt(inCategory, at('2026-11-23T18:00'))).toBe(false);
    // Its own late Friday overrules the category's lunch: Friday noon is outside, 23:00 inside.
    expect(isAvailableAt(ownFirst, at('2026-11-27T12:00'))).toBe(false);
    expect(isAvailableAt(ownFirst, at('2026-11-27T23:00'))).toBe(true);
  });

  it('follows the spring-forward Sunday, 2026-03-08 (02:00 EST -> 03:00 EDT)', () => {
    const earlySunday = product([{ days: [0], from: '01:00', to: '04:00' }]);
    expect(isAvailableAt(earlySunday, at('2026-03-08T01:59', '-05:00'))).toBe(true);
    // 02:00 EST is 03:00 EDT: still inside, by the wall clock.
    expect(isAvailableAt(earlySunday, new Date('2026-03-08T07:00:00Z'))).toBe(true);
    expect(isAvailableAt(earlySunday, at('2026-03-08T03:59', '-04:00'))).toBe(true);
    expect(isAvailableAt(earlySunday, at('2026-03-08T04:00', '-04:00'))).toBe(false);
    // The lunch special on the Monday after the change, in EDT.
    expect(lunchAt('2026-03-09T10:59', '-04:00')).toBe(false);
    expect(lunchAt('2026-03-09T11:00', '-04:00')).toBe(true);
    expect(lunchAt('2026-03-09T15:00', '-04:00')).toBe(false);
  });
});

describe('describeAvailability', () => {
  it.each<[string, AvailabilityWindow[], string]>([
    ['a lunch special', [LUNCH], 'Mon–Fri 11:00 AM–3:00 PM'],
    ['a late Friday', [LATE_FRIDAY], 'Fri 10:00 PM–2:00 AM'],
    [
      'the weekend, Monday first',
      [{ days: [0, 6], from: '00:00', to: '12:00' }],
      'Sat–Sun 12:00 AM–12:00 PM',
    ],
    ['days apart', [{ days: [3, 1], from: '11:30', to: '13:00' }], 'Mon, Wed 11:30 AM–1:00 PM'],
    [
      'every day',
      [{ days: [0, 1, 2, 3, 4, 5, 6], from: '11:00', to: '15:00' }],
      'Every day 11:00 AM–3:00 PM',
    ],
    ['two windows', [LUNCH, LATE_FRIDAY], 'Mon–Fri 11:00 AM–3:00 PM · Fri 10:00 PM–2:00 AM'],
  ])('%s', (_, windows, text) => {
    expect(describeAvailability(windows)).toBe(text);
  });
});

describe('the stored windows', () => {
  it('reads a lunch special as it is', () => {
    expect(parseProductDetails({ availableAt: [LUNCH] })).toEqual({
      ok: true,
      details: { availableAt: [LUNCH] },
    });
  });

  it.each<[string, unknown, string]>([
    ['no window at all', [], 'availableAt'],
    ['no day', [{ days: [], from: '11:00', to: '15:00' }], 'availableAt.0.days'],
    ['a day named twice', [{ days: [1, 1], from: '11:00', to: '15:00' }], 'availableAt.0.days'],
    ['a day 7', [{ days: [7], from: '11:00', to: '15:00' }], 'availableAt.0.days.0'],
    ['a time 24:00', [{ days: [1], from: '11:00', to: '24:00' }], 'availableAt.0.to'],
    ['a time without its zero', [{ days: [1], from: '9:00', to: '15:00' }], 'availableAt.0.from'],
  ])('refuses %s, naming where', (_, availableAt, where) => {
    const parsed = parseProductDetails({ availableAt });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toContain(`${where}: `);
  });
});
