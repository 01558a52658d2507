import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '../shared/ui';

/**
 * The staff app's routes (under /staff), outside the customer's shell. The router adds them
 * only when someone goes to /staff (`patchRoutesOnNavigation` in router.tsx), so the customer's
 * first view carries nothing of the staff app, not even its route table. `screen` is the
 * router's own code-split helper, passed in so this module needs nothing from the router.
 */
export function staffRoutes(
  screen: (
    load: () => Promise<{ default: ComponentType }>,
  ) => Pick<RouteObject, 'lazy' | 'loader' | 'ErrorBoundary'>,
): RouteObject[] {
  return [
    {
      path: 'staff',
      ...screen(() => import('../features/staff/staff-layout')),
      // A first load of /staff shows this while the staff app's code arrives, not the shop's shell.
      HydrateFallback: Loading,
      children: [
        { index: true, ...screen(() => import('../features/staff/board-screen')) },
        { path: 'store', ...screen(() => import('../features/staff/store-screen')) },
        { path: 'menu', ...screen(() => import('../features/staff-admin/menu-screen')) },
        // /staff/menu/new and /staff/menu/{id}: one editor, which reads which from its path.
        { path: 'menu/:id', ...screen(() => import('./menu-editor-route')) },
        { path: 'users', ...screen(() => import('../features/staff-admin/staff-users-screen')) },
        { path: 'outbox', ...screen(() => import('../features/staff-admin/outbox-screen')) },
        { path: 'today', ...screen(() => import('../features/staff-admin/today-screen')) },
        // An unknown staff path shows the board rather than the shop.
        { path: '*', ...screen(() => import('../features/staff/board-screen')) },
      ],
    },
  ];
}
