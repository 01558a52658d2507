import { Link, useLocation } from 'react-router';
import { ErrorMessage, Loading } from '../../shared/ui';
import { staffUrls } from '../../shared/urls';
import { failureText, useLoad } from './admin-parts';
import { ProductEditor, type PreviewComponent } from './product-editor';
import { staffAdminApi } from './staff-admin-api';
import { useMenuEditor } from './use-menu-editor';
import './staff-admin.css';

/**
 * The menu editor's page, /staff/menu/{id} and /staff/menu/new?category=...: the staff list (the
 * product itself, the names its category already uses, the beverages a combo may include), the
 * store's categories (which one it is in, and so its kind's fields) and
 * who may edit, then the form. Its path is read from the location, not `useParams`: a router
 * hook only this screen used would join every customer's first view (src/web/README.md).
 */
export default function ProductEditorScreen({ Preview }: { Preview: PreviewComponent }) {
  const { pathname, search } = useLocation();
  const id = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  const adding = id === 'new';
  const { state, reload } = useLoad(staffAdminApi.productsAndCategories);
  const [canEdit, refuse] = useMenuEditor();
  const product =
    state.kind === 'ready' ? state.value.products.find((each) => each._id === id) : undefined;

  return (
    <section className="staff-admin menu-editor" aria-labelledby="menu-editor-title">
      <p>
        <Link to={staffUrls.menu()}>Back to the menu</Link>
      </p>
      <h1 id="menu-editor-title" tabIndex={-1}>
        {adding ? 'New item' : product ? `Edit ${product.name}` : 'Menu item'}
      </h1>
      {state.kind === 'loading' ? <Loading label="Loading the item..." /> : null}
      {state.kind === 'failed' ? (
        <ErrorMessage onRetry={reload}>
          {failureText(state.error, 'We could not load the menu. Please try again in a moment.')}
        </ErrorMessage>
      ) : null}
      {state.kind === 'ready' && !adding && !product ? (
        <p className="empty-state">
          No item on the menu has this address. It may have been deleted.
        </p>
      ) : null}
      {state.kind === 'ready' && (adding || product) ? (
        <ProductEditor
          key={id}
          products={state.value.products}
          categories={state.value.categories}
          product={product}
          category={new URLSearchParams(search).get('category') ?? ''}
          canEdit={canEdit}
          onForbidden={refuse}
          Preview={Preview}
        />
      ) : null}
    </section>
  );
}
