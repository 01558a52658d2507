/**
 * What one client may hold of the server (config.ts: HttpLimits, trustProxySetting), over real
 * sockets: a request body that never finishes is cut off, the sockets open at once are capped,
 * and X-Forwarded-For is believed only for the configured proxy hops.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_HTTP_LIMITS,
  DEFAULT_RATE_RULES,
  loadConfig,
  type AppConfig,
} from '../../src/server/config';
import { createTestApp, type TestApp } from '../support/test-app';

async function listening(config: Partial<AppConfig>): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp({ config });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

/** A raw socket: what it received, and when (ms after it opened) the server closed it. */
function rawSocket(port: number): {
  socket: net.Socket;
  received: () => string;
  closed: Promise<number>;
} {
  const opened = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(performance.now() - opened)),
  );
  return { socket, received: () => data, closed };
}

const healthz = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) })).status;

describe('a slow request body', () => {
  let server: { t: TestApp; port: number };
  beforeAll(async () => {
    server = await listening({
      http: {
        ...DEFAULT_HTTP_LIMITS,
        requestTimeoutMs: 1000,
        headersTimeoutMs: 1000,
        checkIntervalMs: 100,
      },
    });
  });
  afterAll(() => server.t.close());

  it('is answered 408 and its socket closed once the request timeout passes', async () => {
    const slow = rawSocket(server.port);
    // The headers promise 100 bytes; one arrives, the rest never do.
    slow.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    // Meanwhile everyone else is served.
    expect(await healthz(server.port)).toBe(200);
    const closedAfter = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(5000);
  });

  it('closes a socket that never finishes its headers', async () => {
    const silent = rawSocket(server.port);
    silent.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect(await silent.closed).toBeLessThan(5000);
  });

  it('does not cut a request that arrives in time, however it is split', async () => {
    const steady = rawSocket(server.port);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });
    steady.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    steady.socket.write(body);
    await steady.closed;
    expect(steady.received()).toMatch(/^HTTP\/1\.1 401/);
  });
});

describe('the connection cap', () => {
  let server: { t: TestApp; port: number };
  beforeAll(async () => {
    server = await listening({ http: { ...DEFAULT_HTTP_LIMITS, maxConnections: 10 } });
  });
  afterAll(() => server.t.close());

  it('drops sockets past the cap at once and serves again when they go', async () => {
    const held = Array.from({ length: 10 }, () => rawSocket(server.port));
    await Promise.all(
      held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))),
    );
    // Give the server the moment it needs to count them as its own.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = rawSocket(server.port);
    expect(await extra.closed).toBeLessThan(2000);
    expect(extra.received()).toBe('');

    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await healthz(server.port)).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('is a number of hops or a list of proxies; true (every hop) is refused at start', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would let clients forge/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: expected false/);
  });

  it('behind one proxy, counts the address the proxy saw, whatever the client wrote', async () => {
    const rule = { limit: 3, windowMs: DEFAULT_RATE_RULES.loginIp.windowMs };
    const t = await createTestApp({
      config: { trustProxy: 1, rateRules: { ...DEFAULT_RATE_RULES, loginIp: rule } },
    });
    try {
      // The proxy (10.0.0.1) appends the address it saw; the client forges a new one each time.
      const attempt = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `192.0.2.${n}, 203.0.113.9` },
          payload: { email: `nobody-${n}@example.com`, password: 'wrong password' },
        });
      const answers: number[] = [];
      for (let n = 1; n <= rule.limit + 1; n++) answers.push((await attempt(n)).statusCode);
      expect(answers).toEqual([401, 401, 401, 429]);

      // Another client behind the same proxy is not caught by the first one's limit.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.10' },
        payload: { email: 'nobody@example.com', password: 'wrong password' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 90_000);
});
