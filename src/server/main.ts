/**
 * `npm start`'s entry (dist/server/main.js). Before the server's code is even loaded, PGlite's
 * WebAssembly (9 MB) starts compiling: V8 compiles it on its background threads while this
 * thread reads and runs the rest of the bundle (half a second), instead of one after the other
 * when the database opens. The rest is imported, not a static import, so that it runs after.
 */
import { pgliteWasm } from './data/pglite-wasm';

// config.ts's rule (no DATABASE_URL: PGlite), read here before config's own code has loaded.
if (!process.env.DATABASE_URL) void pgliteWasm();

try {
  const { serve } = await import('./serve');
  await serve();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
