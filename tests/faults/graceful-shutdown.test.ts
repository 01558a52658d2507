import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_RETRY_MS } from '../../src/server/events/shutdown-hint';
import { FAULT_ADMIN, ServerProcess, freePort } from '../support/server-process';
import { openSse, type SseConnection } from '../support/sse';
import { within } from '../support/within';
import { pgliteFolder, postgresDatabase, type FaultDatabase } from './databases';
import { Client, registerCustomer, simpleProducts } from './http';

/**
 * SIGTERM and SIGINT, as a restart or a deploy sends them: the server stops taking connections,
 * tells every open stream to come back soon and ends it, lets the request in flight finish (and
 * keeps its write), closes the database and exits 0; a request that will not finish does not
 * hold the exit past SHUTDOWN_TIMEOUT_MS. And `npm start` passes the signal on to the server.
 */

const servers: ServerProcess[] = [];
const folders: FaultDatabase[] = [];
const streams: SseConnection[] = [];
/** Servers started by `npm start`: if the signal never reached one, it must not outlive the test. */
const serverPids: number[] = [];

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  for (const server of servers.splice(0)) {
    if (server.running) server.kill('SIGKILL');
    await server.exited;
  }
  for (const pid of serverPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already, as it should be.
    }
  }
  for (const folder of folders.splice(0)) await folder.drop();
});

async function startOn(
  data: FaultDatabase,
  port: number,
  options: { env?: Record<string, string>; command?: { file: string; args: string[] } } = {},
): Promise<ServerProcess> {
  const server = await ServerProcess.start({
    port,
    env: { ...data.env, ...options.env },
    ...(options.command ? { command: options.command } : {}),
  });
  servers.push(server);
  return server;
}

async function stream(url: string, cookie?: string): Promise<SseConnection> {
  const connection = await openSse(url, cookie ? { cookie } : {});
  streams.push(connection);
  expect(connection.status).toBe(200);
  // Subscribed once its first frame (`retry: 5000`) has arrived.
  expect((await connection.next()).retry).toBe(5_000);
  return connection;
}

/**
 * A request whose body arrives in two parts: sent up to `sendRest()`, it is in flight on the
 * server (headers read, body awaited) for as long as the test likes.
 */
