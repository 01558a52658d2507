import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { trustProxySetting } from './trust-proxy';

/** How long the Postgres pool waits for the server, and how many connections it opens. */
export interface DatabaseLimits {
  poolMax: number;
  /** Opening a connection (TCP, TLS, start-up); also the longest wait at start. */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer than this. */
  statementTimeoutMs: number;
  /** The server ends a session left idle inside a transaction longer than this. */
  idleInTransactionTimeoutMs: number;
  /** The client gives up on an answer after this; longer than the statement timeout. */
  queryTimeoutMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolMax: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 10_000,
  queryTimeoutMs: 15_000,
};

/**
 * What one slow or idle client may hold of the server. Node's defaults let a request's body
 * arrive forever (requestTimeout 0): ~20,000 clients dribbling bodies used every file handle
 * and the store answered nobody. Every limit here ends such a socket; the live streams are
 * answers, not requests, so they are not cut (their heartbeat keeps proxies from idling them).
 */
export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this (408 and closed). */
  requestTimeoutMs: number;
  /** The headers alone, from the connection's first byte; never above requestTimeoutMs. */
  headersTimeoutMs: number;
  /** An idle keep-alive socket is closed after this; above a balancer's idle timeout (60 s). */
  keepAliveTimeoutMs: number;
  /** Sockets open at once; more are dropped on connect. Below the process's file limit. */
  maxConnections: number;
  /**
   * Sockets one client address may hold (http/connection-limits.ts says which address). A
   * browser opens at most 6 to a host, streams included, so this is an office or a phone
   * carrier's NAT full of customers, far above what one person or the staff tablet uses.
   */
  maxConnectionsPerClient: number;
  /** How often Node looks for requests past their timeouts (its default is 30 s). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  maxConnections: 15_000,
  maxConnectionsPerClient: 200,
  checkIntervalMs: 1_000,
};

const MINUTE = 60_000;

/**
 * Attempts allowed per window. Per IP stops one machine guessing across many accounts. Sign-in
 * is limited per account and address pair, so someone sending wrong passwords for the admin's
 * email locks out only themselves, not the admin at the counter; a much higher per-account
 * ceiling still caps many machines guessing one password together. A browser that has signed in
 * to the account before (its device cookie, auth/device-cookie.ts) is limited per device instead
 * of by those two, so a crowd reaching the ceiling cannot keep the owner out. Social sign-in
 * names no account until its token is verified, so it is limited per IP only. Asking for a password
 * reset is limited per address (one machine mailing many people) and per email, whether or not
 * it has an account, so the refusal tells nothing (one inbox flooded with links); using a link
 * per address, so each try costs at most one password hash.
 */
