/**
 * The spec's "cart item as sent", as a zod schema. Kept apart from cart-item.ts so the browser's
 * first screen (the cart context) can use the engine's functions without downloading zod; the
 * server parses every request with it.
 */
import { z } from 'zod';
import { idSchema } from './ids';
import { MAX_QUANTITY, MIN_QUANTITY } from './pricing-terms';

const optionText = z.string().max(100).nullish();

/**
 * A figure the spec's client sends but the server never reads (`priceByQuantity`, `totalPrice`):
 * a number, or a numeric string as `toFixed(2)` makes it ("12.99").
 */
const ignoredFigure = z
  .union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/, 'Expected a number.')])
  .nullish();

/** A text the spec's client may send as a number; read as text. */
const looseText = (max: number) =>
  z.union([z.string().max(max), z.number().transform(String)]).nullish();

/** A drink chosen inside a combo. */
const cartDrinkSchema = z.object({
  name: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});

/**
 * The spec's "cart item as sent". `priceByQuantity`, `totalPrice` and `description` are
 * accepted for the spec's client (numbers or numeric strings) but never trusted: the server
 * prices and describes every line itself. Beverages and sides may be named (`name`) instead of
 * `productId`; with a `productId` the name is ignored. Fields we do not know are dropped.
 */
export const cartItemPayloadSchema = z
  .object({
    userId: idSchema.nullish(),
    productId: idSchema.min(1).max(100).optional(),
    name: z.union([z.string().min(1).max(200), z.number().transform(String)]).optional(),
    size: optionText,
    flavor: optionText,
    wingsFlavor: optionText,
    sides: z.array(z.string().max(100)).max(20).nullish(),
    drinks: z.array(cartDrinkSchema).max(50).nullish(),
    toppings: z
      .union([
        z.array(z.string().max(100)).max(100),
        z.array(z.array(z.string().max(100)).max(100)).max(20),
      ])
      .nullish(),
    quantity: z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY),
    priceByQuantity: ignoredFigure,
    totalPrice: ignoredFigure,
    description: looseText(1000),
  })
  .refine((item) => item.productId !== undefined || item.name !== undefined, {
    message: 'Send a productId (or a name for beverages and sides).',
    path: ['productId'],
  });
export type CartItemPayload = z.output<typeof cartItemPayloadSchema>;
