import {
  createBrowserRouter,
  createPath,
  type LoaderFunction,
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
import { Loading } from '../shared/ui';

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
const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RootErrorBoundary />,
    children: [
      // The store's own app, outside the customer's shell: its layout and screens are chunks
      // of their own, so a customer never downloads them (decision 8's first-view budget).
      {
        path: 'staff',
        ...screen(() => import('../features/staff/staff-layout')),
        HydrateFallback: StaffHydrateFallback,
        children: [
          { index: true, ...screen(() => import('../features/staff/board-screen')) },
          { path: 'store', ...screen(() => import('../features/staff/store-screen')) },
          { path: 'menu', ...screen(() => import('../features/staff-admin/menu-screen')) },
          { path: 'users', ...screen(() => import('../features/staff-admin/staff-users-screen')) },
          { path: 'today', ...screen(() => import('../features/staff-admin/today-screen')) },
        ],
      },
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

/** What a first load of /staff shows while the staff app's code arrives (not the shop's shell). */
function StaffHydrateFallback() {
  return <Loading />;
}

export const createRouter = () => (router = createBrowserRouter(routes));
