import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  ApiCompleteOrderAnswer,
  ApiLoginAnswer,
  ApiOrder,
  CartItemPayload,
} from '../../src/domain';
import type { Database } from '../../src/server/data/db';
import { logIn, registerUser, type ApiUser, type RegisterOverrides } from './users';

/** A signed-in account: its id and the `Cookie` header value of its session. */
export interface Account {
  id: string;
  cookie: string;
}

/**
 * The store's open hours in tests: a Tuesday evening in Guelph (the seeded hours are 11:00-23:00
 * on Tuesdays), so nothing depends on when the tests run.
 */
export const OPEN_TUESDAY = '2026-11-24T18:00:00-05:00';

export const PICKUP_CONTACT = { phone: '519-555-0100', address: '' };
export const DELIVERY_CONTACT = { phone: '519-555-0100', address: '12 Main St, Guelph ON' };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One request as `who` (anonymous when null). */
export function call(
  app: FastifyInstance,
  who: Account | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The account of a customer `registerUser` made. */
export function accountOf({ user, cookie }: { user: { _id: string }; cookie: string }): Account {
  return { id: user._id, cookie };
}

/** Signs in over the API: the account and its session (throws unless the login is answered 200). */
export async function signInAs(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<Account> {
  const response = await logIn(app, credentials);
  if (response.statusCode !== 200) {
    throw new Error(`signInAs: ${response.statusCode} ${response.body}`);
  }
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('signInAs: the login route set no sid cookie');
  return { id: response.json<ApiLoginAnswer>().user._id, cookie: `sid=${sid.value}` };
}

export async function registerCustomer(app: FastifyInstance): Promise<Account> {
  return accountOf(await registerUser(app));
}

/** A staff member: registered as a customer, then given the staff role in the database. */
export async function registerStaff(app: FastifyInstance, db: Database): Promise<Account> {
  return (await registerMember(app, db, 'staff')).account;
}

/** Someone registered (`registerUser`): the user as the server answered, and their account. */
export interface Person {
  user: ApiUser;
  account: Account;
}

export async function registerPerson(
  app: FastifyInstance,
  overrides: RegisterOverrides = {},
): Promise<Person> {
  const registered = await registerUser(app, overrides);
  return { user: registered.user, account: accountOf(registered) };
}

/** A staff member or the admin, as `registerStaff`, with the user as registered (e.g. a name). */
export async function registerMember(
  app: FastifyInstance,
  db: Database,
  role: 'staff' | 'admin',
  overrides: RegisterOverrides = {},
): Promise<Person> {
  const person = await registerPerson(app, overrides);
  await db.query(`update users set role = $2 where id = $1`, [person.user._id, role]);
  return person;
}

/** Puts these lines in the customer's cart (each must be accepted). */
export async function fillCart(
  app: FastifyInstance,
  who: Account,
  lines: Partial<CartItemPayload>[],
): Promise<void> {
  for (const line of lines) {
    const response = await call(app, who, 'POST', '/api/cart', {
      userId: who.id,
      quantity: 1,
      ...line,
    });
    if (response.statusCode !== 200) {
      throw new Error(`fillCart: ${response.statusCode} ${response.body}`);
    }
  }
}

/** POST /api/cart/confirm with a pickup by default; `overrides` replace fields. */
export function confirm(
  app: FastifyInstance,
  who: Account,
  overrides: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return call(app, who, 'POST', '/api/cart/confirm', {
    userId: who.id,
    deliveryType: 'pickup',
    contactInfo: PICKUP_CONTACT,
    scheduledTime: null,
    instructions: '',
    ...overrides,
  });
}

export function completeOrder(
  app: FastifyInstance,
  who: Account,
  options: { paymentOption?: string; key?: string } = {},
): Promise<LightMyRequestResponse> {
  return call(
    app,
    who,
    'POST',
    '/api/orders/complete-order',
    { userId: who.id, paymentIntentId: null, paymentOption: options.paymentOption ?? 'pickup' },
    options.key !== undefined ? { 'idempotency-key': options.key } : {},
  );
}

/**
 * Cart, confirm, the tip when one is given, and complete-order in one go: the placed order
 * (throws on any refusal). `checkout` replaces fields of the confirm's pickup.
 */
export async function placeOrder(
  app: FastifyInstance,
  who: Account,
  lines: Partial<CartItemPayload>[] = [{ name: 'Coke' }],
  checkout: Record<string, unknown> = {},
  payment: { paymentOption?: string; tipPercent?: number } = {},
): Promise<ApiOrder> {
  await fillCart(app, who, lines);
  const confirmed = await confirm(app, who, checkout);
  if (confirmed.statusCode !== 200) {
    throw new Error(`placeOrder confirm: ${confirmed.statusCode} ${confirmed.body}`);
  }
  if (payment.tipPercent !== undefined) {
    const url = `/api/cart/${who.id}/updateTotalPrice?tipPercent=${payment.tipPercent}`;
    const tipped = await call(app, who, 'GET', url);
    if (tipped.statusCode !== 200) {
      throw new Error(`placeOrder tip: ${tipped.statusCode} ${tipped.body}`);
    }
  }
  const placed = await completeOrder(app, who, { paymentOption: payment.paymentOption });
  if (placed.statusCode !== 201) {
    throw new Error(`placeOrder complete: ${placed.statusCode} ${placed.body}`);
  }
  return placed.json<ApiCompleteOrderAnswer>().order;
}
