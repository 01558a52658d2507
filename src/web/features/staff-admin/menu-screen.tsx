import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ApiStaffCategory, ApiStaffProduct } from '../../../domain/api-types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { staffUrls } from '../../shared/urls';
import { Announcer, failureText, useAnnouncement, useLoad } from './admin-parts';
import { CategoriesEditor, type CategoryChanges } from './categories-editor';
import { movedTo, withSaved } from './category-rows';
import { MenuFile } from './menu-file';
import { DayHistory } from './menu-history';
import { ProductRow } from './product-row';
import { staffAdminApi } from './staff-admin-api';
import { OptionSwitches } from './option-switches';
import { ToppingsEditor } from './toppings-editor';
import { useMenuEditor } from './use-menu-editor';
import './staff-admin.css';

interface Group {
  category: string;
  title: string;
  /** The whole category is hidden from customers. */
  hidden: boolean;
  products: ApiStaffProduct[];
}

/**
 * The store's categories in their order, each with its products in menu order; a product whose
 * category the list does not have goes last, under its category's id. `all` keeps the empty
 * categories (each can be added to).
 */
export function groupByCategory(
  products: readonly ApiStaffProduct[],
  categories: readonly ApiStaffCategory[],
  all: boolean,
): Group[] {
  const groups = new Map<string, Group>(
    categories.map((category) => [
      category.id,
      { category: category.id, title: category.title, hidden: category.hidden, products: [] },
    ]),
  );
  for (const product of products) {
    const group = groups.get(product.category) ?? {
      category: product.category,
      title: product.category,
      hidden: false,
      products: [],
    };
    group.products.push(product);
    groups.set(product.category, group);
  }
  return [...groups.values()].filter((group) => all || group.products.length > 0);
}

/**
 * The list with `product` moved to `position` among its category's products (the server's
 * PATCH position), the others keeping their order: what the server now holds, drawn without a
 * reload so focus stays on the button pressed.
 */
function moved(products: ApiStaffProduct[], product: ApiStaffProduct, position: number) {
  const others = products.filter((each) => each._id !== product._id);
  const siblings = others.filter((each) => each.category === product.category);
  const before = siblings[position];
  const at = before ? others.indexOf(before) : others.indexOf(siblings.at(-1) ?? product) + 1;
  return [...others.slice(0, at), product, ...others.slice(at)];
}

/** The announcement the editor left in the location's state when it brought the staff back. */
function returned(state: unknown): string | null {
  return typeof state === 'object' &&
    state !== null &&
    'announce' in state &&
    typeof state.announce === 'string'
    ? state.announce
    : null;
}

const matches = (product: ApiStaffProduct, filter: string) =>
  product.name.toLocaleLowerCase().includes(filter.trim().toLocaleLowerCase());

/**
 * The staff's Menu: every item by category, sold out or back, its price and its photo, Edit
 * (the editor's page), its place in the category and Add item; then the toppings and the
 * flavours, each sold out or back; then the whole menu as a file, downloaded or brought back.
 * Hidden items are listed, marked so.
 */
export default function MenuScreen() {
  const { state, reload, setValue } = useLoad(staffAdminApi.productsAndCategories);
  const [filter, setFilter] = useState('');
  const [announcement, announce] = useAnnouncement();
  const filterId = useId();
  const [canEdit] = useMenuEditor();
  const location = useLocation();
  const back = returned(location.state);
  useEffect(() => {
    if (back) announce(back);
  }, [back, announce]);

  const setProducts = (change: (products: ApiStaffProduct[]) => ApiStaffProduct[]) =>
    setValue((lists) => ({ ...lists, products: change(lists.products) }));
  const replace = (saved: ApiStaffProduct) =>
    setProducts((products) => products.map((each) => (each._id === saved._id ? saved : each)));
  const setCategories = (change: (categories: ApiStaffCategory[]) => ApiStaffCategory[]) =>
    setValue((lists) => ({ ...lists, categories: change(lists.categories) }));
  // The groups below read the same list, so a rename, a move or a new one shows there at once.
  const categoryChanges: CategoryChanges = {
    saved: (saved) => setCategories((list) => withSaved(list, saved)),
    moved: (saved, position) => setCategories((list) => movedTo(list, saved, position)),
    added: (created) => setCategories((list) => [...list, created]),
    deleted: (gone) => setCategories((list) => list.filter((each) => each.id !== gone.id)),
  };

  const products = state.kind === 'ready' ? state.value.products : [];
  const categories = state.kind === 'ready' ? state.value.categories : [];
  const shown = products.filter((each) => matches(each, filter));

  return (
    <section className="staff-admin menu-admin" aria-labelledby="menu-admin-title">
      <h1 id="menu-admin-title" tabIndex={-1}>
        Menu
      </h1>
      <Announcer text={announcement} />
      {state.kind === 'loading' ? <Loading label="Loading the menu..." /> : null}
      {state.kind === 'failed' ? (
        <ErrorMessage onRetry={reload}>
          {failureText(state.error, 'We could not load the menu. Please try again in a moment.')}
        </ErrorMessage>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <CategoriesEditor
            categories={categories}
            products={products}
            canEdit={canEdit}
            announce={announce}
            changes={categoryChanges}
          />
          <div className="menu-filter" role="search">
            <label htmlFor={filterId}>Find an item</label>
            <input
              id={filterId}
              type="search"
              autoComplete="off"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              aria-describedby={`${filterId}-count`}
            />
            <p id={`${filterId}-count`} className="admin-hint" aria-live="polite">
              {filter.trim() === ''
                ? `${products.length} items.`
                : `${shown.length} of ${products.length} items match.`}
            </p>
          </div>
          {shown.length === 0 ? (
            <p className="empty-state">
              {products.length === 0 ? 'The menu has no items.' : 'No item matches that name.'}
            </p>
          ) : null}
          {groupByCategory(shown, categories, filter.trim() === '').map((group) => (
            <section
              key={group.category}
              className="menu-group"
              aria-labelledby={`${filterId}-${group.category}`}
            >
              <div className="menu-group-head">
                <h2 id={`${filterId}-${group.category}`}>
                  {group.title}
                  {group.hidden ? <span className="menu-row-hidden">Hidden</span> : null}
                </h2>
                {canEdit ? (
                  <Link
                    className="button secondary-link"
                    to={staffUrls.newMenuItem(group.category)}
                  >
                    Add item to {group.title}
                  </Link>
                ) : null}
              </div>
              <ul className="menu-rows">
                {group.products.map((product, index) => (
                  <ProductRow
                    key={product._id}
                    product={product}
                    onSaved={replace}
                    announce={announce}
                    place={
                      canEdit && filter.trim() === ''
                        ? {
                            index,
                            count: group.products.length,
                            onMoved: (saved, position) =>
                              setProducts((list) => moved(list, saved, position)),
                          }
                        : undefined
                    }
                    editable={canEdit}
                  />
                ))}
              </ul>
            </section>
          ))}
          <ToppingsEditor filter={filter} announce={announce} canEdit={canEdit} />
          <OptionSwitches
            title="Flavours"
            load={staffAdminApi.flavours}
            save={(flavour, available) => staffAdminApi.updateFlavour(flavour.name, available)}
            filter={filter}
            announce={announce}
          />
          <DayHistory />
        </>
      ) : null}
      {/* Outside the list, so reloading the list after an import keeps its focus and words. */}
      <MenuFile canEdit={canEdit} announce={announce} onImported={reload} categories={categories} />
    </section>
  );
}
