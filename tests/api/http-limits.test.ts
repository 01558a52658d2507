/**
 * What one client may hold of the server (config.ts: HttpLimits; trust-proxy.ts:
 * trustProxySetting), over real sockets: a request body that never finishes is cut off, the
 * sockets open at once are capped, and X-Forwarded-For is believed only for the configured
 * proxy hops.
 */
import http from 'node:http';
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
function rawSocket(
  port: number,
  /** Another loopback address (127.0.0.2, ...) is another client to the server. */
  localAddress?: string,
): {
  socket: net.Socket;
  received: () => string;
  closed: Promise<number>;
} {
  const opened = performance.now();
  const socket = net.connect({
    port,
    host: '127.0.0.1',
    ...(localAddress ? { localAddress } : {}),
  });
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

/** Polls until `done` holds; false if it did not within `ms`. */
async function eventually(done: () => boolean, ms = 5000): Promise<boolean> {
  const until = performance.now() + ms;
  while (!done()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** A keep-alive socket from `from` that asked for /healthz once: its status, or 0 if refused. */
async function heldSocket(
  port: number,
  from: string,
  headers = '',
): Promise<{ status: number; socket: ReturnType<typeof rawSocket>; isClosed: () => boolean }> {
  const held = rawSocket(port, from);
  let closed = false;
  void held.closed.then(() => (closed = true));
  held.socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
  await eventually(() => closed || /\r\n\r\n[\s\S]*\}/.test(held.received()));
  const status = /^HTTP\/1\.1 (\d{3})/.exec(held.received())?.[1];
  return { status: status ? Number(status) : 0, socket: held, isClosed: () => closed };
}

/** One request on a connection of its own from `from`: its status, or the error's code. */
function getFrom(port: number, from: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/healthz',
        localAddress: from,
        agent: false,
        timeout: 5000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

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

describe('one client address', () => {
  it('MAX_CONNECTIONS_PER_CLIENT: 200 by default, at most MAX_CONNECTIONS, checked at start', () => {
    expect(loadConfig({}).http.maxConnectionsPerClient).toBe(200);
    expect(loadConfig({ MAX_CONNECTIONS: '100' }).http.maxConnectionsPerClient).toBe(100);
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '50' }).http.maxConnectionsPerClient).toBe(50);
    expect(() => loadConfig({ MAX_CONNECTIONS: '100', MAX_CONNECTIONS_PER_CLIENT: '500' })).toThrow(
      /MAX_CONNECTIONS_PER_CLIENT: must not be above MAX_CONNECTIONS/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '5' })).toThrow(
      /MAX_CONNECTIONS_PER_CLIENT/,
    );
  });

  it('holds at most MAX_CONNECTIONS_PER_CLIENT sockets, and everyone else is served meanwhile', async () => {
    const limits = { ...DEFAULT_HTTP_LIMITS, maxConnections: 40, maxConnectionsPerClient: 10 };
    const server = await listening({ http: limits });
    try {
      // As many keep-alive sockets as the whole cap, from one address, reopened as they close.
      const attacker = await Promise.all(
        Array.from({ length: limits.maxConnections }, () => heldSocket(server.port, '127.0.0.2')),
      );
      const stop = new AbortController();
      const reopened: number[] = [];
      const pressure = (async () => {
        while (!stop.signal.aborted) {
          const again = await heldSocket(server.port, '127.0.0.2');
          reopened.push(again.status);
          if (again.status === 200) again.socket.socket.destroy();
        }
      })();

      const others: (number | string)[] = [];
      for (let n = 0; n < 5; n++) others.push(await getFrom(server.port, '127.0.0.3'));
      stop.abort();
      await pressure;
      expect(others).toEqual([200, 200, 200, 200, 200]);
      const served = attacker.filter((one) => one.status === 200);
      expect(served).toHaveLength(limits.maxConnectionsPerClient);
      expect(reopened.length).toBeGreaterThan(0);
      expect(reopened.every((status) => status === 0)).toBe(true);
      // The ones it holds are its own to use, and the address's next socket is served once one goes.
      expect(served.every((one) => !one.isClosed())).toBe(true);
      served[0]?.socket.socket.destroy();
      await served[0]?.socket.closed;
      let next = await heldSocket(server.port, '127.0.0.2');
      // The server counts the destroyed socket out when its close event has run.
      for (let tries = 0; next.status !== 200 && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = await heldSocket(server.port, '127.0.0.2');
      }
      expect(next.status).toBe(200);
      for (const one of [...attacker, next]) one.socket.socket.destroy();
    } finally {
      await server.t.close();
    }
  }, 60_000);

  it('near the cap, a newcomer closes the oldest idle keep-alive socket, never a live stream', async () => {
    const limits = { ...DEFAULT_HTTP_LIMITS, maxConnections: 20, maxConnectionsPerClient: 5 };
    const server = await listening({ http: limits });
    try {
      // The oldest socket of all is a storefront's live stream: an answer in flight.
      const stream = rawSocket(server.port, '127.0.0.2');
      let streamClosed = false;
      void stream.closed.then(() => (streamClosed = true));
      stream.socket.write('GET /api/store/events HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await eventually(() => stream.received().includes('retry:'))).toBe(true);

      // Then idle keep-alive sockets from four addresses, one after another, to the cap.
      const idle: Awaited<ReturnType<typeof heldSocket>>[] = [];
      for (let n = 1; n < limits.maxConnections; n++) {
        const from = `127.0.0.${2 + Math.floor(n / limits.maxConnectionsPerClient)}`;
        idle.push(await heldSocket(server.port, from));
      }
      expect(idle.every((one) => one.status === 200)).toBe(true);

      // A customer arriving now is served, not dropped at the cap.
      expect(await getFrom(server.port, '127.0.0.9')).toBe(200);
      expect(await getFrom(server.port, '127.0.0.9')).toBe(200);
      // What made room were the oldest idle sockets, in order; the stream and the newest stay.
      expect(await eventually(() => idle[0]?.isClosed() === true)).toBe(true);
      const closed = idle.map((one) => one.isClosed());
      const firstOpen = closed.indexOf(false);
      expect(firstOpen).toBeGreaterThan(0);
      expect(closed.slice(firstOpen).every((isClosed) => !isClosed)).toBe(true);
      expect(streamClosed).toBe(false);
      for (const one of idle) one.socket.socket.destroy();
      stream.socket.destroy();
    } finally {
      await server.t.close();
    }
  }, 60_000);

  it("behind a proxy, counts the proxy's sockets per forwarded client, never the proxy itself", async () => {
    const limits = { ...DEFAULT_HTTP_LIMITS, maxConnections: 100, maxConnectionsPerClient: 10 };
    const server = await listening({ http: limits, trustProxy: ['127.0.0.1'] });
    try {
      const via = (client: string) =>
        heldSocket(server.port, '127.0.0.1', `X-Forwarded-For: ${client}\r\n`);
      const first: Awaited<ReturnType<typeof heldSocket>>[] = [];
      for (let n = 0; n < limits.maxConnectionsPerClient + 2; n++)
        first.push(await via('203.0.113.7'));
      const second: Awaited<ReturnType<typeof heldSocket>>[] = [];
      for (let n = 0; n < 5; n++) second.push(await via('203.0.113.8'));

      // One forwarded client gets its maximum, then a 429 on a socket that is closed.
      expect(first.map((one) => one.status)).toEqual([
        ...Array<number>(limits.maxConnectionsPerClient).fill(200),
        429,
        429,
      ]);
      const refused = first.at(-1);
      expect(refused?.socket.received()).toMatch(/"code":"rate_limited"/);
      expect(await eventually(() => refused?.isClosed() === true)).toBe(true);
      // The proxy itself holds more sockets than any one client may, and another client is served.
      expect(second.map((one) => one.status)).toEqual([200, 200, 200, 200, 200]);
      expect(first.slice(0, limits.maxConnectionsPerClient).every((one) => !one.isClosed())).toBe(
        true,
      );
      for (const one of [...first, ...second]) one.socket.socket.destroy();
    } finally {
      await server.t.close();
    }
  }, 60_000);
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

  it('refuses at start what would trust everyone: public ranges unless named so, too many hops', () => {
    // The red team's settings: half the internet each, and a count above the real one.
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' })).toThrow(
      /TRUST_PROXY: 0\.0\.0\.0\/1 includes public addresses/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '::/0' })).toThrow(/::\/0 includes public addresses/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, 203.0.113.0/24' })).toThrow(
      /203\.0\.113\.0\/24 includes public addresses.*write public:203\.0\.113\.0\/24/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '198.51.100.7' })).toThrow(/includes public addresses/);
    // Just past a private range is public too.
    expect(() => loadConfig({ TRUST_PROXY: '172.16.0.0/11' })).toThrow(/includes public/);
    expect(() => loadConfig({ TRUST_PROXY: '4' })).toThrow(
      /TRUST_PROXY: 4 proxies in front is more than 3/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/more than 3/);
    // Named public on purpose: a CDN's published range, never half the internet.
    expect(loadConfig({ TRUST_PROXY: 'public:203.0.113.0/24, 10.0.0.0/8' }).trustProxy).toEqual([
      '203.0.113.0/24',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'public:0.0.0.0/1' })).toThrow(/wider than \/8/);
    expect(() => loadConfig({ TRUST_PROXY: 'public:2000::/3' })).toThrow(/wider than \/16/);
    expect(() => loadConfig({ TRUST_PROXY: 'public:::ffff:0.0.0.0/96' })).toThrow(/wider than \/8/);
    expect(() => loadConfig({ TRUST_PROXY: '::ffff:0.0.0.0/97' })).toThrow(/includes public/);
    // Private networks, loopback and IPv4-mapped forms start as before.
    expect(
      loadConfig({
        TRUST_PROXY: '127.0.0.1, 192.168.1.0/24, 100.64.0.0/10, fd00::/8, ::ffff:10.0.0.0/104',
      }).trustProxy,
    ).toEqual(['127.0.0.1', '192.168.1.0/24', '100.64.0.0/10', 'fd00::/8', '::ffff:10.0.0.0/104']);
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
    // Not addresses at all.
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/33' })).toThrow(/10\.0\.0\.1\/33 is none/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0' })).toThrow(/TRUST_PROXY: expected false/);
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
