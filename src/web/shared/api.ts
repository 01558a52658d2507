import { isErrorCode, type ErrorCode } from '../../domain';

/**
 * The browser's only way to call the server. Errors carry the server's message, which is written
 * to be shown to a person as it is, and a code from the closed list shared with the server
 * (`domain/error-codes.ts`): decide what to do from `code`, never from the status or the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The code of an error answer. A code this build does not know (a newer server) or a body that
 * is not ours (a proxy's error page) is treated as the server's own failure.
 */
function codeOf(payload: { code?: unknown }): ErrorCode {
  return isErrorCode(payload.code) && payload.code !== 'network' ? payload.code : 'internal';
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  let response: Response;
  try {
    response = await fetch(path, {
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
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
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
