import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SEEDED_CATEGORIES,
  DECLINE_REASON_CHOICES,
  HST_PERCENT,
  TIP_PERCENTS,
  flavorOptions,
  mulDivRoundHalfUp,
  toCents,
  type Product,
} from '../../src/domain';
import { createSession } from '../../src/server/auth/sessions';
import type * as ZodProvider from '../../src/server/http/zod-provider';
import { fixedClock } from '../../src/server/clock';
import { LATER_STATUSES } from '../../src/server/orders/advance-order';
import { productsRepository } from '../../src/server/repositories/products';
import { exportMenu } from '../../src/server/staff/menu-document';
import { validCartPayload } from '../support/cart-payloads';
import {
  invariantChecker,
  openCheckConnection,
  writeFingerprinter,
  type CheckConnection,
  type InvariantChecker,
} from '../support/db-invariants';
import { hostileValue, mutate, mutations } from '../support/fuzz-mutations';
import { arbitraryOf } from '../support/json-schema-arbitrary';
import { OPEN_TUESDAY } from '../support/orders';
import { startJwksServer, type JwksServer } from '../support/jwks-server';
import { recordedRouteCount, routeSchemas, type JsonSchema } from '../support/route-schemas';
import {
  pathParams,
  routesOfApp,
  settleStream,
  splitRoute,
  type Method,
} from '../support/route-table';
import { createTestApp, testDbKind, untilMenuHeard, type TestApp } from '../support/test-app';
import { TEST_PASSWORD, registerUser } from '../support/users';

/**
 * Property-based fuzzing of the whole JSON API (issue 12). Each case is one request to a route
 * of the running app's route table, by anyone (anonymous, a customer naming their own or someone
 * else's id, a staff member, the admin), with input drawn mostly from what the route accepts (a
 * known valid payload, or values shaped by the route's own schema) and then mutated (wrong types,
 * "12.99" for a number, fields missing or added, huge and NUL-laden strings, negative and huge
 * numbers, arrays for objects, malformed ids), the rest anything at all. After every case:
 *
 * - the status is 2xx or 4xx, never 5xx (nor a redirect);
 * - a 4xx is JSON `{statusCode, code, message}` with a message the UI can show (not the
 *   server's insides: no stack, SQL or "[object Object]"), and wrote nothing (a fingerprint of
 *   every table before and after);
 * - a GET wrote nothing either, whatever its answer (but the GETs in WRITING_GETS);
 * - a 2xx is JSON (or the route's declared type); any cart or order in it adds up; an answer
 *   about the caller is `no-store`; an answer to a customer or a stranger holds no other
 *   account's id or email; no cart line was added or raised with something sold out in it;
 * - the database's invariants hold (support/db-invariants.ts).
 *
 * The route list, and each route's input schemas, come from the app itself (the validator
 * compiler is wrapped below to record them), so a new route is fuzzed without a change here; a
 * known route may add plausible payloads in SEEDS to reach deeper into its handler.
 *
 * FUZZ_RUNS sets the number of cases (2,000 by default; `npm run test:soak` runs 50,000). The
 * cases are random on every run; a failure prints fast-check's seed, and FUZZ_SEED=<seed>
 * replays the run from its start on a fresh database (the cases share one database, so a case
 * alone may not reproduce what the cases before it set up).
 */

