import { z } from 'zod';
import { CATEGORIES, categoryFromSegment } from '../../domain';
import type { RouteModule } from '../context';
import { badRequest, notFound, parseInput } from '../http/errors';
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

export const catalogRoutes: RouteModule = (app, ctx) => {
  const products = productsRepository(ctx.db);

  app.get('/products', async (request) => {
    const { category } = parseInput(listQuery, request.query);
    return (await products.list(category)).map((product) => presentProduct(product, false));
  });

  app.get('/products/beverages', async () => {
    return (await products.list('Beverages')).map((product) => presentProduct(product, false));
  });

  app.get<{ Params: { id: string } }>('/products/:id', async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw badRequest(`"${id}" is not a valid product id.`, 'invalid_id');
    const product = await products.get(id);
    if (!product) throw notFound('No product with this id.');
    return presentProduct(product);
  });

  app.get<{ Params: { category: string } }>('/items/:category', async (request) => {
    const category = categoryFromSegment(request.params.category);
    if (!category) throw notFound(`No category "${request.params.category}".`);
    return (await products.list(category)).map((product) => presentProduct(product, false));
  });

  app.get('/toppings', async () => {
    return (await products.toppings()).map((topping) => ({
      _id: topping.id,
      name: topping.name,
      soldOut: topping.soldOut,
    }));
  });
};
