import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEEKLY_HOURS,
  customerTimeText,
  isStepTooEarly,
  orderTimes,
  scheduleLeadMinutes,
  scheduleProblem,
  scheduleSlots,
  scheduledReadyAt,
  stepOpensAt,
  stepsOffered,
  storeClockText,
} from '../../src/domain';

/**
 * An order's times (issue 44): a delivery's chosen time is when it reaches the door; the
 * kitchen has it ready the store's delivery time earlier (the driver leaves then) and starts it
 * the prep time before that. A pickup's chosen time is its ready time.
 */
const at = (local: string) => new Date(`${local}:00-05:00`);
/** Sat Nov 28 2026, 10:00 AM in Guelph. */
const SATURDAY_MORNING = at('2026-11-28T10:00');
const MONDAY_NOON = at('2026-11-30T12:00');
const clock = (instant: Date | null) => (instant ? storeClockText(instant) : null);

describe('orderTimes', () => {
  it('a delivery for Mon 12:00 PM: start 11:20 AM, driver leaves 11:40 AM, at the door 12:00 PM', () => {
    const pending = {
      deliveryType: 'delivery' as const,
      scheduleTime: MONDAY_NOON,
      readyAt: null,
      prepMinutes: null,
      deliveryMinutes: 20,
    };
    const times = orderTimes(pending);
    expect(clock(times.startAt)).toBe('11:20 AM');
    expect(clock(times.readyAt)).toBe('11:40 AM');
    expect(times.arrivesAt).toEqual(MONDAY_NOON);
    // Accepted with 30 minutes' prep: the ready time it records is 11:40, the start moves.
    const readyAt = scheduledReadyAt(MONDAY_NOON, 'delivery', 20);
    const accepted = orderTimes({ ...pending, readyAt, prepMinutes: 30 });
    expect(clock(accepted.startAt)).toBe('11:10 AM');
    expect(accepted.arrivesAt).toEqual(MONDAY_NOON);
    expect(customerTimeText({ ...pending, readyAt }, SATURDAY_MORNING)).toBe(
      'Delivered about Mon 12:00 PM',
    );
  });

  it('a pickup is ready at its time; the delivery time is not taken off it', () => {
    const pickup = {
      deliveryType: 'pickup' as const,
      scheduleTime: MONDAY_NOON,
      readyAt: null,
      prepMinutes: null,
      deliveryMinutes: null,
    };
    expect(scheduledReadyAt(MONDAY_NOON, 'pickup', 20)).toEqual(MONDAY_NOON);
    expect(orderTimes(pickup)).toEqual({
      startAt: at('2026-11-30T11:40'),
      readyAt: MONDAY_NOON,
      arrivesAt: null,
    });
    expect(customerTimeText({ ...pickup, readyAt: MONDAY_NOON }, SATURDAY_MORNING)).toBe(
      'Ready at Mon 12:00 PM',
    );
  });

  it('as soon as possible: a delivery arrives the delivery time after it is ready', () => {
    const order = {
      deliveryType: 'delivery' as const,
      scheduleTime: null,
      readyAt: at('2026-11-28T10:30'),
      prepMinutes: 30,
      deliveryMinutes: 25,
    };
    expect(orderTimes(order).startAt).toBeNull();
    expect(customerTimeText(order, SATURDAY_MORNING)).toBe('Delivered about 10:55 AM');
    expect(customerTimeText({ ...order, readyAt: null }, SATURDAY_MORNING)).toBeNull();
  });
});

describe('scheduleLeadMinutes', () => {
  const settings = { pickupLeadMinutes: 20, deliveryLeadMinutes: 30, deliveryMinutes: 20 };

  it('applies the kitchen’s lead to a delivery’s ready time, and never less than its own lead', () => {
    expect(scheduleLeadMinutes(settings, 'pickup')).toBe(20);
    expect(scheduleLeadMinutes(settings, 'delivery')).toBe(40);
    expect(scheduleLeadMinutes({ ...settings, deliveryLeadMinutes: 45 }, 'delivery')).toBe(45);
  });

  it('offers no delivery slot the kitchen cannot have ready in its lead time', () => {
    const rule = {
      hours: DEFAULT_WEEKLY_HOURS,
      leadMinutes: scheduleLeadMinutes(settings, 'delivery'),
    };
    const now = at('2026-11-28T12:00');
    const first = scheduleSlots(now, rule)[0];
    expect(first).toEqual(at('2026-11-28T12:45'));
    // The delivery lead alone offered 12:30, ready at 12:10: ten minutes for a kitchen of twenty.
    expect(scheduleSlots(now, { ...rule, leadMinutes: settings.deliveryLeadMinutes })[0]).toEqual(
      at('2026-11-28T12:30'),
    );
    expect(scheduleProblem(at('2026-11-28T12:15'), now, rule)).toBe('too-soon');
  });
});

describe('steps offered (issue 44)', () => {
  const order = {
    status: 'accepted' as const,
    deliveryType: 'delivery' as const,
    scheduleTime: new Date('2026-11-26T17:00:00Z'),
    readyAt: new Date('2026-11-26T16:40:00Z'),
    prepMinutes: 20,
    deliveryMinutes: 20,
  };

  it('offers Out for delivery for a later day only from the kitchen’s start', () => {
    const start = new Date('2026-11-26T16:20:00Z');
    expect(stepOpensAt(order, 'out-for-delivery')).toEqual(start);
    expect(stepsOffered(order, new Date('2026-11-23T23:00:00Z'))).toEqual(['cancelled']);
    expect(isStepTooEarly(order, 'out-for-delivery', new Date(start.getTime() - 1))).toBe(true);
    expect(stepsOffered(order, start)).toEqual(['out-for-delivery', 'cancelled']);
  });

  it('keeps every step of an as-soon-as-possible order', () => {
    const now = new Date('2026-11-23T23:00:00Z');
    const asap = { ...order, scheduleTime: null, readyAt: now };
    expect(stepsOffered(asap, now)).toEqual(['out-for-delivery', 'cancelled']);
    expect(stepOpensAt(asap, 'out-for-delivery')).toBeNull();
  });
});
