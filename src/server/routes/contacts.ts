import type { RouteModule } from '../context';

/** A user's saved contacts (issue 3). */
export const contactRoutes: RouteModule = () => {};
