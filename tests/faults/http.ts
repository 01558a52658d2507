import { randomBytes } from 'node:crypto';
import { JsonClient } from '../support/json-client';

/**
 * The fault suite's HTTP client: real sockets to a server in another process, one simulated
 * browser per `Client` (its session cookie and an address of its own, sent as X-Forwarded-For
 * because the servers here trust one proxy hop). A request that gets no answer (the server was
 * killed under it, the connection refused) rejects; every answer resolves, whatever its status.
 */

export interface Answer<Body = unknown> {
  status: number;
  body: Body;
  headers: Headers;
}

let nextAddress = 1;

/** A fresh 10.x.y.z address, so no two simulated customers share a per-address limit. */
export function newAddress(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

export const uniqueEmail = (what: string) =>
  `${what}-${randomBytes(6).toString('hex')}@example.com`;

export class Client extends JsonClient {
  cookie = '';
  readonly address = newAddress();

  constructor(public base: string) {
    super();
  }

  async send<Body = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Answer<Body>> {
    const response = await fetch(this.base + path, {
      method,
      headers: {
        accept: 'application/json',
        'x-forwarded-for': this.address,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const sid = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0] ?? '';
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: kept as text, and a test that expects JSON says so.
    }
    return { status: response.status, body: parsed as Body, headers: response.headers };
  }
}

export const CUSTOMER_PASSWORD = 'faults customer password';

/** A customer account: registers (201, signed in) and answers its id. */
export async function registerCustomer(client: Client, email = uniqueEmail('fault')) {
  const answer = await client.ok<{ user: { _id: string } }>(
    'POST',
    '/api/auth/register',
    { name: 'Fault Customer', email, password: CUSTOMER_PASSWORD, contacts: [] },
    201,
  );
  return answer.user._id;
}

/** The products a customer can add by id with no options: beverages and sides. */
export async function simpleProducts(client: Client): Promise<string[]> {
  const lists = await Promise.all([
    client.ok<{ _id: string }[]>('GET', '/api/products/beverages'),
    client.ok<{ _id: string }[]>('GET', '/api/products?category=Sides'),
  ]);
  return lists.flat().map((product) => product._id);
}
