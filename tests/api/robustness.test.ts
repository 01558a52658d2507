import { randomBytes } from 'node:crypto';
import { mailOutboxRepository } from '../../src/server/repositories/mail-outbox';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productRules,
  contactSchema,
  flavorOptions,
  pizzaCount,
  priceSelection,
  selectionKey,
  toDollars,
  validateSelection,
  type ApiCartItem,
  type ApiErrorBody,
  type NormalisedSelection,
  type Product,
} from '../../src/domain';
import { hashResetToken } from '../../src/server/auth/password-reset';
import { createSession } from '../../src/server/auth/sessions';
import { DEFAULT_RATE_RULES } from '../../src/server/config';
import { fixedClock } from '../../src/server/clock';
import { productsRepository } from '../../src/server/repositories/products';
import { exportMenu } from '../../src/server/staff/menu-document';
import { validCartPayload as validCartLine } from '../support/cart-payloads';
import { startJwksServer, type JwksServer } from '../support/jwks-server';
import {
  routesOfApp as appRoutes,
  settleStream,
  splitRoute as split,
  type Method,
} from '../support/route-table';
import {
  openCheckConnection,
  writeFingerprinter,
  type CheckConnection,
} from '../support/db-invariants';
import { countQueries } from '../support/queries';
import { createTestApp, testConfig, type TestApp } from '../support/test-app';
import { TEST_PASSWORD, registerUser } from '../support/users';

/**
 * Robustness and access control of the whole API. The route list comes from the running app,
 * and every route must be described in ROUTES below, so a new route cannot escape the hostile
 * battery or the access matrix. Rules checked: never a 5xx; every 4xx is
 * `{statusCode, code, message}` JSON; a 4xx writes nothing; a state-changing call from another
 * site or with a non-JSON body is refused; a route naming a user answers 401 anonymously and 403
 * for someone else's id; a staff route answers 401 anonymously and 403 to a customer.
 *
 * Streaming routes (server-sent events) never end by themselves: the table marks them, and a
 * call to one reads its answer up to the first frame, then goes away as a browser tab would.
 */

const clock = fixedClock('2026-11-23T23:00:00Z');
let t: TestApp;
let keys: JwksServer;
let checks: CheckConnection;

interface Account {
  id: string;
  email: string;
  cookie: string;
}
let alice: Account;
let bob: Account;
/** A staff member: the caller of the staff routes (a customer gets 403 there). */
let carol: Account;
/** The admin: the caller of the admin-only routes (a staff member gets 403 there). */
let dave: Account;
/** A small real PNG: the example body of the photo upload. */
let photo: Buffer;
/** The product the staff's menu routes change (not on the menu the properties use). */
let staffTarget: string;
let products: Product[];
let toppingNames: Set<string>;
let drinkNames: Set<string>;

const CONTACT = { phone: '519-555-0100', address: '12 Main St, Guelph ON', isDefault: true };

beforeAll(async () => {
  keys = await startJwksServer();
  // The acceptance sweeper ticks on real time; its writes must not land between a call's two
  // fingerprints, so it runs once at the start only (the clock is fixed: no window ends).
  t = await createTestApp({
    clock,
    config: { google: keys.google, orders: { acceptSweepMs: 3_600_000 } },
  });
  const account = async (): Promise<Account> => {
    const { user, cookie } = await registerUser(t.app, { contacts: [CONTACT] });
    return { id: user._id, email: user.email, cookie };
  };
  alice = await account();
  bob = await account();
  carol = await account();
  await t.db.query(`update users set role = 'staff' where id = $1`, [carol.id]);
  dave = await account();
  await t.db.query(`update users set role = 'admin' where id = $1`, [dave.id]);
  photo = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#e67e22' } })
    .png()
    .toBuffer();
  const repo = productsRepository(t.db);
  products = await repo.list();
  toppingNames = new Set((await repo.toppings()).filter((x) => !x.soldOut).map((x) => x.name));
  drinkNames = new Set(products.filter((p) => p.category === 'Beverages').map((p) => p.name));
  // The staff's menu routes change a product: one of their own, added after the snapshot above,
  // so the battery's price and sold-out changes never reach the cart properties below.
  const added = await t.db.query<{ id: string }>(
    `insert into products (slug, name, category, image, price_cents)
     values ('robustness-target', 'Robustness Target', 'Sides', '/images/sides.png', 499)
     returning id`,
  );
  staffTarget = added[0]?.id ?? '';
  checks = await openCheckConnection(t.db);
  fingerprint = await writeFingerprinter(t.db, checks);
});
afterAll(async () => {
  await checks.close();
  await t.close();
  await keys.close();
});

// ---------------------------------------------------------------------------------------------
// Requests and the rules every answer must follow

interface Call {
  method: Method;
  url: string;
  cookie?: string | undefined;
  /** A value sent as JSON, a raw string sent as it is, or bytes of a type (a photo upload). */
  body?: { json: unknown } | { raw: string } | { bytes: Buffer; type: string };
  contentType?: string | null;
  origin?: string;
  /** The route streams (server-sent events): read up to the first frame, then disconnect. */
  streams?: boolean | undefined;
}

let addressCounter = 0;
/** A fresh source address per call: the per-IP rate limits must not mask the input checks. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

async function send(call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (call.cookie) headers.cookie = call.cookie;
  if (call.origin) headers.origin = call.origin;
  let payload: string | Buffer | undefined;
  if (call.body && 'bytes' in call.body) {
    payload = call.body.bytes;
    if (call.contentType !== null) headers['content-type'] = call.contentType ?? call.body.type;
  } else if (call.body) {
    payload = 'raw' in call.body ? call.body.raw : JSON.stringify(call.body.json);
    if (call.contentType !== null) headers['content-type'] = call.contentType ?? 'application/json';
  }
  const response = await t.app.inject({
    method: call.method,
    url: call.url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload !== undefined ? { payload } : {}),
    ...(call.streams ? { payloadAsStream: true } : {}),
  });
  return call.streams ? settleStream(response) : response;
}

/**
 * Everything a 4xx must not change: every table's row count and newest row version
 * (support/db-invariants.ts `writeFingerprinter`), so a table added later is covered too. It
 * replaced an md5 of eleven whole tables, read twice per call, which grew with every row the
 * battery added and was most of this file's time.
 */