vi.mock('../../src/server/http/zod-provider', async (importOriginal) => {
  const actual = await importOriginal<typeof ZodProvider>();
  const { recordingValidatorCompiler } = await import('../support/route-schemas');
  return { ...actual, validatorCompiler: recordingValidatorCompiler(actual.validatorCompiler) };
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const REPLAY_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/**
 * Routes the fuzzer leaves out, each with its reason (none so far: the streams are opened and
 * closed, the photo upload gets image bytes). The coverage test checks each one is a real route.
 */
const EXCLUDED: Record<string, string> = {};

/**
 * GETs that write, each with why; any other GET (and its HEAD) must change nothing (issue 12:
 * no writes on GET or HEAD).
 */
const WRITING_GETS: Record<string, string> = {
  'GET /api/cart/:userId/updateTotalPrice':
    "the spec's client sets the tip with a GET; same-origin only, no HEAD (docs/api.md)",
};

/** Answers other than JSON a route gives on success (an event stream is allowed anywhere). */
const PRODUCES: Record<string, RegExp> = {
  'GET /api/staff/reports/orders.csv': /^text\/csv/,
};

const clock = fixedClock(OPEN_TUESDAY);
let t: TestApp;
let keys: JwksServer;
let checks: CheckConnection;
let checker: InvariantChecker;
let writeFingerprint: () => Promise<Record<string, string>>;
let products: Product[];
let toppingNames: Set<string>;
/** The seeded toppings' names, put back by `resetWorld`. */
let baselineToppings: { id: string; name: string }[];
let photo: Buffer;

// ---------------------------------------------------------------------------------------------
// Who calls

type Person = 'alice' | 'bob' | 'carol' | 'dave';
type Who = Person | 'anonymous';
type Role = 'customer' | 'staff' | 'admin';

interface Actor {
  id: string;
  email: string;
  role: Role;
  /** The session's token; replaced when a case ended the session (logout, a password reset). */
  token: string;
}

/** alice and bob are customers, carol is staff, dave the admin; erin only places orders. */
const actors = new Map<Person | 'erin', Actor>();

function actor(who: Person | 'erin'): Actor {
  const found = actors.get(who);
  if (!found) throw new Error(`No actor ${who}`);
  return found;
}

const cookieOf = (who: Who | 'erin'): string | undefined =>
  who === 'anonymous' ? undefined : `sid=${actor(who).token}`;

/** The user a case acts for: the caller, or alice when nobody is signed in. */
const selfOf = (who: Who): Person => (who === 'anonymous' ? 'alice' : who);

/** Someone else: the other customer for a customer, a customer for the staff. */
const otherOf = (who: Who): Person => (selfOf(who) === 'alice' ? 'bob' : 'alice');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Puts the actors back as they were when a case changed them (the admin removed carol from the
 * staff, a logout or password reset ended a session), so the next case still has its callers.
 */
async function heal(): Promise<void> {
  const all = [...actors.values()];
  const rows = await t.db.query<{ id: string; role: Role; live: boolean }>(
    `select u.id, u.role, exists (
              select 1 from sessions s
               where s.user_id = u.id and s.token_hash = any($2::text[]) and s.expires_at > $3
            ) as live
       from users u where u.id = any($1::uuid[])`,
    [all.map((a) => a.id), all.map((a) => hashToken(a.token)), clock.now()],
  );
  for (const a of all) {
    const row = rows.find((candidate) => candidate.id === a.id);
    if (row?.role !== a.role) {
      await t.db.query('update users set role = $2 where id = $1', [a.id, a.role]);
    }
    if (!row?.live) a.token = (await createSession(t.db, a.id, clock.now())).token;
  }
}

// ---------------------------------------------------------------------------------------------
// What a case is: plain data, resolved against the database when it runs

type OrderState = 'pending' | 'accepted' | 'ready' | 'out-for-delivery' | 'done';

/** A path parameter: a reference to something that exists (looked up when the case runs) or raw text. */
type Ref =
  | { ref: 'user'; who: 'self' | 'other' | Person }
  | { ref: 'order'; state: OrderState; index: number }
  | { ref: 'cartItem' | 'contact' | 'phone'; owner: 'self' | 'other'; index: number }
  | { ref: 'product' | 'staffUser' | 'category' | 'topping' | 'flavour'; index: number }
  | { ref: 'raw'; text: string };

type ImageKind = 'png' | 'truncated' | 'garbage' | 'empty';
type Body = { json: unknown } | { raw: string } | { image: ImageKind; type: string };

/** Set-up before the request: the world's reset (menu back on sale, store open), a cart. */
type Prep = 'reset' | 'filledCart' | 'confirmedCart';

interface FuzzCase {
  route: string;
  caller: Who;
  params: Record<string, Ref>;
  /** An object sent as the query string, or raw text after the '?'; undefined for none. */
  query: unknown;
  body: Body | undefined;
  headers: Record<string, string>;
  prep: Prep[];
  /** A topping to mark sold out first (toppings have no staff route; a store does it in SQL). */
  soldOutTopping: number | null;
  /** Where the input came from: a known payload, the route's schema, or anything; mutated or not. */
  source: string;
}

/** A value computed when the case runs (a signed token, an email not taken yet). */
class Late {
  constructor(
    readonly label: string,
    readonly make: () => unknown,
  ) {}
  toJSON(): string {
    return `<${this.label}>`;
  }
  [fc.toStringMethod](): string {
    return `<${this.label}>`;
  }
}

async function resolveLate(value: unknown): Promise<unknown> {
  if (value instanceof Late) return value.make();
  if (Array.isArray(value)) return Promise.all(value.map(resolveLate));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await resolveLate(item)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

let uniqueCounter = 0;
const uniqueEmail = (prefix: string) =>
  new Late(`new ${prefix} email`, () => `${prefix}-${(uniqueCounter += 1)}@example.com`);

// ---------------------------------------------------------------------------------------------
// Values

const CONTACT = { phone: '519-555-0100', address: '12 Main St, Guelph ON', isDefault: true };
const CATEGORIES = SEEDED_CATEGORIES.map((category) => category.id);
const SEGMENTS = SEEDED_CATEGORIES.map((category) => category.segment);

/** Path segments a client should never send, each safe to put in a URL as it is. */
const RAW_PATH_TEXTS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '%00',
  'x%00y',
  '%zz',
  '..',
  '%2e%2e',
  '%2F',
  'a'.repeat(300),
  '%E2%98%83',
  '%F0%9F%8D%95',
  '%20',
  'null',
  'undefined',
  '-1',
  '1e3',
  '12.99',
  '%27%20or%201%3D1%20--',
];

const rawRef: fc.Arbitrary<Ref> = fc
  .oneof(
    fc.constantFrom(...RAW_PATH_TEXTS),
    fc.uuid(),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
    fc.string({ unit: 'binary', maxLength: 12 }).map((text) => {
      try {
        return encodeURIComponent(text);
      } catch {
        // A lone surrogate cannot be encoded: its escape as text.
        return '%ED%A0%80';
      }
    }),
  )
  .map((text): Ref => ({ ref: 'raw', text: text === '' ? '%20' : text }));

/** A reference to something real most of the time, else raw text. */
const mostly = (real: fc.Arbitrary<Ref>): fc.Arbitrary<Ref> =>
  fc.oneof({ weight: 5, arbitrary: real }, { weight: 1, arbitrary: rawRef });

const owner = fc.oneof(
  { weight: 6, arbitrary: fc.constant('self' as const) },
  { weight: 1, arbitrary: fc.constant('other' as const) },
);
const orderRef = (...states: OrderState[]) =>
  mostly(
    fc.record({
      ref: fc.constant('order' as const),
      state: fc.constantFrom(...states),
      index: fc.nat(7),
    }),
  );
const ownedRef = (ref: 'cartItem' | 'contact' | 'phone') =>
  mostly(fc.record({ ref: fc.constant(ref), owner, index: fc.nat(7) }));
const indexRef = (ref: 'product' | 'staffUser' | 'category' | 'topping' | 'flavour') =>
  mostly(fc.record({ ref: fc.constant(ref), index: fc.nat(200) }));
const ALL_STATES: OrderState[] = ['pending', 'accepted', 'ready', 'out-for-delivery', 'done'];

/** A path parameter by its name, for any route (a new one included). */
function paramArbitrary(name: string, path: string): fc.Arbitrary<Ref> {
  switch (name) {
    case 'userId':
      return fc.oneof(
        { weight: 14, arbitrary: fc.constant<Ref>({ ref: 'user', who: 'self' }) },
        { weight: 3, arbitrary: fc.constant<Ref>({ ref: 'user', who: 'other' }) },
        { weight: 3, arbitrary: rawRef },
      );
    case 'orderId':
      return orderRef(...ALL_STATES);
    case 'itemId':
      return ownedRef('cartItem');
    case 'contactId':
      return ownedRef('contact');
    case 'phone':
      return ownedRef('phone');
    case 'category':
      return indexRef('category');
    default:
      if (path.includes('/users/')) return indexRef('staffUser');
      if (path.includes('/products/')) return indexRef('product');
      if (path.includes('/toppings/')) return indexRef('topping');
      if (path.includes('/flavours/')) return indexRef('flavour');
      if (path.includes('/categories/')) return indexRef('category');
      return fc.oneof(
        indexRef('product'),
        indexRef('staffUser'),
        orderRef(...ALL_STATES),
        ownedRef('cartItem'),
      );
  }
}

/** A cart line as a client sends it: any product's valid choice, or a drink or side by name. */
const cartLine = () =>
  fc.oneof(
    { weight: 3, arbitrary: validCartPayload(products, toppingNames) },
    {
      weight: 1,
      arbitrary: fc.record({
        name: fc.constantFrom('Coke', 'Sprite', 'Pepsi', 'Poutine Fries', 'Garlic Bread'),
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
    },
  );

const HHMM = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const googleToken = fc
  .record({
    subject: fc.nat(12),
    email: fc.constantFrom('alice', 'bob', 'new', 'carol'),
    verified: fc.boolean(),
    stale: fc.boolean(),
  })
  .map(
    ({ subject, email, verified, stale }) =>
      new Late(`google token ${subject}/${email}`, () =>
        keys.signIdToken({
          sub: `fuzz-subject-${subject}`,
          email:
            email === 'new'
              ? `google-${subject}@example.com`
              : actor(email === 'alice' ? 'alice' : email === 'bob' ? 'bob' : 'carol').email,
          email_verified: verified,
          name: 'Fuzz Google',
          ...(stale ? { exp: Math.floor(Date.now() / 1000) - 60 } : {}),
        }),
      ),
  );

const partial = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(model, { requiredKeys: [] });

// ---------------------------------------------------------------------------------------------
// Known valid payloads: how deep a case can reach into a route's handler

interface SeedParts {
  params?: Record<string, fc.Arbitrary<Ref>>;
  query?: fc.Arbitrary<unknown>;
  body?: fc.Arbitrary<unknown>;
  headers?: fc.Arbitrary<Record<string, string>>;
  prep?: fc.Arbitrary<Prep[]>;
  /** The body is an image's bytes, not JSON. */
  image?: true;
}

type Seed = (self: string) => SeedParts;

const SEEDS: Record<string, Seed> = {
  'GET /api/products': () => ({
    query: partial({ category: fc.constantFrom(...CATEGORIES, ...SEGMENTS) }),
  }),
  'POST /api/auth/register': () => ({
    body: fc.record({
      name: fc.constantFrom('New Customer', 'Zoë O’Brien-Smith'),
      email: fc.constant(uniqueEmail('fuzz-register')),
      password: fc.constantFrom(TEST_PASSWORD, 'another good password'),
      contacts: fc.constantFrom([], [CONTACT]),
    }),
  }),
  'POST /api/auth/login': () => ({
    body: fc.record({
      email: fc
        .constantFrom('alice', 'bob', 'nobody')
        .map((who) =>
          who === 'nobody'
            ? 'nobody@example.com'
            : new Late(`${who}'s email`, () => actor(who === 'alice' ? 'alice' : 'bob').email),
        ),
      password: fc.constantFrom(TEST_PASSWORD, 'wrong password'),
    }),
  }),
  'POST /api/auth/social-login': () => ({ body: fc.record({ credential: googleToken }) }),
  'POST /api/auth/forgot-password': () => ({
    body: fc.record({
      email: fc
        .constantFrom('alice', 'nobody')
        .map((who) =>
          who === 'nobody'
            ? uniqueEmail('fuzz-forgot')
            : new Late(`alice's email`, () => actor('alice').email),
        ),
    }),
  }),
  'POST /api/auth/reset-password': () => ({
    body: fc.record({
      token: fc.string({ minLength: 1, maxLength: 60 }),
      password: fc.constantFrom(TEST_PASSWORD, 'short'),
    }),
  }),
  'POST /api/user/:userId/contacts': () => ({
    body: fc.record({
      phone: fc.constantFrom('519-555-0100', '(519) 555-0142', '+1 519 555 0199'),
      address: fc.constantFrom('12 Main St, Guelph ON', '1 Gordon St, Guelph, Ontario'),
      isDefault: fc.boolean(),
    }),
  }),
  'PUT /api/user/:userId/contacts/:contactId': () => ({
    body: fc.record({
      phone: fc.constantFrom('519-555-0100', '519-555-0177'),
      address: fc.constantFrom('12 Main St, Guelph ON', '50 Stone Rd, Guelph ON'),
      isDefault: fc.boolean(),
    }),
  }),
  'POST /api/cart': (self) => ({
    body: cartLine().map((line) => ({ ...line, userId: self })),
    prep: fc.constantFrom<Prep[]>([], [], ['reset']),
  }),
  'GET /api/cart': (self) => ({ query: fc.constant({ userId: self }) }),
  'POST /api/cart/merge-cart': (self) => ({
    body: fc.record({
      userId: fc.constant(self),
      localCart: fc.array(cartLine(), { maxLength: 6 }),
    }),
  }),
  'GET /api/cart/:userId/updateTotalPrice': () => ({
    query: fc.oneof(
      fc.record({ tipPercent: fc.constantFrom(...TIP_PERCENTS.map(String)) }),
      fc.record({
        tip: fc.constantFrom('0', '0.00', '1.25', '16.00', '2.5'),
        newTotalPrice: fc.constantFrom('12.50', '0'),
      }),
    ),
  }),
  'PUT /api/cart/:userId/:itemId': () => ({
    body: fc.record({ quantity: fc.integer({ min: 1, max: 99 }) }),
  }),
  'POST /api/cart/confirm': (self) => ({
    body: fc.record({
      userId: fc.constant(self),
      deliveryType: fc.constantFrom('pickup', 'delivery', 'Delivery '),
      contactInfo: fc.constantFrom(
        { phone: CONTACT.phone, address: CONTACT.address },
        { phone: 5195550100, address: CONTACT.address },
        { phone: CONTACT.phone, address: '' },
      ),
      scheduledTime: fc.constantFrom(
        null,
        null,
        '11/24/2026, 7:30:00 PM',
        '11/24/2026, 9:00:00 PM',
        '11/25/2026, 12:00:00 PM',
        '2026-11-24T20:00:00-05:00',
        '11/24/2026, 11:45:00 PM',
      ),
      instructions: fc.constantFrom('', 'Ring twice'),
    }),
    prep: fc.constantFrom<Prep[]>(['filledCart'], ['reset', 'filledCart'], []),
  }),
  'POST /api/orders/complete-order': (self) => ({
    body: fc.record({
      userId: fc.constant(self),
      paymentIntentId: fc.constant(null),
      paymentOption: fc.constantFrom('pickup', 'cash'),
    }),
    headers: fc.oneof(
      fc.constant({}),
      fc
        .constantFrom('key-1', 'key-2', ' ', 'k'.repeat(250), 'ké')
        .map((key) => ({ 'idempotency-key': key })),
    ),
    prep: fc.constantFrom<Prep[]>(['reset', 'confirmedCart'], ['confirmedCart'], []),
  }),
  'GET /api/orders/sse': (self) => ({
    query: fc.record({
      userId: fc.constant(self),
      lastEventId: fc.constantFrom('0', '1', '99999999', '-1', 'abc', '1.5'),
    }),
  }),
  'GET /api/staff/orders': () => ({
    query: partial({
      status: fc.oneof(
        fc.constantFrom('pending', 'pending,accepted', 'ready, out-for-delivery', ''),
        fc.subarray([...ALL_STATES.filter((s) => s !== 'done'), 'completed', 'declined']),
      ),
    }),
  }),
  'GET /api/staff/orders/stream': () => ({
    query: partial({ lastEventId: fc.constantFrom('0', '5', '-1', 'x') }),
  }),
  'POST /api/staff/orders/:orderId/accept': () => ({
    params: { orderId: orderRef('pending', 'pending', 'pending', 'accepted', 'done') },
    body: partial({
      minutes: fc.oneof(fc.integer({ min: 1, max: 240 }), fc.constantFrom(null, '25', ' 30 ')),
    }),
  }),
  'POST /api/staff/orders/:orderId/decline': () => ({
    params: { orderId: orderRef('pending', 'pending', 'pending', 'accepted', 'done') },
    body: fc.record({ reason: fc.constantFrom(...DECLINE_REASON_CHOICES, '  Out of dough  ') }),
  }),
  'POST /api/staff/orders/:orderId/dismiss-missed': () => ({
    params: { orderId: orderRef('done', 'pending', 'accepted') },
    body: fc.constant({}),
  }),
  'POST /api/staff/orders/:orderId/status': () => ({
    params: { orderId: orderRef('accepted', 'ready', 'out-for-delivery', 'pending', 'done') },
    body: fc.record(
      {
        status: fc.constantFrom(...LATER_STATUSES),
        reason: fc.constantFrom('Oven broke', 'Driver unavailable'),
      },
      { requiredKeys: ['status'] },
    ),
  }),
  'PUT /api/staff/store': () => ({
    body: partial({
      mode: fc.constantFrom('auto', 'open', 'closed'),
      hours: fc.array(fc.option(fc.record({ open: HHMM, close: HHMM }), { nil: null }), {
        minLength: 7,
        maxLength: 7,
      }),
      deliveryFee: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom('4.99', 3.5)),
      acceptanceWindowMinutes: fc.integer({ min: 1, max: 1440 }),
      pauseMinutes: fc.integer({ min: 0, max: 480 }),
      pauseUntil: fc.constantFrom(null, '2026-11-24T23:30:00Z', '2026-11-24T18:30:00-05:00'),
      name: fc.constantFrom('Guelph Pizza', 'Pizza & Wings'),
      phone: fc.constantFrom('519-555-0100', '(519) 555-0111'),
      pickupLeadMinutes: fc.integer({ min: 0, max: 120 }),
      deliveryLeadMinutes: fc.integer({ min: 0, max: 180 }),
    }),
  }),
  'POST /api/staff/products': () => ({
    body: fc.record(
      {
        name: fc.constantFrom('Fuzz Special', 'Wings', 'Lunch Deal', ''),
        category: fc.constantFrom('Wings', 'Combos', 'TwoforOneDeals', 'Sides', 'Pasta'),
        price: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.constantFrom('12.99', 8.5)),
        description: fc.constantFrom('', 'Made by the fuzzer.'),
        details: partial({
          sizes: fc.constantFrom(['Small', 'Large'], ['10 pcs']),
          sizePrices: fc.constantFrom({ Small: 0, Large: 4 }, { Small: '-1' }, {}),
          wingsFlavors: fc.constantFrom(['Mild'], ['Hot', 'Hot']),
          drinks: fc.constantFrom(['Coke'], []),
          maxDrinks: fc.integer({ min: -1, max: 3 }),
          pizzas: fc.integer({ min: 0, max: 3 }),
        }),
      },
      { requiredKeys: ['name', 'category', 'price'] },
    ),
  }),
  'PATCH /api/staff/products/:id': () => ({
    body: partial({
      available: fc.boolean(),
      price: fc.oneof(
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(12.99, '12.99', '8', 0.01, 1000),
      ),
    }),
  }),
  'POST /api/staff/products/:id/image': () => ({ image: true }),
  'GET /api/staff/toppings': () => ({}),
  'POST /api/staff/toppings': () => ({
    body: fc.record({ name: fc.constantFrom('Feta', 'Fuzz Topping', 'bacon', '', ' Ham ') }),
  }),
  'PATCH /api/staff/toppings/:id': () => ({
    body: partial({
      available: fc.boolean(),
      soldOut: fc.boolean(),
      name: fc.constantFrom('Extra Cheese', 'Bacon', 'Fuzz Renamed', ''),
      hidden: fc.boolean(),
      position: fc.integer({ min: -1, max: 40 }),
    }),
  }),
  // The menu as exported, mostly as a dry run; an import that hides or moves products is
  // undone by resetWorld.
  'PUT /api/staff/menu': () => ({
    query: fc.constantFrom<Record<string, string>>({ dryRun: 'true' }, { dryRun: 'true' }, {}),
    body: fc.constant(new Late('the exported menu', () => exportMenu(t.db))),
  }),

  'PATCH /api/staff/flavours/:name': () => ({ body: fc.record({ available: fc.boolean() }) }),
  'POST /api/staff/categories': () => ({
    body: fc.record({
      title: fc.constantFrom('Desserts', 'Fuzz Category', 'wings', '', ' Lunch ', 'Staff'),
      kind: fc.constantFrom('simple', 'wings', 'pizza-deal', 'dessert', ''),
    }),
  }),
  'PATCH /api/staff/categories/:id': () => ({
    body: partial({
      title: fc.constantFrom('Wings', 'Sides', 'Hot Wings', ''),
      hidden: fc.boolean(),
      offer: fc.boolean(),
      image: fc.constantFrom(null, '/images/wings.svg', 'https://example.com/x.png'),
      position: fc.integer({ min: -1, max: 20 }),
    }),
  }),
  'DELETE /api/staff/categories/:id': () => ({}),
  'POST /api/staff/users': () => ({
    body: fc.record({
      name: fc.constantFrom('New Staff', 'Sam'),
      email: fc.constant(uniqueEmail('fuzz-staff')),
      password: fc.constantFrom(TEST_PASSWORD, 'a staff password'),
    }),
  }),
  'POST /api/staff/users/:id/password': () => ({
    body: fc.record({ password: fc.constantFrom('a new password 1', TEST_PASSWORD) }),
  }),
  'GET /api/staff/reports/orders.csv': () => ({
    query: fc.record({
      from: fc.constantFrom('2026-11-01', '2026-11-24', '2026-12-01'),
      to: fc.constantFrom('2026-11-24', '2026-11-30', '2026-10-01'),
    }),
  }),
  'GET /api/staff/menu/history': () => ({
    query: fc.oneof(
      fc.record({ day: fc.constantFrom('2026-11-24', '2026-11-25', '2026-02-30') }),
      fc.record({ id: fc.constantFrom('Hot', 'not-an-item') }),
      fc.constant({}),
    ),
  }),
};

// ---------------------------------------------------------------------------------------------
// A case for any route

type Kind = 'staff' | 'user' | 'public';

const namesUserIn = (schema: JsonSchema | undefined): boolean => {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null && 'userId' in properties;
};

function kindOf(key: string): Kind {
  const { path } = splitRoute(key);
  if (path.startsWith('/api/staff/')) return 'staff';
  const schemas = routeSchemas(key);
  if (path.includes(':userId') || namesUserIn(schemas.querystring) || namesUserIn(schemas.body)) {
    return 'user';
  }
  return 'public';
}

const weighted = <T>(entries: [T, number][]): fc.Arbitrary<T> =>
  fc.oneof(...entries.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));

/** Mostly the callers the route is for, sometimes anyone else. */
const CALLERS: Record<Kind, fc.Arbitrary<Who>> = {
  staff: weighted<Who>([
    ['dave', 8],
    ['carol', 6],
    ['alice', 1],
    ['anonymous', 1],
  ]),
  user: weighted<Who>([
    ['alice', 10],
    ['bob', 4],
    ['carol', 1],
    ['anonymous', 1],
  ]),
  public: weighted<Who>([
    ['anonymous', 4],
    ['alice', 3],
    ['carol', 1],
    ['dave', 1],
  ]),
};

/** The schema's shape, with the caller's id where it names a user (as a client would send). */
function fromSchema(schema: JsonSchema, self: string): fc.Arbitrary<unknown> {
  const arbitrary = arbitraryOf(schema);
  if (!namesUserIn(schema)) return arbitrary;
  return fc
    .tuple(arbitrary, fc.boolean())
    .map(([value, own]) =>
      own && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ...value, userId: self }
        : value,
    );
}

