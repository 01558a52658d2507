import { Link, useParams } from 'react-router';
import { categoryFromSegment } from '../../../domain';
import type { ApiProduct } from '../../shared/types';
import { CardSkeletons, ErrorMessage, SoldOutBadge } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useApiResource } from './use-api';

/** Headings a customer reads; the category names themselves are the API's keys. */
const CATEGORY_TITLES: Record<string, string> = {
  Wings: 'Wings',
  Combos: 'Pizza & Wings Combos',
  FamilyCombos: 'Family Combos',
  MegaDealCombo: 'Mega Deal Combo',
  TwoforOneDeals: 'Two-for-One Deals',
  ThreeforOneDeals: 'Two Pizza Deals',
  panzerotti: 'Panzerotti',
  superbowlcombo: 'Super Bowl Combo',
  Sides: 'Sides',
  Beverages: 'Beverages',
};

/** A category's items (`/category/{category}`): image, name and price, each to its detail screen. */
export default function CategoryScreen() {
  const { category: segment = '' } = useParams();
  const category = categoryFromSegment(segment);
  const { data, error, status, loading, reload } = useApiResource<ApiProduct[]>(
    category ? `/api/items/${encodeURIComponent(category)}` : null,
  );
  const title = category ? (CATEGORY_TITLES[category] ?? category) : 'Category not found';
  return (
    <section aria-labelledby="category-title">
      <Link to={urls.home()} className="back-link">
        <span aria-hidden="true">←</span>
        Back to Categories
      </Link>
      <h1 id="category-title">{title}</h1>
      {!category || status === 404 ? (
        <ErrorMessage>
          We have no “{segment}” on the menu. Pick a category from the list instead.
        </ErrorMessage>
      ) : null}
      {loading ? (
        <>
          <p className="visually-hidden" role="status">
            Loading {title}...
          </p>
          <CardSkeletons count={3} />
        </>
      ) : null}
      {error && status !== 404 ? (
        <ErrorMessage onRetry={reload}>
          We could not load this category. Check your connection and try again.
        </ErrorMessage>
      ) : null}
      {data && data.length === 0 ? (
        <p className="empty-state">Nothing in this category right now. Please check back soon.</p>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="card-grid">
          {data.map((item, index) => (
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
  );
}
