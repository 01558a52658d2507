import { createBrowserRouter, type RouteObject } from 'react-router';
import { DETAIL_SEGMENTS } from '../shared/urls';
import { AppRoot } from './app-root';
import { Layout } from './layout';

type ScreenModule = Promise<{ default: React.ComponentType }>;

/** Code-split screens: Home's first view downloads only its own code. */
const screen = (load: () => ScreenModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * The spec's route table. Route files only assemble features; `urls.ts` builds the links.
 * Any unknown path shows Home.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, ...screen(() => import('../features/menu/home-screen')) },
          {
            path: 'category/beverages',
            ...screen(() => import('../features/menu/beverages-screen')),
          },
          { path: 'category/sides', ...screen(() => import('../features/menu/sides-screen')) },
          {
            path: 'category/:category',
            ...screen(() => import('../features/menu/category-screen')),
          },
          { path: 'sides/:id', ...screen(() => import('../features/menu/sides-screen')) },
          { path: 'beverages/:id', ...screen(() => import('../features/menu/beverages-screen')) },
          ...DETAIL_SEGMENTS.map((segment) => ({
            path: `${segment}/:id`,
            ...screen(() => import('../features/item/item-detail-screen')),
          })),
          { path: 'cart', ...screen(() => import('../features/cart/cart-screen')) },
          { path: 'checkout', ...screen(() => import('../features/checkout/checkout-screen')) },
          { path: 'payment', ...screen(() => import('../features/checkout/payment-screen')) },
          { path: 'login', ...screen(() => import('../features/account/login-screen')) },
          { path: 'register', ...screen(() => import('../features/account/register-screen')) },
          { path: 'my-orders', ...screen(() => import('../features/orders/my-orders-screen')) },
          {
            path: 'managecontacts',
            ...screen(() => import('../features/account/manage-contacts-screen')),
          },
          { path: '*', ...screen(() => import('../features/menu/home-screen')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
