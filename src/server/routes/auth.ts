import type { RouteModule } from '../context';

/** Register, login, social login, logout, me (issue 3). */
export const authRoutes: RouteModule = () => {};
