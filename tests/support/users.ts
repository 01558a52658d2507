import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiRegisterAnswer, ApiUser } from '../../src/domain';

export type { ApiUser };

export interface RegisterOverrides {
  name?: string;
  email?: string;
  password?: string;
  contacts?: { phone: string; address: string; isDefault: boolean }[];
  /** Source address of the request; rate limits count per IP, so busy test files can vary it. */
  remoteAddress?: string;
}

export const TEST_PASSWORD = 'correct horse battery';

/** The store's owner, for the app's `admin` configuration (ADMIN_EMAIL and ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: 'owner@example.com', password: 'owner password 123' };

/**
 * Registers a fresh customer through the real register route and returns the user and a
 * `Cookie` header value (`sid=...`) to send on later requests. Each call gets a unique email
 * and, unless given, a remote address of its own so the register rate limit never interferes.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: RegisterOverrides = {},
): Promise<{ user: ApiUser; cookie: string }> {
  const unique = randomBytes(6).toString('hex');
  const { remoteAddress, ...fields } = overrides;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: remoteAddress ?? randomAddress(),
    payload: {
      name: 'Test Customer',
      email: `customer-${unique}@example.com`,
      password: TEST_PASSWORD,
      contacts: [],
      ...fields,
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`registerUser failed: ${response.statusCode} ${response.body}`);
  }
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('registerUser: the register route set no sid cookie');
  return { user: response.json<ApiRegisterAnswer>().user, cookie: `sid=${sid.value}` };
}

/**
 * POST /api/auth/login, from an address of its own unless given: the login limits count per
 * address, so a test's logins do not add up to a refusal it is not testing.
 */
export function logIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  remoteAddress = randomAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: credentials,
  });
}

function randomAddress(): string {
  return `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
}

function randomOctet(): number {
  return 1 + ((randomBytes(1)[0] ?? 0) % 254);
}
