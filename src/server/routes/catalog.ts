import { z } from 'zod';
import { CATEGORIES, categoryFromSegment } from '../../domain';
import type { RouteModule } from '../context';
import { apiProductSchema, apiToppingSchema } from '../http/api-schemas';
import { badRequest, notFound } from '../http/errors';
import { presentProduct } from '../http/present';
import { isUuid, productsRepository } from '../repositories/products';

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

/**
 * The menu, as the spec's table lists it. Each route declares its input and answer
 * (`http/zod-provider.ts`): the handler gets parsed input and its return value is checked
 * against the API's shapes.
 */
export const catalogRoutes: RouteModule = (app, ctx) => {
  const products = productsRepository(ctx.db);

  app.get(
    '/products',
    { schema: { querystring: listQuery, response: productList } },
    async (request) => {
      const { category } = request.query;
      return (await products.list(category)).map((product) => presentProduct(product, false));
    },
  );

  app.get('/products/beverages', { schema: { response: productList } }, async () => {
    return (await products.list('Beverages')).map((product) => presentProduct(product, false));
  });

  app.get(
    '/products/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: apiProductSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw badRequest(`"${id}" is not a valid product id.`, 'invalid_id');
      const product = await products.get(id);
      if (!product) throw notFound('No product with this id.');
      return presentProduct(product);
    },
  );

  app.get(
    '/items/:category',
    { schema: { params: z.object({ category: z.string() }), response: productList } },
    async (request) => {
      const category = categoryFromSegment(request.params.category);
      if (!category) throw notFound(`No category "${request.params.category}".`);
      return (await products.list(category)).map((product) => presentProduct(product, false));
    },
  );

  app.get('/toppings', { schema: { response: { 200: z.array(apiToppingSchema) } } }, async () => {
    return (await products.toppings()).map((topping) => ({
      _id: topping.id,
      name: topping.name,
      soldOut: topping.soldOut,
    }));
  });
};
