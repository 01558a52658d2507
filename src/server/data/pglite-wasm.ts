import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let compiled: Promise<WebAssembly.Module | undefined> | null = null;

/**
 * PGlite's WebAssembly, compiled once per process and instantiated by every PGlite it opens
 * (`pgliteWasmModule`): the server starts the compile first thing (main.ts), and a test process
 * that opens many databases compiles it once. Undefined when it cannot be had this way (the
 * package moved its file): PGlite then loads its own, as it does without the option.
 */
export function pgliteWasm(): Promise<WebAssembly.Module | undefined> {
  // Read at once (9 MB, a few ms): read asynchronously, the bytes would arrive only after the
  // rest of the server's code had run, and the compile would start that much later.
  compiled ??= (async () => {
    try {
      const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
      return await WebAssembly.compile(readFileSync(join(dirname(entry), 'pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}
