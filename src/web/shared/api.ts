import { isErrorCode, type ErrorCode } from '../../domain/error-codes';

/**
 * The browser's only way to call the server: JSON in and out, the cookie sent, a failure as an
 * `ApiError` whose `code` is one of the domain's closed list (the browser switches on it, never
 * on message text). The message is written to be shown to a person as it is. Loaders pass their
 * `request.signal`, so leaving a screen cancels its requests.
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is the API's answer with one of `codes` (any code when none are given). */
export function isApiError(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The code of an error answer. A code this build does not know (a newer server) or a body that
 * is not ours (a proxy's error page) is treated as the server's own failure; 'network' is only
 * ever ours to say.
 */
function codeOf(payload: { code?: unknown }): ErrorCode {
  return isErrorCode(payload.code) && payload.code !== 'network' ? payload.code : 'internal';
}

/** How a request reaches the API: the browser's `fetch`, or the server answering itself. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `transport`: the server's first view passes its own (`entry-server.tsx`). */
export async function api<T>(
  path: string,
  options: RequestOptions = {},
  transport: Transport = fetch,
): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  let response: Response;
  try {
    response = await transport(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(
      0,
      'We could not reach the store. Check your connection and try again.',
      'network',
    );
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const payload = (data ?? {}) as { message?: unknown; code?: unknown };
    throw new ApiError(
      response.status,
      typeof payload.message === 'string'
        ? payload.message
        : `Request failed (${response.status}).`,
      codeOf(payload),
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Codes for which the server had nothing to say to a person: its own failure, or no answer. */
const UNEXPLAINED: readonly ErrorCode[] = ['internal', 'unavailable', 'network'];

/**
 * The server's reason when it refused the request itself: written to be shown to a person.
 * Null for a network failure or a server error, whose details mean nothing to them.
 */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && !UNEXPLAINED.includes(error.code) ? error.message : null;
}

interface CacheEntry {
  value: Promise<unknown>;
  expires: number;
}

const cache = new Map<string, CacheEntry>();

/**
 * A GET kept in memory for `ttlMs`, so going back and forth between screens asks the server
 * nothing new. Callers at the same time share one request; a failure is never kept, so a retry
 * asks again. The cache lives as long as the page: a reload starts fresh.
 */
export async function cachedGet<T>(
  path: string,
  { ttlMs, signal }: { ttlMs: number; signal?: AbortSignal },
): Promise<T> {
  const hit = cache.get(path);
  const shared = hit !== undefined && hit.expires > Date.now();
  const entry: CacheEntry = shared
    ? hit
    : { value: api<T>(path, { signal }), expires: Date.now() + ttlMs };
  if (!shared) {
    cache.set(path, entry);
    entry.value.catch(() => {
      if (cache.get(path) === entry) cache.delete(path);
    });
  }
  try {
    return (await entry.value) as T;
  } catch (error) {
    // Joined a request that its first caller cancelled (a double click): ask again for this one.
    if (shared && isAbort(error) && !signal?.aborted) return cachedGet(path, { ttlMs, signal });
    throw error;
  }
}

/**
 * Keeps answers the server's first view already drew with (decision 14), so going back to that
 * screen asks nothing again. A minute at most: the store's open flag is the shortest-lived.
 */
export function primeCached(answers: Record<string, unknown>): void {
  const expires = Date.now() + 60_000;
  for (const [path, value] of Object.entries(answers)) {
    if (!cache.has(path)) cache.set(path, { value: Promise.resolve(value), expires });
  }
}

/** Forgets a cached GET, so the next caller asks the server (e.g. the store's open flag). */
export function forgetCached(path: string): void {
  cache.delete(path);
}

/** Forgets every cached GET whose path starts with one of `prefixes` (the menu changed). */
export function forgetCachedUnder(...prefixes: string[]): void {
  for (const path of [...cache.keys()]) {
    if (prefixes.some((prefix) => path.startsWith(prefix))) cache.delete(path);
  }
}
