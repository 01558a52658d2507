import {
  createBrowserRouter,
  createPath,
  type LoaderFunction,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { categoryLoader, homeLoader } from '../features/menu/menu-loaders';
import { productLoader } from './product-loader';
import { myOrdersLoader } from '../features/orders/my-orders-loader';
import { SHELL_ROUTE_ID } from '../shared/store-info';
import { isStaffPath } from '../shared/urls';
import { AppRoot } from './app-root';
import { importChunk } from '../shared/chunk-reload';
import { RootErrorBoundary, RouteErrorBoundary } from './error-screen';
import { Layout } from './layout';
import { layoutLoader } from './layout-loader';

type ScreenModule = Promise<{ default: React.ComponentType }>;

/**
 * What the server needs to know about a screen route to send its first view (decision 14):
 * `module`, the screen's source file under src/web, whose built chunk and CSS the page preloads
 * (the name Vite's manifest knows it by); `rendered`, whether the server renders it (the public
 * catalogue and the cart; not the screens that show one person's data).
 */
export interface ScreenHandle {
  module: string;
  rendered: boolean;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
/** Where the navigation under way is going, if one is (a chunk's reload goes there). */
const pendingHref = (): string | undefined => {
  const next = router?.state.navigation.location;
  return next ? createPath(next) : undefined;
};

/**
 * A code-split screen with its own error boundary. The loader sits on the route object itself,
 * not inside `lazy`: the router then starts the data request and the chunk's download together,
 * so a screen waits for the slower of the two, never for one after the other.
 */
const screen = (
  load: () => ScreenModule,
  loader?: LoaderFunction,
): Pick<RouteObject, 'lazy' | 'loader' | 'ErrorBoundary'> => ({
  lazy: async () => {
    try {
      return { Component: (await importChunk(load, pendingHref)).default };
    } catch (error) {
      // React Router never renders a route whose `lazy` failed, not even its boundary (the
      // screen would stay at "Loading..."): a component that throws hands the failure to it.
      return {
        Component: () => {
          throw error;
        },
      };
    }
  },
  ErrorBoundary: RouteErrorBoundary,
  ...(loader ? { loader } : {}),
});

const home = () => import('../features/menu/home-screen');

/** The server renders this screen's first view; `module` is the file `load` imports. */
const rendered = (module: string): { handle: ScreenHandle } => ({
  handle: { module, rendered: true },
});
/** The server sends the app with this screen's code preloaded; the browser renders it. */
const browserOnly = (module: string): { handle: ScreenHandle } => ({
  handle: { module, rendered: false },
});
const HOME = rendered('features/menu/home-screen.tsx');

/** The root route's id: the staff app's routes are added under it when first needed. */
const ROOT_ROUTE_ID = 'root';

/**
 * The spec's route table. Route files only assemble features; `urls.ts` builds the links. The
 * categories are the store's (GET /api/categories), so their two routes are one each, whose
 * loaders look the segment up and pick the screen by the category's kind (decision 17): a
 * category the owner adds has its screens at once, with no code and no reload. Static paths
 * rank above `:segment/:id`, and the staff's are added on the way there (the router asks
 * `patchRoutesOnNavigation` for any path matched only by a dynamic route). Any unknown path
 * shows Home.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <AppRoot />,
    errorElement: <RootErrorBoundary />,
    children: [
      {
        id: SHELL_ROUTE_ID,
        loader: layoutLoader,
        Component: Layout,
        // The same component while the first screen loads: the shell shows at once and is not
        // mounted twice (Layout shows "Loading..." where the screen goes until it is ready).
        HydrateFallback: Layout,
        children: [
          { index: true, ...screen(home, homeLoader), ...HOME },
          {
            path: 'category/:category',
            ...screen(() => import('../features/menu/category-route'), categoryLoader),
            ...rendered('features/menu/category-route.tsx'),
          },
          {
            path: ':segment/:id',
            ...screen(() => import('./product-route'), productLoader),
            ...rendered('app/product-route.tsx'),
          },
          {
            path: 'cart',
            ...screen(() => import('../features/cart/cart-screen')),
            ...rendered('features/cart/cart-screen.tsx'),
          },
          ...(
            [
              [
                'checkout',
                () => import('../features/checkout/checkout-screen'),
                'features/checkout/checkout-screen.tsx',
              ],
              [
                'payment',
                () => import('../features/checkout/payment-screen'),
                'features/checkout/payment-screen.tsx',
              ],
              [
                'login',
                () => import('../features/account/login-screen'),
                'features/account/login-screen.tsx',
              ],
              [
                'register',
                () => import('../features/account/register-screen'),
                'features/account/register-screen.tsx',
              ],
              [
                'forgot-password',
                () => import('../features/account/forgot-password-screen'),
                'features/account/forgot-password-screen.tsx',
              ],
              [
                'reset-password',
                () => import('../features/account/reset-password-screen'),
                'features/account/reset-password-screen.tsx',
              ],
              [
                'managecontacts',
                () => import('../features/account/manage-contacts-screen'),
                'features/account/manage-contacts-screen.tsx',
              ],
            ] as const
          ).map(([path, load, module]) => ({ path, ...screen(load), ...browserOnly(module) })),
          {
            path: 'my-orders',
            ...screen(() => import('../features/orders/my-orders-screen'), myOrdersLoader),
            ...browserOnly('features/orders/my-orders-screen.tsx'),
          },
          // Unknown paths show Home; /staff too until its routes are added, so the server
          // leaves those to the browser (`isStaffPath`).
          { path: '*', ...screen(home, homeLoader), ...HOME },
        ],
      },
    ],
  },
];

let staffAdded: Promise<void> | null = null;

/**
 * Adds the staff app's routes the first time someone goes to /staff (before that, /staff
 * matches only the shop's catch-all, which is when the router asks). A customer's first view
 * thus carries no staff code at all; a failed download is forgotten so the next try asks again.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, patch }) => {
  if (!isStaffPath(path)) return;
  staffAdded ??= importChunk(() => import('./staff-routes')).then(
    ({ staffRoutes }) => patch(ROOT_ROUTE_ID, staffRoutes(screen)),
    (error: unknown) => {
      staffAdded = null;
      throw error;
    },
  );
  return staffAdded;
};

export const createRouter = () =>
  (router = createBrowserRouter(routes, { patchRoutesOnNavigation }));

/**
 * Resolves once the router has loaded the code and data of the page it starts on: a render before
 * that draws its fallback, which is not what the server sent.
 */
export const routerReady = (started: ReturnType<typeof createRouter>): Promise<void> =>
  new Promise((resolve) => {
    if (started.state.initialized) {
      resolve();
      return;
    }
    const stop = started.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