const anyJson = fc.jsonValue({ maxDepth: 3 });
const MALFORMED_JSON = ['{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"x":"\\ud800"}', ''];

/** The input of one part (query or body): known, from the schema or anything; mutated or not. */
function inputArbitrary(
  seed: fc.Arbitrary<unknown> | undefined,
  schema: JsonSchema | undefined,
  self: string,
  absent: number,
): fc.Arbitrary<{ value: unknown; source: string }> {
  const tagged = (arbitrary: fc.Arbitrary<unknown>, source: string) =>
    arbitrary.map((value) => ({ value, source }));
  const mutated = (arbitrary: fc.Arbitrary<unknown>, source: string) =>
    fc
      .tuple(arbitrary, mutations)
      .map(([value, changes]) => ({ value: mutate(value, changes), source: `${source}+mutated` }));
  const options: { weight: number; arbitrary: fc.Arbitrary<{ value: unknown; source: string }> }[] =
    [];
  if (seed) {
    options.push({ weight: 9, arbitrary: tagged(seed, 'known') });
    options.push({ weight: 6, arbitrary: mutated(seed, 'known') });
  }
  if (schema) {
    const shaped = fromSchema(schema, self);
    options.push({ weight: seed ? 2 : 8, arbitrary: tagged(shaped, 'schema') });
    options.push({ weight: seed ? 1 : 5, arbitrary: mutated(shaped, 'schema') });
  }
  options.push({ weight: 2, arbitrary: tagged(anyJson, 'any') });
  options.push({ weight: 1, arbitrary: tagged(hostileValue, 'any') });
  if (absent > 0)
    options.push({ weight: absent, arbitrary: tagged(fc.constant(undefined), 'none') });
  return fc.oneof(...options);
}