export const DEFAULT_RATE_RULES = {
  loginIp: { limit: 20, windowMs: 15 * MINUTE },
  loginAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  loginAccount: { limit: 200, windowMs: 15 * MINUTE },
  registerIp: { limit: 20, windowMs: 60 * MINUTE },
  registerAccount: { limit: 5, windowMs: 60 * MINUTE },
  socialIp: { limit: 30, windowMs: 15 * MINUTE },
  loginDevice: { limit: 10, windowMs: 15 * MINUTE },
  forgotPasswordIp: { limit: 20, windowMs: 60 * MINUTE },
  forgotPasswordEmail: { limit: 3, windowMs: 60 * MINUTE },
  resetPasswordIp: { limit: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

export interface PasswordCheckLimits {
  /** Password hashes (scrypt) computed at once. */
  concurrency: number;
  /** Checks waiting for a turn, per lane; one more is answered 503 with Retry-After. */
  queue: number;
  /** The Retry-After of that 503, in seconds. */
  retryAfterSeconds: number;
}

/**
 * scrypt runs on Node's thread pool (4 threads), which also compresses large answers and reads
 * files, and each hash keeps a core busy. Logins from many addresses, each under its own limits,
 * could fill every thread with hashes and leave everything else waiting behind them. So hashes
 * run one fewer at once than the machine has cores (at least one, at most three): the event
 * loop keeps a core and the pool a free thread. A short queue bounds a waiting login's delay, and
 * past it a 503 with Retry-After costs nothing (docs/security.md's row has the figures).
 */
export const DEFAULT_PASSWORD_CHECKS: PasswordCheckLimits = {
  concurrency: Math.max(1, Math.min(3, availableParallelism() - 1)),
  queue: 16,
  retryAfterSeconds: 2,
};

/** scrypt's work factors for new password hashes (auth/passwords.ts). */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/**
 * What every new password hash costs in a store (decision 3): about 100 ms of one core and
 * 32 MiB. No setting lowers it; only a test's configuration (tests/support/test-app.ts) passes
 * a cheaper one, and the tests about a hash's cost pass this one back.
 */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 15, r: 8, p: 1 };

export type RateRules = Record<
  keyof typeof DEFAULT_RATE_RULES,
  { limit: number; windowMs: number }
>;

/** `address@domain` or `Name <address@domain>`: group 1 the name, group 2 the address. */
const MAIL_FROM_PATTERN = /^(?:([^<>]*?)\s*<)?([^\s<>@]+@([^\s<>@]+))>?$/;

/** MAIL_FROM unset: the store's name goes in front of this address (mail/sender.ts). */
export const DEFAULT_MAIL_ADDRESS = 'orders@localhost';

/** The outgoing mail's settings (src/server/mail). */
export interface MailConfig {
  /** SMTP_URL; null: nothing is sent, mails are held in the outbox. */
  smtpUrl: string | null;
  /** MAIL_FROM as given; null: the store's name at DEFAULT_MAIL_ADDRESS. */
  from: string | null;
  /** The domain of the From address: every Message-ID is `<row id@domain>`. */
  messageIdDomain: string;
  /** OWNER_EMAIL; null: the admin account's email. */
  ownerEmail: string | null;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
  /** Attempts before a mail the server refused for good (5xx) is marked failed. */
  maxPermanentAttempts: number;
  /** The wait after the first failed attempt; doubled after each one, up to maxBackoffMs. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** How often the sender looks for due mails (a queued mail goes out within this). */
  pollMs: number;
  /** One attempt's longest time, connecting included; a claim lasts twice this (sender.ts). */
  sendTimeoutMs: number;
}

export const DEFAULT_MAIL_CONFIG: Omit<
  MailConfig,
  'smtpUrl' | 'from' | 'messageIdDomain' | 'ownerEmail'
> = {
  maxAttempts: 8,
  maxPermanentAttempts: 3,
  firstBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  pollMs: 1_000,
  sendTimeoutMs: 30_000,
};

/** A duration in milliseconds from the environment; below 100 ms is surely a typo. */
const millis = (fallback: number) => z.coerce.number().int().min(100).default(fallback);

/**
 * Every setting comes from the environment, checked once at start by one schema: the process
 * refuses to boot with a clear list of what is wrong. All are optional for a local start.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  // The Postgres schema holding the store's tables (set as the connections' search_path); unset,
  // the server's default search path (normally public). It must exist. `npm run backup` dumps
  // this schema and `npm run restore` replaces it (docs/operations.md).
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case SQL identifier (a-z, 0-9, _)')
    .optional(),
  // Postgres pool limits (why each exists: src/server/README.md, "Data layer: timeouts"); PGlite ignores them.
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DATABASE_LIMITS.poolMax),
  DB_CONNECT_TIMEOUT_MS: millis(DEFAULT_DATABASE_LIMITS.connectTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: millis(DEFAULT_DATABASE_LIMITS.statementTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs),
  DB_QUERY_TIMEOUT_MS: millis(DEFAULT_DATABASE_LIMITS.queryTimeoutMs),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  // Signs device cookies (auth/device-cookie.ts); unset, a random one is kept in DATA_DIR.
  SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  // The address customers reach the store at (https://pizza.example.com): the origin of the links
  // in mails. Never taken from a request's Host header, which the requester writes.
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL such as https://pizza.example.com' })
    .refine((value) => /^[a-z]+:\/\/[^/?#@]+\/?$/i.test(value), {
      message: 'only the origin (scheme, host and port), without a path, query or fragment',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform((value) => value.split(',').map((issuer) => issuer.trim())),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  // How long the order event log keeps an event (the streams' replay horizon), in hours.
  EVENT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(48),
  // How often each server process declines the pending orders whose acceptance window ended.
  ACCEPT_SWEEP_INTERVAL_MS: millis(5_000),
  // Behind a load balancer the client's address comes from X-Forwarded-For; rate limits per IP
  // need it. Off by default so a direct client cannot forge its address. See trustProxySetting.
  TRUST_PROXY: z.string().default('false').transform(trustProxySetting),
  // Only for a trial over plain HTTP on a local network: session cookies then travel in clear.
  INSECURE_COOKIES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // Slow or idle clients must not hold the server's sockets (see HttpLimits).
  REQUEST_TIMEOUT_MS: millis(DEFAULT_HTTP_LIMITS.requestTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: millis(DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs),
  // SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits
  // anyway. Under Docker's 10 s stop grace (then SIGKILL), so our own exit and its log line come
  // first.
  SHUTDOWN_TIMEOUT_MS: millis(8_000),
  // SIGTERM/SIGINT behind a load balancer: how long /healthz answers 503 while every request is
  // still served, so the balancer's health check takes this process out of rotation before it
  // stops taking requests (docs/deploy.md, two processes). 0: stop at once (one process).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(10)
    .max(1_000_000)
    .default(DEFAULT_HTTP_LIMITS.maxConnections),
  // Sockets per client address (see HttpLimits); at most MAX_CONNECTIONS, checked below. Unset,
  // the default, or MAX_CONNECTIONS when that is lower, so lowering the cap alone still starts.
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(10).max(1_000_000).optional(),
  // Outgoing mail (src/server/mail): unset, nothing is sent and the admin's Outbox shows what
  // would have gone out. The user and password ride in the URL; logs never show it (describeSmtp).
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      'an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com',
    )
    .refine((value) => URL.canParse(value), 'not a valid URL')
    .optional(),
  // The From of every mail, `Name <address>` or a bare address; unset, the store's name
  // (its profile) at orders@localhost.
  MAIL_FROM: z
    .string()
    .regex(
      MAIL_FROM_PATTERN,
      'an address, or Name <address>, e.g. Pizza Store <orders@example.com>',
    )
    .optional(),
  // Where the owner's alerts go; unset, to the admin account's email.
  OWNER_EMAIL: z.email().optional(),
  // One delivery attempt's longest time; a mail being sent is claimed for twice this.
  MAIL_SEND_TIMEOUT_MS: millis(DEFAULT_MAIL_CONFIG.sendTimeoutMs),
});

// One setting against another, once each has been checked alone.
const checkedEnvSchema = envSchema.refine(
  (env) => (env.MAX_CONNECTIONS_PER_CLIENT ?? 0) <= env.MAX_CONNECTIONS,
  { path: ['MAX_CONNECTIONS_PER_CLIENT'], message: 'must not be above MAX_CONNECTIONS' },
);

export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * What a new in-memory database starts from: a fresh cluster's `dumpDataDir` (the test
       * run makes one for all its files). Without it the process makes its own, once.
       */
      freshCluster?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      /** Names our connections in pg_stat_activity (tests find their own by it). */
      applicationName?: string;
      /** Missing fields take DEFAULT_DATABASE_LIMITS. */
      limits?: Partial<DatabaseLimits>;
    };

