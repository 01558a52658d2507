import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { SHELL_ROUTE_ID, type ShellData } from './store-info';
import { SoldOutBadge } from './ui';
import { urls } from './urls';
import { pictureOf } from './product';

/**
 * A menu screen with the spec's 'Special Offers' sidebar beside it (below it on a phone, after
 * what the customer came for). Only Home and the category lists carry it: on an item, the cart
 * or a form it is noise, and the screens that want it say so by using this. An error screen
 * replaces the screen, offers and all. `except` names a category whose list is the offer
 * itself (the offer category's), where advertising it again would be silly.
 */
export function WithOffers({ children, except }: { children: ReactNode; except?: string }) {
  return (
    <div className="with-offers">
      <div className="with-offers-main">{children}</div>
      <SpecialOffers except={except} />
    </div>
  );
}

/**
 * The offer (the first product of the catalogue's offer category: the Super Bowl combo) with
 * Order Now, from the shell's loader (so it costs no request here).
 */
function SpecialOffers({ except }: { except: string | undefined }) {
  const data = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID);
  const combo = data?.offers?.[0] ?? null;
  if (combo && combo.category === except) return null;
  return (
    <aside className="sidebar" aria-labelledby="special-offers-title">
      <h2 id="special-offers-title">Special Offers</h2>
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
          <img src={pictureOf(combo.image)} width="320" height="240" alt="" loading="lazy" />
          <h3>{combo.name}</h3>
          <p>{combo.description}</p>
          <p className="price">${combo.price.toFixed(2)}</p>
          {combo.soldOut ? <SoldOutBadge /> : null}
          <Link className="button" to={urls.product(combo)}>
            Order Now
          </Link>
        </div>
      ) : null}
    </aside>
  );
}