const imageBody: fc.Arbitrary<Body> = fc.record({
  image: weighted<ImageKind>([
    ['png', 4],
    ['truncated', 1],
    ['garbage', 1],
    ['empty', 1],
  ]),
  type: weighted([
    ['image/png', 6],
    ['image/jpeg', 1],
    ['image/webp', 1],
    ['application/json', 1],
    ['text/plain', 1],
  ]),
});

function caseArbitrary(key: string): fc.Arbitrary<FuzzCase> {
  const { method, path } = splitRoute(key);
  const schemas = routeSchemas(key);
  const kind = kindOf(key);
  return CALLERS[kind].chain((caller) => {
    const self = actor(selfOf(caller)).id;
    const seed = SEEDS[key]?.(self) ?? {};
    const params = fc.record(
      Object.fromEntries(
        pathParams(path).map((name) => [name, seed.params?.[name] ?? paramArbitrary(name, path)]),
      ),
    );
    const query = inputArbitrary(
      seed.query,
      schemas.querystring,
      self,
      seed.query || schemas.querystring ? 1 : 12,
    );
    const hasBody = method !== 'GET';
    const body: fc.Arbitrary<{ body: Body | undefined; source: string }> = !hasBody
      ? fc.constant({ body: undefined, source: '' })
      : seed.image
        ? fc.oneof(
            { weight: 6, arbitrary: imageBody.map((image) => ({ body: image, source: 'known' })) },
            { weight: 1, arbitrary: anyJson.map((json) => ({ body: { json }, source: 'any' })) },
          )
        : fc.oneof(
            {
              weight: 12,
              arbitrary: inputArbitrary(
                seed.body,
                schemas.body,
                self,
                seed.body || schemas.body ? 0 : 8,
              ).map(({ value, source }) => ({
                body: value === undefined ? undefined : { json: value },
                source,
              })),
            },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom(...MALFORMED_JSON)
                .map((raw) => ({ body: { raw }, source: 'malformed' })),
            },
          );
    return fc
      .record({
        params,
        query,
        body,
        headers: seed.headers ?? fc.constant({}),
        prep: seed.prep ?? fc.constant<Prep[]>([]),
        reset: fc.nat(9),
        // One case in twelve sells a topping out first.
        soldOutTopping: fc.oneof(
          { weight: 11, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.nat() },
        ),
      })
      .map(({ params: refs, query: q, body: b, headers, prep, reset, soldOutTopping }) => ({
        route: key,
        caller,
        params: refs,
        query: q.value,
        body: b.body,
        headers,
        prep: reset === 0 && !prep.includes('reset') ? ['reset' as const, ...prep] : prep,
        soldOutTopping,
        source: [hasBody ? b.source : q.source].filter(Boolean).join(' ') || 'none',
      }));
  });
}

