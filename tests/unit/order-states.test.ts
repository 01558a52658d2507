import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREP_MINUTES,
  canTransition,
  isOpenOrder,
  nextSteps,
  ORDER_STATUSES,
  prepStartAt,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '../../src/domain';

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
    expect(canTransition(from, to)).toBe(true);
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
    expect(canTransition(from, to)).toBe(false);
  });

  it('allows nothing else: every other pair of statuses is refused', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const listed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(listed);
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
        for (const to of nextSteps(from, type)) expect(canTransition(from, to)).toBe(true);
      }
    }
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
