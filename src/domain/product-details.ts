/**
 * The one check of a product's details (`ProductDetails`, catalog.ts) as they are stored: the
 * server parses every `products.details` row with it before a product is shown, priced or sold.
 * Kept out of catalog.ts and the domain's index so the browser's screens, which only read
 * details the server already checked, do not download the schema. tests/unit/product-details
 * fails the type-check when the schema and `ProductDetails` drift apart: add a field to both.
 */
import { ALLERGENS, DIETARY_MARKS } from './allergens';
import type { ProductDetails } from './catalog';
import { z } from './zod';

const cents = z.number().int().nonnegative();
const names = z.array(z.string().min(1));
const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time "HH:MM" (00:00 to 23:59)');

export const availabilityWindow = z.object({
  days: z
    .array(z.number().int().min(0).max(6))
    .min(1, 'at least one day')
    .refine((days) => new Set(days).size === days.length, { message: 'a day named twice' }),
  from: clock,
  to: clock,
});

/** An empty list would mean never: the way to stop selling a product is to hide it. */
export const availabilityWindows = z.array(availabilityWindow).min(1, 'at least one window');

/**
 * A product's or a topping's allergens and marks, each list sent whole: the details' fields
 * below, and the staff's topping editor and menu import (`routes/staff-menu.ts`), refuse the
 * same words.
 */
export const allergenList = z.array(
  z.enum(ALLERGENS, { error: `Allergens are some of: ${ALLERGENS.join(', ')}.` }),
);
export const markList = z.array(
  z.enum(DIETARY_MARKS, { error: `Marks are some of: ${DIETARY_MARKS.join(', ')}.` }),
);

/**
 * The details' fields, one list for the two places that read them: what is stored (money in
 * cents, checked whole here) and what the staff's editor sends (`routes/staff-menu.ts`: money in
 * dollars, counts and names as sent, so the domain's draft check can name what is wrong in the
 * editor's words). A field added here is a field of both.
 */
export function productDetailsFields<
  Money extends z.ZodType,
  Names extends z.ZodType,
  Count extends z.ZodType,
  Pizzas extends z.ZodType,
>(parts: { money: Money; names: Names; count: Count; pizzas: Pizzas }) {
  return {
    sizes: parts.names.optional(),
    sizePrices: z.record(z.string(), parts.money).optional(),
    sizeDescriptions: z.record(z.string(), z.string()).optional(),
    wingsFlavors: parts.names.optional(),
    Flavors: parts.names.optional(),
    sides: parts.names.optional(),
    drinks: parts.names.optional(),
    maxDrinks: parts.count.optional(),
    drinkLimits: z.record(z.string(), parts.count).optional(),
    pizzas: parts.pizzas.optional(),
    toppingsPerPizza: parts.count.optional(),
    extraToppingPrice: parts.money.optional(),
    toppingAllowance: z.enum(['per-pizza', 'over-total']).optional(),
    fixedQuantity: z.boolean().optional(),
    availableAt: availabilityWindows.optional(),
    allergens: allergenList.optional(),
    marks: markList.optional(),
  };
}

/**
 * Money in integer cents (the API's dollars are converted at its edge). Unknown keys are
 * dropped, not refused: during a rolling update an older process may read details a newer one
 * wrote, and a field it does not know cannot change what it charges.
 */
export const productDetailsSchema = z
  .object(
    productDetailsFields({
      money: cents,
      names,
      count: z.number().int().nonnegative(),
      pizzas: z.number().int().positive(),
    }),
  )
  .refine(
    // A size with no price would be sold at the base price: charged wrong, so not sold at all.
    (details) =>
      details.sizes === undefined ||
      details.sizePrices === undefined ||
      details.sizes.every((size) => details.sizePrices?.[size] !== undefined),
    { message: 'every size needs a price', path: ['sizePrices'] },
  );

/** The stored details, checked: the details, or the problems in words (for the log). */
export function parseProductDetails(
  value: unknown,
): { ok: true; details: ProductDetails } | { ok: false; problems: string } {
  const parsed = productDetailsSchema.safeParse(value);
  if (parsed.success) return { ok: true, details: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(details)'}: ${issue.message}`)
      .join('; '),
  };
}
