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
  /**
   * What `data:` carries for each of the events, in their order; null sends nothing for one (the
   * order is gone). Given every event waiting at once, so the staff board's feed reads all their
   * orders in one go: one read per event kept a busy store's board hundreds of ms behind
   * (issue 11's order pipeline).
   */
  present(events: readonly OrderEventRecord[]): readonly unknown[] | Promise<readonly unknown[]>;
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
/** Live events presented together at most (what piled up while the last ones were presented). */
const LIVE_BATCH = 100;
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
    if (busy) return;
    // The hub hands over what one read of the log found in one synchronous loop: starting the
    // drain a microtask later presents all of it together.
    busy = true;
    queueMicrotask(() => void drain());
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

  /** Presents the events (in id order) together, then writes those not sent yet, in order. */
  const deliver = async (events: readonly OrderEventRecord[]) => {
    const fresh = events.filter((event) => after(event.id, lastSent));
    if (closed || fresh.length === 0) return;
    const data = await feed.present(fresh);
    for (const [index, event] of fresh.entries()) {
      if (isClosed()) return;
      if (!after(event.id, lastSent)) continue;
      lastSent = event.id;
      const payload = data[index];
      if (payload !== null && payload !== undefined) {
        write(`id: ${event.id}\ndata: ${JSON.stringify(payload)}\n\n`);
      }
    }
  };

  const drainQueue = async () => {
    while (queue.length > 0 && !closed) await deliver(queue.splice(0, LIVE_BATCH));
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
        await deliver(batch);
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
