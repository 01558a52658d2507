import { useId, useState } from 'react';
import { CATALOGUE, CATEGORIES, isCategory } from '../../../domain/catalog';
import type { ApiStaffProduct } from '../../../domain/api-types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { Announcer, failureText, useAnnouncement, useLoad } from './admin-parts';
import { ProductRow } from './product-row';
import { staffAdminApi } from './staff-admin-api';
import { OptionSwitches } from './option-switches';
import './staff-admin.css';

interface Group {
  category: string;
  title: string;
  products: ApiStaffProduct[];
}

/** The menu's categories in the catalogue's order; one the catalogue does not know goes last. */
function groupByCategory(products: ApiStaffProduct[]): Group[] {
  const rank = (category: string) =>
    isCategory(category) ? CATEGORIES.indexOf(category) : CATEGORIES.length;
  const groups = new Map<string, ApiStaffProduct[]>();
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

const matches = (product: ApiStaffProduct, filter: string) =>
  product.name.toLocaleLowerCase().includes(filter.trim().toLocaleLowerCase());

/**
 * The staff's Menu: every item by category, sold out or back, its price and its photo; then the
 * toppings and the flavours, each sold out or back.
 */
export default function MenuScreen() {
  const { state, reload, setValue } = useLoad(staffAdminApi.products);
  const [filter, setFilter] = useState('');
  const [announcement, announce] = useAnnouncement();
  const filterId = useId();

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
          {groupByCategory(shown).map((group) => (
            <section
              key={group.category}
              className="menu-group"
              aria-labelledby={`${filterId}-${group.category}`}
            >
              <h2 id={`${filterId}-${group.category}`}>{group.title}</h2>
              <ul className="menu-rows">
                {group.products.map((product) => (
                  <ProductRow
                    key={product._id}
                    product={product}
                    onSaved={replace}
                    announce={announce}
                  />
                ))}
              </ul>
            </section>
          ))}
          <OptionSwitches
            title="Toppings"
            load={staffAdminApi.toppings}
            save={(topping, available) =>
              staffAdminApi.updateTopping(topping._id, { soldOut: !available })
            }
            filter={filter}
            announce={announce}
          />
          <OptionSwitches
            title="Flavours"
            load={staffAdminApi.flavours}
            save={(flavour, available) => staffAdminApi.updateFlavour(flavour.name, available)}
            filter={filter}
            announce={announce}
          />
        </>
      ) : null}
    </section>
  );
}
