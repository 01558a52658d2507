/**
 * An order's times, computed once for the customer's screens, the board, the mails and the
 * server's acceptance. A delivery's chosen time is when it reaches the door: the kitchen has it
 * ready the store's delivery time earlier, when the driver leaves, and starts it the prep time
 * before that. A pickup's chosen time is when it is ready. Pure: "now" is a parameter.
 */
import type { ApiOrder } from './api-types';
import { nextSteps, prepStartAt, type DeliveryType, type OrderStatus } from './order-states';
import { readyAtText, storeDayTimeText } from './time-text';

const MINUTE = 60_000;

/** What an order's times are computed from: as placed, and as accepted. */
export interface OrderTimesInput {
  deliveryType: DeliveryType;
  /** The time the customer chose (the door for a delivery); null for as soon as possible. */
  scheduleTime: Date | null;
  /** When the kitchen has it ready, once accepted; null before. */
  readyAt: Date | null;
  /** A scheduled order's prep minutes, given on accepting; null: DEFAULT_PREP_MINUTES. */
  prepMinutes: number | null;
  /** The store's delivery time when the order was placed; null for a pickup (and old orders). */
  deliveryMinutes: number | null;
}

export interface OrderTimes {
  /** When the kitchen starts a scheduled order; null for as soon as possible. */
  startAt: Date | null;
  /** When the kitchen has it ready (a delivery: when the driver leaves); null until known. */
  readyAt: Date | null;
  /** When a delivery reaches the door; null for a pickup and until known. */
  arrivesAt: Date | null;
}

const minus = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE);
const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

/** The minutes an order of `deliveryType` spends on the road (0 for a pickup). */
function roadMinutes(deliveryType: DeliveryType, deliveryMinutes: number | null): number {
  return deliveryType === 'delivery' ? (deliveryMinutes ?? 0) : 0;
}

/** An order as the API gives it, read for `orderTimes`. */
export function apiOrderTimesInput(
  order: Pick<
    ApiOrder,
    'deliveryType' | 'scheduleTime' | 'readyAt' | 'readyMinutes' | 'deliveryMinutes'
  >,
): OrderTimesInput {
  return {
    deliveryType: order.deliveryType,
    scheduleTime: order.scheduleTime === null ? null : new Date(order.scheduleTime),
    readyAt: order.readyAt === null ? null : new Date(order.readyAt),
    // A scheduled order's minutes given on accepting are its prep time (accept-order.ts).
    prepMinutes: order.readyMinutes,
    deliveryMinutes: order.deliveryMinutes,
  };
}

/**
 * When the kitchen must have a scheduled order ready: its time, less the delivery time for a
 * delivery (the driver leaves then). What accepting it records as its ready time.
 */
export function scheduledReadyAt(
  scheduleTime: Date,
  deliveryType: DeliveryType,
  deliveryMinutes: number | null,
): Date {
  return minus(scheduleTime, roadMinutes(deliveryType, deliveryMinutes));
}

/**
 * Every time of an order. Once accepted, the recorded ready time counts (an order accepted
 * after its time is ready later than chosen, and arrives later too); before, a scheduled
 * order's times follow from its chosen time.
 */
export function orderTimes(order: OrderTimesInput): OrderTimes {
  const road = roadMinutes(order.deliveryType, order.deliveryMinutes);
  const readyAt =
    order.readyAt ??
    (order.scheduleTime
      ? scheduledReadyAt(order.scheduleTime, order.deliveryType, order.deliveryMinutes)
      : null);
  const startAt = order.scheduleTime && readyAt ? prepStartAt(readyAt, order.prepMinutes) : null;
  const arrivesAt = order.deliveryType === 'delivery' && readyAt ? plus(readyAt, road) : null;
  return { startAt, readyAt, arrivesAt };
}

/**
 * What an accepted order tells its customer about its time, on every surface (the confirmed
 * dialog, My Orders, the order bar, mail): a delivery when it reaches the door, "Delivered about
 * Mon 12:00 PM"; a scheduled pickup its confirmed time, "Ready at Sat 12:30 AM"; an
 * as-soon-as-possible pickup about when the kitchen said, "Ready about 6:45 PM". Null before the
 * store has given a time.
 */
export function customerTimeText(order: OrderTimesInput & { readyAt: Date }, now: Date): string;
export function customerTimeText(order: OrderTimesInput, now: Date): string | null;
export function customerTimeText(order: OrderTimesInput, now: Date): string | null {
  const times = orderTimes(order);
  if (order.deliveryType === 'delivery') {
    return times.arrivesAt ? `Delivered about ${storeDayTimeText(times.arrivesAt, now)}` : null;
  }
  return times.readyAt ? readyAtText(times.readyAt, order.scheduleTime !== null, now) : null;
}

/** The settings a scheduled time's lead is computed from, minutes. */
export interface LeadSettings {
  /** The kitchen's least time to make an order (the Store screen's pickup lead time). */
  pickupLeadMinutes: number;
  /** The owner's least notice for a delivery, at the door. */
  deliveryLeadMinutes: number;
  deliveryMinutes: number;
}

/**
 * How far ahead an order of `deliveryType` may be scheduled. The kitchen's lead applies to the
 * ready time, so a delivery needs it plus the drive, and at least the delivery lead time.
 */
export function scheduleLeadMinutes(settings: LeadSettings, deliveryType: DeliveryType): number {
  if (deliveryType === 'pickup') return settings.pickupLeadMinutes;
  return Math.max(
    settings.deliveryLeadMinutes,
    settings.pickupLeadMinutes + settings.deliveryMinutes,
  );
}

/**
 * The earliest `to` may be taken: a scheduled order goes out for delivery no sooner than the
 * kitchen's start time (before then it is not made, and days ahead a stray tap would tell the
 * customer it is on its way). Null: whenever its state allows.
 */
export function stepOpensAt(order: OrderTimesInput, to: OrderStatus): Date | null {
  return to === 'out-for-delivery' ? orderTimes(order).startAt : null;
}

/** Whether `to` is still too early for the order at `now` (the server refuses it, 409). */
export function isStepTooEarly(order: OrderTimesInput, to: OrderStatus, now: Date): boolean {
  const opensAt = stepOpensAt(order, to);
  return opensAt !== null && now.getTime() < opensAt.getTime();
}

/** The board's buttons for an order at `now`: the state table's steps that are not too early. */
export function stepsOffered(
  order: OrderTimesInput & { status: OrderStatus },
  now: Date,
): readonly OrderStatus[] {
  return nextSteps(order.status, order.deliveryType).filter(
    (step) => !isStepTooEarly(order, step, now),
  );
}
