import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { knowZoneOffset } from '../domain/hours';
import { createRouter, loadScreensOf } from './app/router';
import { FIRST_VIEW_DATA_ID, type FirstViewData } from './first-view-data';
import { primeCached } from './shared/api';
import { prepareGuestCart } from './shared/cart/guest-cart-store';
import { FirstViewHydration, RenderTimeContext, useHydrated } from './shared/first-render';
import './styles.css';
// The catalogue's screens' styles go in the entry's stylesheet too, which a first view carries
// inline (decision 14): a list, an item or the cart then paints with no stylesheet to fetch.
// The screens still import their own; Vite puts each stylesheet in one place, the entry's.
// (The order type chooser's comes with the layout, which imports the chooser itself.)
import './shared/quantity-stepper.css';
import './features/menu/simple-items.css';
import './features/item/item.css';
import './features/cart/cart.css';

const root = document.getElementById('root')!;

/**
 * Marks the page as the app's once React has taken it over and drawn what only the browser
 * knows (`<html data-hydrated>`): the server's HTML looks the same before, but does nothing
 * until then (the browser tests wait for it after loading a page the server drew).
 */
function Hydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = '';
  }, [hydrated]);
  return children;
}
const served = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;

// A guest's cart is not in the server's HTML: its products and pricing code are asked for
// now, alongside the screen's chunks, not in a chain behind hydration.
prepareGuestCart();

if (served) {
  // The server rendered this page (decision 14): take over its HTML with the data it drew.
  const { renderedAt, storeOffset, hydrationData, answers } = JSON.parse(served) as FirstViewData;
  primeCached(answers);
  knowZoneOffset(storeOffset);
  // Not a top-level await: with one, Rollup can no longer count on the entry's modules being
  // loaded before a screen's chunk, and splits them into some twenty small chunks (20 KB more).
  void loadScreensOf(window.location.pathname).then(() =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <FirstViewHydration>
            <Hydrated>
              <RenderTimeContext value={renderedAt}>
                <RouterProvider router={createRouter(hydrationData)} />
              </RenderTimeContext>
            </Hydrated>
          </FirstViewHydration>
        </StrictMode>,
      );
    }),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <Hydrated>
        <RouterProvider router={createRouter()} />
      </Hydrated>
    </StrictMode>,
  );
}