function halfSentRequest(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): { sendRest: () => void; answer: Promise<{ status: number; body: string; close: boolean }> } {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const request = http.request(`${base}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    },
  });
  const answer = new Promise<{ status: number; body: string; close: boolean }>(
    (resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: received,
            close: response.headers.connection === 'close',
          }),
        );
      });
    },
  );
  // A test that fails early leaves it to the clean-up's SIGKILL: not an unhandled rejection.
  answer.catch(() => undefined);
  request.write(text.slice(0, half));
  return { sendRest: () => request.end(text.slice(half)), answer };
}

/** Whether a new connection gets any answer: false when it is refused or dropped. */
async function answers(base: string): Promise<number | null> {
  try {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

describe('graceful shutdown', () => {
  // The tests that need no PGlite of their own share a Postgres database: a start there costs
  // a fraction of a PGlite one.
  let shared: FaultDatabase;
  beforeAll(async () => {
    shared = await postgresDatabase();
  });
  afterAll(() => shared.drop());

  it('on SIGTERM: streams get a retry hint and end, the request in flight completes and is kept, new ones are refused, exit 0', async () => {
    const data = pgliteFolder();
    folders.push(data);
    const port = await freePort();
    const server = await startOn(data, port);

    const admin = new Client(server.base);
    await admin.ok('POST', '/api/auth/login', FAULT_ADMIN);
    const customer = new Client(server.base);
    const userId = await registerCustomer(customer);
    const [productId] = await simpleProducts(admin);

    const open = [
      await stream(`${server.base}/api/orders/sse?userId=${userId}`, customer.cookie),
      await stream(`${server.base}/api/staff/orders/stream`, admin.cookie),
      await stream(`${server.base}/api/store/events`),
    ];

    // A cart write in flight: headers in, half its body sent.
    const inFlight = halfSentRequest(
      server.base,
      '/api/cart',
      { userId, productId, quantity: 3 },
      { cookie: customer.cookie, 'x-forwarded-for': customer.address },
    );
    // Let the server read the headers and start waiting for the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = performance.now();
    server.kill('SIGTERM');

    // Every stream: a `retry:` within the hint's range as its last frame, then its end.
    const hints: number[] = [];
    for (const connection of open) {
      await within(connection.ended, 3_000, 'a stream ended');
      const last = connection.received.at(-1);
      expect(last?.retry ?? 0, JSON.stringify(connection.received)).toBeGreaterThanOrEqual(
        SHUTDOWN_RETRY_MS.min,
      );
      expect(last?.retry).toBeLessThan(SHUTDOWN_RETRY_MS.min + SHUTDOWN_RETRY_MS.spread);
      hints.push(last?.retry ?? 0);
    }
    // Drawn per stream, so the clients do not all come back in the same instant.
    expect(new Set(hints).size, `hints ${hints.join(', ')}`).toBeGreaterThan(1);
    expect(server.running, 'still running: the request in flight holds the exit').toBe(true);

    // Shutting down: a new connection is not served.
    expect(await answers(server.base)).toBeNull();

    // The request in flight finishes, and its write is acknowledged.
    inFlight.sendRest();
    const answer = await within(inFlight.answer, 5_000, 'the answer to the request in flight');
    expect(answer.status, answer.body).toBe(200);
    const exit = await within(server.exited, 8_000, 'the exit');
    const shutdownMs = performance.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(8_000);
    expect(server.logs.some((line) => line.msg === 'shut down cleanly')).toBe(true);

    // The write survived the clean close: the restarted server has it.
    const again = await startOn(data, port);
    customer.base = again.base;
    const cart = await customer.ok<{ productId: { _id: string }; quantity: number }[]>(
      'GET',
      `/api/cart?userId=${userId}`,
    );
    expect(cart.map((line) => [line.productId._id, line.quantity])).toEqual([[productId, 3]]);
    expect((await again.stop()).code).toBe(0);
  });

  it('exits 1 at SHUTDOWN_TIMEOUT_MS, logged, when a request in flight never finishes', async () => {
    const server = await startOn(shared, await freePort(), {
      env: { SHUTDOWN_TIMEOUT_MS: '1500' },
    });
    halfSentRequest(server.base, '/api/auth/login', FAULT_ADMIN, {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = performance.now();
    server.kill('SIGTERM');
    // Node stops timing out slow requests once the server is closing: without the deadline
    // this one would hold the exit for good.
    const exit = await within(server.exited, 10_000, 'the exit');
    const shutdownMs = performance.now() - signalled;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(shutdownMs).toBeGreaterThanOrEqual(1_400);
    expect(shutdownMs).toBeLessThan(5_000);
    expect(
      server.logs.some((line) =>
        /^shutdown did not finish within 1500 ms; exiting with requests still open$/.test(line.msg),
      ),
      server.tail(),
    ).toBe(true);
  });

  it('drains first with SHUTDOWN_DRAIN_MS: /healthz says 503 while the menu is still served, then exits 0', async () => {
    const server = await startOn(shared, await freePort(), {
      env: { SHUTDOWN_DRAIN_MS: '2000' },
    });
    const client = new Client(server.base);
    const signalled = performance.now();
    server.kill('SIGTERM');
    await server.waitForLog((line) => line.msg.startsWith('shutting down'), 5_000);
    const health = await client.send('GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ ok: false, draining: true });
    expect((await client.send('GET', '/api/products')).status).toBe(200);
    expect(await within(server.exited, 10_000, 'the exit')).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(1_900);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '`npm start` passes %s to the server, which shuts down gracefully (npm exits 0)',
    async (signal) => {
      const npm = await startOn(shared, await freePort(), {
        command: { file: 'npm', args: ['start', '--silent'] },
      });
      const serverPid = (await npm.waitForLog((line) => /^Server listening/.test(line.msg), 5_000))
        .pid;
      expect(serverPid).toEqual(expect.any(Number));
      serverPids.push(serverPid as number);
      const storefront = await stream(`${npm.base}/api/store/events`);

      npm.kill(signal);
      await within(storefront.ended, 5_000, `the stream ended after ${signal} to npm`);
      expect(storefront.received.at(-1)?.retry ?? 0).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS.min);
      expect(await within(npm.exited, 10_000, 'npm exited')).toEqual({ code: 0, signal: null });
      expect(
        npm.logs.some((line) => line.pid === serverPid && line.msg === 'shut down cleanly'),
        npm.tail(),
      ).toBe(true);
      // Nothing left behind serving on the port.
      expect(await answers(npm.base)).toBeNull();
      expect(() => process.kill(serverPid as number, 0)).toThrow();
    },
  );
});
