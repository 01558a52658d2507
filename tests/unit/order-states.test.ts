import { describe, expect, it } from 'vitest';
import {
  canTransition,
  ORDER_STATUSES,
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

  it('ends in declined or completed, with no way out', () => {
    expect(ORDER_TRANSITIONS.declined).toEqual([]);
    expect(ORDER_TRANSITIONS.completed).toEqual([]);
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});
