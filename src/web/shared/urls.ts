/** The one place that knows every URL of the web app. Route files and links both use it. */
export const urls = {
  home: () => '/',
  /**
   * A category's list: `/category/{segment}` (Beverages and Sides are lists of their own). A
   * category's segment is its id lowercased (migration 023), as the spec's routes are.
   */
  category: (category: string) => `/category/${category.toLowerCase()}`,
  /** A product's detail screen: `/{category lowercased}/{id}` (spec). */
  product: (product: { _id: string; category: string }) =>
    `/${product.category.toLowerCase()}/${product._id}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  payment: () => '/payment',
  login: () => '/login',
  register: () => '/register',
  forgotPassword: () => '/forgot-password',
  /** The mail's link (the server writes it: auth/password-reset.ts); the screen's own path. */
  resetPassword: () => '/reset-password',
  myOrders: () => '/my-orders',
  manageContacts: () => '/managecontacts',
} as const;

/**
 * The store's own app (staff and admin), outside the customer's shell: an object of its own so
 * the customer's first view does not carry it (routes in app/staff-routes.tsx).
 */
/** Paths the staff app owns (its routes are added on the way there). */
export const isStaffPath = (path: string): boolean =>
  path === '/staff' || path.startsWith('/staff/');

export const staffUrls = {
  board: () => '/staff',
  store: () => '/staff/store',
  menu: () => '/staff/menu',
  menuItem: (id: string) => `/staff/menu/${encodeURIComponent(id)}`,
  newMenuItem: (category: string) =>
    `/staff/menu/new?${new URLSearchParams({ category }).toString()}`,
  users: () => '/staff/users',
  outbox: () => '/staff/outbox',
  today: () => '/staff/today',
} as const;
