import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../src/domain';
import { ApiError, api, refusalReason } from '../../src/web/shared/api';

/** The browser's fetch helper turns every failure into an ApiError with a code from the list. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

async function failure(path = '/api/anything'): Promise<ApiError> {
  const error: unknown = await api(path).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('ApiError codes', () => {
  it('keeps the server’s code and message', async () => {
    answer(409, { statusCode: 409, code: 'email_taken', message: 'Taken.' });
    const error = await failure();
    expect(error).toMatchObject({ status: 409, code: 'email_taken', message: 'Taken.' });
    expect(refusalReason(error)).toBe('Taken.');
  });

  it('reads a code it does not know, or a body that is not ours, as the server’s own failure', async () => {
    answer(400, { statusCode: 400, code: 'brand_new_code', message: 'Something new.' });
    expect((await failure()).code).toBe('internal');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 }))),
    );
    const proxy = await failure();
    expect(proxy).toMatchObject({ status: 502, code: 'internal' });
    expect(refusalReason(proxy)).toBeNull();
  });

  it('never takes "network" from a server: only an unreachable server is a network failure', async () => {
    answer(400, { statusCode: 400, code: 'network', message: 'Spoofed.' });
    expect((await failure()).code).toBe('internal');
  });

  it('says "network" when the server cannot be reached, and offers no reason to show', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure();
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect(refusalReason(error)).toBeNull();
  });

  it('shows no reason for the server’s own failures', async () => {
    answer(500, { statusCode: 500, code: 'internal', message: 'Something went wrong.' });
    expect(refusalReason(await failure())).toBeNull();
    answer(503, { statusCode: 503, code: 'unavailable', message: 'Try later.' });
    expect(refusalReason(await failure())).toBeNull();
  });

  it('has one closed list, with the browser-only code in it', () => {
    expect(ERROR_CODES).toContain('network');
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
