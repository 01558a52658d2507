import { isListKind } from '../../domain';
import { itemData } from '../features/item/item-loader';
import { categoryOf, homeLoader } from '../features/menu/menu-loaders';
import { menuReadsOf, type LoaderArgs } from '../shared/menu-api';

/**
 * `/{segment}/{id}`: a list category's rows with that item picked out, or an item's detail
 * screen; Home for a segment that is no category's (the spec: an unknown path shows Home).
 */
export async function productLoader(args: LoaderArgs) {
  const category = await categoryOf(args, args.params.segment ?? '');
  if (!category) return { view: 'home' as const, ...(await homeLoader(args)) };
  if (isListKind(category.kind)) {
    const items = await menuReadsOf(args).category(category.id, args.request.signal);
    return { view: 'list' as const, category, picked: args.params.id ?? null, items };
  }
  return { view: 'item' as const, category, ...(await itemData(args, category.kind)) };
}