// ---------------------------------------------------------------------------------------------
// Running a case

let addressCounter = 0;
/** A fresh source address per request: the per-IP limits must not hide what the input does. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 62_500) % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

interface Request {
  method: Method;
  url: string;
  who: Who | 'erin';
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

async function inject(request: Request): Promise<LightMyRequestResponse> {
  const cookie = cookieOf(request.who);
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...request.headers,
      ...(cookie ? { cookie } : {}),
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
    },
    remoteAddress: nextAddress(),
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    // Every answer read as a stream: a server-sent-event route is read up to its first frame
    // and then left, as a browser tab would; any other answer is read whole.
    payloadAsStream: true,
  });
  return settleStream(response);
}

/** A set-up request: it must not fail with a 5xx either; a refusal is left to the case. */
async function setup(
  method: Method,
  url: string,
  who: Who | 'erin',
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const response = await inject({
    method,
    url,
    who,
    ...(body !== undefined
      ? { payload: JSON.stringify(body), contentType: 'application/json' }
      : {}),
  });
  expect(
    response.statusCode,
    `set-up ${method} ${url} -> ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  return response;
}

/** The store as it was seeded: open by its hours, no pause, its lead times and fee. */
let baselineStore: Record<string, unknown>;
const STORE_COLUMNS = [
  'open_mode',
  'weekly_hours',
  'delivery_fee_cents',
  'acceptance_window_minutes',
  'lead_time_minutes',
  'delivery_lead_time_minutes',
  'pause_until',
] as const;

/**
 * The toppings back under their seeded names (the admin's cases rename some and add others):
 * every topping not as seeded gets a name of its own first, so no seeded name is taken when it
 * is put back.
 */
async function restoreToppingNames(): Promise<void> {
  const seeded = baselineToppings.map((topping) => `${topping.id} ${topping.name}`);
  await t.db.query(
    `update toppings set name = 'Fuzz ' || id::text
      where not (id::text || ' ' || name = any($1::text[])) and name <> 'Fuzz ' || id::text`,
    [seeded],
  );
  await t.db.query(
    `update toppings t set name = b.name
       from unnest($1::uuid[], $2::text[]) as b(id, name)
      where t.id = b.id and t.name <> b.name`,
    [
      baselineToppings.map((topping) => topping.id),
      baselineToppings.map((topping) => topping.name),
    ],
  );
}

/** The menu (toppings and flavours too) back on sale and the store back to its seeded controls. */
async function resetWorld(): Promise<void> {
  await t.db.query('update products set sold_out = false where sold_out');
  await restoreToppingNames();
  await t.db.query('update toppings set sold_out = false, hidden = false where sold_out or hidden');
  await t.db.query('delete from sold_out_flavours');
  // A menu import may hide what a document left out.
  await t.db.query('update products set hidden = false where hidden');
  await t.db.query('update toppings set hidden = false where hidden');
  // Categories made, renamed, hidden, moved or made the offer by the category routes.
  await t.db.query(
    `delete from categories c where not (c.id = any($1::text[]))
        and not exists (select 1 from products p where p.category = c.id)`,
    [CATEGORIES],
  );
  // The offer taken from whichever category holds it first: one statement restoring both would
  // meet the one-offer index half way (its rows are checked one by one).
  await t.db.query(
    `update categories set offer = false where offer and not (id = any($1::text[]))`,
    [SEEDED_CATEGORIES.filter((category) => category.offer).map((category) => category.id)],
  );
  await t.db.query(
    `update categories c set title = s.title, hidden = false, offer = s.offer, image = null,
            available_at = null, sort_order = s.place - 1
       from unnest($1::text[], $2::text[], $3::boolean[]) with ordinality as s(id, title, offer, place)
      where c.id = s.id and (c.title, c.hidden, c.offer, c.image, c.available_at, c.sort_order)
            is distinct from (s.title, false, s.offer, null, null, s.place - 1)`,
    [
      CATEGORIES,
      SEEDED_CATEGORIES.map((category) => category.title),
      SEEDED_CATEGORIES.map((category) => category.offer),
    ],
  );
  await untilMenuHeard(t.app, t.db);
  const [now] = await t.db.query(`select ${STORE_COLUMNS.join(', ')} from store_settings`);
  if (JSON.stringify(now) !== JSON.stringify(baselineStore)) {
    await t.db.query(
      `update store_settings set open_mode = $1, weekly_hours = $2::jsonb, delivery_fee_cents = $3,
              acceptance_window_minutes = $4, lead_time_minutes = $5,
              delivery_lead_time_minutes = $6, pause_until = $7`,
      STORE_COLUMNS.map((column) =>
        column === 'weekly_hours' ? JSON.stringify(baselineStore[column]) : baselineStore[column],
      ),
    );
  }
}

async function cartLineIds(userId: string): Promise<string[]> {
  const rows = await t.db.query<{ id: string }>(
    `select i.id from cart_items i join carts c on c.id = i.cart_id
      where c.user_id = $1 and c.status = 'active' order by i.position desc limit 8`,
    [userId],
  );
  return rows.map((row) => row.id);
}

async function fillCart(who: Person | 'erin'): Promise<void> {
  if ((await cartLineIds(actor(who).id)).length > 0) return;
  await t.db.query(`update products set sold_out = false where name = 'Coke' and sold_out`);
  await untilMenuHeard(t.app, t.db);
  await setup('POST', '/api/cart', who, { userId: actor(who).id, name: 'Coke', quantity: 1 });
}

async function confirmCart(who: Person | 'erin', delivery = false): Promise<void> {
  await fillCart(who);
  await setup('POST', '/api/cart/confirm', who, {
    userId: actor(who).id,
    deliveryType: delivery ? 'delivery' : 'pickup',
    contactInfo: { phone: CONTACT.phone, address: CONTACT.address },
    scheduledTime: null,
  });
}

const STATES_OF: Record<OrderState, string[]> = {
  pending: ['pending'],
  accepted: ['accepted'],
  ready: ['ready'],
  'out-for-delivery': ['out-for-delivery'],
  done: ['completed', 'declined', 'cancelled'],
};

/** Orders placed for the current case (what its references named did not exist yet). */
let ordersSupplied = 0;

/** A new order of erin's, taken to `state` by the staff API. */
async function supplyOrder(state: OrderState): Promise<void> {
  ordersSupplied += 1;
  await resetWorld();
  await confirmCart('erin', state === 'out-for-delivery');
  const placed = await setup('POST', '/api/orders/complete-order', 'erin', {
    userId: actor('erin').id,
    paymentIntentId: null,
    paymentOption: 'pickup',
  });
  expect(placed.statusCode, `set-up order: ${placed.body}`).toBe(201);
  const id = placed.json<{ order: { _id: string } }>().order._id;
  const step = async (url: string, body: unknown) => {
    const response = await setup('POST', `/api/staff/orders/${id}/${url}`, 'dave', body);
    expect(response.statusCode, `set-up ${url}: ${response.body}`).toBe(200);
  };
  if (state === 'done') return step('decline', { reason: 'busy' });
  if (state === 'pending') return;
  await step('accept', { minutes: 20 });
  if (state === 'ready' || state === 'out-for-delivery') await step('status', { status: state });
}

async function orderIds(state: OrderState): Promise<string[]> {
  const rows = await t.db.query<{ id: string }>(
    'select id from orders where status = any($1::text[]) order by number desc limit 8',
    [STATES_OF[state]],
  );
  return rows.map((row) => row.id);
}

/** Picks the index'th of `ids` (found or made), or a fresh UUID when there is still none. */
const pick = (ids: readonly string[], index: number): string =>
  ids[index % Math.max(ids.length, 1)] ?? '00000000-0000-4000-8000-000000000000';

/** The text a reference stands for now; creates what it names when there is none yet. */
async function resolveRef(ref: Ref, caller: Who): Promise<string> {
  const personOf = (side: 'self' | 'other'): Person =>
    side === 'self' ? selfOf(caller) : otherOf(caller);
  switch (ref.ref) {
    case 'raw':
      return ref.text;
    case 'user':
      return actor(ref.who === 'self' || ref.who === 'other' ? personOf(ref.who) : ref.who).id;
    case 'order': {
      let ids = await orderIds(ref.state);
      if (ids.length === 0) {
        await supplyOrder(ref.state);
        ids = await orderIds(ref.state);
      }
      return pick(ids, ref.index);
    }
    case 'cartItem': {
      const who = personOf(ref.owner);
      if ((await cartLineIds(actor(who).id)).length === 0) await fillCart(who);
      return pick(await cartLineIds(actor(who).id), ref.index);
    }
    case 'contact':
    case 'phone': {
      const who = personOf(ref.owner);
      const query = `select id, phone from contacts where user_id = $1 order by created_at limit 8`;
      let rows = await t.db.query<{ id: string; phone: string }>(query, [actor(who).id]);
      if (rows.length === 0) {
        await setup('POST', `/api/user/${actor(who).id}/contacts`, who, CONTACT);
        rows = await t.db.query(query, [actor(who).id]);
      }
      const row = rows[ref.index % Math.max(rows.length, 1)];
      return ref.ref === 'contact'
        ? (row?.id ?? 'none')
        : encodeURIComponent(row?.phone ?? '519-555-0100');
    }
    case 'product':
      return pick(
        products.map((product) => product.id),
        ref.index,
      );
    case 'category': {
      // A category by its segment (the storefront's routes) or its id (the staff's).
      const names = [...SEGMENTS, ...CATEGORIES];
      return names[ref.index % names.length] ?? 'wings';
    }
    case 'topping': {
      const rows = await t.db.query<{ id: string }>('select id from toppings order by name');
      return pick(
        rows.map((row) => row.id),
        ref.index,
      );
    }
    case 'flavour':
      return pick([...new Set(products.flatMap((product) => flavorOptions(product)))], ref.index);
    case 'staffUser': {
      const query = `select id from users where role in ('staff', 'admin') order by created_at`;
      let rows = await t.db.query<{ id: string }>(query);
      if (rows.length <= 2) {
        // Someone the admin may remove or reset besides carol (who is put back after each case).
        await t.db.query(
          `insert into users (name, email, role) values ('Disposable', $1, 'staff')`,
          [`disposable-${(uniqueCounter += 1)}@example.com`],
        );
        rows = await t.db.query(query);
      }
      return pick(
        rows.map((row) => row.id),
        ref.index,
      );
    }
  }
}

/** A query value as text: arrays repeat the key, objects go as JSON, null as nothing. */
function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    return `?${encodeURIComponent(JSON.stringify(query))}`;
  }
  const search = new URLSearchParams();
  // Strings as they are, null as nothing, anything else as its JSON ("12.99" stays a string).
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, text(item));
  }
  const built = search.toString();
  return built ? `?${built}` : '';
}

async function imageBytes(kind: ImageKind): Promise<Buffer> {
  switch (kind) {
    case 'png':
      return photo;
    case 'truncated':
      return photo.subarray(0, Math.floor(photo.length / 2));
    case 'garbage':
      return Buffer.from('not an image at all, just text pretending');
    case 'empty':
      return Promise.resolve(Buffer.alloc(0));
  }
}

interface Tally {
  cases: number;
  ok: number;
  refused: number;
}
const tally = (): Tally => ({ cases: 0, ok: 0, refused: 0 });
const byRoute = new Map<string, Tally>();
const byFamily = new Map<string, Tally>();
const bySource = new Map<string, Tally>();
/** How long the cases took; 0 until they all passed. */
let fuzzMs = 0;

/** The route's family for the report: its first path segment, the second under /api/staff. */
function familyOf(key: string): string {
  const [first, second] = splitRoute(key).path.split('/').slice(2);
  return first === 'staff' ? `staff/${second ?? ''}` : (first ?? '');
}

function count(map: Map<string, Tally>, key: string, status: number): void {
  const entry = map.get(key) ?? tally();
  entry.cases += 1;
  if (status < 300) entry.ok += 1;
  else entry.refused += 1;
  map.set(key, entry);
}

/**
 * Every cart or order in an answer adds up: each line is its unit price times its quantity, the
 * subtotal their sum, HST and tip the domain's rates of it, the total all of them.
 */
function moneyProblems(value: unknown, at = 'answer'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => moneyProblems(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const problems = Object.entries(record).flatMap(([key, item]) =>
    moneyProblems(item, `${at}.${key}`),
  );
  const { subtotal, hst, tip, tipPercent, deliveryFee, totalPrice, items } = record;
  if (
    typeof subtotal !== 'number' ||
    typeof hst !== 'number' ||
    typeof tip !== 'number' ||
    typeof tipPercent !== 'number' ||
    typeof deliveryFee !== 'number' ||
    typeof totalPrice !== 'number' ||
    !Array.isArray(items)
  ) {
    return problems;
  }
  const cents = toCents(subtotal);
  let sum = 0;
  for (const item of items as {
    priceByQuantity?: unknown;
    totalPrice?: unknown;
    quantity?: unknown;
  }[]) {
    const unit = typeof item.priceByQuantity === 'number' ? toCents(item.priceByQuantity) : NaN;
    const line = typeof item.totalPrice === 'number' ? toCents(item.totalPrice) : NaN;
    if (line !== unit * Number(item.quantity))
      problems.push(`${at}: a line is not its unit price × quantity`);
    sum += line;
  }
  if (sum !== cents) problems.push(`${at}: subtotal ${subtotal} is not the sum of its lines`);
  if (toCents(hst) !== mulDivRoundHalfUp(cents, HST_PERCENT, 100))
    problems.push(`${at}: HST ${hst}`);
  if (toCents(tip) !== mulDivRoundHalfUp(cents, tipPercent, 100))
    problems.push(`${at}: tip ${tip}`);
  if (toCents(totalPrice) !== cents + toCents(hst) + toCents(tip) + toCents(deliveryFee)) {
    problems.push(`${at}: total ${totalPrice} is not the sum of its parts`);
  }
  return problems;
}

/** The quantity of every line of an active cart, by line id. */
async function activeLineQuantities(): Promise<Map<string, number>> {
  const rows = await t.db.query<{ id: string; quantity: number }>(
    `select i.id, i.quantity from cart_items i join carts c on c.id = i.cart_id
      where c.status = 'active'`,
  );
  return new Map(rows.map((row) => [row.id, row.quantity]));
}

/**
 * Cart lines the case added or raised while something in them is sold out (the item, a topping,
 * a combo's drink or a flavour): refused with a 409 naming it, never accepted. Lowering such a line is
 * allowed (the customer makes room). The lines written are those of a newer transaction than
 * any before the case (`xmin`).
 */
async function unorderableWrites(
  before: Record<string, string>,
  linesBefore: ReadonlyMap<string, number>,
): Promise<string[]> {
  const version = Number((before.cart_items ?? '0@0').split('@')[1]);
  const rows = await t.db.query<{
    id: string;
    quantity: number;
    name: string;
    sold_out: boolean;
    selection: {
      toppings?: string[][];
      drinks?: { name: string }[];
      flavor?: string;
      wingsFlavor?: string;
    } | null;
  }>(
    `select i.id, i.quantity, i.selection, p.name, p.sold_out
       from cart_items i join products p on p.id = i.product_id
      where i.xmin::text::bigint > $1`,
    [version],
  );
  if (rows.length === 0) return [];
  const soldOut = new Set(
    (
      await t.db.query<{ name: string }>(
        `select name from products where sold_out
         union select name from sold_out_flavours
         union select id::text from toppings where sold_out or hidden`,
      )
    ).map((row) => row.name),
  );
  // A line holds its toppings by id (migration 019): those sold out or hidden are by id above.
  return rows.flatMap((row) => {
    const gone = [
      row.name,
      ...(row.selection?.toppings ?? []).flat(),
      ...(row.selection?.drinks ?? []).map((drink) => drink.name),
      ...[row.selection?.flavor, row.selection?.wingsFlavor].filter((name) => name !== undefined),
    ].filter((name) => soldOut.has(name));
    const lowered = (linesBefore.get(row.id) ?? 0) > row.quantity;
    return gone.length > 0 && !lowered
      ? [`line ${row.id} of ${row.name} written with ${gone.join(', ')} sold out`]
      : [];
  });
}

/**
 * Another account's id or email in an answer to a customer or a stranger, unless the request
 * itself carried it: nobody reads someone else's data. An answer that signs someone in (sets
 * the session cookie: register, login, Google) is its new session's own, about that account.
 */
function leaks(caller: Who, request: Request, response: LightMyRequestResponse): string[] {
  if (caller !== 'anonymous' && actor(caller).role !== 'customer') return [];
  const sent = `${request.url} ${typeof request.payload === 'string' ? request.payload : ''}`;
  const signsIn = response.cookies.some((cookie) => cookie.name === 'sid' && cookie.value !== '');
  const signedIn = signsIn ? response.json<{ user?: { _id?: unknown } }>().user?._id : undefined;
  return [...actors]
    .filter(([name, other]) => name !== caller && other.id !== signedIn)
    .flatMap(([name, other]) =>
      [other.id, other.email]
        .filter((secret) => response.body.includes(secret) && !sent.includes(secret))
        .map((secret) => `${name}'s ${secret === other.id ? 'id' : 'email'} in the answer`),
    );
}

