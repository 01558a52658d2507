import { Link, useParams } from 'react-router';
import type { ApiProduct } from '../../shared/types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useApiResource } from './use-api';

/** A category's items: image, name and price, each linking to its detail screen. */
export default function CategoryScreen() {
  const { category = '' } = useParams();
  const { data, error, loading } = useApiResource<ApiProduct[]>(
    `/api/items/${encodeURIComponent(category)}`,
  );
  const title = data?.[0]?.category ?? category;
  return (
    <section aria-labelledby="category-title">
      <Link to={urls.home()} className="back-link">
        Back to Categories
      </Link>
      <h1 id="category-title">{title}</h1>
      {loading ? <Loading /> : null}
      {error ? <ErrorMessage>We could not find this category.</ErrorMessage> : null}
      {data && data.length === 0 ? <p>Nothing in this category right now.</p> : null}
      {data ? (
        <ul className="card-grid">
          {data.map((item) => (
            <li key={item._id}>
              <Link className="category-card" to={urls.product(item)}>
                <img src={item.image} width="320" height="240" alt="" />
                <span className="card-title">{item.name}</span>
                <span className="card-price">${item.price.toFixed(2)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
