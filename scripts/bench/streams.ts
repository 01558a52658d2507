/**
 * Many customers' live order streams on one server process: what each costs in memory, and how
 * long one event for every one of them takes to reach them all.
 *
 * The server (PGlite, its own process) gets BENCH_STREAMS customers straight into its tables,
 * each signed in with one pending order. A client process opens every customer's
 * `GET /api/orders/sse` on a raw socket of its own (node's HTTP client costs more per connection
 * than the server does) and waits for each stream's `ready`. The server's RSS and heap, after a
 * full garbage collection, before and after: the difference divided by the streams is the memory
 * per stream.
 *
 * A customer's stream carries that customer's events only (decision 10), so no single event
 * reaches them all. The burst is the nearest thing: one transaction commits an `order-accepted`
 * for every one of those orders (the way `record` does: the lock, the rows, one notify), and the
 * process's hub reads the log and hands each event to the open streams. Measured from the
 * commit to the moment the client has read the last stream's event.
 *
 * Each side needs a file descriptor per stream: the soft limit is raised to the hard one when
 * that is short (prlimit, no privileges needed), and the streams are cut to what fits otherwise.
 *
 * BENCH_STREAMS (10000).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BenchServer, epochMs, type MadeCustomer, type Memory } from './server-process';

export interface StreamsResult {
  streams: number;
  bytesPerStream: number;
  deliverAllMs: number;
  rssMiB: number;
}

const WANTED = Number(process.env.BENCH_STREAMS ?? 10_000);
/** Connections being opened at once; more only fills the server's accept queue. */
const OPENING_AT_ONCE = 200;
const DELIVERY_PATIENCE_MS = 120_000;

type ToClient =
  { type: 'open'; port: number; customers: MadeCustomer[] } | { type: 'arm' } | { type: 'close' };
type FromClient =
  | { type: 'opened'; ok: number; failed: number; firstError: string | null }
  | { type: 'armed' }
  | { type: 'delivered'; received: number; lastAt: number };

// ---------------------------------------------------------------------------------------------
// The client process.

/**
 * Customer n's address, sent as X-Forwarded-For: the client plays the balancer, as in the order
 * pipeline, so the streams count against each customer's sockets (MAX_CONNECTIONS_PER_CLIENT),
 * not all against the bench's one address.
 */
const customerAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function runClient(): void {
  const sockets: net.Socket[] = [];
  let received = 0;
  let lastAt = 0;
  let expected = 0;
  let armed = false;
  let report: (() => void) | null = null;
  const tell = (message: FromClient) => process.send?.(message);

  const open = (port: number, customer: MadeCustomer, address: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let head = '';
      let ready = false;
      let heard = false;
      socket.setEncoding('latin1');
      socket.on('connect', () =>
        socket.write(
          `GET /api/orders/sse?userId=${customer.id} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Accept: text/event-stream\r\nCookie: ${customer.cookie}\r\n` +
            `X-Forwarded-For: ${address}\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk: string) => {
        if (!ready) {
          head += chunk;
          if (!head.startsWith('HTTP/1.1 200')) {
            if (head.includes('\r\n')) {
              socket.destroy();
              reject(new Error(head.split('\r\n')[0]));
            }
            return;
          }
          if (!head.includes('event: ready')) return;
          ready = true;
          head = '';
          resolve();
          return;
        }
        // After `ready`, the only event this bench causes is the burst's.
        if (!heard && armed && chunk.includes('order-accepted')) {
          heard = true;
          received++;
          lastAt = epochMs();
          if (received === expected) report?.();
        }
      });
      socket.on('error', (error) => {
        if (!ready) reject(error);
      });
      sockets.push(socket);
    });

  process.on('message', (message: ToClient) => {
    if (message.type === 'open') {
      void (async () => {
        let ok = 0;
        let failed = 0;
        let firstError: string | null = null;
        let next = 0;
        const worker = async () => {
          while (next < message.customers.length) {
            const index = next++;
            const customer = message.customers[index];
            if (!customer) break;
            try {
              await open(message.port, customer, customerAddress(index));
              ok++;
            } catch (error) {
              failed++;
              firstError ??= String(error);
            }
          }
        };
        await Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker));
        expected = ok;
        tell({ type: 'opened', ok, failed, firstError });
      })();
    } else if (message.type === 'arm') {
      armed = true;
      const timer = setTimeout(() => report?.(), DELIVERY_PATIENCE_MS);
      report = () => {
        clearTimeout(timer);
        report = null;
        tell({ type: 'delivered', received, lastAt });
      };
      tell({ type: 'armed' });
    } else {
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The parent.

/** File descriptors this process (and so its children) may open, raised to the hard limit. */
function descriptorLimit(): number {
  const read = () => {
    const line = execFileSync(
      'prlimit',
      ['--pid', String(process.pid), '--nofile', '--raw', '--noheadings', '--output=SOFT,HARD'],
      {
        encoding: 'utf8',
      },
    ).trim();
    const [soft, hard] = line.split(/\s+/);
    return { soft: Number(soft), hard: hard === 'unlimited' ? Infinity : Number(hard) };
  };
  try {
    const { soft, hard } = read();
    if (soft >= WANTED + 1000 || soft >= hard) return soft;
    const raised = Number.isFinite(hard) ? hard : WANTED + 1000;
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${raised}:${hard}`]);
    return read().soft;
  } catch {
    // No prlimit: the streams are cut to what a default limit allows.
    return 1024;
  }
}

