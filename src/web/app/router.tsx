import {
  createBrowserRouter,
  createPath,
  type LoaderFunction,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { CATALOGUE, DETAIL_CATEGORIES, LIST_CATEGORIES } from '../../domain/catalog';
import { itemLoader } from '../features/item/item-loader';
import { categoryLoader, homeLoader, listLoader } from '../features/menu/menu-loaders';
import { myOrdersLoader } from '../features/orders/my-orders-loader';
import { SHELL_ROUTE_ID } from '../shared/store-info';
import { AppRoot } from './app-root';
import { importChunk } from '../shared/chunk-reload';
import { RootErrorBoundary, RouteErrorBoundary } from './error-screen';
import { Layout } from './layout';
import { layoutLoader } from './layout-loader';

type ScreenModule = Promise<{ default: React.ComponentType }>;

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
const list = () => import('../features/menu/simple-list-screen');
const detail = () => import('../features/item/item-detail-screen');

/**
 * The spec's route table. Route files only assemble features; `urls.ts` builds the links and the
 * domain's CATALOGUE names the categories' segments. Any unknown path shows Home.
 */
/** The root route's id: the staff app's routes are added under it when first needed. */
const ROOT_ROUTE_ID = 'root';

const routes: RouteObject[] = [
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
          { index: true, ...screen(home, homeLoader) },
          ...LIST_CATEGORIES.flatMap((category) => [
            {
              path: `category/${CATALOGUE[category].segment}`,
              ...screen(list, listLoader(category)),
            },
            { path: `${CATALOGUE[category].segment}/:id`, ...screen(list, listLoader(category)) },
          ]),
          {
            path: 'category/:category',
            ...screen(() => import('../features/menu/category-screen'), categoryLoader),
          },
          ...DETAIL_CATEGORIES.map((category) => ({
            path: `${CATALOGUE[category].segment}/:id`,
            ...screen(detail, itemLoader(category)),
          })),
          { path: 'cart', ...screen(() => import('../features/cart/cart-screen')) },
          { path: 'checkout', ...screen(() => import('../features/checkout/checkout-screen')) },
          { path: 'payment', ...screen(() => import('../features/checkout/payment-screen')) },
          { path: 'login', ...screen(() => import('../features/account/login-screen')) },
          { path: 'register', ...screen(() => import('../features/account/register-screen')) },
          {
            path: 'my-orders',
            ...screen(() => import('../features/orders/my-orders-screen'), myOrdersLoader),
          },
          {
            path: 'managecontacts',
            ...screen(() => import('../features/account/manage-contacts-screen')),
          },
          { path: '*', ...screen(home, homeLoader) },
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
  if (path !== '/staff' && !path.startsWith('/staff/')) return;
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
