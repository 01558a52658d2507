/** The one place that knows every URL of the web app. Route files and links both use it. */
export const urls = {
  home: () => '/',
  category: (category: string) => `/category/${category}`,
  beverages: () => '/category/beverages',
  /** A product's detail screen: `/{category lowercased}/{id}` (spec). */
  product: (product: { _id: string; category: string }) =>
    `/${product.category.toLowerCase()}/${product._id}`,
  superBowl: (id: string) => `/superbowlcombo/${id}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  payment: () => '/payment',
  login: () => '/login',
  register: () => '/register',
  myOrders: () => '/my-orders',
  manageContacts: () => '/managecontacts',
} as const;

/** The categories whose `/{category}/{id}` route shows a product's detail screen. */
export const DETAIL_SEGMENTS = [
  'wings',
  'combos',
  'familycombos',
  'megadealcombo',
  'twoforonedeals',
  'threeforonedeals',
  'panzerotti',
  'superbowlcombo',
] as const;
