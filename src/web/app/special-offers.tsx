import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../shared/api';
import type { ApiProduct } from '../shared/types';
import { SoldOutBadge } from '../shared/ui';
import { urls } from '../shared/urls';

type OfferState =
  { kind: 'loading' } | { kind: 'ready'; combo: ApiProduct | null } | { kind: 'failed' };

/** The sidebar's 'Special Offers': the Super Bowl combo with Order Now. */
export function SpecialOffers() {
  const [state, setState] = useState<OfferState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api<ApiProduct[]>('/api/items/superbowlcombo', { signal: controller.signal }).then(
      (items) => setState({ kind: 'ready', combo: items[0] ?? null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The sidebar is extra: the page works without it, so a note is enough.
        console.warn('Could not load special offers', error);
        setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);
  return (
    <aside className="sidebar" aria-labelledby="special-offers-title">
      <h2 id="special-offers-title">Special Offers</h2>
      {state.kind === 'loading' ? (
        <div className="offer" aria-hidden="true">
          <div className="skeleton-image" />
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <p className="muted">
          Our offers could not be loaded right now. The whole menu is under Categories.
        </p>
      ) : null}
      {state.kind === 'ready' && !state.combo ? (
        <p className="muted">No special offers today. Check back soon.</p>
      ) : null}
      {state.kind === 'ready' && state.combo ? (
        <div className="offer">
          <img src={state.combo.image} width="320" height="240" alt="" loading="lazy" />
          <h3>{state.combo.name}</h3>
          <p>{state.combo.description}</p>
          <p className="price">${state.combo.price.toFixed(2)}</p>
          {state.combo.soldOut ? <SoldOutBadge /> : null}
          <Link className="button" to={urls.superBowl(state.combo._id)}>
            Order Now
          </Link>
        </div>
      ) : null}
    </aside>
  );
}
