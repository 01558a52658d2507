import { z } from 'zod';
import { CATEGORIES, categoryFromSegment, type Category } from '../../domain';
import type { RouteModule } from '../context';
import { apiProductSchema, apiToppingSchema } from '../http/api-schemas';
import { badRequest, notFound } from '../http/errors';
import { presentProduct } from '../http/present';
import {
  jsonRepresentation,
  sendRepresentation,
  type Representation,
} from '../http/representation';
import { isUuid } from '../repositories/products';

const listQuery = z.object({
  category: z
    .string()
    .optional()
    .transform((value, issue) => {
      if (value === undefined || value === '') return undefined;
      const category = categoryFromSegment(value);
      if (!category) {
        issue.addIssue({
          code: 'custom',
          message: `Unknown category "${value}". Expected one of: ${CATEGORIES.join(', ')}.`,
        });
        return z.NEVER;
      }
      return category;
    }),
});

const productList = { 200: z.array(apiProductSchema) };
const productListSchema = z.array(apiProductSchema);
const toppingListSchema = z.array(apiToppingSchema);

/**
 * The catalogue changes a few times a day: browsers keep what they got and ask again with its
 * ETag each time (a 304 costs a few bytes), and a change is seen at once.
 */
const REVALIDATE = 'no-cache';

/**
 * The menu, as the spec's table lists it. Each route declares its input and answer
 * (`http/zod-provider.ts`). The answers come from the process's snapshot of the menu
 * (`catalogue/snapshot.ts`), prepared once per change: checked against the same schemas the
 * serializer would use (fields they do not name are dropped), serialised, compressed, tagged.
 */
export const catalogRoutes: RouteModule = (app, ctx) => {
  /** A list of products as the API shows it (without details), prepared once per menu. */
  async function listAnswer(category: Category | undefined): Promise<Representation> {
    const menu = await ctx.catalogue.menu();
    return menu.answer(`list:${category ?? ''}`, () => {
      const products = category ? menu.inCategory(category) : menu.products;
      return jsonRepresentation(
        JSON.stringify(
          productListSchema.parse(products.map((product) => presentProduct(product, false))),
        ),
      );
    });
  }

  app.get(
    '/products',
    { schema: { querystring: listQuery, response: productList } },
    async (request, reply) =>
      sendRepresentation(request, reply, await listAnswer(request.query.category), REVALIDATE),
  );

  app.get('/products/beverages', { schema: { response: productList } }, async (request, reply) =>
    sendRepresentation(request, reply, await listAnswer('Beverages'), REVALIDATE),
  );

  app.get(
    '/products/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: apiProductSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw badRequest(`"${id}" is not a valid product id.`, 'invalid_id');
      const menu = await ctx.catalogue.menu();
      // Ids come in any case; the database's are lower case.
      const product = menu.product(id.toLowerCase());
      if (!product) throw notFound('No product with this id.');
      const answer = await menu.answer(`product:${product.id}`, () =>
        jsonRepresentation(JSON.stringify(apiProductSchema.parse(presentProduct(product)))),
      );
      return sendRepresentation(request, reply, answer, REVALIDATE);
    },
  );

  app.get(
    '/items/:category',
    { schema: { params: z.object({ category: z.string() }), response: productList } },
    async (request, reply) => {
      const category = categoryFromSegment(request.params.category);
      if (!category) throw notFound(`No category "${request.params.category}".`);
      return sendRepresentation(request, reply, await listAnswer(category), REVALIDATE);
    },
  );

  app.get(
    '/toppings',
    { schema: { response: { 200: z.array(apiToppingSchema) } } },
    async (request, reply) => {
      const menu = await ctx.catalogue.menu();
      const answer = await menu.answer('toppings', () =>
        jsonRepresentation(
          JSON.stringify(
            toppingListSchema.parse(
              menu.toppings.map((topping) => ({
                _id: topping.id,
                name: topping.name,
                soldOut: topping.soldOut,
              })),
            ),
          ),
        ),
      );
      return sendRepresentation(request, reply, answer, REVALIDATE);
    },
  );
};