class ClientProcess {
  private waiting: ((message: FromClient) => void)[] = [];
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), ['streams-client'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: FromClient) => this.waiting.shift()?.(message));
  }

  /** The client's next message, whatever asked for it. */
  next(): Promise<FromClient> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      this.child.once('exit', (code) => reject(new Error(`stream client exited (${code})`)));
    });
  }

  ask(message: ToClient): Promise<FromClient> {
    const answer = this.next();
    this.child.send(message);
    return answer;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies ToClient);
    await exited;
  }
}

const MiB = 2 ** 20;

export async function benchStreams(): Promise<StreamsResult> {
  // The server holds a descriptor per stream, plus its database, listeners and a margin.
  const limit = descriptorLimit();
  const streams = Math.max(0, Math.min(WANTED, limit - 1000));
  if (streams < WANTED) {
    console.log(`(file descriptors limited to ${limit}: ${streams} streams instead of ${WANTED})`);
  }
  const server = await BenchServer.start({ database: { kind: 'pglite' }, trustProxy: true });
  const client = new ClientProcess();
  try {
    const customers = await server.customers(streams);
    const before: Memory = await server.memory();
    const opened = await client.ask({ type: 'open', port: server.port, customers });
    if (opened.type !== 'opened') throw new Error('stream client did not open');
    if (opened.failed > 0) {
      console.log(`(${opened.failed} streams refused; first: ${opened.firstError ?? '?'})`);
    }
    const after: Memory = await server.memory();
    await client.ask({ type: 'arm' });
    // The client's next message is its report, sent once every stream has the event.
    const report = client.next();
    const { events, committedAt } = await server.burst();
    const delivered = await report;
    if (delivered.type !== 'delivered') throw new Error('stream client did not report');
    if (delivered.received < opened.ok || events < opened.ok) {
      console.log(
        `(the burst's event reached ${delivered.received} of ${opened.ok} streams ` +
          `(${events} events) within ${DELIVERY_PATIENCE_MS / 1000} s)`,
      );
    }
    const withStreams = await server.memory(false);
    const perStream = (after.rss - before.rss) / Math.max(1, opened.ok);
    console.log(
      `  streams: heap ${((after.heapUsed - before.heapUsed) / Math.max(1, opened.ok) / 1024).toFixed(1)} KB ` +
        `and RSS ${(perStream / 1024).toFixed(1)} KB per stream; RSS ${Math.round(before.rss / MiB)} → ` +
        `${Math.round(after.rss / MiB)} MiB`,
    );
    return {
      streams: opened.ok,
      bytesPerStream: Math.round(perStream),
      deliverAllMs: Number((delivered.lastAt - committedAt).toFixed(1)),
      rssMiB: Math.round(withStreams.rss / MiB),
    };
  } finally {
    await client.close();
    await server.stop();
  }
}

export function printStreams(result: StreamsResult): void {
  console.log(
    `\nLive order streams on one server process (PGlite): ${result.streams} streams, ` +
      `${(result.bytesPerStream / 1024).toFixed(1)} KB each, one event to every stream delivered in ` +
      `${result.deliverAllMs.toFixed(0)} ms, server RSS ${result.rssMiB} MiB`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'streams-client') runClient();
}
