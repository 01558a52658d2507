import { placePickupOrder, type SendStep } from '../support/order-steps';
import type { HttpsClient } from './caddy';

/**
 * DEPLOY_BREAK names a guard to break on purpose, to see the test that guards it fail:
 * `trust-proxy` (the server without TRUST_PROXY), `buffering` (Caddy buffering answers),
 * `sigkill` (the rolling update kills a process instead of letting it drain), `drain` (the
 * rolling update's processes stop taking requests at once, with no SHUTDOWN_DRAIN_MS).
 */
export const breakWhat = process.env.DEPLOY_BREAK ?? '';

let registered = 0;

/** A new customer account, signed in on `client`; answers its id. */
export async function registerThrough(client: HttpsClient): Promise<string> {
  registered++;
  const answer = await client.ok<{ user: { _id: string } }>(
    'POST',
    '/api/auth/register',
    {
      name: 'Deploy Customer',
      email: `deploy-${process.pid}-${registered}-${Date.now()}@example.com`,
      password: 'deploy customer password',
      contacts: [],
    },
    201,
  );
  return answer.user._id;
}

/** The products a customer can add by id with no options (beverages). */
export async function beverages(client: HttpsClient): Promise<string[]> {
  const list = await client.ok<{ _id: string }[]>('GET', '/api/products/beverages');
  return list.map((product) => product._id);
}

/** `client`'s requests as order steps: a 2xx's body, else null. */
export const stepsOf =
  (client: HttpsClient): SendStep =>
  async <Body>(method: string, path: string, body: unknown) => {
    const answer = await client.send<Body>(method, path, body);
    return answer.status >= 200 && answer.status < 300 ? answer.body : null;
  };

/** A one-line pickup order placed as the web app places it; answers the order's id. */
export async function placeOrder(client: HttpsClient, userId: string): Promise<string> {
  const [productId] = await beverages(client);
  const orderId = await placePickupOrder(stepsOf(client), userId, productId ?? '');
  if (!orderId) throw new Error('the order was not placed');
  return orderId;
}
