import { SimpleItemList } from './simple-item-list';

const TEXTS = { added: 'Side added to cart!', failed: 'Failed to add side to cart.' };

/** Sides list (`/category/sides`, `/sides/:id`). */
export default function SidesScreen() {
  return <SimpleItemList category="Sides" title="Sides" texts={TEXTS} />;
}
