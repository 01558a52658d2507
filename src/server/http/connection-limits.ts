import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlockList, isIPv4, type Socket } from 'node:net';

/**
 * What one client address may hold of the server's sockets. `maxConnections`
 * alone let one address open sockets until nobody else could connect: an idle keep-alive socket
 * lives `KEEP_ALIVE_TIMEOUT_MS`, so reopening them was cheap.
 *
 * - A socket is charged to a client address, and an address holds at most `maxPerClient` of
 *   them; one more is dropped on connect, as past `maxConnections`.
 * - Which address: the socket's own, unless its peer is a trusted proxy (TRUST_PROXY). Every
 *   socket behind a proxy comes from the proxy, so charging the peer would cap the proxy, that
 *   is every customer at once. A proxy's socket is charged to the client its first request names
 *   (the same proxy-aware address the rate limits use, `request.ip`), when that request arrives;
 *   that client over its maximum gets a 429 and the socket closes. Until then it is the proxy's,
 *   uncapped. A proxy reusing the socket for other clients later does not move the charge: the
 *   proxy's pool is the proxy's business, and a first request is what reopening costs.
 * - Near the cap (from `EVICT_FROM` of `maxConnections`), each new connection closes the oldest
 *   idle keep-alive socket instead of waiting for the hard cap to drop newcomers: one that has
 *   been answered and has no request in flight. A live stream is an answer in flight, so a
 *   customer's open tabs and the staff tablet's board are never closed for this. A socket still
 *   on its first request is not idle either: it may be a customer about to send, each address
 *   holds only its maximum of them, and the headers timeout (counted from the connection) ends
 *   a silent one. Past the cap newcomers are dropped on connect.
 *   Evicting one socket per newcomer keeps the count near this mark while idle sockets last.
 */
export interface ConnectionLimitOptions {
  maxConnections: number;
  maxPerClient: number;
  /** True when a socket's peer is a proxy whose X-Forwarded-For is believed. */
  isTrustedProxy: (address: string) => boolean;
}

export interface ConnectionLimiter {
  /**
   * A proxy's socket: charge it to the client its first request names. False when that client
   * already holds its maximum (the caller refuses the request and closes the socket). A socket
   * already charged, or not tracked (an injected request), is left as it is.
   */
  charge: (socket: Socket, client: () => string) => boolean;
}

/** The share of MAX_CONNECTIONS above which a new connection closes the oldest idle socket. */
export const EVICT_FROM = 0.9;

interface Tracked {
  /** The address it is charged to; null for a proxy's socket before its first request. */
  client: string | null;
  /** Requests read and not yet answered (pipelining can queue several). */
  inFlight: number;
}

/** `::ffff:192.0.2.1` on a dual-stack socket and `192.0.2.1` in X-Forwarded-For are one client. */
export function clientKey(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function limitConnections(
  server: Server,
  options: ConnectionLimitOptions,
): ConnectionLimiter {
  const sockets = new Map<Socket, Tracked>();
  // Insertion order is idle-since order: a socket leaves on a request and comes back at the end.
  const idle = new Set<Socket>();
  const perClient = new Map<string, number>();
  const evictFrom = Math.floor(options.maxConnections * EVICT_FROM);

  const held = (client: string) => perClient.get(client) ?? 0;
  const release = (client: string) => {
    const left = held(client) - 1;
    if (left > 0) perClient.set(client, left);
    else perClient.delete(client);
  };

  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    // Already gone (reset before this ran): nothing to count.
    if (peer === undefined) return;
    const client = options.isTrustedProxy(peer) ? null : clientKey(peer);
    if (client !== null && held(client) >= options.maxPerClient) {
      socket.destroy();
      return;
    }
    if (sockets.size >= evictFrom) {
      const oldest = idle.values().next();
      if (!oldest.done) {
        idle.delete(oldest.value);
        oldest.value.destroy();
      }
    }
    const tracked: Tracked = { client, inFlight: 0 };
    sockets.set(socket, tracked);
    if (client !== null) perClient.set(client, held(client) + 1);
    socket.once('close', () => {
      sockets.delete(socket);
      idle.delete(socket);
      if (tracked.client !== null) release(tracked.client);
    });
  });

  // Before Fastify's own listener, so a request is in flight before any of its hooks run.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const tracked = sockets.get(socket);
    if (!tracked) return;
    tracked.inFlight += 1;
    idle.delete(socket);
    response.once('close', () => {
      tracked.inFlight -= 1;
      if (tracked.inFlight === 0 && !socket.destroyed && sockets.has(socket)) idle.add(socket);
    });
  });

  return {
    charge(socket, address) {
      const tracked = sockets.get(socket);
      if (!tracked || tracked.client !== null) return true;
      // Asked only here: reading X-Forwarded-For on every request would cost each one.
      const client = clientKey(address());
      if (held(client) >= options.maxPerClient) return false;
      tracked.client = client;
      perClient.set(client, held(client) + 1);
      return true;
    },
  };
}

/**
 * Whether a socket's peer is one of the proxies TRUST_PROXY names. A hop count trusts whatever
 * connects (that is what a count means: the first hop is always believed), so behind a count
 * every socket waits for its first request to be charged.
 */
export function trustedPeer(setting: number | readonly string[]): (address: string) => boolean {
  if (typeof setting === 'number') return () => setting > 0;
  const proxies = new BlockList();
  for (const entry of setting) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return (address) => proxies.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
