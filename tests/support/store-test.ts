import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import type { AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/data/db';
import { OPEN_TUESDAY, registerMember, registerPerson, signInAs, type Account } from './orders';
import { createTestApp, type TestApp, type TestDatabaseOptions } from './test-app';
import { TEST_ADMIN, type RegisterOverrides } from './users';

/** A clock the tests move: `fixedClock`'s. */
export type TestClock = ReturnType<typeof fixedClock>;

type Role = 'customer' | 'staff' | 'admin';

/**
 * Who a file signs in before its tests: a role registered over the API (staff and admin given
 * their role in the database), one with its registration's fields (a name the test reads back),
 * or `'owner'`, the configured admin (`TEST_ADMIN`) signed in over the login route.
 */
export type AccountSpec = Role | 'owner' | ({ role: Role } & RegisterOverrides);

export interface StoreTestOptions<Names extends string> {
  /** Default `fixedClock(OPEN_TUESDAY)`; `null` leaves the app its own (the machine's) clock. */
  clock?: TestClock | null;
  /** A function when the settings come from an earlier hook (a mail server's URL, a web folder). */
  config?: Partial<AppConfig> | (() => Partial<AppConfig>);
  database?: TestDatabaseOptions;
  /** Made in this order, after the app is ready. */
  accounts?: Record<Names, AccountSpec>;
  /** For the setup hook, when the accounts or the app take longer than the project's default. */
  timeout?: number;
}

export interface StoreTest<Names extends string> {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly clock: TestClock;
  /**
   * One account per name, the same object before and after setup, so a file can take them
   * once at its top level; reading one before the setup has run throws.
   */
  readonly accounts: Readonly<Record<Names, Account>>;
}

/**
 * The store a test file (or a describe block) runs against: called at its top level, it
 * registers the hooks that start the app on the project's database (`createTestApp`) with a
 * movable clock, make the accounts asked for, and close it all afterwards. Hooks the caller
 * registers after it run after its setup and before its teardown; hooks registered before it
 * (a mail server the config names) run before its setup and after its teardown.
 */
export function storeTest<Names extends string = never>(
  options: StoreTestOptions<Names> = {},
): StoreTest<Names> {
  const clock = options.clock === undefined ? fixedClock(OPEN_TUESDAY) : options.clock;
  const specs = Object.entries(options.accounts ?? {}) as [Names, AccountSpec][];
  const owner = specs.some(([, spec]) => spec === 'owner');
  const made = new Map<Names, Account>();
  const accounts = Object.fromEntries(
    specs.map(([name]) => [name, lateAccount(() => made.get(name), name)]),
  ) as Record<Names, Account>;
  let started: TestApp | undefined;
  const running = (): TestApp => {
    if (!started) throw new Error('storeTest: the app is used before its beforeAll has run');
    return started;
  };

  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    started = await createTestApp({
      ...(clock ? { clock } : {}),
      config: { ...(owner ? { admin: TEST_ADMIN } : {}), ...config },
      ...(options.database ? { database: options.database } : {}),
    });
    for (const [name, spec] of specs) {
      made.set(name, await signIn(started, spec));
    }
  }, options.timeout);
  afterAll(async () => {
    await started?.close();
  });

  return {
    get app() {
      return running().app;
    },
    get db() {
      return running().db;
    },
    get clock() {
      if (!clock) throw new Error('storeTest: this store runs on the machine clock');
      return clock;
    },
    accounts,
  };
}

async function signIn({ app, db }: TestApp, spec: AccountSpec): Promise<Account> {
  if (spec === 'owner') return signInAs(app, TEST_ADMIN);
  const { role, ...overrides } = typeof spec === 'string' ? { role: spec } : spec;
  if (role === 'customer') return (await registerPerson(app, overrides)).account;
  return (await registerMember(app, db, role, overrides)).account;
}

/** An account whose fields are read from `made` when used: enumerable, so it spreads as one. */
function lateAccount(made: () => Account | undefined, name: string): Account {
  const field = (key: keyof Account) => () => {
    const account = made();
    if (!account) throw new Error(`storeTest: account "${name}" is used before its beforeAll`);
    return account[key];
  };
  return Object.defineProperties({} as Account, {
    id: { get: field('id'), enumerable: true },
    cookie: { get: field('cookie'), enumerable: true },
  });
}
