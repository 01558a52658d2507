import type { ApiOrderEvent } from '../../../domain';

/**
 * The customer's live order events (GET /api/orders/sse?userId=), for the Payment screen's
 * waiting overlay and My Orders.
 *
 * Never miss an answer: the server gives every event an id and, on a fresh connection, first
 * sends its current position (an event of type `ready` carrying only an id). We keep the last
 * id seen in sessionStorage per user, and every (re)connection asks for what came after it
 * (`lastEventId` in the query, because a new EventSource cannot set the Last-Event-ID header).
 * So a reload, a dropped connection or a phone that slept through the answer still gets it.
 *
 * The spec: after a connection error the stream is closed after 5 seconds; we then open a new
 * one (with the position), rather than leave the customer waiting on a dead stream.
 */

/** Spec: "Live stream closes 5 seconds after an error." */
export const STREAM_CLOSE_AFTER_ERROR_MS = 5_000;
const positionKey = (userId: string) => `orderEvents.lastId:${userId}`;

function readPosition(userId: string): string | null {
  try {
    return window.sessionStorage.getItem(positionKey(userId));
  } catch {
    return null;
  }
}

function writePosition(userId: string, id: string): void {
  try {
    window.sessionStorage.setItem(positionKey(userId), id);
  } catch {
    // Private mode: the stream still works for this page, only a reload starts fresh.
  }
}

export interface OrderEventHandlers {
  onEvent: (event: ApiOrderEvent) => void;
  /** Connected (true) or lost and waiting to reconnect (false), for a quiet status line. */
  onConnection?: (connected: boolean) => void;
  /** After the server's first position on a connection: nothing before it will be missed. */
  onReady?: () => void;
}

function isOrderEvent(value: unknown): value is ApiOrderEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { type, orderId } = value as { type?: unknown; orderId?: unknown };
  return (
    typeof orderId === 'string' &&
    (type === 'order-accepted' ||
      type === 'order-declined' ||
      type === 'order-status' ||
      type === 'order-created')
  );
}

/** Opens the stream; the returned function closes it for good. */
export function openOrderEvents(userId: string, handlers: OrderEventHandlers): () => void {
  let source: EventSource | null = null;
  let closeTimer: number | undefined;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    const position = readPosition(userId);
    const query = new URLSearchParams({ userId });
    if (position) query.set('lastEventId', position);
    const current = new EventSource(`/api/orders/sse?${query.toString()}`);
    source = current;

    current.onopen = () => {
      // The browser's own retry got through before our timer: keep this connection.
      window.clearTimeout(closeTimer);
      closeTimer = undefined;
      handlers.onConnection?.(true);
    };
    current.addEventListener('ready', (message) => {
      if (message.lastEventId) writePosition(userId, message.lastEventId);
      handlers.onReady?.();
    });
    current.onmessage = (message) => {
      if (message.lastEventId) writePosition(userId, message.lastEventId);
      let data: unknown;
      try {
        data = JSON.parse(message.data as string);
      } catch {
        return;
      }
      if (isOrderEvent(data)) handlers.onEvent(data);
    };
    current.onerror = () => {
      handlers.onConnection?.(false);
      if (closeTimer !== undefined) return;
      closeTimer = window.setTimeout(() => {
        closeTimer = undefined;
        current.close();
        connect();
      }, STREAM_CLOSE_AFTER_ERROR_MS);
    };
  };

  connect();
  return () => {
    stopped = true;
    window.clearTimeout(closeTimer);
    source?.close();
  };
}
