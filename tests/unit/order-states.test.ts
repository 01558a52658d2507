import { describe, expect, it } from 'vitest';
import {
  AUTO_DECLINE_REASON,
  DEFAULT_PREP_MINUTES,
  canTransition,
  isInFlight,
  orderDeclinedMessage,
  isOpenOrder,
  nextSteps,
  ORDER_STATUSES,
  prepStartAt,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '../../src/domain';

/** Whether the table allows the step for some order type. */
function allowed(from: OrderStatus, to: OrderStatus): boolean {
  return canTransition(from, to, 'pickup') || canTransition(from, to, 'delivery');
}

/** The order's life, written out by hand so the table cannot drift without this test noticing. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['pending', 'accepted'],
  ['pending', 'declined'],
  ['accepted', 'ready'],
  ['accepted', 'out-for-delivery'],
  ['ready', 'completed'],
  ['out-for-delivery', 'completed'],
  ['accepted', 'cancelled'],
  ['ready', 'cancelled'],
  ['out-for-delivery', 'cancelled'],
];

describe('order states', () => {
  it.each(ALLOWED)('allows %s -> %s', (from, to) => {
    expect(allowed(from, to)).toBe(true);
  });

  it.each<[OrderStatus, OrderStatus]>([
    ['pending', 'completed'],
    ['pending', 'ready'],
    ['accepted', 'declined'],
    ['declined', 'accepted'],
    ['completed', 'pending'],
    ['ready', 'out-for-delivery'],
    ['out-for-delivery', 'ready'],
    ['accepted', 'accepted'],
    ['pending', 'cancelled'],
    ['completed', 'cancelled'],
    ['cancelled', 'accepted'],
  ])('refuses %s -> %s', (from, to) => {
    expect(allowed(from, to)).toBe(false);
  });

  it('allows nothing else: every other pair of statuses is refused', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const listed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(allowed(from, to), `${from} -> ${to}`).toBe(listed);
      }
    }
  });

  it('ends in declined, completed or cancelled, with no way out', () => {
    expect(ORDER_TRANSITIONS.declined).toEqual([]);
    expect(ORDER_TRANSITIONS.completed).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_STATUSES.filter(isOpenOrder)).toEqual([
      'pending',
      'accepted',
      'ready',
      'out-for-delivery',
    ]);
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('the staff board’s buttons (nextSteps)', () => {
  it('come from the table: a pickup is made ready, a delivery goes out', () => {
    expect(nextSteps('pending', 'pickup')).toEqual(['accepted', 'declined']);
    expect(nextSteps('accepted', 'pickup')).toEqual(['ready', 'cancelled']);
    expect(nextSteps('accepted', 'delivery')).toEqual(['out-for-delivery', 'cancelled']);
    expect(nextSteps('ready', 'pickup')).toEqual(['completed', 'cancelled']);
    expect(nextSteps('out-for-delivery', 'delivery')).toEqual(['completed', 'cancelled']);
    expect(nextSteps('completed', 'pickup')).toEqual([]);
  });

  it('never offer a step the table refuses', () => {
    for (const from of ORDER_STATUSES) {
      for (const type of ['pickup', 'delivery'] as const) {
        for (const to of nextSteps(from, type)) expect(canTransition(from, to, type)).toBe(true);
      }
    }
  });
});

describe('orders in flight', () => {
  it('are those placed, accepted, ready or out for delivery, and no others', () => {
    expect(ORDER_STATUSES.filter(isInFlight)).toEqual([
      'pending',
      'accepted',
      'ready',
      'out-for-delivery',
    ]);
  });
});

describe('steps by order type (canTransition with the type)', () => {
  it('never sends a pickup out for delivery, nor makes a delivery ready', () => {
    expect(canTransition('accepted', 'out-for-delivery', 'pickup')).toBe(false);
    expect(canTransition('accepted', 'ready', 'delivery')).toBe(false);
    expect(canTransition('accepted', 'ready', 'pickup')).toBe(true);
    expect(canTransition('accepted', 'out-for-delivery', 'delivery')).toBe(true);
  });

  it('is exactly what the board offers: nextSteps and canTransition agree on every pair', () => {
    for (const from of ORDER_STATUSES) {
      for (const type of ['pickup', 'delivery'] as const) {
        for (const to of ORDER_STATUSES) {
          expect(canTransition(from, to, type), `${type}: ${from} -> ${to}`).toBe(
            nextSteps(from, type).includes(to),
          );
        }
      }
    }
  });
});

describe('the acceptance window’s decline', () => {
  it('reads naturally in the customer’s message', () => {
    expect(orderDeclinedMessage(AUTO_DECLINE_REASON)).toBe(
      'Sorry, the store is currently unable to confirm orders. Please try again later.',
    );
  });
});

describe('a scheduled order’s start', () => {
  it('is its time less the prep minutes, the default prep time without them', () => {
    const time = new Date('2026-11-28T05:30:00Z');
    expect(prepStartAt(time, 15)).toEqual(new Date('2026-11-28T05:15:00Z'));
    expect(DEFAULT_PREP_MINUTES).toBe(20);
    expect(prepStartAt(time, null)).toEqual(new Date('2026-11-28T05:10:00Z'));
  });
});
