import type { z } from './zod';

/**
 * A whole number from `min` to `max`, sent as a number or as the text of one ("25" from a form
 * field), refused with `message` otherwise. Built with the `z` it is given, so a module the
 * browser reads (the store's settings) can describe it without loading zod.
 */
export const wholeNumber = (zod: typeof z, min: number, max: number, message: string) =>
  zod
    .union(
      [
        zod.number(),
        zod
          .string()
          .trim()
          .regex(/^\d{1,6}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(
      zod
        .number()
        .int({ error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
    );
