import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_HOURS, MAX_SCHEDULE_DAYS, scheduleSlots } from '../../src/domain';
import { judgedAt } from '../../src/server/orders/order-time';

/**
 * `judgedAt`, the time a product's availability windows are judged at (issue 34): the customer's
 * time when the store could take an order for it, else now. Confirm Order checks the scheduled
 * time with its delivery type's lead first; whatever it lets through must be kept here, or a
 * scheduled order's lunch special would be judged now.
 */
const settings = {
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  pickupLeadMinutes: 20,
  deliveryLeadMinutes: 45,
};
const at = (local: string) => new Date(`${local}:00-05:00`);
const SUNDAY_EVENING = at('2026-11-22T19:00');
const MINUTE = 60_000;

describe('judgedAt', () => {
  it('keeps a time the store could take, and judges now otherwise', () => {
    const noon = at('2026-11-23T12:00');
    expect(judgedAt(noon, settings, SUNDAY_EVENING)).toEqual(noon);
    expect(judgedAt(null, settings, SUNDAY_EVENING)).toEqual(SUNDAY_EVENING);
    expect(judgedAt(new Date(Number.NaN), settings, SUNDAY_EVENING)).toEqual(SUNDAY_EVENING);
    // Past, before opening (10:00), more than 7 days ahead.
    for (const wrong of ['2026-11-22T18:00', '2026-11-23T10:00', '2026-11-30T12:00']) {
      expect(judgedAt(at(wrong), settings, SUNDAY_EVENING)).toEqual(SUNDAY_EVENING);
    }
  });

  it('counts the shorter lead time: 20 minutes ahead is a pickup time, though too soon for delivery', () => {
    const soon = at('2026-11-22T19:20');
    expect(judgedAt(soon, settings, SUNDAY_EVENING)).toEqual(soon);
  });

  it('keeps every slot the checkout offers, for pickup and for delivery, whenever it is now', () => {
    const weeks = 60 * 24 * 60 * MINUTE;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: weeks }),
        fc.boolean(),
        fc.nat(),
        (offset, delivery, pick) => {
          const now = new Date(SUNDAY_EVENING.getTime() + offset);
          const slots = scheduleSlots(now, {
            hours: settings.weeklyHours,
            leadMinutes: delivery ? settings.deliveryLeadMinutes : settings.pickupLeadMinutes,
          });
          // The first (the soonest, where the lead time counts) and any other.
          for (const slot of [slots[0], slots[pick % Math.max(slots.length, 1)]]) {
            if (slot) expect(judgedAt(slot, settings, now)).toEqual(slot);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it(`judges now for a time past ${MAX_SCHEDULE_DAYS} days ahead, inside hours`, () => {
    const later = new Date(SUNDAY_EVENING.getTime() + (MAX_SCHEDULE_DAYS * 24 * 60 + 15) * MINUTE);
    expect(judgedAt(later, settings, SUNDAY_EVENING)).toEqual(SUNDAY_EVENING);
  });
});
