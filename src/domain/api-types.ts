/**
 * The JSON API's shapes, as the server presents them and the browser reads them: `_id` strings
 * and dollars with two decimals (spec sections 3 and 7). One definition for both sides, so a
 * field renamed on the server breaks the browser's type-check instead of the browser.
 */
import type { Allergen, DietaryMark } from './allergens';
import type { AvailabilityWindow, CategoryEntry, Kind, ProductDetails } from './catalog';
import type { StoreStatus, WeeklyHours } from './hours';
import type { DeliveryType, OrderStatus } from './order-states';
import type { StoreSettingsAnswer } from './store-settings';

export interface ApiProductDetails extends Omit<
  ProductDetails,
  'sizePrices' | 'extraToppingPrice'
> {
  /** Size -> surcharge, dollars. */
  sizePrices?: Record<string, number>;
  /** Dollars per topping beyond the free count. */
  extraToppingPrice?: number;
  /**
   * Of this product's flavours (wingsFlavors, Flavors), those sold out now; left out when none
   * is. Not in the spec: its pickers show them sold out and cannot pick them.
   */
  soldOutFlavors?: string[];
}

export interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  /** Its category's kind (`KIND_RULES`): which screen and rules. Not in the spec. */
  kind: Kind;
  image: string;
  /** Base price, dollars. */
  price: number;
  description: string;
  soldOut: boolean;
  /** Present on GET /api/products/{id}; lists leave it out. */
  details?: ApiProductDetails;
  /**
   * When the product is offered (its own windows, else its category's: `offeredWindows`; the
   * same in its details' `availableAt`), on lists too, so a list row can say it without the
   * details; left out when it is always offered. Not in the spec.
   */
  availableAt?: AvailabilityWindow[];
  /** Its details' `allergens` and `marks`, on lists too; left out when empty. Not in the spec. */
  allergens?: Allergen[];
  marks?: DietaryMark[];
}

/**
 * GET /api/categories: a category on the storefront (`CategoryEntry` less `hidden`: hidden ones
 * are left out), in the order Home shows them. Not in the spec.
 */
export type ApiCategory = Omit<CategoryEntry, 'hidden'>;

/** GET /api/staff/categories: every category, hidden ones too, in their order. */
export type ApiStaffCategory = CategoryEntry;

export interface ApiTopping {
  _id: string;
  name: string;
  soldOut: boolean;
  /** What it contains and its marks (`allergens.ts`); empty when none is named. Not in the spec. */
  allergens: Allergen[];
  marks: DietaryMark[];
}

/**
 * GET /api/staff/toppings: a topping with its hidden flag (retired: out of the storefront's
 * pickers, refused in a line like a sold-out one), in the menu's order.
 */
export interface ApiStaffTopping extends ApiTopping {
  hidden: boolean;
}

