/**
 * `npm run bench`: a quick, repeatable measurement of what a customer waits for.
 *  - first-view bytes: the JavaScript and CSS Home needs (gzip), from the built dist/web;
 *  - catalogue API: requests per second and latency percentiles for the menu calls, served by the
 *    real app on PGlite over loopback, with a fixed number of concurrent clients for a fixed time.
 * Numbers, not a pass/fail test: run it before and after a change. `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

function firstViewBytes(): { file: string; raw: number; gzip: number }[] {
  const html = readFileSync('dist/web/index.html', 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  return files.map((file) => {
    const body = readFileSync(`dist/web${file}`);
    return { file, raw: body.length, gzip: gzipSync(body).length };
  });
}

async function load(baseUrl: string, path: string) {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(baseUrl + path);
        await response.arrayBuffer();
        if (!response.ok) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    path,
    requestsPerSecond: Math.round(latencies.length / (DURATION_MS / 1000)),
    p50ms: at(0.5).toFixed(2),
    p99ms: at(0.99).toFixed(2),
    errors,
  };
}

const assets = firstViewBytes();
console.log('First view (Home) assets:');
for (const asset of assets) console.log(`  ${asset.file}  ${asset.raw} B, ${asset.gzip} B gzip`);
console.log(`  total: ${assets.reduce((sum, asset) => sum + asset.gzip, 0)} B gzip`);

const config = {
  ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
  database: { kind: 'pglite' as const, dataDir: null },
};
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const baseUrl = `http://127.0.0.1:${address.port}`;
const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as { _id: string }[];

console.log(`\nCatalogue API, ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each:`);
for (const path of [
  '/api/store/status',
  '/api/products',
  `/api/products/${products[1]?._id}`,
  '/api/toppings',
]) {
  console.log(' ', JSON.stringify(await load(baseUrl, path)));
}
await app.close();
