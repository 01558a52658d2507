import type { RouteModule } from '../context';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { catalogRoutes } from './catalog';
import { contactRoutes } from './contacts';
import { mailPreferenceRoutes } from './mail-preferences';
import { orderRoutes } from './orders';
import { privacyRoutes } from './privacy';
import { staffRoutes } from './staff';
import { staffCategoryRoutes } from './staff-categories';
import { staffMenuRoutes } from './staff-menu';
import { staffMenuHistoryRoutes } from './staff-menu-history';
import { staffProductImageRoutes } from './staff-product-image';
import { staffReportRoutes } from './staff-reports';
import { staffUserRoutes } from './staff-users';
import { staffOutboxRoutes } from './staff-outbox';
import { orderStreamRoutes } from './order-streams';
import { storeRoutes } from './store';
import { storeEventRoutes } from './store-events';

/** Every API route module, mounted under /api. The one list of what the API offers. */
export const apiRoutes: readonly RouteModule[] = [
  storeRoutes,
  catalogRoutes,
  authRoutes,
  contactRoutes,
  privacyRoutes,
  mailPreferenceRoutes,
  cartRoutes,
  orderRoutes,
  staffRoutes,
  staffMenuRoutes,
  staffProductImageRoutes,
  staffCategoryRoutes,
  staffMenuHistoryRoutes,
  staffUserRoutes,
  staffReportRoutes,
  staffOutboxRoutes,
  orderStreamRoutes,
  storeEventRoutes,
];
