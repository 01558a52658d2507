import { SimpleItemList } from './simple-item-list';

const TEXTS = { added: 'Beverage added to cart!', failed: 'Failed to add beverage to cart.' };

/** Beverages list (`/category/beverages`, `/beverages/:id`). */
export default function BeveragesScreen() {
  return <SimpleItemList category="Beverages" title="Beverages" texts={TEXTS} />;
}
