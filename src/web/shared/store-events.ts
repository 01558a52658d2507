/**
 * The storefront's line to the store (GET /api/store/events): a message whenever the staff save
 * the store's settings (`store`) or the menu (`menu`). Nothing is replayed; the browser
 * reconnects by itself (the server says `retry: 5000`) and the shell also asks every minute,
 * so a change made while the line was down is picked up anyway.
 */
export type StoreChange = 'store' | 'menu';

/** Listens for changes; returns the function that stops listening. */
export function onStoreChange(listener: (what: StoreChange) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/api/store/events');
  source.onmessage = (message) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data as string);
    } catch {
      return;
    }
    if (typeof data !== 'object' || data === null) return;
    const { type, what } = data as { type?: unknown; what?: unknown };
    if (type === 'store-changed') listener(what === 'menu' ? 'menu' : 'store');
  };
  return () => source.close();
}
