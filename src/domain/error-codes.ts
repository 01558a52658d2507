/**
 * The closed list of error codes the API answers with, shared by the server and the browser.
 * The browser decides what to do from `code` (sign in again, show the reason, offer a retry),
 * never from message text or a bare status number. The message is still written for a person and
 * is shown as it is.
 */
export const ERROR_CODES = [
  /** The request's params, query or body do not have the right shape (400). */
  'invalid_input',
  /** An id in the path or body is not a well-formed id (400). */
  'invalid_id',
  /** A product's options are not offered by it (400). */
  'invalid_option',
  /** More of a product on one line than a line may hold (400). */
  'quantity_limit',
  /** No valid session (401). */
  'unauthorized',
  /** Signed in, but not allowed: another user's data or a staff route (403). */
  'forbidden',
  /** A request from another site (403). */
  'cross_site',
  /** No such thing, or not yours (404). */
  'not_found',
  /** An item, topping or drink is sold out right now (409). */
  'sold_out',
  /**
   * An item offered only on some days and hours (its availability windows), asked for outside
   * them: added now, or ordered for a time they do not hold (409). The message says when it is.
   */
  'not_offered_now',
  /** A product the store retired (hidden) asked for, raised or ordered (409). */
  'not_on_menu',
  /** Deleting a product an order includes: hide it instead (409). */
  'product_ordered',
  /** Deleting a category products are in: move them, or hide it (409). */
  'category_in_use',
  /** Registering an email that already has an account (409). */
  'email_taken',
  /** The contact list is full (409). */
  'too_many_contacts',
  /** Wrong email or password, told apart from neither (401). */
  'invalid_credentials',
  /** A password reset token that is unknown, used already or expired (400). */
  'invalid_reset_token',
  /** The Google credential could not be verified (401). */
  'google_login_failed',
  /** Too many attempts; Retry-After says when to come back (429). */
  'rate_limited',
  /** A body that is not JSON (415). */
  'unsupported_media_type',
  /** Ordering now while the store is closed, and the order is not scheduled inside hours (409). */
  'store_closed',
  /** Completing an order from an empty cart (409). */
  'empty_cart',
  /** Completing an order whose cart has not been through checkout (Confirm Order) (409). */
  'not_confirmed',
  /** A scheduled time that is unreadable, past, too soon, outside hours or too far ahead (400). */
  'invalid_schedule',
  /** Accepting, declining or moving an order its state does not allow (409). */
  'invalid_transition',
  /** An Idempotency-Key that placed an order, sent again to order another cart (409). */
  'idempotency_key_reused',
  /** The admin asked to remove their own account (409). */
  'own_account',
  /** Deleting an account without the right confirmation: its password, or its email typed (400). */
  'confirmation_mismatch',
  /** Deleting an account that has an order the store is still working on (409). */
  'order_in_progress',
  /** A staff or admin account asked to delete itself; the admin removes staff instead (409). */
  'staff_account',
  /** The body is larger than any request of ours (413). */
  'payload_too_large',
  /** Our own fault; details are in the server's log, never in the answer (500). */
  'internal',
  /** The database or another dependency is not answering right now (503). */
  'unavailable',
  /** Too many password checks waiting right now; Retry-After says when to try again (503). */
  'busy',
  /**
   * Browser only, never sent by the server: the request did not reach it (offline, DNS, a
   * dropped connection). Status 0.
   */
  'network',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The body of every error answer. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
}
