import { Link, useLoaderData } from 'react-router';
import { isListKind, pausedText, type ApiCategory } from '../../../domain';
import { WithOffers } from '../../shared/special-offers';
import { useStoreInfo } from '../../shared/store-info';
import { useNow } from '../../shared/use-now';
import type { ApiProduct } from '../../shared/types';
import { SoldOutBadge } from '../../shared/ui';
import { urls } from '../../shared/urls';
import type { homeLoader } from './menu-loaders';
import { pictureOf } from '../../shared/product';

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

/**
 * Cards in the first screenful load at once (two rows of four on a laptop, of two on a phone);
 * the rest wait until scrolled near. The first is the page's largest early paint: the server's
 * first view preloads it from the head at high priority (decision 14).
 */
const EAGER_IMAGES = 8;

/**
 * The list categories (Beverages, Sides) collapse into one card each, with the spec's links:
 * the beverages to their list (`/category/beverages`), any other list to its first item's route
 * (which shows the list). The card's picture is the category's own, else its first item's. Every
 * other product is its own card to `/{category lowercased}/{id}`. A collapsed card is sold out
 * only when everything behind it is. Cards keep the server's order: by category, then item.
 */
export function categoryCards(
  products: readonly ApiProduct[],
  categories: readonly ApiCategory[],
): CategoryCard[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const cards: CategoryCard[] = [];
  const collapsed = new Map<string, CategoryCard>();
  for (const product of products) {
    const category = byId.get(product.category);
    if (category && isListKind(category.kind)) {
      const existing = collapsed.get(category.id);
      if (existing) {
        existing.from = Math.min(existing.from, product.price);
        existing.several = true;
        existing.soldOut = existing.soldOut && product.soldOut;
        continue;
      }
      const card: CategoryCard = {
        key: category.id,
        title: category.title,
        image: category.image ?? product.image,
        to: category.kind === 'beverages' ? urls.category(category.id) : urls.product(product),
        from: product.price,
        several: false,
        soldOut: product.soldOut,
      };
      collapsed.set(category.id, card);
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
  const { products, categories } = useLoaderData<typeof homeLoader>();
  return <HomeView products={products} categories={categories} />;
}

/** Home's grid, also shown at a path that is no category's (`/{segment}/{id}`'s route). */
export function HomeView({
  products,
  categories,
}: {
  products: readonly ApiProduct[];
  categories: readonly ApiCategory[];
}) {
  const { storeOpen, loaded, failed, pausedUntil } = useStoreInfo();
  const now = useNow(60_000);
  return (
    <WithOffers>
      <section aria-labelledby="categories-title">
        {loaded && !failed && !storeOpen ? (
          <p className="closed-banner" role="status">
            {pausedUntil
              ? `${pausedText(pausedUntil, now)}. We are not taking orders for a few minutes; you can browse the menu, or schedule an order for later.`
              : 'The store is closed right now. You can browse the menu; ordering opens with our hours.'}
          </p>
        ) : null}
        <h1 id="categories-title">Categories</h1>
        {products.length === 0 ? (
          <p className="empty-state">
            The menu is being updated. Please check back in a few minutes.
          </p>
        ) : (
          <ul className="card-grid">
            {categoryCards(products, categories).map((card, index) => (
              <li key={card.key}>
                <Link className={`category-card${card.soldOut ? ' sold-out' : ''}`} to={card.to}>
                  <img
                    src={pictureOf(card.image)}
                    width="320"
                    height="240"
                    alt=""
                    loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
                    {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
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
        )}
      </section>
    </WithOffers>
  );
}
