import { ItemPreview } from '../features/item/item-preview';
import ProductEditorScreen from '../features/staff-admin/product-editor-screen';

/**
 * The menu editor's route: the staff's editor with the customer's item screen as its preview.
 * Assembled here because a feature never imports another (src/web/README.md); both are staff
 * chunks' code, loaded only on the way to /staff/menu/{id}.
 */
export default function MenuEditorRoute() {
  return <ProductEditorScreen Preview={ItemPreview} />;
}
