import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CATEGORIES,
  categoryFromSegment,
  type Category,
  type Product,
  idSchema,
} from '../../domain';
import type { CatalogueSnapshot, Menu } from '../catalogue/snapshot';
import type { RouteModule } from '../context';
import { apiProductSchema, apiToppingSchema } from '../http/api-schemas';
import { checkedId, notFound } from '../http/errors';
import { presentProduct, presentTopping } from '../http/present';
import {
  REVALIDATE,
  jsonRepresentation,
  sendRepresentation,
  type Representation,
} from '../http/representation';

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

const listKey = (category: Category | undefined) => `list:${category ?? ''}`;
const productKey = (product: Product) => `product:${product.id}`;
const TOPPINGS = 'toppings';

/**
 * The answers the routes below send, when the snapshot has them built already (else undefined:
 * the route loads and builds them).
 */
const readyCatalogue = {
  list: (catalogue: CatalogueSnapshot, category?: Category): Representation | undefined =>
    catalogue.readyMenu()?.readyAnswer(listKey(category)),
  /** By a valid id (`isUuid`), in any case. */
  product(catalogue: CatalogueSnapshot, id: string): Representation | undefined {
    const menu = catalogue.readyMenu();
    // Ids come in any case; the database's are lower case.
    const product = menu?.product(id.toLowerCase());
    return product && menu?.readyAnswer(productKey(product));
  },
  toppings: (catalogue: CatalogueSnapshot): Representation | undefined =>
    catalogue.readyMenu()?.readyAnswer(TOPPINGS),
};

/**
 * The menu, as the spec's table lists it. Each route declares its input and answer
 * (`http/zod-provider.ts`). The answers come from the process's snapshot of the menu
 * (`catalogue/snapshot.ts`), prepared once per change: checked against the same schemas the
 * serializer would use (fields they do not name are dropped), serialised, compressed, tagged.
 * Once the menu and an answer are ready, a request is answered within the handler's own call
 * (no promise to wait on); the first request after a change waits for the load and the build.
 */
export const catalogRoutes: RouteModule = (app, ctx) => {
  /** A list of products as the API shows it (without details), prepared once per menu. */
  async function listAnswer(category: Category | undefined): Promise<Representation> {
    const menu = await ctx.catalogue.menu();
    return menu.answer(listKey(category), () => {
      const products = category ? menu.inCategory(category) : menu.products;
      return jsonRepresentation(
        JSON.stringify(
          productListSchema.parse(products.map((product) => presentProduct(product, false))),
        ),
      );
    });
  }

  /**
   * Sends the list: from the ready answer when there is one (the usual case: sent within this
   * call, no promise to wait on), else once it is loaded and built.
   */
  function sendList(
    request: FastifyRequest,
    reply: FastifyReply,
    category: Category | undefined,
  ): Promise<void> | undefined {
    const ready = readyCatalogue.list(ctx.catalogue, category);
    if (ready) {
      sendRepresentation(request, reply, ready, REVALIDATE);
      return undefined;
    }
    return listAnswer(category).then((answer) => {
      sendRepresentation(request, reply, answer, REVALIDATE);
    });
  }

  app.get(
    '/products',
    { schema: { querystring: listQuery, response: productList } },
    (request, reply) => sendList(request, reply, request.query.category),
  );

  app.get('/products/beverages', { schema: { response: productList } }, (request, reply) =>
    sendList(request, reply, 'Beverages'),
  );

  /** One product's answer, with its details, prepared once per menu. */
  function productAnswer(menu: Menu, product: Product): Promise<Representation> {
    return menu.answer(productKey(product), () =>
      jsonRepresentation(
        JSON.stringify(apiProductSchema.parse(presentProduct(product, true, menu.soldOutFlavours))),
      ),
    );
  }

  app.get(
    '/products/:id',
    { schema: { params: z.object({ id: idSchema }), response: { 200: apiProductSchema } } },
    (request, reply) => {
      const id = checkedId(request.params.id, 'product');
      const ready = readyCatalogue.product(ctx.catalogue, id);
      if (ready) {
        sendRepresentation(request, reply, ready, REVALIDATE);
        return undefined;
      }
      return ctx.catalogue.menu().then(async (loaded) => {
        const found = loaded.product(id.toLowerCase());
        if (!found) throw notFound('No product with this id.');
        sendRepresentation(request, reply, await productAnswer(loaded, found), REVALIDATE);
      });
    },
  );

  app.get(
    '/items/:category',
    { schema: { params: z.object({ category: z.string() }), response: productList } },
    (request, reply) => {
      const category = categoryFromSegment(request.params.category);
      if (!category) throw notFound(`No category "${request.params.category}".`);
      return sendList(request, reply, category);
    },
  );

  /** The toppings as the API shows them, prepared once per menu. */
  function toppingsAnswer(menu: Menu): Promise<Representation> {
    return menu.answer(TOPPINGS, () =>
      jsonRepresentation(
        JSON.stringify(
          toppingListSchema.parse(
            // A retired topping is no choice: out of every picker (the staff list it on theirs).
            menu.toppings.filter((topping) => !topping.hidden).map(presentTopping),
          ),
        ),
      ),
    );
  }

  app.get(
    '/toppings',
    { schema: { response: { 200: z.array(apiToppingSchema) } } },
    (request, reply) => {
      const ready = readyCatalogue.toppings(ctx.catalogue);
      if (ready) {
        sendRepresentation(request, reply, ready, REVALIDATE);
        return undefined;
      }
      return ctx.catalogue
        .menu()
        .then(toppingsAnswer)
        .then((answer) => {
          sendRepresentation(request, reply, answer, REVALIDATE);
        });
    },
  );
};
