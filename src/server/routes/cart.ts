import type { RouteModule } from '../context';

/** The signed-in customer's server cart (issue 4). */
export const cartRoutes: RouteModule = () => {};
