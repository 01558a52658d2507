import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHint } from './scripts/compile-hint';
import { precompress } from './scripts/precompress';
import { serverBundle } from './scripts/server-bundle';

// The web app lives in src/web and is built to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  // precompress: every text file also as .br and .gz, which the server sends as they are.
  // serverBundle: the same app built for Node (dist/ssr), which renders the first view.
  // compileHint: V8 compiles the entry chunk whole when it loads it, not function by function.
  plugins: [react(), compileHint(), precompress(), serverBundle()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: which chunks and CSS each screen needs, so the server preloads a
    // page's own from its HTML (src/server/http/first-view.ts); never served.
    manifest: true,
    // The polyfill (for browsers without <link rel="modulepreload">, e.g. Safari before 17) sits
    // in every first view; without it those browsers fetch a screen's shared modules when it
    // imports them instead of beforehand, which works, a little later.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Our own modules only declare things (the domain's zod schemas included), so a module
      // none of whose exports a chunk uses can be left out of it: the first screen does not
      // download the account forms' validation through the domain's index. The one exception,
      // domain/zod.ts, configures zod for the Content-Security-Policy before any schema exists.
      treeshake: {
        moduleSideEffects: (id) =>
          id.includes('/node_modules/') || id.endsWith('.css') || id.endsWith('/domain/zod.ts'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
