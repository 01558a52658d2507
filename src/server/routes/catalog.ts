import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Category, type Product, idSchema } from '../../domain';
import type { CatalogueSnapshot, Menu } from '../catalogue/snapshot';
import type { RouteModule } from '../context';
import { apiCategorySchema, apiProductSchema, apiToppingSchema } from '../http/api-schemas';
import { badRequest, checkedId, notFound } from '../http/errors';
import { presentCategory, presentProduct, presentTopping } from '../http/present';
import {
  REVALIDATE,
  jsonRepresentation,
  sendRepresentation,
  type Representation,
} from '../http/representation';

// The category is the store's, looked up in its menu by the route (`listOf`).
const listQuery = z.object({ category: z.string().optional() });

const productList = { 200: z.array(apiProductSchema) };
const categoryList = { 200: z.array(apiCategorySchema) };
const categoryListSchema = z.array(apiCategorySchema);
const productListSchema = z.array(apiProductSchema);
const toppingListSchema = z.array(apiToppingSchema);

/** What a list shows: the whole menu, one category's products, or one kind's (the drinks). */
type ListOf = { category: Category } | { kind: 'beverages' } | undefined;

const listKey = (of: ListOf) =>
  of === undefined ? 'list:' : 'category' in of ? `list:${of.category}` : `kind:${of.kind}`;
const productKey = (product: Product) => `product:${product.id}`;
const TOPPINGS = 'toppings';
const CATEGORIES = 'categories';

/**
 * The answers the routes below send, when the snapshot has them built already (else undefined:
 * the route loads and builds them).
 */
const readyCatalogue = {
  list: (catalogue: CatalogueSnapshot, of: ListOf): Representation | undefined =>
    catalogue.readyMenu()?.readyAnswer(listKey(of)),
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
  async function listAnswer(of: ListOf): Promise<Representation> {
    const menu = await ctx.catalogue.menu();
    return menu.answer(listKey(of), () => {
      const products =
        of === undefined
          ? menu.products
          : 'category' in of
            ? menu.inCategory(of.category)
            : menu.ofKind(of.kind);
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
    of: ListOf,
  ): Promise<void> | undefined {
    const ready = readyCatalogue.list(ctx.catalogue, of);
    if (ready) {
      sendRepresentation(request, reply, ready, REVALIDATE);
      return undefined;
    }
    return listAnswer(of).then((answer) => {
      sendRepresentation(request, reply, answer, REVALIDATE);
    });
  }

  /**
   * A category named by its segment or id, in any letter case, on the storefront: with the
   * menu at hand (the usual case) within this call; `refuse` builds the error for an unknown one.
   */
  function withCategory(
    segment: string,
    refuse: (menu: Menu) => Error,
    send: (category: Category) => Promise<void> | undefined,
  ): Promise<void> | undefined {
    const ready = ctx.catalogue.readyMenu();
    const pick = (menu: Menu) => {
      const category = menu.category(segment);
      if (!category) throw refuse(menu);
      return send(category.id);
    };
    return ready ? pick(ready) : ctx.catalogue.menu().then(pick);
  }

  app.get(
    '/products',
    { schema: { querystring: listQuery, response: productList } },
    (request, reply) => {
      const wanted = request.query.category;
      if (wanted === undefined || wanted === '') return sendList(request, reply, undefined);
      return withCategory(
        wanted,
        (menu) =>
          badRequest(
            `Unknown category "${wanted}". Expected one of: ${menu.categories
              .filter((category) => !category.hidden)
              .map((category) => category.id)
              .join(', ')}.`,
          ),
        (category) => sendList(request, reply, { category }),
      );
    },
  );

  // The spec's drinks: every beverage the store sells, whichever category it is in.
  app.get('/products/beverages', { schema: { response: productList } }, (request, reply) =>
    sendList(request, reply, { kind: 'beverages' }),
  );

  /**
   * GET /api/categories: the store's categories on the storefront (hidden ones left out), in
   * their order on Home: each one's kind (which screen), route segment, title, picture, the
   * spec's alerts and its windows. Not in the spec: the browser's screens and routes read it.
   */
  app.get('/categories', { schema: { response: categoryList } }, (request, reply) => {
    const build = (menu: Menu) =>
      menu.answer(CATEGORIES, () =>
        jsonRepresentation(
          JSON.stringify(
            categoryListSchema.parse(
              menu.categories.filter((category) => !category.hidden).map(presentCategory),
            ),
          ),
        ),
      );
    const ready = ctx.catalogue.readyMenu()?.readyAnswer(CATEGORIES);
    if (ready) {
      sendRepresentation(request, reply, ready, REVALIDATE);
      return undefined;
    }
    return ctx.catalogue
      .menu()
      .then(build)
      .then((answer) => {
        sendRepresentation(request, reply, answer, REVALIDATE);
      });
  });

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
    (request, reply) =>
      withCategory(
        request.params.category,
        () => notFound(`No category "${request.params.category}".`),
        (category) => sendList(request, reply, { category }),
      ),
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
