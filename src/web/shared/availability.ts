import type { AvailabilityWindow } from '../../domain';
import { describeAvailability, isAvailableAt } from '../../domain/availability';
import { useNow } from './use-now';

/**
 * What a product outside its availability windows says instead of being added ("Available
 * Mon–Fri 11:00 AM–3:00 PM"), or null while it is offered (always, without windows). Read
 * again every minute, so a screen left open sees a window open or close; the server refuses
 * the add anyway (409 `not_offered_now`).
 */
export function useNotOfferedText(
  windows: readonly AvailabilityWindow[] | undefined,
): string | null {
  const now = useNow(60_000);
  if (!windows || isAvailableAt({ details: { availableAt: windows } }, now)) return null;
  return `Available ${describeAvailability(windows)}`;
}
