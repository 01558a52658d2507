import { Link } from 'react-router';
import { useStoreInfo } from '../../shared/store-info';
import type { ApiProduct } from '../../shared/types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useApiResource } from './use-api';

interface CategoryCard {
  key: string;
  title: string;
  image: string;
  to: string;
  from: number;
}

/** Beverages and Sides collapse into one card each; every other product is its own card. */
export function categoryCards(products: ApiProduct[]): CategoryCard[] {
  const cards: CategoryCard[] = [];
  const collapsed = new Map<string, CategoryCard>();
  for (const product of products) {
    if (product.category === 'Beverages' || product.category === 'Sides') {
      const existing = collapsed.get(product.category);
      if (existing) {
        existing.from = Math.min(existing.from, product.price);
        continue;
      }
      const card: CategoryCard = {
        key: product.category,
        title: product.category,
        image: product.image,
        to: product.category === 'Beverages' ? urls.beverages() : urls.product(product),
        from: product.price,
      };
      collapsed.set(product.category, card);
      cards.push(card);
    } else {
      cards.push({
        key: product._id,
        title: product.name,
        image: product.image,
        to: urls.product(product),
        from: product.price,
      });
    }
  }
  return cards;
}

export default function HomeScreen() {
  const { storeOpen, loaded } = useStoreInfo();
  const { data, error, loading } = useApiResource<ApiProduct[]>('/api/products');
  return (
    <section aria-labelledby="categories-title">
      {loaded && !storeOpen ? (
        <p className="closed-banner" role="status">
          The store is closed right now. You can browse the menu; ordering opens with our hours.
        </p>
      ) : null}
      <h1 id="categories-title">Categories</h1>
      {loading ? <Loading /> : null}
      {error ? (
        <ErrorMessage>We could not load the menu. Please refresh the page.</ErrorMessage>
      ) : null}
      {data && data.length === 0 ? <p>The menu is empty right now.</p> : null}
      {data ? (
        <ul className="card-grid">
          {categoryCards(data).map((card) => (
            <li key={card.key}>
              <Link className="category-card" to={card.to}>
                <img src={card.image} width="320" height="240" alt="" />
                <span className="card-title">{card.title}</span>
                <span className="card-price">from ${card.from.toFixed(2)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
