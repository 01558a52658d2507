import type { AvailabilityWindow } from './catalog';

/**
 * When a product is offered: its own windows where it has any, else its category's, else always
 * (undefined). A product's own windows overrule its category's, so one item of a lunch menu can
 * be offered at dinner too.
 */
export const offeredWindows = <Windows extends readonly AvailabilityWindow[]>(product: {
  details: { readonly availableAt?: Windows };
  categoryAvailableAt?: Windows;
}): Windows | undefined => product.details.availableAt ?? product.categoryAvailableAt;
