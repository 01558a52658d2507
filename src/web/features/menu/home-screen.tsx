import { Link } from 'react-router';
import { useStoreInfo } from '../../shared/store-info';
import type { ApiProduct } from '../../shared/types';
import { CardSkeletons, ErrorMessage, SoldOutBadge } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useApiResource } from './use-api';

export interface CategoryCard {
  key: string;
  title: string;
  image: string;
  to: string;
  /** Lowest price of the card's items, dollars. */
  from: number;
  /** Whether more than one item sits behind the card (the price then reads "from"). */
  several: boolean;
  soldOut: boolean;
}

/** The number of cards the seeded menu makes; the loading grid has the same shape. */
const EXPECTED_CARDS = 10;
/** Cards in the first screenful load at once; the rest wait until scrolled near. */
const EAGER_IMAGES = 4;

/**
 * Beverages and Sides collapse into one card each (Beverages to `/category/beverages`, Sides to
 * its first item's route); every other product is its own card to `/{category lowercased}/{id}`.
 * A collapsed card is sold out only when everything behind it is.
 */
export function categoryCards(products: ApiProduct[]): CategoryCard[] {
  const cards: CategoryCard[] = [];
  const collapsed = new Map<string, CategoryCard>();
  for (const product of products) {
    if (product.category === 'Beverages' || product.category === 'Sides') {
      const existing = collapsed.get(product.category);
      if (existing) {
        existing.from = Math.min(existing.from, product.price);
        existing.several = true;
        existing.soldOut = existing.soldOut && product.soldOut;
        continue;
      }
      const card: CategoryCard = {
        key: product.category,
        title: product.category,
        image: product.image,
        to: product.category === 'Beverages' ? urls.beverages() : urls.product(product),
        from: product.price,
        several: false,
        soldOut: product.soldOut,
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
        several: false,
        soldOut: product.soldOut,
      });
    }
  }
  return cards;
}

export default function HomeScreen() {
  const { storeOpen, loaded, failed } = useStoreInfo();
  const { data, error, loading, reload } = useApiResource<ApiProduct[]>('/api/products');
  return (
    <section aria-labelledby="categories-title">
      {loaded && !failed && !storeOpen ? (
        <p className="closed-banner" role="status">
          The store is closed right now. You can browse the menu; ordering opens with our hours.
        </p>
      ) : null}
      <h1 id="categories-title">Categories</h1>
      {loading ? (
        <>
          <p className="visually-hidden" role="status">
            Loading the menu...
          </p>
          <CardSkeletons count={EXPECTED_CARDS} />
        </>
      ) : null}
      {error ? (
        <ErrorMessage onRetry={reload}>
          We could not load the menu. Check your connection and try again.
        </ErrorMessage>
      ) : null}
      {data && data.length === 0 ? (
        <p className="empty-state">
          The menu is being updated. Please check back in a few minutes.
        </p>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="card-grid">
          {categoryCards(data).map((card, index) => (
            <li key={card.key}>
              <Link className={`category-card${card.soldOut ? ' sold-out' : ''}`} to={card.to}>
                <img
                  src={card.image}
                  width="320"
                  height="240"
                  alt=""
                  loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
                  decoding="async"
                />
                <span className="card-title">{card.title}</span>
                <span className="card-price">
                  {card.several ? 'from ' : ''}${card.from.toFixed(2)}
                </span>
                {card.soldOut ? <SoldOutBadge /> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
