/**
 * One open server-sent-event stream of order events (the customer's and the staff board's).
 *
 * The promise to the client: every event of its stream arrives once, in id order, with its id;
 * reconnecting with the last id seen (Last-Event-ID) delivers exactly what was missed. How:
 *
 * 1. Subscribe to the hub first and buffer. An event the hub dispatched before that committed
 *    before it, so the log read in step 2 sees it; anything later is in the buffer.
 * 2. Read where the log ends. Without a position the client starts there. With one, replay the
 *    stream's events after it from the log (the table, not memory: they may be hours old or come
 *    from another process).
 * 3. Send the buffered events with ids beyond the last one sent (the replay and the buffer
 *    overlap; the id check drops the doubles), then `event: ready` with the position reached,
 *    then live events as the hub dispatches them, one at a time, in order.
 *
 * Wire format: `retry: 5000` first; each event `id: <id>` and `data: <json>` (the default
 * `message` type, which the spec's client reads with `onmessage`); `ready` with `data: {}`;
 * a comment line (`: ping`) on every `ping()` so proxies and the browser keep the stream open (the
 * route module pings all its streams from one timer: one per stream costs memory and wake-ups).
 * When the process shuts down, `retry:` again with a short delay and the end (`shutdown-hint.ts`).
 */
import { PassThrough, type Readable } from 'node:stream';
import type { OrderEventRecord } from '../repositories/order-events';
import type { HubLog, OrderEventHub } from './order-event-hub';
import { shutdownRetryFrame } from './shutdown-hint';

/** What differs between the customer's and the staff board's stream. */
export interface EventFeed {
  /** Set when the stream carries one customer's events only: the hub then hands it no others. */
  userId?: string;
  /** Whether a live event from the hub belongs to this stream. */
  accepts(event: OrderEventRecord): boolean;
  /** This stream's events after `afterId` from the log, in id order, at most `limit`. */
  read(afterId: string, limit: number): Promise<OrderEventRecord[]>;
  /** What `data:` carries for the event; null sends nothing for it (the order is gone). */
  present(event: OrderEventRecord): unknown;
}

export interface OrderEventStreamOptions {
  hub: Pick<OrderEventHub, 'subscribe'>;
  feed: EventFeed;
  /** The client's Last-Event-ID (already checked with `parseEventId`), or null. */
  position: string | null;
  /** The log's newest id ("0" when empty). */
  latestId(): Promise<string>;
  log: Pick<HubLog, 'warn' | 'error'>;
  /** Called once when the stream ends, whoever ends it. */
  onClose(): void;
}

export interface OrderEventStream {
  /** What the reply sends; Fastify destroys it when the client goes, which ends the stream. */
  readonly body: Readable;
  /** Ends the stream (the client went, its session ended); safe to call twice. */
  close(): void;
  /** Sends the heartbeat comment. */
  ping(): void;
  /** Ends it because the process is shutting down: the client is told to come back soon. */
  shutDown(): void;
}

/** The browser waits this long before reconnecting by itself after a drop. */
export const RECONNECT_AFTER_MS = 5_000;
const REPLAY_BATCH = 200;
/**
 * A client that stopped reading (a frozen tab behind a proxy) would make the buffer grow without
 * end; past this it is cut off, and on its next connection it replays from where it was.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const after = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * Opens a stream. Resolves once the log's end is known, before anything is sent: a database
 * that cannot answer is refused as an error answer (503), not as a stream that ends at once.
 * The rest (replay, `ready`, live events) is written to `body` as it comes.
 */
export async function openOrderEventStream(
  options: OrderEventStreamOptions,
): Promise<OrderEventStream> {
  const { hub, feed, log } = options;
  const body = new PassThrough();
  const queue: OrderEventRecord[] = [];
  let closed = false;
  // True while the catch-up or a drain is writing: live events wait in the queue meanwhile.
  let busy = true;
  let lastSent = '0';
  // Read through a function: the flag changes in callbacks, between the awaits below.
  const isClosed = () => closed;

  const unsubscribe = hub.subscribe((event) => {
    if (closed || !feed.accepts(event)) return;
    queue.push(event);
    if (!busy) void drain();
  }, feed.userId);

  const finish = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    queue.length = 0;
    options.onClose();
  };
  body.on('close', finish);
  // A write racing the client's disconnect; the stream is ending anyway.
  body.on('error', () => undefined);

  const close = () => {
    finish();
    if (!body.writableEnded) body.end();
  };

  const shutDown = () => {
    if (!closed && !body.writableEnded) body.write(shutdownRetryFrame());
    close();
  };

  const write = (text: string) => {
    if (closed) return;
    body.write(text);
    if (body.writableLength + body.readableLength > MAX_BUFFERED_BYTES) {
      log.warn({ buffered: body.readableLength }, 'event stream client stopped reading; closing');
      close();
    }
  };

  const deliver = async (event: OrderEventRecord) => {
    if (closed || !after(event.id, lastSent)) return;
    const data: unknown = await feed.present(event);
    if (isClosed() || !after(event.id, lastSent)) return;
    lastSent = event.id;
    if (data !== null) write(`id: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const drainQueue = async () => {
    for (let event = queue.shift(); event && !closed; event = queue.shift()) await deliver(event);
  };

  const failed = (error: unknown) => {
    // The client reconnects with its last id and the replay picks up from there.
    log.warn({ err: error, lastSent }, 'order event stream failed; closing it');
    close();
  };

  async function drain() {
    busy = true;
    try {
      await drainQueue();
    } catch (error) {
      failed(error);
    } finally {
      busy = false;
    }
  }

  async function catchUp(position: string | null) {
    if (position !== null) {
      for (;;) {
        const batch = await feed.read(lastSent, REPLAY_BATCH);
        for (const event of batch) await deliver(event);
        if (batch.length < REPLAY_BATCH || isClosed()) break;
      }
    }
    await drainQueue();
    write(`event: ready\nid: ${lastSent}\ndata: {}\n\n`);
    busy = false;
    // Nothing can have been queued since the drain (no await in between); kept for clarity.
    if (queue.length > 0) void drain();
  }

  let latest: string;
  try {
    latest = await options.latestId();
  } catch (error) {
    finish();
    throw error;
  }
  // A position beyond the log's end (a database restored from a backup) would hold back every
  // new event until the ids caught up with it: start from the end instead.
  const position =
    options.position !== null && !after(options.position, latest) ? options.position : null;
  lastSent = position ?? latest;

  write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
  catchUp(position).catch(failed);

  return { body, close, ping: () => write(': ping\n\n'), shutDown };
}