let fingerprint: () => Promise<Record<string, string>>;

function describeCall(call: Call): string {
  const body = !call.body
    ? ''
    : 'bytes' in call.body
      ? ` <${call.body.bytes.length} bytes of ${call.body.type}>`
      : ' ' + ('raw' in call.body ? call.body.raw : JSON.stringify(call.body.json)).slice(0, 120);
  const extras = [
    call.cookie ? 'signed-in' : 'anonymous',
    call.contentType !== undefined ? `type=${String(call.contentType)}` : '',
    call.origin ? `origin=${call.origin}` : '',
  ].filter(Boolean);
  return `${call.method} ${call.url.slice(0, 160)}${body} [${extras.join(' ')}]`;
}

/**
 * Sends a call and checks the rules every answer follows: no 5xx, a well-formed JSON error on a
 * 4xx, and no row changed by a 4xx.
 */
async function sendChecked(call: Call): Promise<LightMyRequestResponse> {
  const before = await fingerprint();
  const response = await send(call);
  const what = describeCall(call);
  expect(response.statusCode, `${what} -> ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], what).toMatch(/^application\/json/);
    const error = response.json<Record<string, unknown>>();
    expect(error.statusCode, what).toBe(response.statusCode);
    expect(typeof error.code, `${what} code`).toBe('string');
    expect(typeof error.message, `${what} message`).toBe('string');
    expect(String(error.message).length, what).toBeGreaterThan(0);
    expect(await fingerprint(), `${what} wrote on a ${response.statusCode}`).toEqual(before);
  }
  return response;
}

// ---------------------------------------------------------------------------------------------
// The route table

/** Where a route reads the user id it acts for. */
type NamesUser = 'path' | 'query' | 'body' | 'none';

interface Example {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The body is these bytes of an image type instead of JSON (the photo upload). */
  image?: { bytes: Buffer; type: string };
}

/** The example's body as a call sends it: the image's bytes, or the JSON value. */
function bodyOf(example: Example): Call['body'] {
  if (example.image) return example.image;
  return example.body !== undefined ? { json: example.body } : undefined;
}

interface RouteSpec {
  names: NamesUser;
  /** A request the route accepts from `owner` about `owner`'s own data. */
  example: (owner: Account) => Promise<Example> | Example;
  /** The route ends or replaces the caller's session (sign-in, logout): use a throwaway one. */
  endsSession?: boolean;
  /** Staff only: called with a staff session; anonymous 401, a customer 403 (checked below). */
  staff?: boolean;
  /** Admin only (with `staff`): called with the admin's session; a staff member gets 403 too. */
  admin?: boolean;
  /** The success status of the example (200 unless said). */
  status?: number;
  /** Answers a server-sent-event stream that does not end by itself. */
  streams?: true;
  /** The battery's time limit, ms, when its example is big (the whole menu: hundreds of fields). */
  timeout?: number;
}

/** The session a route is called with: the admin's, a staff member's for staff routes, else alice's. */
const callerOf = (spec: RouteSpec): Account => (spec.admin ? dave : spec.staff ? carol : alice);

let staffCounter = 0;
let productCounter = 0;

/** A fresh staff account (for the admin's routes that act on one). */
async function newStaffId(): Promise<string> {
  const { user } = await registerUser(t.app);
  await t.db.query(`update users set role = 'staff' where id = $1`, [user._id]);
  return user._id;
}

/** A product no order includes, for the menu editor's delete. */
async function newProductId(): Promise<string> {
  productCounter += 1;
  const added = await t.db.query<{ id: string }>(
    `insert into products (slug, name, category, image, price_cents)
     values ($1, $2, 'Sides', '/images/sides.png', 299) returning id`,
    [`robust-delete-${productCounter}`, `Robust Delete ${productCounter}`],
  );
  return added[0]?.id ?? '';
}

/** A mail in the outbox, for its HTML preview. */
function newMailId(): Promise<string> {
  return mailOutboxRepository(t.db).queue({
    kind: 'test',
    to: 'robust-mail@example.com',
    subject: 'Robust',
    text: 'Robust',
    html: '<p>Robust</p>',
  });
}

const productId = (name: string): string => {
  const found = products.find((product) => product.name === name);
  if (!found) throw new Error(`No product ${name}`);
  return found.id;
};

async function firstContactId(owner: Account): Promise<string> {
  const rows = await t.db.query<{ id: string }>(
    'select id from contacts where user_id = $1 order by created_at limit 1',
    [owner.id],
  );
  if (rows[0]) return rows[0].id;
  const added = await send({
    method: 'POST',
    url: `/api/user/${owner.id}/contacts`,
    cookie: owner.cookie,
    body: { json: CONTACT },
  });
  return added.json<{ _id: string }[]>()[0]?._id ?? '';
}

async function firstItemId(owner: Account): Promise<string> {
  const cart = await send({
    method: 'POST',
    url: '/api/cart',
    cookie: owner.cookie,
    body: { json: { userId: owner.id, name: 'Coke', quantity: 1 } },
  });
  return cart.json<{ items: { _id: string }[] }>().items[0]?._id ?? '';
}

let emailCounter = 0;

/** Puts a Coke in the owner's cart and confirms it for pickup now. */
async function confirmedCart(owner: Account): Promise<void> {
  await firstItemId(owner);
  await send({
    method: 'POST',
    url: '/api/cart/confirm',
    cookie: owner.cookie,
    body: {
      json: { userId: owner.id, deliveryType: 'pickup', contactInfo: CONTACT, scheduledTime: null },
    },
  });
}

/** A new order of alice's, waiting for the store's answer (accepted too when `accepted`). */
async function newOrderId(accepted = false): Promise<string> {
  await confirmedCart(alice);
  const placed = await send({
    method: 'POST',
    url: '/api/orders/complete-order',
    cookie: alice.cookie,
    body: { json: { userId: alice.id, paymentIntentId: null, paymentOption: 'pickup' } },
  });
  const orderId = placed.json<{ order: { _id: string } }>().order._id;
  if (accepted) {
    await send({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/accept`,
      cookie: carol.cookie,
      body: { json: { minutes: 20 } },
    });
  }
  return orderId;
}

