import { Link } from 'react-router';
import type { ApiCategory } from '../../../domain';
import { BackToCategories } from '../../shared/back-link';
import { WithOffers } from '../../shared/special-offers';
import { ErrorMessage, SoldOutBadge } from '../../shared/ui';
import type { ApiProduct } from '../../shared/types';
import { urls } from '../../shared/urls';
import { pictureOf } from '../../shared/product';

/**
 * A category's items (`/category/{category}`): image, name and price, each to its detail screen;
 * `items` null when the store has no category `segment` on the menu.
 */
export function CategoryCardsView({
  segment,
  category,
  items,
}: {
  segment: string;
  category: ApiCategory | null;
  items: readonly ApiProduct[] | null;
}) {
  const title = category ? category.title : 'Category not found';
  return (
    <WithOffers except={category?.id}>
      <section aria-labelledby="category-title">
        <BackToCategories />
        <h1 id="category-title">{title}</h1>
        {!items ? (
          <ErrorMessage>
            We have no “{segment}” on the menu. Pick a category from the list instead.
          </ErrorMessage>
        ) : null}
        {items && items.length === 0 ? (
          <p className="empty-state">Nothing in this category right now. Please check back soon.</p>
        ) : null}
        {items && items.length > 0 ? (
          <ul className="card-grid">
            {items.map((item, index) => (
              <li key={item._id}>
                <Link
                  className={`category-card${item.soldOut ? ' sold-out' : ''}`}
                  to={urls.product(item)}
                >
                  <img
                    src={pictureOf(item.image)}
                    width="320"
                    height="240"
                    alt=""
                    loading={index < 4 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  <span className="card-title">{item.name}</span>
                  <span className="card-price">${item.price.toFixed(2)}</span>
                  {item.soldOut ? <SoldOutBadge /> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </WithOffers>
  );
}
