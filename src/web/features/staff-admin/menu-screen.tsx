import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CATALOGUE, CATEGORIES, isCategory } from '../../../domain/catalog';
import type { ApiStaffProduct } from '../../../domain/api-types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { staffUrls } from '../../shared/urls';
import { Announcer, failureText, useAnnouncement, useLoad } from './admin-parts';
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
  products: ApiStaffProduct[];
}

/**
 * The menu's categories in the catalogue's order, each with its products in menu order; one the
 * catalogue does not know goes last. `all` keeps the empty categories (each can be added to).
 */
function groupByCategory(products: ApiStaffProduct[], all: boolean): Group[] {
  const rank = (category: string) =>
    isCategory(category) ? CATEGORIES.indexOf(category) : CATEGORIES.length;
  const groups = new Map<string, ApiStaffProduct[]>(
    all ? CATEGORIES.map((category) => [category, []]) : [],
  );
  for (const product of products) {
    groups.set(product.category, [...(groups.get(product.category) ?? []), product]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, items]) => ({
      category,
      title: isCategory(category) ? CATALOGUE[category].title : category,
      products: items,
    }));
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
  const { state, reload, setValue } = useLoad(staffAdminApi.products);
  const [filter, setFilter] = useState('');
  const [announcement, announce] = useAnnouncement();
  const filterId = useId();
  const [canEdit] = useMenuEditor();
  const location = useLocation();
  const back = returned(location.state);
  useEffect(() => {
    if (back) announce(back);
  }, [back, announce]);

  const replace = (saved: ApiStaffProduct) =>
    setValue((products) => products.map((each) => (each._id === saved._id ? saved : each)));

  const shown = state.kind === 'ready' ? state.value.filter((each) => matches(each, filter)) : [];

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
                ? `${state.value.length} items.`
                : `${shown.length} of ${state.value.length} items match.`}
            </p>
          </div>
          {shown.length === 0 ? (
            <p className="empty-state">
              {state.value.length === 0 ? 'The menu has no items.' : 'No item matches that name.'}
            </p>
          ) : null}
          {groupByCategory(shown, filter.trim() === '').map((group) => (
            <section
              key={group.category}
              className="menu-group"
              aria-labelledby={`${filterId}-${group.category}`}
            >
              <div className="menu-group-head">
                <h2 id={`${filterId}-${group.category}`}>{group.title}</h2>
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
                              setValue((products) => moved(products, saved, position)),
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
      <MenuFile canEdit={canEdit} announce={announce} onImported={reload} />
    </section>
  );
}