/** GET /api/store/status: the spec's open flag, and what the store is doing. */
export interface ApiStoreStatus {
  storeOpen: boolean;
  status: StoreStatus;
  /** ISO 8601: when a pause ends; null unless paused. */
  resumesAt: string | null;
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
  /** What the store is doing: a pause is not closed (it says when it ends). */
  status: StoreStatus;
  /** ISO 8601: when a pause ends; null unless paused. */
  resumesAt: string | null;
  /** Minutes from now to the earliest time an order can be scheduled, by delivery type. */
  leadMinutes: { pickup: number; delivery: number };
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

/**
 * GET and PUT /api/user/{userId}/mail-preferences: whether the optional order mails (ready for
 * pickup, out for delivery) are sent; the receipt and the store's answer always are.
 */
export interface ApiMailPreferences {
  orderUpdates: boolean;
}

/** POST /api/auth/register (201). */
export interface ApiRegisterAnswer {
  message: 'Registration Successful';
  user: ApiUser;
}

/**
 * A staff account's role, sent beside the user (login, me) so the browser can take staff to
 * /staff and show the admin's tabs; absent for a customer, whose answers stay the spec's. The
 * server still decides every staff request from the session alone.
 */
export type StaffRole = 'staff' | 'admin';

/** POST /api/auth/forgot-password: the same message for every email. */
export interface ApiForgotPasswordAnswer {
  message: string;
}

/** POST /api/auth/login (and /api/auth/reset-password, which signs in too). */
export interface ApiLoginAnswer {
  user: ApiUser;
  staffRole?: StaffRole;
}

/** POST /api/auth/social-login: `isNewUser` when this sign-in created the account. */
export interface ApiSocialLoginAnswer {
  isNewUser: boolean;
  /**
   * Signing in with Google linked an existing account whose password nobody had proven (anyone
   * can register an email): the password was removed and its other sessions ended. Not in the
   * spec; its client ignores it.
   */
  passwordRemoved: boolean;
  user: ApiUser;
}

/** GET /api/auth/me: `user` is null for a guest (200, not 401: a guest is not an error). */
export interface ApiMeAnswer {
  user: ApiUser | null;
  staffRole?: StaffRole;
}

/** A server cart line, its product populated, priced by the server. */
export interface ApiCartItem {
  _id: string;
  /** `hidden`: the store retired the product since the line was added (the line says so). */
  productId: Pick<ApiProduct, '_id' | 'name' | 'image' | 'price' | 'category' | 'soldOut'> & {
    hidden: boolean;
  };
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
  /**
   * The unit price when the line was added, dollars (null when not known): differing from
   * `priceByQuantity`, the price changed since (`cartLineNotice` says so).
   */
  addedPriceByQuantity: number | null;
  /**
   * The line's chosen options (toppings, sides, drinks, flavours) sold out since it was added,
   * by name (`soldOutChoices`): complete-order would refuse the line; `cartLineNotice` says how
   * to fix it. Not in the spec.
   */
  soldOutOptions: string[];
  /** What the line contains, its product's with its toppings' (`lineAllergens`). Not in the spec. */
  allergens: Allergen[];
  /** The line's dietary marks (`lineAllergens`). Not in the spec. */
  marks: DietaryMark[];
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

/** The payment options the spec's Payment screen offers (card is not offered: brief). */
export type PaymentOption = 'pickup' | 'cash';

/** The checkout details POST /api/cart/confirm stored on the cart; null before it. */
export interface ApiCheckoutDetails {
  deliveryType: DeliveryType;
  contactInfo: { phone: string; address: string };
  /** ISO 8601 instant, or null for "as soon as possible". */
  scheduledTime: string | null;
  instructions: string;
}

/**
 * GET /api/cart/{userId}: the cart with what Confirm Order stored on it (null before), so the
 * Payment screen shows what was confirmed, also after a reload.
 */
export interface ApiCartView extends ApiCart {
  checkout: ApiCheckoutDetails | null;
}

/** POST /api/cart/confirm: the cart as it now stands, priced, with its checkout details. */
export interface ApiConfirmAnswer {
  message: 'Order confirmed successfully!';
  cart: ApiCart & { checkout: ApiCheckoutDetails };
}

/**
 * A line of a placed order: the cart line's shape, with a snapshot of the product's name, image
 * and price at that moment.
 */
export interface ApiOrderItem extends Omit<
  ApiCartItem,
  'productId' | 'addedPriceByQuantity' | 'soldOutOptions' | 'allergens' | 'marks'
> {
  /** `_id` is null when the product has since been removed from the menu. */
  productId: { _id: string | null; name: string; image: string; category: string };
  /**
   * What the line contained when it was placed (the order's own copy: the menu's later changes
   * do not reach it); null for a line placed before allergens were kept. Not in the spec.
   */
  allergens: Allergen[] | null;
}

/** An order as its customer sees it (GET /api/orders/{userId}, complete-order's answer). */
export interface ApiOrder {
  _id: string;
  /** The short number said out loud ("order 42"). */
  number: number;
  /** One of ORDER_STATUSES, always a string. */
  status: OrderStatus;
  /** False until the store accepts or declines (the badge then shows the status). */
  isOrderConfirmed: boolean;
  items: ApiOrderItem[];
  subtotal: number;
  hst: number;
  tipPercent: number;
  tip: number;
  deliveryFee: number;
  /** subtotal + hst + tip + deliveryFee, dollars (a number). */
  totalPrice: number;
  deliveryType: DeliveryType;
  paymentOption: PaymentOption;
  contactInfo: { phone: string; address: string };
  instructions: string;
  /** ISO 8601, or null for "as soon as possible". */
  scheduleTime: string | null;
  /**
   * A delivery's minutes from the kitchen to the door, as the store's setting was when placed
   * (`orderTimes` computes its ready and arrival times from it); null for a pickup.
   */
  deliveryMinutes: number | null;
  /** Minutes the store promised when it accepted; null before. */
  readyMinutes: number | null;
  /** ISO 8601: when the store said it will be ready; null until accepted. */
  readyAt: string | null;
  /** The store's reason when declined; null otherwise. */
  declineReason: string | null;
  /** The store's reason when it cancelled the order after accepting it; null otherwise. */
  cancelReason: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/** POST /api/orders/complete-order. */
export interface ApiCompleteOrderAnswer {
  message: string;
  order: ApiOrder;
}

/**
 * The customer's live events (GET /api/orders/sse), one JSON object per SSE `data:` line, each
 * with an SSE `id:`. The spec's client reads the first two; the others keep My Orders live.
 */
export type ApiOrderEvent =
  | {
      type: 'order-accepted';
      orderId: string;
      /** The spec's: whole minutes from the answer until ready. */
      time: number;
      /** ISO 8601: when it will be ready (a scheduled order: its time). */
      readyAt?: string;
    }
  | { type: 'order-declined'; orderId: string; reason: string }
  | { type: 'order-status'; orderId: string; status: OrderStatus; reason?: string }
  | { type: 'order-created'; orderId: string };

/** One step of an order's life as the staff see it: what, when and who (null: automatic). */
export interface ApiOrderStep {
  status: OrderStatus;
  /** ISO 8601. */
  at: string;
  by: { _id: string; name: string } | null;
  /** Accept's minutes. */
  minutes?: number;
  /** Decline's or cancel's reason. */
  reason?: string;
}

/** An order as the staff board sees it: the customer's view plus who ordered it. */
export interface ApiStaffOrder extends ApiOrder {
  customer: { _id: string; name: string; email: string };
  /**
   * ISO 8601: when a pending order is declined automatically (created + the store's acceptance
   * window at placing); null once answered.
   */
  acceptBy: string | null;
  /** Every step since it was placed, oldest first (placed is the first). */
  steps: ApiOrderStep[];
  /**
   * Declined because the acceptance window ran out (its declined step is by nobody): `status`
   * stays `declined` for the spec's clients; the board shows it as "Missed".
   */
  missed: boolean;
  /** A missed order's banner was dismissed: when and by whom (null: a deleted account). */
  missedDismissal: { at: string; by: { _id: string; name: string } | null } | null;
}

/** The staff stream's events (GET /api/staff/orders/stream): the order as it now stands. */
export type ApiStaffOrderEvent =
  { type: 'order-created'; order: ApiStaffOrder } | { type: 'order-updated'; order: ApiStaffOrder };

/**
 * GET/PUT /api/staff/store: the store's controls, each setting under its API name as its entry in
 * `store-settings.ts` says (PUT takes any subset of them), and whether customers see the store
 * open now (the mode, the pause, or the hours when `auto`).
 */
export type ApiStaffStore = StoreSettingsAnswer & { storeOpen: boolean };

/** GET /api/staff/products: a menu item with what the staff may change. */
export interface ApiStaffProduct {
  _id: string;
  name: string;
  category: string;
  image: string;
  /** Dollars. */
  price: number;
  soldOut: boolean;
  /** Retired from the storefront (PATCH `hidden`); the staff still see it. */
  hidden: boolean;
  description: string;
  /** As `GET /api/products/{id}` answers them (dollars), so the menu editor can send them back. */
  details: ApiProductDetails;
}

/** GET /api/staff/products/{id}/ordered: whether any order includes it (it can then only be hidden). */
export interface ApiProductOrdered {
  ordered: boolean;
}

/** GET /api/staff/menu/history: one change to the menu, newest first. */
export interface ApiMenuHistoryEntry {
  _id: string;
  /** ISO 8601. */
  at: string;
  /** The staff member's name then; null for a change made outside the app (psql, a script). */
  by: string | null;
  subject: 'product' | 'topping' | 'flavour' | 'category';
  /** The product's, topping's or category's id, the flavour's name. */
  subjectId: string;
  /** Its name (a category's title) after the change (before, when removed). */
  name: string;
  action: 'added' | 'changed' | 'removed';
  /** What changed, for `changed`; empty otherwise. */
  fields: ApiMenuFieldChange[];
}

/**
 * A category as the menu document holds it (decision 19), in Home's order. `category` is its id
 * in the store the document came from: products name it. On import the fields after `kind` may
 * be left out (a document written before they were in it): the stored value stays.
 */
export interface ApiMenuCategory {
  category: string;
  title: string;
  kind: string;
  hidden?: boolean;
  offer?: boolean;
  /** Its card's picture; null: the first item's. */
  image?: string | null;
  /** When its products are offered; null: always. The export always says which. */
  availableAt?: AvailabilityWindow[] | null;
}

/**
 * GET /api/staff/menu: the whole menu as one document (decision 19), the body
 * PUT /api/staff/menu takes back. Array order is menu order (products: within their category).
 */
export interface ApiMenuDocument {
  version: 1;
  categories: ApiMenuCategory[];
  products: ApiMenuProduct[];
  toppings: ApiStaffTopping[];
}

/**
 * A product in the menu document: the staff's product with its category's title beside the
 * category's key, so an owner reading the file sees "Pizza Deals", not only "TwoforOneDeals".
 * The title is for reading: an import goes by `category` and ignores it (an older file has none).
 */
export interface ApiMenuProduct extends ApiStaffProduct {
  categoryTitle: string;
}

/**
 * One field a menu change (an import's, or one in the history) changes: money in dollars,
 * details field by field as the API shows them.
 */
export interface ApiMenuFieldChange {
  /** `price`, `soldOut`, `details.sizePrices`, `position` (0-based, within the category)... */
  field: string;
  /** The value now; null: none. */
  from: unknown;
  /** The value after the import; null: none. */
  to: unknown;
}

/**
 * One thing PUT /api/staff/menu changes (or would, on a dry run). A product or topping the
 * document leaves out is hidden, never deleted: orders refer to it.
 */
export interface ApiMenuChange {
  kind: 'product' | 'topping' | 'category';
  action: 'create' | 'update' | 'hide';
  /** The store's id; absent for one the import creates. */
  _id?: string;
  /** Its name (a category's title) after the import. */
  name: string;
  /** A product's category after the import; a category's own id (one created: the id it gets). */
  category?: string;
  /** What an update changes. */
  fields?: ApiMenuFieldChange[];
}

/** PUT /api/staff/menu's answer, dry run or applied: the same list. */
export interface ApiMenuChanges {
  dryRun: boolean;
  changes: ApiMenuChange[];
}

/** GET /api/staff/flavours: a wings or panzerotto flavour, sold out on every product or not. */
export interface ApiStaffFlavour {
  name: string;
  soldOut: boolean;
}

/**
 * GET /api/staff/outbox (admin only): one outgoing mail. `held`: queued while no SMTP_URL is
 * set, so it is kept, not sent; `queued`: waiting for its first or next attempt.
 */
export interface ApiOutboxMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: 'held' | 'queued' | 'sent' | 'failed';
  attempts: number;
  /** The last failed attempt in words ("The mail server refused the connection ..."). */
  lastError: string | null;
  /** ISO 8601: when the next attempt may come; null unless waiting to be sent. */
  nextAttemptAt: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null until sent. */
  sentAt: string | null;
  text: string;
  html: string;
}

/** GET /api/staff/outbox: the newest mails (at most OUTBOX_LIST_LIMIT) and whether mail is sent. */
export interface ApiOutbox {
  /** False without SMTP_URL: nothing is sent, every queued mail is held. */
  sending: boolean;
  /** Mail has been failing MAIL_FAILING_ALERT_MINUTES or more; null otherwise. */
  failing: ApiMailFailing | null;
  mails: ApiOutboxMail[];
}

/** A run of failed attempts, nothing sent since it began (server/mail/health.ts). */
export interface ApiMailFailing {
  /** ISO 8601: the first failure of the run. */
  since: string;
  /** The newest failure in words. */
  lastError: string | null;
}

/** POST /api/staff/outbox/retry: how many waiting mails were made due now. */
export interface ApiOutboxRetry {
  retried: number;
}

/**
 * GET /api/staff/mail-status (every staff member): whether mail is failing, for the staff bar's
 * banner. No words of the failure: a server's answer may name a customer's address.
 */
export interface ApiMailStatus {
  /** ISO 8601 when failing (see ApiOutbox.failing); null otherwise. */
  failingSince: string | null;
}

/** GET/POST /api/staff/users (admin only): an account that may use the staff app. */
export interface ApiStaffUser {
  _id: string;
  name: string;
  email: string;
  role: 'staff' | 'admin';
  /** ISO 8601. */
  createdAt: string;
}

/** GET /api/staff/reports/today: the day so far in the store's time zone. */
export interface ApiTodayReport {
  /** YYYY-MM-DD in America/Toronto. */
  date: string;
  /** Orders placed today, every status (waiting ones included). */
  received: number;
  /** Orders the staff accepted today, whatever came after (ready, completed, cancelled). */
  accepted: number;
  /** Orders the staff declined today. */
  declined: number;
  /** Orders declined by the acceptance window today: nobody answered in time. */
  missed: number;
  /** Accepted orders the store cancelled afterwards. */
  cancelled: number;
  /**
   * Dollars over today's sold orders (accepted, not cancelled), kept apart: the food (the
   * subtotals), the HST collected, the tips and the delivery fees.
   */
  foodSales: number;
  hst: number;
  tips: number;
  deliveryFees: number;
  /** Seconds from placed to accepted over today's accepted orders; null with none. */
  medianAcceptSeconds: number | null;
  slowestAcceptSeconds: number | null;
  /**
   * Orders placed today for a later day, still to be made (waiting or accepted): listed apart,
   * and not in today's counts or money, which are the day they are for's.
   */
  scheduledLater: ApiScheduledLater[];
}

/** An order placed today for a later day, as the Today screen lists it. */
export interface ApiScheduledLater {
  number: number;
  /** ISO 8601: the time it is for. */
  scheduledFor: string;
  /** Dollars. */
  total: number;
}

/**
 * GET /api/user/{userId}/export: everything the store keeps about an account, for the person
 * it is about (PIPEDA's access principle). `account` is the users row as stored, every column but
 * the sign-in secrets, so a column added later appears without a change here.
 */
export interface ApiAccountExport {
  exportedAt: string;
  account: Record<string, unknown>;
  /** How the account signs in: a password, Google, or both. Never the hash or the subject. */
  signIn: { password: boolean; google: boolean };
  contacts: ApiContact[];
  /** Every order, newest first, with the steps as the customer sees them (not who took them). */
  orders: (ApiOrder & { steps: Omit<ApiOrderStep, 'by'>[] })[];
  /** The mails the store wrote to the account (the bodies are in the person's own mailbox). */
  mails: {
    kind: string;
    subject: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
  }[];
}

/** POST /api/user/{userId}/delete. */
export interface ApiAccountDeleted {
  message: string;
}
