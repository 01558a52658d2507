import http from 'node:http';
import https from 'node:https';

/**
 * A server-sent-event client for API tests, over real HTTP (`app.inject` cannot stream): reads
 * the body as it arrives and cuts it into frames the way a browser's EventSource does (a blank
 * line ends a frame; `:` starts a comment).
 *
 * Node's http with a socket of its own per stream, like a browser's EventSource on HTTP/1.1:
 * closing it closes that socket. (fetch's pool opens a spare connection when a request is
 * aborted, which then holds up the server's close until its headers timeout.)
 */

export interface SseFrame {
  /** The `event:` field; absent means the default `message` type. */
  event?: string;
  id?: string;
  /** The `data:` lines joined with "\n"; absent when the frame had none. */
  data?: string;
  retry?: number;
  /** Comment lines (heartbeats), without the leading colon. */
  comments: string[];
  /** `performance.now()` when the frame was read off the socket (latency measurements). */
  receivedAt: number;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The whole body when the answer was not a stream (an error), else ''. */
  body: string;
  /** The next frame, or a rejection naming what did arrive after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseFrame>;
  /** The next frame that carries an event (message or named), skipping comments and `retry`. */
  nextEvent(timeoutMs?: number): Promise<SseFrame>;
  /** Every frame received so far, consumed or not. */
  readonly received: readonly SseFrame[];
  /** Resolves when the server ended the stream (or the client closed it). */
  readonly ended: Promise<void>;
  /** Goes away as a browser tab would: aborts the request. */
  close(): void;
}

/** Parses complete frames off the front of `buffer`; returns them and the unparsed rest. */
export function parseFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const receivedAt = performance.now();
  for (const block of blocks) {
    const frame: SseFrame = { comments: [], receivedAt };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        frame.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') frame.event = value;
      else if (field === 'id') frame.id = value;
      else if (field === 'retry') frame.retry = Number(value);
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) frame.data = data.join('\n');
    frames.push(frame);
  }
  return { frames, rest };
}

/** Through a TLS proxy (tests/deploy): the proxy's CA, and the client's own loopback address. */
export interface SseTransport {
  ca?: string;
  localAddress?: string;
}

