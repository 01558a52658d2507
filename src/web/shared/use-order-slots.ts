import { useMemo } from 'react';
import { scheduleSlots } from '../../domain/schedule';
import { useOrderType } from './order-type';
import { useStoreInfo } from './store-info';

/**
 * The times this customer may schedule the order for now: the domain's `scheduleSlots` (the
 * rule the server checks) for the stored order type's lead time, none before a pause ends.
 * `now` is the caller's clock (`useNow`), so the list drops the slots that become too soon.
 * With `wanted` false nothing is computed: a list row with no availability windows needs none.
 */
export function useOrderSlots(now: Date, wanted = true): Date[] {
  const { orderType } = useOrderType();
  const { info, pausedUntil } = useStoreInfo();
  const deliveryType = orderType ?? 'pickup';
  const resumesAt = pausedUntil?.getTime() ?? null;
  return useMemo(
    () =>
      info && wanted
        ? scheduleSlots(now, {
            hours: info.hours,
            leadMinutes: info.leadMinutes[deliveryType],
          }).filter((slot) => resumesAt === null || slot.getTime() >= resumesAt)
        : [],
    [info, now, deliveryType, resumesAt, wanted],
  );
}