/** A pending order declined as the acceptance window declines it: by nobody (a missed order). */
async function newMissedOrderId(): Promise<string> {
  const orderId = await newOrderId();
  await send({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/decline`,
    cookie: carol.cookie,
    body: { json: { reason: 'unable to confirm orders' } },
  });
  await t.db.query(
    `update order_steps set by_user_id = null where order_id = $1 and status = 'declined'`,
    [orderId],
  );
  return orderId;
}

/**
 * A usable password reset link's token, for a throwaway account (using it ends that account's
 * sessions): stored as the mail's would be, by its hash, without a mail in between.
 */
async function newResetToken(): Promise<string> {
  const { user } = await registerUser(t.app);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `insert into password_resets (token_hash, user_id, expires_at) values ($1, $2, $3)`,
    [hashResetToken(token), user._id, new Date(clock.now().getTime() + 10 * 60_000)],
  );
  return token;
}

const ROUTES: Record<string, RouteSpec> = {
  'GET /api/store': { names: 'none', example: () => ({}) },
  'GET /api/store/status': { names: 'none', example: () => ({}) },
  'GET /api/products': { names: 'none', example: () => ({ query: { category: 'Wings' } }) },
  'GET /api/products/beverages': { names: 'none', example: () => ({}) },
  'GET /api/products/:id': {
    names: 'none',
    example: () => ({ params: { id: productId('Wings') } }),
  },
  'GET /api/items/:category': { names: 'none', example: () => ({ params: { category: 'wings' } }) },
  'GET /api/toppings': { names: 'none', example: () => ({}) },
  'GET /api/categories': { names: 'none', example: () => ({}) },
  'POST /api/auth/register': {
    names: 'none',
    endsSession: true,
    example: () => ({
      body: {
        name: 'New Customer',
        email: `robust-${(emailCounter += 1)}@example.com`,
        password: TEST_PASSWORD,
        contacts: [CONTACT],
      },
    }),
  },
  'POST /api/auth/login': {
    names: 'none',
    endsSession: true,
    example: (owner) => ({ body: { email: owner.email, password: TEST_PASSWORD } }),
  },
  'POST /api/auth/social-login': {
    names: 'none',
    endsSession: true,
    example: async () => ({ body: { credential: await keys.signIdToken() } }),
  },
  'POST /api/auth/forgot-password': {
    names: 'none',
    example: () => ({ body: { email: `robust-forgot-${(emailCounter += 1)}@example.com` } }),
  },
  'POST /api/auth/reset-password': {
    names: 'none',
    endsSession: true,
    example: async () => ({ body: { token: await newResetToken(), password: 'a new password 1' } }),
  },
  'POST /api/auth/logout': { names: 'none', example: () => ({}), endsSession: true },
  'GET /api/auth/me': { names: 'none', example: () => ({}) },
  'GET /api/user/:userId/contacts': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id } }),
  },
  'POST /api/user/:userId/contacts': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id }, body: { ...CONTACT, isDefault: false } }),
  },
  'PUT /api/user/:userId/contacts/:contactId': {
    names: 'path',
    example: async (owner) => ({
      params: { userId: owner.id, contactId: await firstContactId(owner) },
      body: CONTACT,
    }),
  },
  'DELETE /api/user/:userId/contacts/:contactId': {
    names: 'path',
    example: async (owner) => ({
      params: { userId: owner.id, contactId: await firstContactId(owner) },
    }),
  },
  'GET /api/user/:userId/default-contact': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id } }),
  },
  'GET /api/user/:userId/mail-preferences': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id } }),
  },
  'PUT /api/user/:userId/mail-preferences': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id }, body: { orderUpdates: false } }),
  },
  'PUT /api/user/:userId/contacts/default/:phone': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id, phone: '519-555-0199' } }),
  },
  'GET /api/user/:userId/export': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id } }),
  },
  // A wrong password on purpose: the sweeps call every route as its owner, and a right one would
  // delete the account the rest of the file signs in with (privacy.test.ts deletes for real).
  'POST /api/user/:userId/delete': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id }, body: { password: 'not the password' } }),
  },
  'POST /api/cart': {
    names: 'body',
    example: (owner) => ({ body: { userId: owner.id, name: 'Coke', quantity: 1 } }),
  },
  'GET /api/cart': { names: 'query', example: (owner) => ({ query: { userId: owner.id } }) },
  'POST /api/cart/merge-cart': {
    names: 'body',
    example: (owner) => ({
      body: { userId: owner.id, localCart: [{ productId: productId('Sprite'), quantity: 1 }] },
    }),
  },
  'GET /api/cart/:userId': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id } }),
  },
  'GET /api/cart/:userId/updateTotalPrice': {
    names: 'path',
    example: (owner) => ({
      params: { userId: owner.id },
      query: { tipPercent: '10', newTotalPrice: '12.5' },
    }),
  },
  'PUT /api/cart/:userId/:itemId': {
    names: 'path',
    example: async (owner) => ({
      params: { userId: owner.id, itemId: await firstItemId(owner) },
      body: { quantity: 2 },
    }),
  },
  'DELETE /api/cart/:userId/:itemId': {
    names: 'path',
    example: async (owner) => ({
      params: { userId: owner.id, itemId: await firstItemId(owner) },
    }),
  },
  'POST /api/cart/confirm': {
    names: 'body',
    example: async (owner) => {
      await firstItemId(owner);
      return {
        body: {
          userId: owner.id,
          deliveryType: 'delivery',
          contactInfo: { phone: CONTACT.phone, address: CONTACT.address },
          // Monday 18:00 in Guelph by the test clock: 19:30 is inside hours and after the lead.
          scheduledTime: '11/23/2026, 7:30:00 PM',
          instructions: 'Ring twice',
        },
      };
    },
  },
  'POST /api/orders/complete-order': {
    names: 'body',
    example: async (owner) => {
      await confirmedCart(owner);
      return { body: { userId: owner.id, paymentIntentId: null, paymentOption: 'cash' } };
    },
  },
  'GET /api/orders/:userId': {
    names: 'path',
    example: (owner) => ({ params: { userId: owner.id } }),
  },
  'GET /api/staff/orders': {
    names: 'none',
    staff: true,
    example: () => ({ query: { status: 'pending,accepted' } }),
  },
  'POST /api/staff/orders/:orderId/accept': {
    names: 'none',
    staff: true,
    example: async () => ({ params: { orderId: await newOrderId() }, body: { minutes: 25 } }),
  },
  'POST /api/staff/orders/:orderId/decline': {
    names: 'none',
    staff: true,
    example: async () => ({ params: { orderId: await newOrderId() }, body: { reason: 'Busy' } }),
  },
  'POST /api/staff/orders/:orderId/status': {
    names: 'none',
    staff: true,
    example: async () => ({
      params: { orderId: await newOrderId(true) },
      body: { status: 'ready' },
    }),
  },
  'POST /api/staff/orders/:orderId/dismiss-missed': {
    names: 'none',
    staff: true,
    example: async () => ({ params: { orderId: await newMissedOrderId() }, body: {} }),
  },
  'GET /api/staff/store': { names: 'none', staff: true, example: () => ({}) },
  'PUT /api/staff/store': {
    names: 'none',
    staff: true,
    example: () => ({ body: { mode: 'auto', deliveryFee: 8, pickupLeadMinutes: 20 } }),
  },
  'GET /api/orders/sse': {
    names: 'query',
    streams: true,
    example: (owner) => ({ query: { userId: owner.id, lastEventId: '0' } }),
  },
  'GET /api/staff/orders/stream': {
    names: 'none',
    staff: true,
    streams: true,
    example: () => ({ query: { lastEventId: '0' } }),
  },
  'GET /api/store/events': { names: 'none', streams: true, example: () => ({}) },
  'GET /api/staff/products': { names: 'none', staff: true, example: () => ({}) },
  'POST /api/staff/products': {
    names: 'none',
    staff: true,
    admin: true,
    status: 201,
    example: () => ({
      body: {
        name: `Robust Side ${(productCounter += 1)}`,
        category: 'Sides',
        price: '3.49',
        description: 'A side made by the route table.',
      },
    }),
  },
  'GET /api/staff/menu': { names: 'none', staff: true, example: () => ({}) },
  // A dry run of the menu as exported: the battery's calls never hide or reorder the menu the
  // cart properties below use.
  'PUT /api/staff/menu': {
    names: 'none',
    staff: true,
    admin: true,
    example: async () => ({ query: { dryRun: 'true' }, body: await exportMenu(t.db) }),
    timeout: 120_000,
  },
  'PATCH /api/staff/products/:id': {
    names: 'none',
    staff: true,
    example: () => ({
      params: { id: staffTarget },
      body: { available: true, price: '14.99' },
    }),
  },
  'GET /api/staff/toppings': { names: 'none', staff: true, example: () => ({}) },
  'POST /api/staff/toppings': {
    names: 'none',
    staff: true,
    admin: true,
    status: 201,
    example: () => ({ body: { name: `Robust Topping ${(productCounter += 1)}` } }),
  },
  'GET /api/staff/products/:id/ordered': {
    names: 'none',
    staff: true,
    admin: true,
    example: () => ({ params: { id: staffTarget } }),
  },
  'DELETE /api/staff/products/:id': {
    names: 'none',
    staff: true,
    admin: true,
    status: 204,
    example: async () => ({ params: { id: await newProductId() } }),
  },
  'PATCH /api/staff/toppings/:id': {
    names: 'none',
    staff: true,
    example: async () => ({
      params: {
        id:
          (await t.db.query<{ id: string }>(`select id from toppings where name = 'Anchovies'`))[0]
            ?.id ?? '',
      },
      body: { available: true },
    }),
  },
  'GET /api/staff/categories': { names: 'none', staff: true, example: () => ({}) },
  'POST /api/staff/categories': {
    names: 'none',
    staff: true,
    admin: true,
    status: 201,
    example: () => ({
      body: { title: `Robust Category ${(productCounter += 1)}`, kind: 'simple' },
    }),
  },
  'PATCH /api/staff/categories/:id': {
    names: 'none',
    staff: true,
    admin: true,
    example: () => ({ params: { id: 'Sides' }, body: { title: 'Sides', hidden: false } }),
  },
  'DELETE /api/staff/categories/:id': {
    names: 'none',
    staff: true,
    admin: true,
    status: 204,
    example: async () => {
      const title = `Robust Empty ${(productCounter += 1)}`;
      const id = title.replace(/ /g, '');
      await t.db.query(
        `insert into categories (id, kind, segment, title, added, failed)
         values ($1, 'simple', lower($1), $2, 'Item added to cart!', 'Failed to add item to cart.')`,
        [id, title],
      );
      return { params: { id } };
    },
  },
  'GET /api/staff/flavours': { names: 'none', staff: true, example: () => ({}) },
  'PATCH /api/staff/flavours/:name': {
    names: 'none',
    staff: true,
    example: () => ({ params: { name: 'Sweet Chili' }, body: { available: true } }),
  },
  'POST /api/staff/products/:id/image': {
    names: 'none',
    staff: true,
    example: () => ({
      params: { id: staffTarget },
      image: { bytes: photo, type: 'image/png' },
    }),
  },
  'GET /api/staff/users': { names: 'none', staff: true, admin: true, example: () => ({}) },
  'POST /api/staff/users': {
    names: 'none',
    staff: true,
    admin: true,
    status: 201,
    example: () => ({
      body: {
        name: 'New Staff',
        email: `robust-staff-${(staffCounter += 1)}@example.com`,
        password: TEST_PASSWORD,
      },
    }),
  },
  'DELETE /api/staff/users/:id': {
    names: 'none',
    staff: true,
    admin: true,
    status: 204,
    example: async () => ({ params: { id: await newStaffId() } }),
  },
  'POST /api/staff/users/:id/password': {
    names: 'none',
    staff: true,
    admin: true,
    status: 204,
    example: async () => ({
      params: { id: await newStaffId() },
      body: { password: 'a new password 1' },
    }),
  },
  'GET /api/staff/outbox': { names: 'none', staff: true, admin: true, example: () => ({}) },
  'GET /api/staff/outbox/:id/html': {
    names: 'none',
    staff: true,
    admin: true,
    example: async () => ({ params: { id: await newMailId() } }),
  },
  'POST /api/staff/outbox/test': {
    names: 'none',
    staff: true,
    admin: true,
    status: 201,
    example: () => ({}),
  },
  'POST /api/staff/outbox/retry': {
    names: 'none',
    staff: true,
    admin: true,
    example: () => ({}),
  },
  'GET /api/staff/mail-status': { names: 'none', staff: true, example: () => ({}) },
  'GET /api/staff/reports/today': { names: 'none', staff: true, example: () => ({}) },
  'GET /api/staff/reports/orders.csv': {
    names: 'none',
    staff: true,
    example: () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }),
  },
  'GET /api/staff/menu/history': {
    names: 'none',
    staff: true,
    example: () => ({ query: { day: '2026-11-24' } }),
  },
};

/** The API's routes as the running app knows them (support/route-table.ts). */
const routesOfApp = (): string[] => appRoutes(t.app);

function buildUrl(path: string, example: Example, overrides: Record<string, string> = {}): string {
  const params = { ...example.params, ...overrides };
  const url = path.replace(/:(\w+)/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return name in overrides ? value : encodeURIComponent(value);
  });
  const query = new URLSearchParams(example.query).toString();
  return query ? `${url}?${query}` : url;
}

describe('the route table', () => {
  it('parses the running app’s routes (sanity: known routes are found and really exist)', () => {
    const routes = routesOfApp();
    expect(routes).toContain('GET /api/cart/:userId/updateTotalPrice');
    expect(routes).toContain('PUT /api/user/:userId/contacts/default/:phone');
    for (const key of routes) {
      const { method, path } = split(key);
      expect(t.app.hasRoute({ method, url: path }), key).toBe(true);
    }
  });

  it('describes every /api route of the app, and nothing else', () => {
    expect(routesOfApp()).toEqual(Object.keys(ROUTES).sort());
  });

  it('declares every route with :userId in its path as naming the user by path', () => {
    for (const [key, spec] of Object.entries(ROUTES)) {
      expect(spec.names === 'path', key).toBe(key.includes(':userId'));
    }
  });

  it('a route declared as naming no user ignores a userId in the query and body', async () => {
    for (const [key, spec] of Object.entries(ROUTES)) {
      if (spec.names !== 'none') continue;
      const { method, path } = split(key);
      const example = await spec.example(alice);
      const url = buildUrl(path, { ...example, query: { ...example.query, userId: bob.id } });
      const body =
        method === 'GET'
          ? undefined
          : example.image
            ? example.image
            : { json: { ...(example.body as object), userId: bob.id } };
      const cookie = spec.endsSession ? await throwawaySession() : callerOf(spec).cookie;
      const response = await sendChecked({ method, url, cookie, body, streams: spec.streams });
      expect(response.statusCode, `${key} reads a userId: declare it in ROUTES`).not.toBe(403);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Access matrix

describe('access matrix: every route naming a user', () => {
  const named = () => Object.entries(ROUTES).filter(([, spec]) => spec.names !== 'none');

  it('covers the cart and contacts routes (the matrix is not empty by accident)', () => {
    expect(named().length).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 anonymously, 403 for another user’s id, and serves the owner', async () => {
    for (const [key, spec] of named()) {
      const { method, path } = split(key);
      const request = async (who: Account | null, about: Account) => {
        const example = await spec.example(about);
        return sendChecked({
          method,
          url: buildUrl(path, example),
          cookie: who?.cookie,
          streams: spec.streams,
          ...(example.body !== undefined ? { body: { json: example.body } } : {}),
        });
      };
      expect((await request(null, alice)).statusCode, `${key} anonymous`).toBe(401);
      const other = await request(alice, bob);
      expect(other.statusCode, `${key} someone else's id`).toBe(403);
      expect(other.json()).toMatchObject({ code: 'forbidden' });
      const own = await request(alice, alice);
      expect([401, 403], `${key} own id -> ${own.body.slice(0, 200)}`).not.toContain(
        own.statusCode,
      );
    }
  });

  it('answers 401 anonymously even when the named id is malformed or repeated', async () => {
    const forms = ['not-a-uuid', `${alice.id}&userId=${bob.id}`];
    for (const [key, spec] of named()) {
      const { method, path } = split(key);
      const example = await spec.example(alice);
      for (const form of forms) {
        const url =
          spec.names === 'path'
            ? buildUrl(path, example, { userId: form })
            : spec.names === 'query'
              ? `${path}?userId=${form}`
              : buildUrl(path, example);
        const body =
          spec.names === 'body'
            ? { json: { ...(example.body as object), userId: [alice.id, bob.id] } }
            : example.body !== undefined
              ? { json: example.body }
              : undefined;
        const response = await sendChecked({ method, url, body, streams: spec.streams });
        expect(response.statusCode, `${key} ${form}`).toBe(401);
      }
    }
  });
});

