import type { RouteModule } from '../context';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { catalogRoutes } from './catalog';
import { contactRoutes } from './contacts';
import { orderStreamRoutes } from './order-streams';
import { storeRoutes } from './store';

/** Every API route module, mounted under /api. The one list of what the API offers. */
export const apiRoutes: readonly RouteModule[] = [
  storeRoutes,
  catalogRoutes,
  authRoutes,
  contactRoutes,
  cartRoutes,
  orderStreamRoutes,
];