export async function openSse(
  url: string,
  options: {
    cookie?: string;
    lastEventId?: string;
    onFrame?: (frame: SseFrame) => void;
  } & SseTransport = {},
): Promise<SseConnection> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const transport = {
    ...(options.ca !== undefined ? { ca: options.ca } : {}),
    ...(options.localAddress !== undefined ? { localAddress: options.localAddress } : {}),
  };
  const request = url.startsWith('https:')
    ? https.get(url, { headers, agent: false, ...transport })
    : http.get(url, { headers, agent: false, ...transport });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const received: SseFrame[] = [];
  let cursor = 0;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined)
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
  }

  const isStream = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
  let body = '';
  let buffer = '';
  response.setEncoding('utf8');
  const ended = new Promise<void>((resolve) => {
    response.on('data', (chunk: string) => {
      if (!isStream) {
        body += chunk;
        return;
      }
      buffer += chunk;
      const parsed = parseFrames(buffer);
      buffer = parsed.rest;
      received.push(...parsed.frames);
      if (options.onFrame) for (const frame of parsed.frames) options.onFrame(frame);
      if (parsed.frames.length > 0) wake();
    });
    // 'close' comes however it ends: the server ended it, the socket dropped, or close(); the
    // 'aborted' errors of a close() are that same end.
    response.once('close', () => resolve());
    response.on('error', () => resolve());
    request.on('error', () => resolve());
  });
  if (!isStream) await ended;
  let finished = false;
  void ended.then(() => {
    finished = true;
    wake();
  });

  const untilDeadline = async (deadline: number, timeoutMs: number): Promise<SseFrame> => {
    for (;;) {
      const frame = received[cursor];
      if (frame) {
        cursor += 1;
        return frame;
      }
      const left = deadline - Date.now();
      if (finished || left <= 0) {
        const reason = finished ? 'the stream ended' : `nothing within ${timeoutMs} ms`;
        throw new Error(`${reason}; frames so far: ${JSON.stringify(received)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  const next = (timeoutMs = 5_000) => untilDeadline(Date.now() + timeoutMs, timeoutMs);

  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    body,
    next,
    async nextEvent(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = await untilDeadline(deadline, timeoutMs);
        if (frame.data !== undefined || frame.event !== undefined) return frame;
      }
    },
    get received() {
      return received;
    },
    ended,
    close: () => request.destroy(),
  };
}

/** A browser's EventSource (with the web app's own retry on top), as far as a test needs one. */
export interface FollowedStream {
  /** Every frame of every connection, in the order they arrived. */
  readonly received: readonly SseFrame[];
  /** Connections that were answered with a stream, the first one included. */
  readonly connections: number;
  /** What it sends as Last-Event-ID on its next connection. */
  readonly lastEventId: string | undefined;
  /** True while a connection is open and has sent its first frame. */
  readonly live: boolean;
  /** The first frame from index `from` on that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs: number, from?: number): Promise<SseFrame>;
  /** Stops for good, as `EventSource.close()`. */
  close(): void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a stream the way the browser does: when it ends or cannot be opened, it connects again
 * `retry` milliseconds later (the server's last `retry:`, 5000 until one came; `maxRetryMs` caps
 * it for tests where the delay is not the point), sending the last event id it saw as
 * Last-Event-ID, so each connection starts where the previous one stopped.
 */
export async function followSse(
  url: string,
  options: { cookie?: string; lastEventId?: string; maxRetryMs?: number } & SseTransport = {},
): Promise<FollowedStream> {
  const received: SseFrame[] = [];
  let lastEventId = options.lastEventId;
  let retry = 5_000;
  let connections = 0;
  let live = false;
  let closed = false;
  let current: SseConnection | null = null;
  const isClosed = () => closed;
  const delay = () => Math.min(retry, options.maxRetryMs ?? Infinity);

  const onFrame = (frame: SseFrame) => {
    received.push(frame);
    if (frame.id !== undefined) lastEventId = frame.id;
    if (frame.retry !== undefined && Number.isFinite(frame.retry)) retry = frame.retry;
    // Every stream subscribes before it sends its first frame: from here on nothing is missed.
    live = true;
  };

  const connectOnce = async (): Promise<SseConnection | null> => {
    try {
      const connection = await openSse(url, {
        ...(options.ca !== undefined ? { ca: options.ca } : {}),
        ...(options.localAddress !== undefined ? { localAddress: options.localAddress } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(lastEventId !== undefined ? { lastEventId } : {}),
        onFrame,
      });
      if (connection.status === 200) return connection;
      connection.close();
    } catch {
      // Refused or dropped: the server is not there (yet).
    }
    return null;
  };

  const first = await connectOnce();
  if (!first) throw new Error(`could not open ${url}`);
  current = first;
  connections = 1;
  void (async () => {
    let connection: SseConnection | null = first;
    while (!isClosed()) {
      if (connection) {
        await connection.ended;
        live = false;
      }
      if (isClosed()) return;
      await pause(delay());
      if (isClosed()) return;
      connection = await connectOnce();
      if (connection) {
        current = connection;
        connections++;
        if (isClosed()) connection.close();
      }
    }
  })();

  return {
    get received() {
      return received;
    },
    get connections() {
      return connections;
    },
    get lastEventId() {
      return lastEventId;
    },
    get live() {
      return live;
    },
    async waitFor(match, timeoutMs, from = 0) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no such frame within ${timeoutMs} ms: ${JSON.stringify(received)}`);
        }
        await pause(10);
      }
    },
    close() {
      closed = true;
      current?.close();
    },
  };
}