describe('access matrix: every staff route', () => {
  const staffRoutes = () => Object.entries(ROUTES).filter(([, spec]) => spec.staff);

  it('covers the staff routes (the matrix is not empty by accident)', () => {
    expect(staffRoutes().length).toBeGreaterThanOrEqual(16);
    expect(staffRoutes().filter(([, spec]) => spec.admin).length).toBeGreaterThanOrEqual(4);
    for (const [key] of Object.entries(ROUTES).filter(([k]) => k.includes('/api/staff/'))) {
      expect(ROUTES[key]?.staff, `${key} is a staff route: mark it staff`).toBe(true);
    }
  });

  it('answers 401 anonymously, 403 to a customer whatever the input, and serves staff', async () => {
    for (const [key, spec] of staffRoutes()) {
      const { method, path } = split(key);
      const example = await spec.example(alice);
      const url = buildUrl(path, example);
      const body = bodyOf(example);
      expect(
        (await sendChecked({ method, url, body, streams: spec.streams })).statusCode,
        `${key} anonymous`,
      ).toBe(401);
      for (const sent of [body, { json: { nonsense: true } }]) {
        const customer = await sendChecked({
          method,
          url,
          body: sent,
          cookie: alice.cookie,
          streams: spec.streams,
        });
        expect(customer.statusCode, `${key} customer`).toBe(403);
        expect(customer.json()).toMatchObject({ code: 'forbidden' });
      }
      if (spec.admin) {
        const staffMember = await sendChecked({ method, url, body, cookie: carol.cookie });
        expect(staffMember.statusCode, `${key} staff on an admin route`).toBe(403);
        expect(staffMember.json()).toMatchObject({ code: 'forbidden' });
      }
      const own = await sendChecked({
        method,
        url,
        body,
        cookie: callerOf(spec).cookie,
        streams: spec.streams,
      });
      expect(own.statusCode, `${key} staff -> ${own.body.slice(0, 200)}`).toBe(spec.status ?? 200);
    }
  });

  it('a streaming route answers an event stream to its caller', async () => {
    for (const [key, spec] of Object.entries(ROUTES)) {
      if (!spec.streams) continue;
      const { method, path } = split(key);
      const owner = spec.staff ? carol : alice;
      // More than one account may hold open at once: each call's disconnect must free its place,
      // or the sweeps above would have met 429s instead of the checks they meant to make.
      for (let i = 0; i <= testConfig().events.maxStreamsPerUser; i += 1) {
        const response = await sendChecked({
          method,
          url: buildUrl(path, await spec.example(owner)),
          cookie: owner.cookie,
          streams: true,
        });
        expect(response.statusCode, key).toBe(200);
        expect(response.headers['content-type'], key).toBe('text/event-stream');
        expect(response.body, key).toMatch(/^retry: 5000\n\n/);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The hostile battery

const HUGE = 'x'.repeat(60_000);
const HOSTILE_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e21,
  true,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '🍕👍🏽\u202eevil',
  'Guelph ON \u0000',
  HUGE,
  [],
  [1, 'a', null],
  ['a'.repeat(300)],
  {},
  { a: { b: { c: { d: [1] } } } },
  "' or 1=1 --",
];

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  '\u0000',
  '"\\u0000"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"x":"\\ud800"}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  JSON.stringify({ x: 'y'.repeat(70_000) }),
];

const PATH_VALUES = [
  'not-a-uuid',
  'a'.repeat(100),
  'a'.repeat(101),
  '%00',
  'x%00y',
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%zz',
  '%E2%98%83',
  '%F0%9F%8D%95',
  '00000000-0000-0000-0000-000000000000',
  '%27%20or%201%3D1%20--',
  '%20',
  'null',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  // Only the photo upload takes an image; every other route must refuse one.
  'image/png',
  'APPLICATION/JSON',
  null,
];

const CROSS_SITE = ['https://evil.example', 'null', 'http://', 'file://', 'http://localhost:81'];

/** Each field of an object replaced by each hostile value, removed, and one level down too. */
function fieldMutations(value: unknown, depth = 0): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  const out: unknown[] = [];
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    for (const inner of depth < 2 ? fieldMutations(first, depth + 1) : []) {
      out.push([inner, ...(value.slice(1) as unknown[])]);
    }
    for (const hostile of HOSTILE_VALUES.slice(0, 8)) out.push([hostile]);
    return out;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    out.push(Object.fromEntries(Object.entries(record).filter(([name]) => name !== key)));
    for (const hostile of HOSTILE_VALUES) out.push({ ...record, [key]: hostile });
    if (depth < 2) {
      for (const inner of fieldMutations(record[key], depth + 1)) {
        out.push({ ...record, [key]: inner });
      }
    }
  }
  out.push({ ...record, extra: 1, role: 'admin', _id: 'x', isAdmin: true, __proto__x: {} });
  return out;
}

/** The hostile variants of one route's example, each as a call without a cookie. */
function battery(key: string, example: Example): Call[] {
  const { method, path } = split(key);
  const calls: Call[] = [];
  const url = buildUrl(path, example);
  const body = bodyOf(example);

  for (const name of Object.keys(example.params ?? {})) {
    for (const value of PATH_VALUES) {
      calls.push({ method, url: buildUrl(path, example, { [name]: value }), body });
    }
  }
  const queries = [
    ...Object.keys(example.query ?? {}).map((name) => `${name}=a&${name}=b`),
    `userId=${alice.id}&userId=${bob.id}`,
    'userId=%00',
    `userId=${'q'.repeat(5000)}`,
    'userId[]=x&userId[a]=b',
    'tip=5&tip=10&category=Wings&category=Sides',
  ];
  for (const query of queries) calls.push({ method, url: `${url.split('?')[0]}?${query}`, body });

  if (method !== 'GET') {
    for (const raw of RAW_BODIES) calls.push({ method, url, body: { raw } });
    for (const json of [[], [example.body ?? {}], 1, -1, 1e308, null, true, 'str', {}])
      calls.push({ method, url, body: { json } });
    for (const json of fieldMutations(example.body)) calls.push({ method, url, body: { json } });
    const text = JSON.stringify(example.body ?? {});
    for (const contentType of CONTENT_TYPES) {
      calls.push({
        method,
        url,
        body: { raw: contentType?.includes('form') ? 'a=1' : text },
        contentType,
      });
    }
    for (const origin of CROSS_SITE) calls.push({ method, url, body, origin });
    // The same route by a percent-encoded path must meet the same guard.
    calls.push({ method, url: url.replace('/api/', '/%61pi/'), body, origin: CROSS_SITE[0] });
  }
  calls.push({ method: 'PATCH', url, body });
  return calls;
}

describe('hostile input on every route', () => {
  for (const key of Object.keys(ROUTES)) {
    it(
      `${key}: never a 5xx, always a JSON error, nothing written on a 4xx`,
      async () => {
        const spec = ROUTES[key];
        if (!spec) throw new Error(key);
        const example = await spec.example(alice);
        for (const call of battery(key, example)) {
          const cookies = [
            undefined,
            alice.cookie,
            ...(spec.staff ? [carol.cookie] : []),
            ...(spec.admin ? [dave.cookie] : []),
          ];
          for (const cookie of cookies) {
            const session = spec.endsSession && cookie ? await throwawaySession() : cookie;
            const response = await sendChecked({ ...call, cookie: session, streams: spec.streams });
            if (call.origin && call.method !== 'GET') {
              expect(response.statusCode, describeCall(call)).toBe(403);
            }
            if (
              call.contentType &&
              !call.contentType.toLowerCase().startsWith('application/json') &&
              !call.origin
            ) {
              // The photo upload takes image bodies and checks their type after its guard: a
              // stranger meets the guard first. Every other route refuses the type before all.
              const expected = !example.image
                ? 415
                : !session
                  ? 401
                  : session === alice.cookie
                    ? 403
                    : // The staff's upload of text labelled as an image: not an image we can read.
                      call.contentType.startsWith('image/')
                      ? 400
                      : 415;
              expect(response.statusCode, describeCall(call)).toBe(expected);
            }
          }
        }
      },
      ROUTES[key]?.timeout,
    );
  }
});

async function throwawaySession(): Promise<string> {
  const session = await createSession(t.db, alice.id, clock.now());
  return `sid=${session.token}`;
}

// ---------------------------------------------------------------------------------------------
// Properties: arbitrary payloads against the cart and contacts

const anyJson = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }));

