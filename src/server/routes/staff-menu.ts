import { z } from 'zod';
import { idSchema, stripInvisible, toCents } from '../../domain';
import { MENU_LIST_LIMITS, tooManyMessage, type MenuList } from '../../domain/menu-limits';
import {
  allergenList,
  availabilityWindows,
  markList,
  productDetailsFields,
} from '../../domain/product-details';
import { menuEditorGuard, staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import {
  apiMenuChangesSchema,
  apiMenuDocumentSchema,
  apiStaffFlavourSchema,
  apiStaffProductSchema,
  apiStaffToppingSchema,
} from '../http/api-schemas';
import {
  createProduct,
  createTopping,
  deleteProduct,
  editsToppingFields,
  needsMenuEditor,
  listStaffProducts,
  presentStaffTopping,
  productOrdered,
  updateFlavour,
  updateProduct,
  updateTopping,
} from '../staff/menu';
import { menuWriter } from '../staff/menu-history';
import { exportMenu, importMenu } from '../staff/menu-document';

/**
 * The staff's menu controls (issue 9): every product with its price and sold-out flag, a change
 * of either (a product's photo: staff-product-image.ts), the toppings (every one, hidden too:
 * issue 34) with one sold out or back, added, renamed, hidden or moved by the menu editor, and a
 * flavour sold out or back (listed here: the public answers name only a product's own sold-out
 * flavours). Staff or admin; the guard answers before any input
 * check. The menu editor (issue 34: the admin, or staff while the store's `staffEditMenu` is
 * on) also adds, edits, reorders, hides and deletes products.
 */

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A menu document's list, at most as long as the domain allows (`MENU_LIST_LIMITS`). */
const capped = <Entry extends z.ZodType>(entry: Entry, list: MenuList) =>
  z.array(entry).max(MENU_LIST_LIMITS[list].max, { error: tooManyMessage(list) });
/** A whole menu is about 100 KB; the app's limit for other bodies is 64 KB. */
const MENU_BODY_LIMIT = 1024 * 1024;

const MONEY_MESSAGE = 'Please give the amount in dollars, like 12.99.';

/**
 * A product's money in dollars, as a number or as text ("12.99"), to cents: a new product's,
 * and a changed price. Only its form is checked here: whether it may be negative or that high
 * is the domain's rule (`checkProductDraft`, `checkProductPrice`), whose message names the field.
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

const text = z.string().overwrite(stripInvisible).trim();

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

/**
 * PUT /api/staff/menu: the document GET /api/staff/menu answers (decision 19), products in the
 * form POST /api/staff/products takes them (`_id`: the product it replaces, when it is this
 * store's). Products and toppings are required: leaving either out would hide them all.
 */
const menuDocument = z
  .object({
    version: z.literal(1, { error: 'Only version 1 of the menu document is known.' }),
    // A category's fields after `kind` may be missing (an older document): the stored value stays.
    categories: capped(
      z.object({
        category: z.string(),
        title: text,
        kind: z.string(),
        hidden: z.boolean().optional(),
        offer: z.boolean().optional(),
        image: z.string().nullable().optional(),
        availableAt: availabilityWindows.nullable().optional(),
      }),
      'categories',
    ).optional(),
    products: capped(
      newProduct.extend({
        _id: z.string().optional(),
        // The export's category title, for reading: the import goes by `category`.
        categoryTitle: z
          .string()
          .optional()
          .transform(() => undefined),
        hidden: z.boolean().default(false),
      }),
      'products',
    ),
    toppings: capped(
      z.object({
        _id: z.string().optional(),
        name: text,
        soldOut: z.boolean().default(false),
        hidden: z.boolean().default(false),
        allergens: allergenList.optional(),
        marks: markList.optional(),
      }),
      'toppings',
    ),
  })
  // A file's problem in the editor's words ("Item 14, photo: …"), not the schema's path.
  .meta({ issueWords: 'menu-file' });

const menuQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun is true or false.' }).optional(),
});

const CHANGE_MESSAGE =
  'Send what to change: available (true or false), price, or any of name, category, image, description, details, hidden, position.';

/** A product's or topping's place: 0 is first (a product's in its category). */
const POSITION_MESSAGE = 'Please give the position as a whole number from 0.';

/**
 * A change of a product: sold out (`available`) and price, as the staff change them during a
 * day, and the menu editor's: the fields in the form POST /api/staff/products takes them
 * (checked whole by the domain's rules once merged with the product), `hidden` (retired from
 * the storefront, or shown again) and `position` (its place in its category).
 */
const productChange = z
  .object(
    {
      available: z
        .boolean({ error: 'Please say whether the item is available with true or false.' })
        .optional(),
      price: money.optional(),
      name: text.optional(),
      category: z.string().optional(),
      image: z.string().optional(),
      description: text.optional(),
      details: detailsInput.optional(),
      hidden: z
        .boolean({ error: 'Please say whether the item is hidden with true or false.' })
        .optional(),
      position: z
        .number({ error: POSITION_MESSAGE })
        .int({ error: POSITION_MESSAGE })
        .min(0, { error: POSITION_MESSAGE })
        .optional(),
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
        change.hidden,
        change.position,
      ].some((value) => value !== undefined),
    { error: CHANGE_MESSAGE },
  )
  // The spec-era messages are whole sentences; a domain problem (price, details) names its key.
  .meta({ sentences: true });

