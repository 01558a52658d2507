import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_PRICE_CENTS, idSchema, stripBidiControls, toCents, toDollars } from '../../domain';
import { ALLERGENS, DIETARY_MARKS } from '../../domain/allergens';
import { productDetailsFields } from '../../domain/product-details';
import { adminGuard, staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import {
  apiStaffFlavourSchema,
  apiStaffProductSchema,
  apiToppingSchema,
} from '../http/api-schemas';
import { HttpError, badRequest } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod-provider';
import {
  createProduct,
  editsProductFields,
  listStaffProducts,
  updateFlavour,
  updateProduct,
  updateTopping,
} from '../staff/menu';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
  WRONG_TYPE,
  imageTypeOf,
  tooLarge,
  uploadProductImage,
} from '../staff/product-image';

/**
 * The staff's menu controls (issue 9): every product with its price and sold-out flag, a change
 * of either, a product's photo, a topping sold out or back (the toppings themselves are the
 * public GET /api/toppings), and the same for a flavour (listed here: the public answers name
 * only a product's own sold-out flavours). Staff or admin; the guard answers before any input
 * check.
 */

const PRICE_MESSAGE = `Please give the price in dollars, more than 0 and at most ${toDollars(MAX_PRICE_CENTS)}, like 12.99.`;

/** Dollars with at most two decimals, as a number or as text ("12.99"), to cents. */
const price = z
  .union(
    [
      z.number().refine((value) => Number.isFinite(value) && hasAtMostTwoDecimals(value), {
        error: PRICE_MESSAGE,
      }),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}(\.\d{1,2})?$/)
        .transform(Number),
    ],
    { error: PRICE_MESSAGE },
  )
  .transform(toCents)
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: PRICE_MESSAGE })
      .max(MAX_PRICE_CENTS, { error: PRICE_MESSAGE }),
  );

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const MONEY_MESSAGE = 'Please give the amount in dollars, like 12.99.';

/**
 * A new product's money in dollars, as a number or as text ("12.99"), to cents. Only its form
 * is checked here: whether it may be negative or that high is the domain's rule
 * (`checkProductDraft`), whose message names the field.
 */
const money = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,9}(\.\d{1,2})?$/)
        .transform(Number),
    ],
    {
      error: MONEY_MESSAGE,
    },
  )
  .refine(hasAtMostTwoDecimals, { error: MONEY_MESSAGE })
  .transform(toCents);

const count = z.number({ error: 'Please give a whole number.' }).int();
const choices = z.array(z.string());

/**
 * A product's details as `GET /api/products/{id}` answers them (dollars), by type only; the
 * rules are the domain's. A field no product has is refused (a typo would otherwise be dropped
 * and the product saved without it); `soldOutFlavors` is what the answer reports, not a field
 * of the product, and is ignored, so an answer can be sent back as it is.
 */
const detailsInput = z.strictObject({
  ...productDetailsFields({ money, names: choices, count, pizzas: count }),
  soldOutFlavors: choices.optional().transform(() => undefined),
});

const text = z.string().overwrite(stripBidiControls).trim();

/** POST /api/staff/products: the fields `GET /api/products/{id}` answers, less `_id`. */
const newProduct = z.object({
  name: text,
  category: z.string(),
  image: z.string().default(''),
  price: money,
  description: text.default(''),
  soldOut: z.boolean().default(false),
  details: detailsInput.prefault({}),
});

const CHANGE_MESSAGE =
  'Send what to change: available (true or false), price, or any of name, category, image, description, details.';

/**
 * A change of a product: sold out (`available`) and price, as the staff change them during a
 * day, and the menu editor's fields, in the form POST /api/staff/products takes them (checked
 * whole by the domain's rules once merged with the product).
 */
const productChange = z
  .object(
    {
      available: z
        .boolean({ error: 'Please say whether the item is available with true or false.' })
        .optional(),
      price: price.optional(),
      name: text.optional(),
      category: z.string().optional(),
      image: z.string().optional(),
      description: text.optional(),
      details: detailsInput.optional(),
    },
    { error: CHANGE_MESSAGE },
  )
  .refine(
    (change) =>
      [
        change.available,
        change.price,
        change.name,
        change.category,
        change.image,
        change.description,
        change.details,
      ].some((value) => value !== undefined),
    { error: CHANGE_MESSAGE },
  )
  // The spec-era messages are whole sentences (PRICE_MESSAGE); a details problem names its key.
  .meta({ sentences: true });

const AVAILABLE_MESSAGE = 'Please say whether the topping is available with true or false.';

const TOPPING_CHANGE_MESSAGE =
  'Send what to change: available (true or false), allergens or marks.';

