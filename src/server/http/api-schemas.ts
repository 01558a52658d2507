/**
 * The API's answers as zod schemas, each checked against its shape in `domain/api-types.ts`
 * (`satisfies z.ZodType<...>`), so the browser's types, the presenters and what is actually sent
 * cannot drift apart. Server-only: the browser uses the plain types and never downloads zod.
 */
import { z } from 'zod';
import type { ApiProduct, ApiProductDetails, ApiTopping } from '../../domain';

const dollars = z.number();

export const apiProductDetailsSchema = z.object({
  sizes: z.array(z.string()).optional(),
  sizePrices: z.record(z.string(), dollars).optional(),
  sizeDescriptions: z.record(z.string(), z.string()).optional(),
  wingsFlavors: z.array(z.string()).optional(),
  Flavors: z.array(z.string()).optional(),
  sides: z.array(z.string()).optional(),
  drinks: z.array(z.string()).optional(),
  pizzas: z.number().int().optional(),
  toppingsPerPizza: z.number().int().optional(),
  extraToppingPrice: dollars.optional(),
}) satisfies z.ZodType<ApiProductDetails>;

export const apiProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  image: z.string(),
  price: dollars,
  description: z.string(),
  soldOut: z.boolean(),
  details: apiProductDetailsSchema.optional(),
}) satisfies z.ZodType<ApiProduct>;

export const apiToppingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  soldOut: z.boolean(),
}) satisfies z.ZodType<ApiTopping>;