const AVAILABLE_MESSAGE = 'Please say whether the topping is available with true or false.';
const SOLD_OUT_MESSAGE = 'Please say whether the topping is sold out with true or false.';
const HIDDEN_MESSAGE = 'Please say whether the topping is hidden with true or false.';

/** POST /api/staff/toppings: its name only; the domain's rule checks it (`checkToppingName`). */
const newTopping = z.object({ name: text });

/**
 * A change of a topping: sold out (`available`, as the spec's era had it, or its inverse
 * `soldOut`) as the staff change it during a day, and the menu editor's name, hidden, place and what it contains (each list whole).
 * An empty change still gets the sold-out sentence, the one most callers are after.
 */
const toppingChange = z
  .object(
    {
      available: z.boolean({ error: AVAILABLE_MESSAGE }).optional(),
      soldOut: z.boolean({ error: SOLD_OUT_MESSAGE }).optional(),
      name: text.optional(),
      hidden: z.boolean({ error: HIDDEN_MESSAGE }).optional(),
      position: z
        .number({ error: POSITION_MESSAGE })
        .int({ error: POSITION_MESSAGE })
        .min(0, { error: POSITION_MESSAGE })
        .optional(),
      allergens: allergenList.optional(),
      marks: markList.optional(),
    },
    { error: AVAILABLE_MESSAGE },
  )
  .refine(
    (change) =>
      [
        change.available,
        change.soldOut,
        change.name,
        change.hidden,
        change.position,
        change.allergens,
        change.marks,
      ].some((value) => value !== undefined),
    { error: AVAILABLE_MESSAGE },
  )
  .refine(
    (change) =>
      change.available === undefined ||
      change.soldOut === undefined ||
      change.available !== change.soldOut,
    { error: 'available and soldOut say opposite things: send one of them.' },
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
const noContent = { 204: z.undefined() };

export const staffMenuRoutes: RouteModule = (app, ctx) => {
  const guard = staffGuard(ctx);
  const writeMenu = menuWriter(ctx);

  app.get(
    '/staff/products',
    { preValidation: guard, schema: { response: { 200: z.array(apiStaffProductSchema) } } },
    () => listStaffProducts(ctx.db),
  );

  // The admin, or staff while the admin lets them (the store's `staffEditMenu`).
  const menuEditor = menuEditorGuard(ctx);

  app.post(
    '/staff/products',
    {
      preValidation: menuEditor,
      schema: { body: newProduct, response: { 201: apiStaffProductSchema } },
    },
    async (request, reply) => {
      const created = await writeMenu(request, (db) => createProduct(db, request.body));
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
      // Sold out and price stay every staff member's; the rest is the menu editor's.
      if (needsMenuEditor(change)) await menuEditor(request);
      return writeMenu(request, (db) => updateProduct(db, request.params.id, change));
    },
  );

  app.get(
    '/staff/toppings',
    { preValidation: guard, schema: { response: { 200: z.array(apiStaffToppingSchema) } } },
    async () => (await ctx.catalogue.menu()).toppings.map(presentStaffTopping),
  );

  app.post(
    '/staff/toppings',
    {
      preValidation: menuEditor,
      schema: { body: newTopping, response: { 201: apiStaffToppingSchema } },
    },
    async (request, reply) => {
      const created = await writeMenu(request, (db) => createTopping(db, request.body.name));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/staff/menu',
    { preValidation: guard, schema: { response: { 200: apiMenuDocumentSchema } } },
    () => exportMenu(ctx.db),
  );

  app.put(
    '/staff/menu',
    {
      preValidation: menuEditor,
      bodyLimit: MENU_BODY_LIMIT,
      schema: {
        querystring: menuQuery,
        body: menuDocument,
        response: { 200: apiMenuChangesSchema },
      },
    },
    async (request) => {
      const { products, toppings, categories } = request.body;
      const menu = {
        categories,
        products: products.map(({ _id, ...product }) => ({ ...product, id: _id })),
        toppings: toppings.map(({ _id, ...topping }) => ({ ...topping, id: _id })),
      };
      const dryRun = request.query.dryRun === 'true';
      const changes = dryRun
        ? await importMenu(ctx.db, menu, false)
        : await writeMenu(request, (db) => importMenu(db, menu, true));
      return { dryRun, changes };
    },
  );

  app.get(
    '/staff/products/:id/ordered',
    {
      preValidation: menuEditor,
      schema: { params: productParams, response: { 200: z.object({ ordered: z.boolean() }) } },
    },
    (request) => productOrdered(ctx.db, request.params.id),
  );

  app.delete(
    '/staff/products/:id',
    { preValidation: menuEditor, schema: { params: productParams, response: noContent } },
    async (request, reply) => {
      await writeMenu(request, (db) => deleteProduct(db, request.params.id));
      return reply.status(204).send();
    },
  );

  app.patch(
    '/staff/toppings/:id',
    {
      preValidation: guard,
      schema: {
        params: productParams,
        body: toppingChange,
        response: { 200: apiStaffToppingSchema },
      },
    },
    async (request) => {
      const { available, soldOut, ...rest } = request.body;
      const change = {
        ...rest,
        soldOut: soldOut ?? (available === undefined ? undefined : !available),
      };
      // Sold out stays every staff member's; the rest is the menu editor's.
      if (editsToppingFields(change)) await menuEditor(request);
      return writeMenu(request, (db) => updateTopping(db, request.params.id, change));
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
    async (request) => {
      return writeMenu(request, (db) =>
        updateFlavour(db, request.params.name, request.body.available),
      );
    },
  );
};
