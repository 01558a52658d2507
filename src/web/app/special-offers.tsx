import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../shared/api';
import type { ApiProduct } from '../shared/types';
import { urls } from '../shared/urls';

/** The sidebar's 'Special Offers': the Super Bowl combo with Order Now. */
export function SpecialOffers() {
  const [combo, setCombo] = useState<ApiProduct | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<ApiProduct[]>('/api/items/superbowlcombo', { signal: controller.signal }).then(
      (items) => setCombo(items[0] ?? null),
      (error: unknown) => console.warn('Could not load special offers', error),
    );
    return () => controller.abort();
  }, []);
  return (
    <aside className="sidebar" aria-labelledby="special-offers-title">
      <h2 id="special-offers-title">Special Offers</h2>
      {combo ? (
        <div className="offer">
          <img src={combo.image} width="240" height="180" alt="" loading="lazy" />
          <h3>{combo.name}</h3>
          <p>{combo.description}</p>
          <p className="price">${combo.price.toFixed(2)}</p>
          <Link className="button" to={urls.superBowl(combo._id)}>
            Order Now
          </Link>
        </div>
      ) : null}
    </aside>
  );
}
