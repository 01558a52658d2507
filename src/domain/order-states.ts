/**
 * The order's life as a table of allowed transitions. The server enforces it and the staff
 * board draws its buttons from it (roadmap).
 */
export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'ready',
  'out-for-delivery',
  'completed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['accepted', 'declined'],
  accepted: ['ready', 'out-for-delivery'],
  ready: ['completed'],
  'out-for-delivery': ['completed'],
  declined: [],
  completed: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
