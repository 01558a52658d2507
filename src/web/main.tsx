import { StrictMode, startTransition, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { knowZoneOffset } from '../domain/hours';
import { createRouter, routerReady } from './app/router';
import { FIRST_VIEW_DATA_ID, type FirstViewData } from './first-view-data';
import { primeCached } from './shared/api';
import { prepareGuestCart } from './shared/cart/guest-cart-store';
import { HydratedContext, RenderTimeContext } from './shared/first-render';
import { nextTask } from './shared/next-task';
import './styles.css';
// The catalogue's screens' styles go in the entry's stylesheet too, which a first view carries
// inline (decision 14): a list, an item or the cart then paints with no stylesheet to fetch.
// The screens still import their own; Vite puts each stylesheet in one place, the entry's.
// (The order type chooser's comes with the layout, which imports the chooser itself.)
import './shared/quantity-stepper.css';
import './features/menu/simple-items.css';
import './features/item/item.css';
import './features/cart/cart.css';
// The item screens' and list rows' "Schedule for later" (its dialog's slot picker too): without
// them here, an item opened offline would leave a stylesheet link that never loads.
import './shared/sheet-dialog.css';
import './shared/schedule-later.css';
import './shared/schedule-picker.css';

const root = document.getElementById('root')!;

/**
 * Clicks again, in order, each button the first view's inline script held a tap on before the
 * app was the page's (first-view-loader.ts), so the tap does what it was for. A button gone or
 * disabled meanwhile is left alone.
 */
function replayHeldTaps() {
  for (const button of window.heldTaps?.splice(0) ?? []) {
    if (button.isConnected && !button.disabled) button.click();
  }
}

/**
 * Around the app. Hydrating the server's HTML, what only the browser knows is drawn in the
 * render after (`useHydrated`), a transition: it redraws every part that shows it, and so yields
 * to the browser as it goes rather than being one long task on a phone. Once React has drawn it,
 * the page is marked as the app's (`<html data-hydrated>`, which the browser tests wait for) and
 * the taps made before are acted on.
 */
function Started({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) {
      startTransition(() => setHydrated(true));
      return;
    }
    // A task later: a chooser the server drew turns modal in a task of its own after this
    // commit (shared/modal-dialog.ts), and the mark says the page is the app's in full.
    const timer = setTimeout(() => {
      document.documentElement.dataset.hydrated = '';
      replayHeldTaps();
    }, 0);
    return () => clearTimeout(timer);
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}
const served = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;

// A guest's cart is not in the server's HTML: its products and pricing code are asked for
// now, alongside the screen's chunks, not in a chain behind hydration.
prepareGuestCart();

if (served) {
  const { renderedAt, storeOffset, answers } = JSON.parse(served) as FirstViewData;
  primeCached(answers);
  knowZoneOffset(storeOffset);
  // Not a top-level await: with one, Rollup can no longer count on the entry's modules being
  // loaded before a screen's chunk, and splits them into many small chunks.
  void hydrateFirstView(renderedAt);
} else {
  createRoot(root).render(
    <StrictMode>
      <Started hydrating={false}>
        <RouterProvider router={createRouter()} />
      </Started>
    </StrictMode>,
  );
}

/**
 * Takes over the server's HTML in steps, each a task of its own, so that none is long on a
 * phone: the router loads the page's screens and runs its loaders on the answers the server
 * sent (no request), then hydration renders as a transition, which yields as it goes.
 */
async function hydrateFirstView(renderedAt: number) {
  await nextTask();
  const router = createRouter();
  await routerReady(router);
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <Started hydrating>
          <RenderTimeContext value={renderedAt}>
            <RouterProvider router={router} />
          </RenderTimeContext>
        </Started>
      </StrictMode>,
    );
  });
}
