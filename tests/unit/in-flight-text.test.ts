import { describe, expect, it } from 'vitest';
import { inFlightText } from '../../src/web/shared/orders/in-flight';

/** Monday 2026-11-23 18:00 in Toronto. */
const NOW = new Date('2026-11-23T23:00:00Z');
const order = {
  number: 12,
  deliveryType: 'pickup',
  readyAt: null,
  readyMinutes: null,
  scheduleTime: null,
  deliveryMinutes: null,
} as const;

describe('the order bar’s line', () => {
  it('says where an order in flight is, in the store’s time', () => {
    expect(inFlightText({ ...order, status: 'pending' }, NOW)).toBe(
      'Order #12 — waiting for the store…',
    );
    expect(
      inFlightText(
        { ...order, status: 'accepted', readyAt: '2026-11-23T23:45:00Z', readyMinutes: 45 },
        NOW,
      ),
    ).toBe('Order #12 — Ready about 6:45 PM');
    expect(inFlightText({ ...order, status: 'ready' }, NOW)).toBe('Order #12 — Ready for pickup');
    expect(inFlightText({ ...order, status: 'out-for-delivery' }, NOW)).toBe(
      'Order #12 — Out for delivery',
    );
  });

  it('confirms a scheduled order’s time, naming its day, and falls back to the minutes', () => {
    // Saturday 00:30 in Toronto, for a scheduled order.
    expect(
      inFlightText(
        {
          ...order,
          status: 'accepted',
          readyAt: '2026-11-28T05:30:00Z',
          scheduleTime: '2026-11-28T05:30:00Z',
        },
        NOW,
      ),
    ).toBe('Order #12 — Ready at Sat 12:30 AM');
    expect(inFlightText({ ...order, status: 'accepted', readyMinutes: 25 }, NOW)).toBe(
      'Order #12 — Ready in about 25 minutes',
    );
  });

  it('tells a delivery when it reaches the door, not when the kitchen has it ready', () => {
    // Sat 12:00 PM at the door; the kitchen has it ready (the driver leaves) 20 minutes before.
    expect(
      inFlightText(
        {
          ...order,
          deliveryType: 'delivery',
          deliveryMinutes: 20,
          status: 'accepted',
          readyAt: '2026-11-28T16:40:00Z',
          readyMinutes: 20,
          scheduleTime: '2026-11-28T17:00:00Z',
        },
        NOW,
      ),
    ).toBe('Order #12 — Delivered about Sat 12:00 PM');
    // As soon as possible: ready at 6:45 PM, at the door 20 minutes later.
    expect(
      inFlightText(
        {
          ...order,
          deliveryType: 'delivery',
          deliveryMinutes: 20,
          status: 'accepted',
          readyAt: '2026-11-23T23:45:00Z',
          readyMinutes: 45,
        },
        NOW,
      ),
    ).toBe('Order #12 — Delivered about 7:05 PM');
  });
});