const toppingChange = z
  .object(
    {
      available: z.boolean({ error: AVAILABLE_MESSAGE }).optional(),
      // The menu editor's: what the topping contains and its marks, each list whole.
      allergens: z
        .array(z.enum(ALLERGENS, { error: `Allergens are some of: ${ALLERGENS.join(', ')}.` }))
        .optional(),
      marks: z
        .array(z.enum(DIETARY_MARKS, { error: `Marks are some of: ${DIETARY_MARKS.join(', ')}.` }))
        .optional(),
    },
    { error: TOPPING_CHANGE_MESSAGE },
  )
  .refine(
    (change) =>
      change.available !== undefined ||
      change.allergens !== undefined ||
      change.marks !== undefined,
    {
      error: TOPPING_CHANGE_MESSAGE,
    },
  )
  .meta({ sentences: true });

const FLAVOUR_MESSAGE = 'Please say whether the flavour is available with true or false.';

const flavourChange = z
  .object({ available: z.boolean({ error: FLAVOUR_MESSAGE }) }, { error: FLAVOUR_MESSAGE })
  .meta({ sentences: true });

const productParams = z.object({ id: idSchema });
// A flavour is known by its name (no id of its own); any text, and 404 unless a product has it.
const flavourParams = z.object({ name: z.string() });
const staffProduct = { 200: apiStaffProductSchema };

/**
 * The upload's own checks, before its body is read: an image type we take, and not over 5 MB
 * by its Content-Length (a body sent without one is cut at the parser's limit instead).
 */
// Async without an await: Fastify reads a throw as the hook's rejection (see app.ts).
// eslint-disable-next-line @typescript-eslint/require-await
async function checkUpload(request: FastifyRequest): Promise<void> {
  if (!imageTypeOf(request.headers['content-type'])) {
    throw new HttpError(415, WRONG_TYPE, 'unsupported_media_type');
  }
  if (Number(request.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) throw tooLarge();
}

export const staffMenuRoutes: RouteModule = async (app, ctx) => {
  const guard = staffGuard(ctx);

  app.get(
    '/staff/products',
    { preValidation: guard, schema: { response: { 200: z.array(apiStaffProductSchema) } } },
    () => listStaffProducts(ctx.db),
  );

  // Admin only for now: the admin's leave for the staff to edit the menu is still to come.
  const menuEditor = adminGuard(ctx, 'Only the store admin can change the menu.');

  app.post(
    '/staff/products',
    {
      preValidation: menuEditor,
      schema: { body: newProduct, response: { 201: apiStaffProductSchema } },
    },
    async (request, reply) => {
      const created = await ctx.catalogue.change('menu', () => createProduct(ctx.db, request.body));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/staff/products/:id',
    {
      preValidation: guard,
      schema: { params: productParams, body: productChange, response: staffProduct },
    },
    async (request) => {
      const { price: priceCents, ...rest } = request.body;
      const change = { ...rest, priceCents };
      // Sold out and price stay every staff member's; the editor's fields are the admin's.
      if (editsProductFields(change)) await menuEditor(request);
      return ctx.catalogue.change('menu', () => updateProduct(ctx.db, request.params.id, change));
    },
  );

  app.patch(
    '/staff/toppings/:id',
    {
      preValidation: guard,
      schema: { params: productParams, body: toppingChange, response: { 200: apiToppingSchema } },
    },
    async (request) => {
      const { available, allergens, marks } = request.body;
      if (allergens !== undefined || marks !== undefined) await menuEditor(request);
      return ctx.catalogue.change('menu', () =>
        updateTopping(ctx.db, request.params.id, { available, allergens, marks }),
      );
    },
  );

  app.get(
    '/staff/flavours',
    { preValidation: guard, schema: { response: { 200: z.array(apiStaffFlavourSchema) } } },
    async () => [...(await ctx.catalogue.menu()).flavours],
  );

  app.patch(
    '/staff/flavours/:name',
    {
      preValidation: guard,
      schema: {
        params: flavourParams,
        body: flavourChange,
        response: { 200: apiStaffFlavourSchema },
      },
    },
    (request) =>
      ctx.catalogue.change('menu', () =>
        updateFlavour(ctx.db, request.params.name, request.body.available),
      ),
  );

  // The photo is the raw body (image/jpeg, image/png or image/webp), so its parsers live in a
  // scope of their own: every other route still takes JSON only.
  await app.register((scope, _options, done) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.addContentTypeParser(
      [...IMAGE_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Fastify's own limit (a body sent without Content-Length): our sentence, not its text. A
    // throw here goes on to the app's error handler, which shapes every error answer.
    uploads.setErrorHandler((error) => {
      const code = typeof error === 'object' && error !== null && 'code' in error && error.code;
      throw code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
    });
    uploads.post(
      '/staff/products/:id/image',
      {
        // The guard first and before the body is read: no stranger makes us buffer 5 MB.
        onRequest: [guard, checkUpload],
        config: { acceptsImages: true },
        schema: { params: productParams, response: staffProduct },
      },
      (request) => {
        const type = imageTypeOf(request.headers['content-type']);
        const body = request.body;
        if (!type) throw new HttpError(415, WRONG_TYPE, 'unsupported_media_type');
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(NOT_AN_IMAGE);
        return ctx.catalogue.change('menu', () =>
          uploadProductImage({ db: ctx.db, productId: request.params.id, bytes: body, type }),
        );
      },
    );
    done();
  });
};
