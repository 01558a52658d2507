import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// A stand-in for dist/web: Vite's content-hashed assets may be cached forever, the HTML never.
let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ config: { webDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

it('caches hashed assets for a year, immutable', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('revalidates the HTML shell and un-hashed files on every visit', async () => {
  for (const url of ['/', '/cart', '/favicon.svg']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['cache-control'], url).toBe('no-cache');
  }
});

it('caches product artwork for a month', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/images/wings.svg' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=2592000');
});
