import { Link, useRouteLoaderData } from 'react-router';
import { SHELL_ROUTE_ID, type ShellData } from '../shared/store-info';
import { SoldOutBadge } from '../shared/ui';
import { urls } from '../shared/urls';

/** The sidebar's 'Special Offers': the Super Bowl combo with Order Now (the shell's loader). */
export function SpecialOffers() {
  const data = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID);
  const combo = data?.offers?.[0] ?? null;
  return (
    <aside className="sidebar" aria-labelledby="special-offers-title">
      <h2 id="special-offers-title">Special Offers</h2>
      {data === undefined ? (
        <div className="offer" aria-hidden="true">
          <div className="skeleton-image" />
        </div>
      ) : null}
      {data?.offers === null ? (
        <p className="muted">
          Our offers could not be loaded right now. The whole menu is under Categories.
        </p>
      ) : null}
      {data?.offers && !combo ? (
        <p className="muted">No special offers today. Check back soon.</p>
      ) : null}
      {combo ? (
        <div className="offer">
          <img src={combo.image} width="320" height="240" alt="" loading="lazy" />
          <h3>{combo.name}</h3>
          <p>{combo.description}</p>
          <p className="price">${combo.price.toFixed(2)}</p>
          {combo.soldOut ? <SoldOutBadge /> : null}
          <Link className="button" to={urls.superBowl(combo._id)}>
            Order Now
          </Link>
        </div>
      ) : null}
    </aside>
  );
}
