import { Link, useLoaderData } from 'react-router';
import { CATALOGUE } from '../../../domain';
import { BackToCategories } from '../../shared/back-link';
import { WithOffers } from '../../shared/special-offers';
import { ErrorMessage, SoldOutBadge } from '../../shared/ui';
import { urls } from '../../shared/urls';
import type { categoryLoader } from './menu-loaders';

/** A category's items (`/category/{category}`): image, name and price, each to its detail screen. */
export default function CategoryScreen() {
  const { segment, category, items } = useLoaderData<typeof categoryLoader>();
  const title = category ? CATALOGUE[category].title : 'Category not found';
  return (
    <WithOffers except={category ?? undefined}>
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
                    src={item.image}
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
