import { OFFER_CATEGORY } from '../../domain/catalog';
import { menuReadsOf, type LoaderArgs } from '../shared/menu-api';
import { optional } from '../shared/optional';
import type { ShellData } from '../shared/store-info';

/**
 * The shell's data: the store's profile and open flag, and the sidebar's offers (the products of
 * the catalogue's offer category; none when no category is marked). Both are extras the pages
 * work without (spec: such failures are only logged), so a failure is a null here, never the
 * error screen.
 */
export async function layoutLoader(args: LoaderArgs) {
  const { request } = args;
  const menu = menuReadsOf(args);
  const [store, offers] = await Promise.all([
    optional(menu.store(request.signal), 'the store status'),
    OFFER_CATEGORY ? optional(menu.category(OFFER_CATEGORY, request.signal), 'special offers') : [],
  ]);
  return { store, offers } satisfies ShellData;
}
