/**
 * The JSON API's shapes, as the server presents them and the browser reads them: `_id` strings
 * and dollars with two decimals (spec sections 3 and 7). One definition for both sides, so a
 * field renamed on the server breaks the browser's type-check instead of the browser.
 */
import type { ProductDetails } from './catalog';
import type { WeeklyHours } from './hours';

export interface ApiProductDetails extends Omit<
  ProductDetails,
  'sizePrices' | 'extraToppingPrice'
> {
  /** Size -> surcharge, dollars. */
  sizePrices?: Record<string, number>;
  /** Dollars per topping beyond the free count. */
  extraToppingPrice?: number;
}

export interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  image: string;
  /** Base price, dollars. */
  price: number;
  description: string;
  soldOut: boolean;
  /** Present on GET /api/products/{id}; lists leave it out. */
  details?: ApiProductDetails;
}

export interface ApiTopping {
  _id: string;
  name: string;
  soldOut: boolean;
}

/** GET /api/store: the store's profile and this deployment's public settings. */
export interface ApiStoreInfo {
  name: string;
  phone: string;
  pickupAddress: string;
  /** Opening hours by weekday (0 Sunday), for screens that must offer times inside them. */
  hours: WeeklyHours;
  /** The same hours in words, for the banner. */
  hoursText: string;
  deliveryFee: number;
  storeOpen: boolean;
  googleClientId: string | null;
  mapsApiKey: string | null;
}

export interface ApiContact {
  _id: string;
  phone: string;
  address: string;
  isDefault: boolean;
}

/** The spec's user object. Built field by field on the server, so it never carries a hash. */
export interface ApiUser {
  _id: string;
  name: string;
  email: string;
  contacts: ApiContact[];
}

/** GET /api/user/{userId}/default-contact; empty strings when the user has none. */
export interface ApiDefaultContact {
  phone: string;
  address: string;
}

/** POST /api/auth/register (201). */
export interface ApiRegisterAnswer {
  message: 'Registration Successful';
  user: ApiUser;
}

/** POST /api/auth/login. */
export interface ApiLoginAnswer {
  user: ApiUser;
}

/** POST /api/auth/social-login: `isNewUser` when this sign-in created the account. */
export interface ApiSocialLoginAnswer {
  isNewUser: boolean;
  user: ApiUser;
}

/** GET /api/auth/me: `user` is null for a guest (200, not 401: a guest is not an error). */
export interface ApiMeAnswer {
  user: ApiUser | null;
}

/** A server cart line, its product populated, priced by the server. */
export interface ApiCartItem {
  _id: string;
  productId: Pick<ApiProduct, '_id' | 'name' | 'image' | 'price' | 'category' | 'soldOut'>;
  quantity: number;
  size: string | null;
  flavor: string | null;
  wingsFlavor: string | null;
  sides: string[];
  drinks: { name: string; quantity: number }[];
  /** One list per pizza. */
  toppings: string[][];
  /** The options in words. */
  description: string;
  /** Unit price, dollars. */
  priceByQuantity: number;
  /** Line price, dollars. */
  totalPrice: number;
}

/** The cart's figures in dollars; totalPrice = subtotal + hst + tip + deliveryFee. */
export interface ApiCartTotals {
  totalPrice: number;
  subtotal: number;
  hst: number;
  tipPercent: number;
  tip: number;
  deliveryFee: number;
}

export interface ApiCart extends ApiCartTotals {
  _id: string;
  items: ApiCartItem[];
  deliveryType: 'pickup' | 'delivery' | null;
}

/** A guest line merge-cart left out, and why (words to show the customer). */
export interface ApiSkippedLine {
  name: string;
  reason: string;
}

/**
 * merge-cart's answer: the cart after the merge, how many guest lines went in, and each line
 * refused (invalid, sold out, gone, over a limit) with its reason. Never all-or-nothing.
 */
export interface ApiMergedCart extends ApiCart {
  merged: number;
  skipped: ApiSkippedLine[];
}
