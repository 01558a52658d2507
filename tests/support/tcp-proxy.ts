import net from 'node:net';

/**
 * A loopback TCP proxy to the Postgres server that can lose the database in two ways: `freeze()`
 * keeps every connection open but lets no byte through (a server that stopped answering), `cut()`
 * drops every connection (a restart, a failover). Meanwhile new connections are accepted and
 * never answered. `restore()` drops what is left and forwards new connections again.
 */
export interface TcpProxy {
  port: number;
  /** Connections currently open through the proxy (client and server sides counted once each). */
  readonly open: number;
  freeze(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let forwarding = true;
  let frozen = false;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => open.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (!forwarding) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    get open() {
      return open.size;
    },
    freeze() {
      forwarding = false;
      frozen = true;
    },
    cut() {
      forwarding = false;
      dropAll();
    },
    restore() {
      dropAll();
      frozen = false;
      forwarding = true;
    },
    close: () => {
      dropAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `url` pointed at 127.0.0.1:`port` (a proxy, a silent listener), optionally with a password. */
export function urlWithPort(url: string, port: number, password?: string): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  if (password) parsed.password = password;
  return parsed.toString();
}