/** What only the server's insides would say, in a message meant for a customer. */
const INTERNALS = [
  /\[object Object\]/,
  /FST_ERR/,
  /\bat \S+\.[cm]?[jt]s:\d+/,
  /duplicate key|violates .* constraint|syntax error at|relation "|column "|invalid input syntax/i,
  /TypeError|ReferenceError|RangeError|ZodError/,
];

/** The inside of the server in an error's message, unless the request itself said it. */
function internals(message: string, request: Request): string[] {
  const sent = `${request.url} ${typeof request.payload === 'string' ? request.payload : ''}`;
  return INTERNALS.filter((pattern) => pattern.test(message) && !pattern.test(sent)).map(
    (pattern) => `the message shows ${String(pattern)}: ${message.slice(0, 200)}`,
  );
}

/** The request as sent, for a failure's message. */
function describeRequest(request: Request, c: FuzzCase): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` <${request.payload.length} bytes of ${request.contentType ?? '?'}>`
        : ` ${request.payload.slice(0, 200)}${request.payload.length > 200 ? '…' : ''}`;
  const headers =
    Object.keys(c.headers).length > 0 ? ` ${JSON.stringify(c.headers).slice(0, 80)}` : '';
  const before = [...c.prep, ...(c.soldOutTopping === null ? [] : ['a topping sold out'])];
  const after = before.length > 0 ? `, after ${before.join(' + ')}` : '';
  return `${request.method} ${request.url.slice(0, 200)}${payload}${headers} [${c.caller}, ${c.source}${after}]`;
}

