/**
 * Compression on the wire: the web app's files pre-compressed at build (scripts/precompress.ts,
 * the Vite plugin's own code, run here on a folder of our own) and sent as brotli or gzip with
 * the right headers, Range and HEAD included; JSON answers of 1 KB and more compressed per
 * request; the live event streams never. Runs on both databases (the app is the same).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import {
  OPEN_TUESDAY,
  call,
  registerCustomer,
  registerStaff,
  type Account,
} from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { fixedClock } from '../../src/server/clock';

const BROWSER = 'gzip, deflate, br, zstd';
const SCRIPT = '/assets/app-3f9a1c2e.js';

let webDir: string;
let t: TestApp;
let url: string;
let staff: Account;
let customer: Account;

/** A small built app: an index, a script and a stylesheet worth compressing, a tiny text file. */
function writeWebApp(dir: string) {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Royal City Pizza</title>` +
      `<script type="module" src="${SCRIPT}"></script></head><body><div id="root"></div>` +
      `${'<!-- the shell -->'.repeat(40)}</body></html>`,
  );
  const lines = Array.from(
    { length: 400 },
    (_, i) => `export const item${i} = { id: ${i}, name: "Pizza number ${i}", price: ${i * 3} };`,
  );
  writeFileSync(join(dir, SCRIPT), lines.join('\n'));
  writeFileSync(join(dir, 'assets/app-77aa00bb.css'), '.card { display: grid; }\n'.repeat(200));
  writeFileSync(join(dir, 'robots.txt'), 'ok');
}

const file = (path: string) => readFileSync(join(webDir, path));

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

function bodyOf(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === undefined) return response.rawPayload;
  throw new Error(`unexpected encoding ${encoding}`);
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-'));
  writeWebApp(webDir);
  await precompressDir(webDir);
  t = await createTestApp({ clock: fixedClock(OPEN_TUESDAY), config: { webDir } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  staff = await registerStaff(t.app, t.db);
  customer = await registerCustomer(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the build', () => {
  it('writes a brotli and a gzip variant of every text file, only where they are smaller', () => {
    expect(readdirSync(join(webDir, 'assets')).sort()).toEqual([
      'app-3f9a1c2e.js',
      'app-3f9a1c2e.js.br',
      'app-3f9a1c2e.js.gz',
      'app-77aa00bb.css',
      'app-77aa00bb.css.br',
      'app-77aa00bb.css.gz',
    ]);
    expect(existsSync(join(webDir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(webDir, 'robots.txt.br'))).toBe(false);
    expect(brotliDecompressSync(file(`${SCRIPT}.br`))).toEqual(file(SCRIPT));
    expect(gunzipSync(file(`${SCRIPT}.gz`))).toEqual(file(SCRIPT));
  });

  it.runIf(existsSync('dist/web/index.html'))(
    'did so for the real build in dist/web (npm run build)',
    () => {
      const assets = readdirSync('dist/web/assets').filter((name) => /\.(js|css)$/.test(name));
      expect(assets.length).toBeGreaterThan(0);
      for (const name of [...assets.map((asset) => `assets/${asset}`), 'index.html']) {
        expect(existsSync(`dist/web/${name}.br`), name).toBe(true);
        expect(existsSync(`dist/web/${name}.gz`), name).toBe(true);
      }
    },
  );
});

describe('static files', () => {
  it('sends brotli to a browser, with the type, length, Vary and year-long caching of the file', async () => {
    const response = await get(SCRIPT, { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-length']).toBe(String(file(`${SCRIPT}.br`).length));
    expect(response.rawPayload).toEqual(file(`${SCRIPT}.br`));
    expect(bodyOf(response)).toEqual(file(SCRIPT));
  });

  it('sends gzip without brotli, the file itself without either, Vary on all of them', async () => {
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const response = await get('/assets/app-77aa00bb.css', { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(bodyOf(response)).toEqual(file('/assets/app-77aa00bb.css'));
    }
  });

  it('answers HEAD with the GET’s headers and no body', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: SCRIPT,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(file(`${SCRIPT}.br`).length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves a Range of the bytes it sends: of the brotli bytes when it sends brotli', async () => {
    const br = await get(SCRIPT, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-99/${file(`${SCRIPT}.br`).length}`);
    expect(br.rawPayload).toEqual(file(`${SCRIPT}.br`).subarray(0, 100));

    const plain = await get(SCRIPT, { range: 'bytes=10-19' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(file(SCRIPT).subarray(10, 20));
  });

  it('revalidates each variant by its own ETag', async () => {
    const br = await get(SCRIPT, { 'accept-encoding': 'br' });
    const plain = await get(SCRIPT);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(SCRIPT, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('does not serve the variants as files of their own, nor encode what has no variant', async () => {
    const direct = await get(`${SCRIPT}.br`);
    expect(direct.headers['content-type']).toMatch(/^text\/html/);
    expect(direct.rawPayload).not.toEqual(file(`${SCRIPT}.br`));
    const tiny = await get('/robots.txt', { 'accept-encoding': BROWSER });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('ok');
  });
});

describe('the single-page app’s index.html', () => {
  it.each(['/', '/menu/wings', '/index.html'])(
    '%s: brotli, no-cache, Vary, and 304 for the copy the browser has',
    async (path) => {
      const response = await get(path, { 'accept-encoding': BROWSER });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(bodyOf(response)).toEqual(file('index.html'));
      // The security headers are still on it (helmet runs first, for every answer).
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");

      const again = await get(path, {
        'accept-encoding': BROWSER,
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    },
  );

  it('sends the file as it is to a client that takes no encoding', async () => {
    const response = await get('/checkout');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(file('index.html'));
  });
});

describe('JSON answers', () => {
  it('compresses one of 1 KB or more for the client that accepts it, Vary either way', async () => {
    const plain = await call(t.app, staff, 'GET', '/api/staff/products');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await call(t.app, staff, 'GET', '/api/staff/products', undefined, {
        'accept-encoding': accept,
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(bodyOf(response).toString())).toEqual(plain.json());
    }
  });

  it('leaves small answers and errors as they are', async () => {
    for (const path of ['/api/store', '/api/cart/not-a-user', '/api/nothing-here']) {
      const response = await call(t.app, customer, 'GET', path, undefined, {
        'accept-encoding': BROWSER,
      });
      expect(response.headers['content-encoding'], path).toBeUndefined();
      expect(response.rawPayload.length, path).toBeLessThan(1024);
    }
  });
});

/** Opens a stream as a browser would (it always offers brotli and gzip); the first bytes. */
function openStream(
  path: string,
  cookie?: string,
): Promise<{ response: http.IncomingMessage; next: () => Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}${path}`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': BROWSER,
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        const chunks: string[] = [];
        const waiting: ((chunk: string) => void)[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const waiter = waiting.shift();
          if (waiter) waiter(chunk);
          else chunks.push(chunk);
        });
        response.on('error', () => undefined);
        resolve({
          response,
          next: () =>
            new Promise((resolveChunk, rejectChunk) => {
              const ready = chunks.shift();
              if (ready !== undefined) {
                resolveChunk(ready);
                return;
              }
              const timer = setTimeout(() => rejectChunk(new Error('nothing within 2 s')), 2000);
              waiting.push((chunk) => {
                clearTimeout(timer);
                resolveChunk(chunk);
              });
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

describe('live event streams', () => {
  it('the storefront’s stream is never compressed: each event leaves as it happens', async () => {
    const stream = await openStream('/api/store/events');
    try {
      expect(stream.response.headers['content-type']).toContain('text/event-stream');
      expect(stream.response.headers['content-encoding']).toBeUndefined();
      expect(await stream.next()).toContain('retry: 5000');
      const saved = await call(t.app, staff, 'PUT', '/api/staff/store', { mode: 'closed' });
      expect(saved.statusCode).toBe(200);
      expect(await stream.next()).toContain('"type":"store-changed"');
    } finally {
      stream.close();
      await call(t.app, staff, 'PUT', '/api/staff/store', { mode: 'auto' });
    }
  });

  it('nor the customer’s order stream', async () => {
    const stream = await openStream(`/api/orders/sse?userId=${customer.id}`, customer.cookie);
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toContain('text/event-stream');
      expect(stream.response.headers['content-encoding']).toBeUndefined();
      expect((await stream.next()).length).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });
});
