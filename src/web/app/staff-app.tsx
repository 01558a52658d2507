import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { importChunk } from '../shared/chunk-reload';
import { Loading } from '../shared/ui';

/*
 * The staff app's own routes, under /staff/*. The customer's router knows a single lazy entry
 * for all of it (this module), so the first view a customer downloads carries one import for
 * the whole staff app instead of one per screen. Its screens fetch their own data (no route
 * loaders), so descendant routes lose nothing here.
 */
const screen = (
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> => lazy(() => importChunk(load));

const StaffLayout = screen(() => import('../features/staff/staff-layout'));
const Board = screen(() => import('../features/staff/board-screen'));
const Store = screen(() => import('../features/staff/store-screen'));
const Menu = screen(() => import('../features/staff-admin/menu-screen'));
const StaffUsers = screen(() => import('../features/staff-admin/staff-users-screen'));
const Today = screen(() => import('../features/staff-admin/today-screen'));

const page = (Screen: ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Screen />
  </Suspense>
);

export default function StaffApp() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<StaffLayout />}>
          <Route index element={page(Board)} />
          <Route path="store" element={page(Store)} />
          <Route path="menu" element={page(Menu)} />
          <Route path="users" element={page(StaffUsers)} />
          <Route path="today" element={page(Today)} />
          {/* An unknown staff path shows the board rather than the shop. */}
          <Route path="*" element={page(Board)} />
        </Route>
      </Routes>
    </Suspense>
  );
}