async function runCase(c: FuzzCase): Promise<void> {
  ordersSupplied = 0;
  const { method, path } = splitRoute(c.route);
  for (const step of c.prep) {
    if (step === 'reset') await resetWorld();
    else if (c.caller !== 'anonymous') {
      if (step === 'filledCart') await fillCart(c.caller);
      else await confirmCart(c.caller);
    }
  }
  if (c.soldOutTopping !== null) {
    await t.db.query(
      `update toppings set sold_out = true
        where id = (select id from toppings order by sort_order, name
                     offset $1 % (select count(*) from toppings) limit 1)`,
      [c.soldOutTopping],
    );
    await untilMenuHeard(t.app, t.db);
  }
  const values: Record<string, string> = {};
  for (const [name, ref] of Object.entries(c.params)) {
    values[name] = await resolveRef(ref, c.caller);
  }
  if (ordersSupplied > 0) {
    // The orders the set-up placed are priced before the case can change the menu under them.
    expect(await checker.check(), 'invariants after the set-up').toEqual([]);
  }
  const url =
    path.replace(/:(\w+)/g, (_all, name: string) => values[name] ?? '') + queryString(c.query);
  const request: Request = { method, url, who: c.caller, headers: c.headers };
  if (c.body && 'image' in c.body) {
    request.payload = await imageBytes(c.body.image);
    request.contentType = c.body.type;
  } else if (c.body && 'raw' in c.body) {
    request.payload = c.body.raw;
    request.contentType = 'application/json';
  } else if (c.body) {
    request.payload = JSON.stringify(await resolveLate(c.body.json));
    request.contentType = 'application/json';
  }

  const before = await writeFingerprint();
  const linesBefore = method === 'GET' ? new Map<string, number>() : await activeLineQuantities();
  const response = await inject(request);
  const status = response.statusCode;
  const what = `${describeRequest(request, c)} -> ${status} ${response.body.slice(0, 300)}`;
  count(byRoute, c.route, status);
  count(byFamily, familyOf(c.route), status);
  count(bySource, c.source.split(' ')[0] ?? 'none', status);

  expect((status >= 200 && status < 300) || (status >= 400 && status < 500), what).toBe(true);
  const type = String(response.headers['content-type'] ?? '');
  const after = status >= 400 || method === 'GET' ? await writeFingerprint() : null;
  if (status >= 400) {
    // An error the UI can show, and nothing changed.
    expect(type, what).toMatch(/^application\/json/);
    const error = response.json<Record<string, unknown>>();
    expect(error.statusCode, what).toBe(status);
    expect(typeof error.code, what).toBe('string');
    expect(typeof error.message === 'string' && error.message.trim().length > 0, what).toBe(true);
    expect(internals(String(error.message), request), what).toEqual([]);
    expect(after, `${what}: a ${status} wrote to the database`).toEqual(before);
  } else {
    if (after && !(c.route in WRITING_GETS)) {
      expect(after, `${what}: a GET wrote to the database`).toEqual(before);
    }
    if (status === 204) expect(response.body, what).toBe('');
    else if (!type.startsWith('text/event-stream')) {
      expect(type, what).toMatch(PRODUCES[c.route] ?? /^application\/json/);
      if (type.startsWith('application/json')) {
        expect(moneyProblems(response.json()), what).toEqual([]);
      }
      // About the caller (their id or email in it): no cache may keep it.
      const caller = c.caller === 'anonymous' ? null : actor(c.caller);
      if (caller && (response.body.includes(caller.id) || response.body.includes(caller.email))) {
        expect(response.headers['cache-control'], what).toMatch(/no-store/);
      }
    }
    expect(leaks(c.caller, request, response), what).toEqual([]);
    if (method !== 'GET') expect(await unorderableWrites(before, linesBefore), what).toEqual([]);
  }
  expect(await checker.check(), `invariants after ${what}`).toEqual([]);
  await heal();
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  keys = await startJwksServer();
  // The acceptance sweeper's timer is real time, and its writes (the owner's day summary once a
  // case's hours have ended the day) could land between a case's two fingerprints: it ticks
  // once at the start only. With the clock fixed it has no window to end meanwhile.
  t = await createTestApp({
    clock,
    config: { google: keys.google, orders: { acceptSweepMs: 3_600_000 } },
  });
  const roles: Record<Person | 'erin', Role> = {
    alice: 'customer',
    bob: 'customer',
    carol: 'staff',
    dave: 'admin',
    erin: 'customer',
  };
  for (const [name, role] of Object.entries(roles) as [Person | 'erin', Role][]) {
    const { user, cookie } = await registerUser(t.app, { contacts: [CONTACT] });
    if (role !== 'customer')
      await t.db.query('update users set role = $2 where id = $1', [user._id, role]);
    actors.set(name, { id: user._id, email: user.email, role, token: cookie.replace(/^sid=/, '') });
  }
  const repo = productsRepository(t.db);
  products = await repo.list();
  const toppings = await repo.toppings();
  toppingNames = new Set(toppings.filter((x) => !x.soldOut).map((x) => x.name));
  baselineToppings = toppings.map(({ id, name }) => ({ id, name }));
  photo = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#e67e22' } })
    .png()
    .toBuffer();
  const [store] = await t.db.query(`select ${STORE_COLUMNS.join(', ')} from store_settings`);
  baselineStore = store ?? {};
  checks = await openCheckConnection(t.db);
  checker = await invariantChecker(t.db, checks, clock);
  writeFingerprint = await writeFingerprinter(t.db, checks);
}, 120_000);