/** The order event log and the live streams (src/server/events). */
export interface EventsConfig {
  /** Events older than this are pruned; a stream cannot replay further back. */
  retentionHours: number;
  /** How often the prune runs. */
  pruneEveryMs: number;
  /** The safety poll: the log is read this often even without a NOTIFY. */
  pollMs: number;
  /** A comment line on every open stream this often, so proxies keep it open. */
  heartbeatMs: number;
  /** Open streams per account in one process; one more is refused with 429. */
  maxStreamsPerUser: number;
}

export const DEFAULT_EVENTS_CONFIG: EventsConfig = {
  retentionHours: 48,
  pruneEveryMs: 60 * 60 * 1000,
  pollMs: 5_000,
  heartbeatMs: 20_000,
  maxStreamsPerUser: 5,
};

/** The order's life on the server (src/server/orders). */
export interface OrdersConfig {
  /** How often the acceptance sweeper runs (it also runs once at start). */
  acceptSweepMs: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: string;
  /** Proxy hops (a count) or proxy addresses whose X-Forwarded-For is believed; 0: none. */
  trustProxy: number | string[];
  http: HttpLimits;
  /** Sign-in and registration attempts per window (routes/auth.ts). */
  rateRules: RateRules;
  /** Password hashes at once and waiting (auth/password-gate.ts). */
  passwordChecks: PasswordCheckLimits;
  /** What new password hashes cost: PASSWORD_COST, whatever the environment says. */
  passwordCost: PasswordCost;
  /** Session cookies without Secure even off this machine (auth/sessions.ts: cookieIsSecure). */
  insecureCookies: boolean;
  /** SESSION_SECRET: signs device cookies (auth/device-cookie.ts); null: `secretFile`'s. */
  sessionSecret: string | null;
  /** Where a generated secret is kept when SESSION_SECRET is unset; null: one per process. */
  secretFile: string | null;
  /** Directory of the built web app; null serves the API only. */
  webDir: string | null;
  imagesDir: string;
  admin: { email: string; password: string } | null;
  google: { clientId: string | null; jwksUrl: string; issuers: string[] };
  mapsApiKey: string | null;
  /** PUBLIC_ORIGIN: where the links in mails point; unset, http://localhost:<port>. */
  publicOrigin: string;
  events: EventsConfig;
  orders: OrdersConfig;
  mail: MailConfig;
  /** On SIGTERM/SIGINT, the longest wait for requests in flight before exiting anyway. */
  shutdownTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long /healthz says 503 before the server stops taking requests. */
  shutdownDrainMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}),
          limits: {
            poolMax: e.DB_POOL_MAX,
            connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
            idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
            queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
          },
        }
      : { kind: 'pglite', dataDir: `${e.DATA_DIR}/pglite` },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateRules: DEFAULT_RATE_RULES,
    passwordChecks: DEFAULT_PASSWORD_CHECKS,
    passwordCost: PASSWORD_COST,
    http: {
      ...DEFAULT_HTTP_LIMITS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(DEFAULT_HTTP_LIMITS.headersTimeoutMs, e.REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerClient:
        e.MAX_CONNECTIONS_PER_CLIENT ??
        Math.min(DEFAULT_HTTP_LIMITS.maxConnectionsPerClient, e.MAX_CONNECTIONS),
    },
    insecureCookies: e.INSECURE_COOKIES,
    sessionSecret: e.SESSION_SECRET ?? null,
    secretFile: `${e.DATA_DIR}/session-secret`,
    webDir: 'dist/web',
    imagesDir: 'assets/images',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : null,
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? null,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuers: e.GOOGLE_ISSUERS,
    },
    mapsApiKey: e.GOOGLE_MAPS_API_KEY ?? null,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    events: { ...DEFAULT_EVENTS_CONFIG, retentionHours: e.EVENT_RETENTION_HOURS },
    orders: { acceptSweepMs: e.ACCEPT_SWEEP_INTERVAL_MS },
    mail: {
      ...DEFAULT_MAIL_CONFIG,
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? null,
      messageIdDomain:
        MAIL_FROM_PATTERN.exec(e.MAIL_FROM ?? DEFAULT_MAIL_ADDRESS)?.[3] ?? 'localhost',
      ownerEmail: e.OWNER_EMAIL ?? null,
      sendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
}
