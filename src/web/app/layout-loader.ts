import { menuReadsOf, type LoaderArgs } from '../shared/menu-api';
import { optional } from '../shared/optional';
import type { ShellData } from '../shared/store-info';

/**
 * The shell's data: the store's profile and open flag, and the sidebar's offers (the products of
 * the store's offer category; none when no category is marked). Both are extras the pages work
 * without (spec: such failures are only logged), so a failure is a null here, never the error
 * screen. The categories and the whole menu are asked for together, not one after the other
 * (which category is the offer is in the first): Home and the combos read the same answers.
 */
export async function layoutLoader(args: LoaderArgs) {
  const { signal } = args.request;
  const menu = menuReadsOf(args);
  const [store, categories, products] = await Promise.all([
    optional(menu.store(signal), 'the store status'),
    optional(menu.categories(signal), 'special offers'),
    optional(menu.products(signal), 'special offers'),
  ]);
  const offer = categories?.find((category) => category.offer);
  const offers =
    categories && products
      ? offer
        ? products.filter((product) => product.category === offer.id)
        : []
      : null;
  return { store, offers } satisfies ShellData;
}