afterAll(async () => {
  await checks.close();
  await t.close();
  await keys.close();
});

/**
 * How often a route is drawn. A route that takes a password hashes it (scrypt, slow by design:
 * 50 to 100 ms here) or checks it, so it is drawn half as often as the others to keep the run's
 * time; it still gets dozens of cases a run.
 */
const weightOf = (key: string): number => {
  const properties = routeSchemas(key).body?.properties;
  const takesPassword =
    typeof properties === 'object' && properties !== null && 'password' in properties;
  return takesPassword ? 1 : 2;
};

/** The routes fuzzed: every /api route of the app but the exclusions. */
const fuzzedRoutes = () => routesOfApp(t.app).filter((key) => !(key in EXCLUDED));

describe('fuzzing every JSON route (fast-check)', () => {
  it('reads the routes and their input schemas from the running app; the exclusions and known payloads name real routes', () => {
    const routes = routesOfApp(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(45);
    expect(recordedRouteCount()).toBeGreaterThanOrEqual(30);
    expect(routeSchemas('POST /api/cart').body).toBeDefined();
    expect(routeSchemas('PUT /api/staff/store').body).toBeDefined();
    for (const key of [...Object.keys(EXCLUDED), ...Object.keys(SEEDS), ...Object.keys(PRODUCES)]) {
      expect(routes, `${key} is not a route of the app`).toContain(key);
    }
  });

  it('its checks see what they look for: a wrong total, a broken history, a deleted event, a bad cart line, a write (self-test)', async () => {
    expect(await checker.check()).toEqual([]);
    await supplyOrder('accepted');
    expect(await checker.check()).toEqual([]);
    const [order] = await t.db.query<{ id: string }>(
      'select id from orders order by number desc limit 1',
    );
    const id = order?.id ?? '';
    const before = await writeFingerprint();
    await t.db.query('update orders set total_cents = total_cents + 1 where id = $1', [id]);
    expect(await writeFingerprint()).not.toEqual(before);
    expect(await checker.check()).toEqual(['total not the sum: 1']);
    await t.db.query('update orders set total_cents = total_cents - 1 where id = $1', [id]);
    expect(await checker.check()).toEqual([]);

    await t.db.query(`insert into order_steps (order_id, status, at) values ($1, 'pending', $2)`, [
      id,
      clock.now(),
    ]);
    expect(await checker.check()).toEqual([
      'steps not events: 1',
      'last step not status: 1',
      `order ${id} went pending → accepted → pending`,
    ]);
    await t.db.query('delete from order_steps where id = (select max(id) from order_steps)');
    expect(await checker.check()).toEqual([]);

    // A deleted row touches no order: the check looks at every order again.
    const [event] = await t.db.query<{ id: string; user_id: string; payload: unknown }>(
      `delete from order_events where id = (select max(id) from order_events where order_id = $1)
       returning id, user_id, payload`,
      [id],
    );
    expect(await checker.check()).toEqual(['steps not events: 1']);
    await t.db.query(
      `insert into order_events (order_id, user_id, type, payload, created_at)
       values ($1, $2, 'order-accepted', $3::jsonb, $4)`,
      [id, event?.user_id, JSON.stringify(event?.payload), clock.now()],
    );
    expect(await checker.check()).toEqual([]);

    await fillCart('alice');
    const [cart] = await t.db.query<{ id: string }>(
      `select id from carts where user_id = $1 and status = 'active'`,
      [actor('alice').id],
    );
    const coke = products.find((product) => product.name === 'Coke')?.id;
    await t.db.query(
      `insert into cart_items (cart_id, product_id, selection, quantity)
       values ($1, $2, '{"toppings": [["Gold leaf"]]}'::jsonb, 1)`,
      [cart?.id, coke],
    );
    const problems = await checker.check();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^cart line .*: Coke is not a valid choice/);
    await t.db.query(`delete from cart_items where selection ? 'toppings' and product_id = $1`, [
      coke,
    ]);
    expect(await checker.check()).toEqual([]);
  });

  it(
    `${RUNS} cases over every route, any caller, plausible and hostile input: 2xx or 4xx, JSON, nothing written on a 4xx, invariants hold`,
    async () => {
      const routes = fuzzedRoutes();
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            ...routes.map((key) => ({ weight: weightOf(key), arbitrary: caseArbitrary(key) })),
          ),
          runCase,
        ),
        {
          numRuns: RUNS,
          // The cases share one database: shrinking would replay a case on a state it did not
          // meet. The failing case is reported as it ran, with the seed to replay the whole run.
          endOnFailure: true,
          ...(REPLAY_SEED !== undefined ? { seed: REPLAY_SEED } : {}),
        },
      );
      fuzzMs = performance.now() - started;
    },
    Math.max(120_000, RUNS * 150),
  );

  it('covered every /api route but the exclusions, and reached the handlers (2xx share per family)', (context) => {
    // After a failing case the counts say nothing: that failure is the report.
    if (fuzzMs === 0) context.skip();
    const share = (entry: Tally) => (entry.cases === 0 ? 0 : entry.ok / entry.cases);
    const percent = (entry: Tally) => `${Math.round(share(entry) * 100)}%`;
    const total = [...byRoute.values()].reduce(
      (sum, entry) => ({
        cases: sum.cases + entry.cases,
        ok: sum.ok + entry.ok,
        refused: sum.refused + entry.refused,
      }),
      tally(),
    );
    const summary = {
      database: testDbKind(),
      cases: total.cases,
      seconds: Math.round(fuzzMs / 100) / 10,
      routes: byRoute.size,
      ok: percent(total),
      families: Object.fromEntries(
        [...byFamily]
          .sort()
          .map(([family, entry]) => [family, `${entry.cases} cases, ${percent(entry)} 2xx`]),
      ),
      sources: Object.fromEntries(
        [...bySource]
          .sort()
          .map(([source, entry]) => [source, `${entry.cases} cases, ${percent(entry)} 2xx`]),
      ),
      perRoute: Object.fromEntries(
        [...byRoute].sort().map(([route, entry]) => [route, `${entry.cases}/${percent(entry)}`]),
      ),
    };
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      `test-results/fuzz-${testDbKind()}.json`,
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    console.info(
      `fuzz (${summary.database}): ${summary.cases} cases on ${summary.routes} routes in ${summary.seconds} s, ${summary.ok} 2xx; ${Object.entries(
        summary.families,
      )
        .map(([family, text]) => `${family} ${text}`)
        .join('; ')}`,
    );
    expect(total.cases).toBe(RUNS);
    const missed = fuzzedRoutes().filter((key) => !byRoute.has(key));
    if (RUNS >= 20 * fuzzedRoutes().length) expect(missed, 'routes no case reached').toEqual([]);
    // The inputs are aimed, not only random: every family's handlers are reached, not just its
    // input checks, and at least a quarter of all cases succeed.
    expect(share(total)).toBeGreaterThan(0.25);
    for (const [family, entry] of byFamily) {
      if (entry.cases >= 30)
        expect(share(entry), `${family}: ${percent(entry)} 2xx`).toBeGreaterThan(0.05);
    }
  });
});
