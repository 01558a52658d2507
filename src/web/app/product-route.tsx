import { useLoaderData } from 'react-router';
import { ItemDetailView } from '../features/item/item-detail-screen';
import { HomeView } from '../features/menu/home-screen';
import { SimpleListView } from '../features/menu/simple-list-screen';
import type { productLoader } from './product-loader';

/**
 * `/{segment}/{id}`: the screen its category's kind has (its loader chose): the list with the
 * item picked out (beverages, sides), or the item's detail screen; Home for a path that names no
 * category (the spec: any unknown path shows Home). Here, not in a feature, because it puts
 * two features' screens together (src/web/README.md).
 */
export default function ProductRoute() {
  const data = useLoaderData<typeof productLoader>();
  if (data.view === 'list') {
    return <SimpleListView category={data.category} picked={data.picked} items={data.items} />;
  }
  if (data.view === 'item') return <ItemDetailView {...data} />;
  return <HomeView products={data.products} categories={data.categories} />;
}
