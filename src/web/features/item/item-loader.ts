import { kindHasField, productRules, type Kind } from '../../../domain';
import { isApiError } from '../../shared/api';
import { menuReadsOf, type LoaderArgs } from '../../shared/menu-api';
import { optional } from '../../shared/optional';
import { toDomainProduct } from '../../shared/product';
import type { ApiProduct } from '../../shared/types';

/*
 * The detail screens' loader, imported by the router with its own code so the product and the
 * toppings are asked for while the screen's chunk downloads. Keep it tiny.
 */

/** Whether the product takes toppings: its own details say, once it is here. */
const takesToppings = (product: ApiProduct): boolean => {
  const domain = toDomainProduct(product);
  return domain !== null && productRules(domain).toppingLists !== 'none';
};

/**
 * A combo's drinks and side are beverages and sides on the menu, each possibly sold out. Asked
 * with the product, before it is here: so whether its kind may have them.
 */
const takesMenuOptions = (kind: Kind): boolean =>
  kindHasField(kind, 'drinks') || kindHasField(kind, 'sides');

/**
 * The product of `/{segment}/{id}` (a category of `kind`) and, when it takes toppings, the topping list (asked for at
 * once when the route's kind may take them, so the two requests go together). `product` is null for an id the menu does not
 * have: the screen says "not found", which is an answer, not an error. Toppings that failed are
 * null; the form says so and still works for everything else. For a product with drinks or a
 * side, `menu` is every product (the screen reads which beverages and sides are sold out; null
 * when the list failed: the server still refuses them).
 */
export async function itemData(args: LoaderArgs, kind: Kind) {
  const { signal } = args.request;
  const menu = menuReadsOf(args);
  const early = kindHasField(kind, 'pizzas')
    ? optional(menu.toppings(signal), 'the toppings')
    : null;
  const options = takesMenuOptions(kind) ? optional(menu.products(signal), 'the menu') : null;
  let product: ApiProduct;
  try {
    product = await menu.product(args.params.id ?? '', signal);
  } catch (error) {
    if (isApiError(error, 'not_found', 'invalid_id')) {
      return { product: null, toppings: null, menu: null };
    }
    throw error;
  }
  const toppings =
    early ?? (takesToppings(product) ? optional(menu.toppings(signal), 'the toppings') : null);
  return { product, toppings: await toppings, menu: await options };
}

export type ItemData = Awaited<ReturnType<typeof itemData>>;
