import type { ApiCategory } from '../../../domain';
import { BackToCategories } from '../../shared/back-link';
import { WithOffers } from '../../shared/special-offers';
import type { ApiProduct } from '../../shared/types';
import { groupListItems, type ListKind } from './list-groups';
import { SimpleItemRow } from './simple-item-row';
import './simple-items.css';

/**
 * The list categories (Beverages, Sides, any the store adds of their kinds): compact rows, so a phone shows a screen of drinks at
 * once, grouped (cans, bottles...; sides, dips) under headings when there is more than one
 * group. Reached by the list's route, or by an item's route, which shows the list with that
 * item picked out.
 */
export function SimpleListView({
  category,
  picked,
  items,
}: {
  category: ApiCategory;
  picked: string | null;
  items: readonly ApiProduct[];
}) {
  // The route chose this view by the category's kind: a list kind.
  const kind: ListKind = category.kind === 'beverages' ? 'beverages' : 'simple';
  const groups = groupListItems({ kind, title: category.title }, items);
  const headed = groups.length > 1;
  return (
    <WithOffers>
      <section className="simple-list" aria-labelledby="simple-list-title">
        <BackToCategories />
        <h1 id="simple-list-title">{category.title}</h1>
        {items.length === 0 ? <p>Nothing here right now.</p> : null}
        {groups.map((group) => (
          <div key={group.id} className="list-group">
            {headed ? (
              <h2 id={`list-group-${group.id}`} className="list-group-title">
                {group.title}
              </h2>
            ) : null}
            <ul
              className="list-rows"
              aria-labelledby={headed ? `list-group-${group.id}` : 'simple-list-title'}
            >
              {group.items.map((item) => (
                <li key={item._id}>
                  <SimpleItemRow
                    kind={kind}
                    item={item}
                    texts={category}
                    picked={item._id === picked}
                    headingLevel={headed ? 3 : 2}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </WithOffers>
  );
}
