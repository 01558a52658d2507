import type { z } from './zod';

/**
 * A number sent as a number or as text that `pattern` allows ("25", "5.50" from a form field),
 * refused with `message` otherwise. Built with the `z` it is given, so a module the browser reads
 * (the store's settings) can describe it without loading zod.
 */
export const sentNumber = (zod: typeof z, pattern: RegExp, message: string) =>
  zod.union([zod.number(), zod.string().trim().regex(pattern).transform(Number)], {
    error: message,
  });

/** A whole number from `min` to `max`, sent as a number or as the text of one. */
export const wholeNumber = (zod: typeof z, min: number, max: number, message: string) =>
  sentNumber(zod, /^\d{1,6}$/, message).pipe(
    zod.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