/** Cart items: usually well-aimed (real product, real options), sometimes anything at all. */
function cartPayload(): fc.Arbitrary<unknown> {
  const aimed = fc.constantFrom(...products).chain((product) => {
    const rules = productRules(product);
    const option = (values: readonly string[]) =>
      fc.oneof(
        { weight: 4, arbitrary: values.length > 0 ? fc.constantFrom(...values) : fc.constant('') },
        { weight: 1, arbitrary: fc.oneof(text, fc.constant(null)) },
      );
    const toppingList = fc.uniqueArray(
      fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...toppingNames) },
        { weight: 1, arbitrary: text },
      ),
      { maxLength: 6 },
    );
    const toppings =
      rules.toppingLists === 'per-pizza'
        ? fc.array(toppingList, { minLength: pizzaCount(product), maxLength: pizzaCount(product) })
        : rules.toppingLists === 'flat'
          ? toppingList
          : fc.constant([]);
    return fc.record(
      {
        productId: fc.oneof(
          { weight: 9, arbitrary: fc.constant(product.id) },
          { weight: 1, arbitrary: text },
        ),
        size: option(product.details.sizes ?? []),
        flavor: option(rules.flavor === 'flavor' ? flavorOptions(product) : []),
        wingsFlavor: option(rules.flavor === 'wingsFlavor' ? flavorOptions(product) : []),
        sides: fc.array(option(product.details.sides ?? []), { maxLength: rules.sides + 1 }),
        drinks: fc.array(
          fc.record({
            name: option([...drinkNames]),
            quantity: fc.oneof(fc.integer({ min: -1, max: 5 }), anyJson),
          }),
          { maxLength: 3 },
        ),
        toppings,
        quantity: fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: 1, max: 3 }) },
          { weight: 2, arbitrary: fc.oneof(fc.integer({ min: -5, max: 200 }), anyJson) },
        ),
        totalPrice: fc.oneof(fc.double(), anyJson),
        extra: anyJson,
      },
      { requiredKeys: ['productId', 'quantity'] },
    );
  });
  return fc.oneof({ weight: 4, arbitrary: aimed }, { weight: 1, arbitrary: anyJson });
}

