import http from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_ADMIN, ServerProcess, freePort } from '../support/server-process';
import { followSse, type FollowedStream } from '../support/sse';
import { pgliteFolder, type FaultDatabase } from '../faults/databases';
import { Caddy, HttpsClient, caddyMissing, validateCaddyfile, SHIPPED_CADDYFILE } from './caddy';
import { isOrderEvent } from '../support/order-steps';
import { within } from '../support/within';
import { breakWhat, placeOrder, registerThrough } from './shop';

/**
 * One server process behind Caddy run from deploy/Caddyfile (`tls internal` on loopback): what
 * a customer's browser meets on the store's domain. DEPLOY_BREAK=trust-proxy (the server started
 * without TRUST_PROXY) or DEPLOY_BREAK=buffering (Caddy buffering the answers) shows the tests
 * that guard each fail.
 */

if (caddyMissing) console.log(`[deploy] skipped: ${caddyMissing}`);

describe.skipIf(caddyMissing !== null)('the store behind Caddy (deploy/Caddyfile)', () => {
  let data: FaultDatabase;
  let server: ServerProcess;
  let caddy: Caddy;
  const clients: HttpsClient[] = [];
  const streams: FollowedStream[] = [];
  const client = (address?: string) => {
    const made = new HttpsClient(caddy, address);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    data = pgliteFolder();
    server = await ServerProcess.start({
      port: await freePort(),
      env: { ...data.env, ...(breakWhat === 'trust-proxy' ? { TRUST_PROXY: 'false' } : {}) },
    });
    caddy = await Caddy.start(
      [server.port],
      breakWhat === 'buffering'
        ? (text) => text.replace('flush_interval -1', 'buffer_responses')
        : undefined,
    );
    const staff = client();
    await staff.ok('POST', '/api/auth/login', FAULT_ADMIN);
    await staff.ok('PUT', '/api/staff/store', { mode: 'open', acceptanceWindowMinutes: 1440 });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const made of clients) made.close();
    await caddy.stop();
    if (server.running) await server.stop();
    await data.drop();
  });

  it('ships a Caddyfile that caddy validate accepts', () => {
    expect(validateCaddyfile(SHIPPED_CADDYFILE)).toContain('Valid configuration');
  });

  it('answers over HTTPS with HSTS, and sends plain HTTP to HTTPS', async () => {
    const home = await client().send('GET', '/', undefined, { accept: 'text/html' });
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`http://localhost:${caddy.httpPort}/menu?x=1`, (response) => {
          response.resume();
          resolve(response);
        })
        .on('error', reject);
    });
    expect(plain.statusCode).toBe(308);
    // To the same address on HTTPS (port 443: Caddy names no port in its redirect).
    const location = new URL(plain.headers.location ?? '');
    expect([location.protocol, location.hostname, location.pathname + location.search]).toEqual([
      'https:',
      'localhost',
      '/menu?x=1',
    ]);
  });

  it('gives the customer a Secure session cookie', async () => {
    const customer = client();
    const answer = await customer.send('POST', '/api/auth/register', {
      name: 'Deploy Customer',
      email: `deploy-cookie-${Date.now()}@example.com`,
      password: 'deploy customer password',
      contacts: [],
    });
    expect(answer.status).toBe(201);
    const sid = (answer.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/;\s*HttpOnly/i);
  });

  it("limits sign-in by the client's own address, whatever it writes in X-Forwarded-For", async () => {
    // One client guessing, a forged address on every attempt; the sign-in limit per address
    // (20 in 15 minutes) stops it all the same.
    const guesser = client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const answer = await guesser.send(
        'POST',
        '/api/auth/login',
        { email: `nobody-${attempt}@example.com`, password: 'wrong password here' },
        { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another customer, from another address, through the same Caddy: not limited.
    const other = await client().send('POST', '/api/auth/login', {
      email: 'someone@example.com',
      password: 'wrong password here',
    });
    expect(other.status).toBe(401);
  });

  it("brings the store's answer down the customer's stream within 200 ms", async () => {
    const staff = client();
    await staff.ok('POST', '/api/auth/login', FAULT_ADMIN);
    const customer = client();
    const userId = await registerThrough(customer);
    const stream = await within(
      followSse(`${caddy.base}/api/orders/sse?userId=${userId}`, {
        cookie: customer.cookie,
        ca: caddy.ca,
        localAddress: customer.address,
      }),
      5_000,
      'the order stream opening through Caddy',
    );
    streams.push(stream);
    await stream.waitFor((frame) => frame.event === 'ready', 5_000);
    const orderId = await placeOrder(customer, userId);
    await stream.waitFor(isOrderEvent(orderId, 'order-created'), 5_000);
    await staff.ok('POST', `/api/staff/orders/${orderId}/accept`, { minutes: 20 });
    const answeredAt = performance.now();
    const frame = await stream.waitFor(isOrderEvent(orderId, 'order-accepted'), 2_000);
    // An event can leave the server before the answer that caused it reaches the staff.
    const ms = Math.max(0, frame.receivedAt - answeredAt);
    console.log(
      `[deploy] order-accepted reached the customer through Caddy ${ms.toFixed(1)} ms after the accept`,
    );
    expect(ms).toBeLessThan(200);
  });

  it('compresses once: what the server compressed passes through Caddy as it is', async () => {
    const customer = client();
    for (const [path, accept] of [
      ['/api/products/beverages', 'application/json'],
      ['/', 'text/html'],
    ] as const) {
      const headers = { accept, 'accept-encoding': 'gzip, br' };
      const through = await customer.send('GET', path, undefined, headers);
      const direct = await fetchDirect(server.base + path, headers);
      expect(through.status).toBe(200);
      expect(through.headers['content-encoding']).toBe(direct.encoding);
      expect(['gzip', 'br']).toContain(through.headers['content-encoding']);
      const decoded =
        through.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(through.raw)
          : gunzipSync(through.raw);
      expect(decoded.equals(direct.decoded)).toBe(true);
    }
  });
});

/** The server's own answer, straight from its port, decoded once. */
async function fetchDirect(url: string, headers: Record<string, string>) {
  return new Promise<{ encoding: string | undefined; decoded: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const decoded =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
          resolve({ encoding, decoded });
        });
      })
      .on('error', reject);
  });
}
