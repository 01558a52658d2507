import type { ApiStaffOrderEvent } from '../../../domain';

/**
 * The staff board's live stream (GET /api/staff/orders/stream), built like the customer's
 * (shared/orders/order-events.ts): every event has an id, a fresh connection first sends the
 * server's position (`ready`), and we keep the last id seen in sessionStorage so every
 * (re)connection asks for what came after it (`lastEventId` in the query: a new EventSource
 * cannot set the Last-Event-ID header). After an error the stream is closed after 5 seconds and
 * a new one opened with the position, rather than trusting the browser's own retry forever.
 */

const RECONNECT_AFTER_ERROR_MS = 5_000;
const POSITION_KEY = 'staffEvents.lastId';

function readPosition(): string | null {
  try {
    return window.sessionStorage.getItem(POSITION_KEY);
  } catch {
    return null;
  }
}

function writePosition(id: string): void {
  try {
    window.sessionStorage.setItem(POSITION_KEY, id);
  } catch {
    // Private mode: the stream still works; a reload catches up through the list instead.
  }
}

export interface StaffEventHandlers {
  onEvent: (event: ApiStaffOrderEvent) => void;
  /** Connected (true) or lost and waiting to reconnect (false). */
  onConnection: (connected: boolean) => void;
  /** The server's position arrived on a (re)connection: time to reload the list and catch up. */
  onReady: () => void;
}

function isStaffEvent(value: unknown): value is ApiStaffOrderEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { type, order } = value as { type?: unknown; order?: unknown };
  return (
    (type === 'order-created' || type === 'order-updated') &&
    typeof order === 'object' &&
    order !== null &&
    typeof (order as { _id?: unknown })._id === 'string' &&
    typeof (order as { status?: unknown }).status === 'string'
  );
}

/** Opens the stream; the returned function closes it for good. */
export function openStaffEvents(handlers: StaffEventHandlers): () => void {
  let source: EventSource | null = null;
  let retryTimer: number | undefined;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    const position = readPosition();
    const query = position ? `?${new URLSearchParams({ lastEventId: position }).toString()}` : '';
    const current = new EventSource(`/api/staff/orders/stream${query}`);
    source = current;

    current.onopen = () => {
      // The browser's own retry got through before our timer: keep this connection.
      window.clearTimeout(retryTimer);
      retryTimer = undefined;
      handlers.onConnection(true);
    };
    current.addEventListener('ready', (message) => {
      if (message.lastEventId) writePosition(message.lastEventId);
      handlers.onReady();
    });
    current.onmessage = (message) => {
      if (message.lastEventId) writePosition(message.lastEventId);
      let data: unknown;
      try {
        data = JSON.parse(message.data as string);
      } catch {
        return;
      }
      if (isStaffEvent(data)) handlers.onEvent(data);
    };
    current.onerror = () => {
      handlers.onConnection(false);
      if (retryTimer !== undefined) return;
      retryTimer = window.setTimeout(() => {
        retryTimer = undefined;
        current.close();
        connect();
      }, RECONNECT_AFTER_ERROR_MS);
    };
  };

  connect();
  return () => {
    stopped = true;
    window.clearTimeout(retryTimer);
    source?.close();
  };
}