const validCartPayload = () => validCartLine(products, toppingNames);

type CartLine = ApiCartItem;

describe('properties', () => {
  it('POST /api/cart with arbitrary JSON: < 500; on 2xx the line is priced by the domain engine', async () => {
    await fc.assert(
      fc.asyncProperty(cartPayload(), async (payload) => {
        await t.db.query(
          'delete from cart_items where cart_id in (select id from carts where user_id = $1)',
          [alice.id],
        );
        const body =
          typeof payload === 'object' && payload !== null && !Array.isArray(payload)
            ? { ...payload, userId: alice.id }
            : payload;
        const response = await sendChecked({
          method: 'POST',
          url: '/api/cart',
          cookie: alice.cookie,
          body: { json: body },
        });
        if (response.statusCode >= 400) return;
        expect(response.statusCode).toBe(200);
        const lines = response.json<{ items: CartLine[] }>().items;
        expect(lines).toHaveLength(1);
        const line = lines[0] as CartLine;
        const product = products.find((p) => p.id === line.productId._id);
        if (!product) throw new Error('line of an unknown product');
        const checked = validateSelection(
          product,
          body as Parameters<typeof validateSelection>[1],
          toppingNames,
          drinkNames,
        );
        if (!checked.ok)
          throw new Error(`server accepted what the engine refuses: ${checked.message}`);
        const stored: NormalisedSelection = {
          ...(line.size ? { size: line.size } : {}),
          ...(line.flavor ? { flavor: line.flavor } : {}),
          ...(line.wingsFlavor ? { wingsFlavor: line.wingsFlavor } : {}),
          sides: line.sides,
          drinks: line.drinks,
          toppings: line.toppings,
        };
        expect(selectionKey(stored)).toBe(selectionKey(checked.selection));
        const price = priceSelection(product, checked.selection, line.quantity);
        expect(line.priceByQuantity).toBe(toDollars(price.unit));
        expect(line.totalPrice).toBe(toDollars(price.line));
      }),
      { numRuns: 150 },
    );
    // How often random input reaches the happy path varies from run to run; the property below
    // builds valid lines on purpose so the pricing check always runs.
  });

  it('POST /api/cart with any valid choice of any product: accepted and priced by the domain engine', async () => {
    await fc.assert(
      fc.asyncProperty(validCartPayload(), async (payload) => {
        await t.db.query(
          'delete from cart_items where cart_id in (select id from carts where user_id = $1)',
          [alice.id],
        );
        const response = await sendChecked({
          method: 'POST',
          url: '/api/cart',
          cookie: alice.cookie,
          body: { json: { ...payload, userId: alice.id } },
        });
        expect(response.statusCode, response.body).toBe(200);
        const [line] = response.json<{ items: CartLine[] }>().items;
        const product = products.find((p) => p.id === payload.productId);
        if (!line || !product) throw new Error('no line, or a line of an unknown product');
        const checked = validateSelection(product, payload, toppingNames, drinkNames);
        if (!checked.ok) throw new Error(`generated an invalid line: ${checked.message}`);
        const price = priceSelection(product, checked.selection, payload.quantity);
        // The browser's tampered totalPrice is ignored: the server's figure is the engine's.
        expect(line.priceByQuantity).toBe(toDollars(price.unit));
        expect(line.totalPrice).toBe(toDollars(price.line));
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/user/:id/contacts with arbitrary JSON: accepted exactly when the shared schema accepts it', async () => {
    const contactPayload = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(
          {
            phone: fc.oneof(
              fc.constantFrom('519-555-0100', ' (519) 555 0101 ', '+1 519.555.0102', '555'),
              text,
              anyJson,
            ),
            address: fc.oneof(
              fc.constantFrom(
                '12 Main St, Guelph ON',
                '  1 Gordon St Guelph, Ontario  ',
                'Toronto',
              ),
              // Characters a database or a screen may choke on, inside an address in the area.
              fc
                .tuple(
                  text,
                  fc.constantFrom('\u0000', '\u001b', '\ud800', '\u007f', '\t', 'é', '🍕'),
                )
                .map(([s, odd]) => `${s}${odd} Guelph ON`),
              text,
              anyJson,
            ),
            isDefault: fc.oneof(fc.boolean(), anyJson),
            extra: anyJson,
          },
          { requiredKeys: [] },
        ),
      },
      { weight: 1, arbitrary: anyJson },
    );
    await fc.assert(
      fc.asyncProperty(contactPayload, async (payload) => {
        await t.db.query('delete from contacts where user_id = $1', [alice.id]);
        const response = await sendChecked({
          method: 'POST',
          url: `/api/user/${alice.id}/contacts`,
          cookie: alice.cookie,
          body: { json: payload },
        });
        const parsed = contactSchema.safeParse(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(parsed.success ? 200 : 400);
        if (!parsed.success) return;
        expect(response.json()).toEqual([
          {
            _id: expect.any(String) as unknown,
            phone: parsed.data.phone,
            address: parsed.data.address,
            isDefault: true,
          },
        ]);
      }),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Problems found in review, one test each (each failed before its fix)

describe('review fixes', () => {
  const logout = (headers: Record<string, string>, url = '/api/auth/logout') =>
    t.app.inject({ method: 'POST', url, headers });

  it('refuses a cross-site call made through a percent-encoded /api path', async () => {
    const cookie = await throwawaySession();
    const response = await logout({ cookie, origin: 'https://evil.example' }, '/%61pi/auth/logout');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_site' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    // Still signed in: the refused logout ended nothing.
    expect(me.json()).toMatchObject({ user: { _id: alice.id } });
  });

  it('refuses any API call a browser marks as cross-site, even a GET that changes the cart', async () => {
    const url = `/api/cart/${alice.id}/updateTotalPrice?tip=50`;
    const crossSite = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: alice.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'cross_site' });
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/cart/${alice.id}`,
      headers: { cookie: alice.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).not.toMatchObject({ tipPercent: 50 });
  });

  it('answers an opaque or unparsable Origin with 403, not 500', async () => {
    for (const origin of ['null', 'http://', 'not a url']) {
      const response = await logout({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toMatchObject({ code: 'cross_site' });
    }
  });

  it('accepts a JSON content type in any letter case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: alice.cookie, 'content-type': 'Application/JSON; charset=UTF-8' },
      payload: JSON.stringify({ userId: alice.id, name: 'Coke', quantity: 1 }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses NUL and other control characters in stored text with a 400 the UI can show', async () => {
    const register = await send({
      method: 'POST',
      url: '/api/auth/register',
      body: { json: { name: 'Pat\u0000', email: 'nul@example.com', password: TEST_PASSWORD } },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json<ApiErrorBody>().message).toBe(
      'Please remove special characters from the name.',
    );
    const contact = await send({
      method: 'POST',
      url: `/api/user/${alice.id}/contacts`,
      cookie: alice.cookie,
      body: { json: { phone: '519-555-0100', address: '1 Main St\u0000, Guelph ON' } },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json<ApiErrorBody>().message).toBe(
      'Please remove special characters from the address.',
    );
    const item = await send({
      method: 'POST',
      url: '/api/cart',
      cookie: alice.cookie,
      body: { json: { userId: alice.id, name: 'Co\u0000ke', quantity: 1 } },
    });
    expect(item.statusCode).toBe(404);
    const merge = await send({
      method: 'POST',
      url: '/api/cart/merge-cart',
      cookie: alice.cookie,
      body: { json: { userId: alice.id, localCart: [{ name: 'Co\u0000ke', quantity: 1 }] } },
    });
    expect(merge.statusCode).toBe(200);
    expect(merge.json<{ skipped: unknown[] }>().skipped).toHaveLength(1);
  });

  it('signs in with a Google token whose name has control characters, and refuses one in the email', async () => {
    const named = await send({
      method: 'POST',
      url: '/api/auth/social-login',
      body: {
        json: {
          credential: await keys.signIdToken({
            sub: 'sub-nul-name',
            email: 'nul.name@example.com',
            name: 'Pat\u0000 Example',
          }),
        },
      },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ user: { name: 'Pat Example' } });
    const badEmail = await send({
      method: 'POST',
      url: '/api/auth/social-login',
      body: {
        json: {
          credential: await keys.signIdToken({
            sub: 'sub-nul-email',
            email: 'a\u0000@example.com',
          }),
        },
      },
    });
    expect(badEmail.statusCode).toBe(401);
  });

  it('does not let a blocked address spend another account’s login attempts', async () => {
    const login = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.99.0.1',
        payload: { email, password },
      });
    for (let i = 0; i < DEFAULT_RATE_RULES.loginIp.limit; i += 1) {
      expect((await login(`nobody-${i}@example.com`, 'wrong password')).statusCode).toBe(401);
    }
    for (let i = 0; i <= DEFAULT_RATE_RULES.loginAccount.limit; i += 1) {
      expect((await login(bob.email, 'wrong password')).statusCode).toBe(429);
    }
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.99.0.2',
      payload: { email: bob.email, password: TEST_PASSWORD },
    });
    expect(own.statusCode).toBe(200);
    bob.cookie = `sid=${own.cookies.find((cookie) => cookie.name === 'sid')?.value ?? ''}`;
  });

  it('reads a cart with the same number of queries however many lines it has (no N+1)', async () => {
    const queriesOfRead = async () => {
      const { queries, value: response } = await countQueries(t.db, () =>
        send({ method: 'GET', url: `/api/cart/${alice.id}`, cookie: alice.cookie }),
      );
      expect(response.statusCode).toBe(200);
      return queries;
    };
    const add = (name: string) =>
      send({
        method: 'POST',
        url: '/api/cart',
        cookie: alice.cookie,
        body: { json: { userId: alice.id, name, quantity: 1 } },
      });
    await add('Coke');
    const few = await queriesOfRead();
    for (const name of ['Sprite', 'Pepsi', 'Poutine Fries', 'Garlic Bread']) await add(name);
    const lines = (
      await send({ method: 'GET', url: `/api/cart?userId=${alice.id}`, cookie: alice.cookie })
    ).json<unknown[]>().length;
    expect(lines).toBeGreaterThanOrEqual(4);
    expect(await queriesOfRead()).toBe(few);
  });
});
