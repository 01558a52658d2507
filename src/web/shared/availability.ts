import { useMemo } from 'react';
import type { AvailabilityWindow } from '../../domain';
import { describeAvailability, isAvailableAt } from '../../domain/availability';
import { useOrderType } from './order-type';
import { formatSlot } from './schedule-picker';
import { useNow } from './use-now';
import { useOrderSlots } from './use-order-slots';

/**
 * A product with availability windows as the customer's order time sees it: their scheduled
 * slot (`orderAt`, kept beside the order type) when it is still one they may choose, else now;
 * the server judges an add at the same time (`orderAt` sent with it).
 */
export interface OrderAvailability {
  /** What it says instead of being added ("Available Mon–Fri 11:00 AM–3:00 PM"), or null. */
  notOffered: string | null;
  /** "For Mon, Nov 23, 12:00 PM" while it is offered at the scheduled slot; null otherwise. */
  scheduledFor: string | null;
  /** The chosen slot (ISO) while it counts, for a picker to start from. */
  slot: string | null;
  /** The slots it is offered at, within the days a customer may schedule; empty: none. */
  laterSlots: Date[];
}

const ALWAYS: OrderAvailability = {
  notOffered: null,
  scheduledFor: null,
  slot: null,
  laterSlots: [],
};

/**
 * The one reading of a product's windows for the item screen and the list rows. Read again every
 * minute, so a screen left open sees a window open or close; the server refuses the add anyway
 * (409 `not_offered_now`). Nothing is computed for a product without windows.
 */
export function useOrderAvailability(
  windows: readonly AvailabilityWindow[] | undefined,
): OrderAvailability {
  const now = useNow(60_000);
  const { orderAt } = useOrderType();
  const slots = useOrderSlots(now, windows !== undefined);
  return useMemo(() => {
    if (!windows) return ALWAYS;
    const product = { details: { availableAt: windows } };
    const laterSlots = slots.filter((slot) => isAvailableAt(product, slot));
    const slot = orderAt !== null && slots.some((each) => each.toISOString() === orderAt);
    const at = slot && orderAt ? new Date(orderAt) : now;
    if (isAvailableAt(product, at)) {
      return {
        notOffered: null,
        scheduledFor: slot && orderAt ? `For ${formatSlot(orderAt)}` : null,
        slot: slot ? orderAt : null,
        laterSlots,
      };
    }
    return {
      notOffered: `Available ${describeAvailability(windows)}`,
      scheduledFor: null,
      slot: slot ? orderAt : null,
      laterSlots,
    };
  }, [windows, slots, orderAt, now]);
}
