/**
 * A server-sent event stream read over real HTTP (app.inject cannot stream): every event with
 * its id, type and parsed data, and a way to wait for one.
 */
export interface SseEvent {
  id: string | null;
  /** `message` unless the server named it (`ready`). */
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  /** The first event (already received or still to come) that `match` accepts. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Comment lines received (heartbeats). */
  comments: string[];
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: { match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];

  const deliver = (event: SseEvent) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };

  if (response.ok && response.body) {
    const body = response.body;
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | null = null;
            let type = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id:')) id = line.slice(3).trim();
              else if (line.startsWith('event:')) type = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (data.length === 0 && id === null) continue;
            const text = data.join('\n');
            deliver({ id, event: type, data: text ? (JSON.parse(text) as unknown) : null });
          }
        }
      } catch {
        // Closed by the test or the server.
      }
    })();
  } else {
    await response.body?.cancel();
  }

  return {
    status: response.status,
    events,
    comments,
    next(match, timeoutMs = 5_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}
