/**
 * A Vite plugin: once the web app is written to its folder, every text file there gets a brotli
 * (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling. The server sends them as they are
 * (`Content-Encoding`, chosen from the browser's `Accept-Encoding`): compressing at build costs
 * seconds once, instead of CPU on every request, and allows the slowest, smallest settings.
 * A variant that would not be smaller than its file is not written; the server then sends the
 * file itself.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text the browser downloads; images and fonts are compressed by their own formats. Source maps
 * are left out: only developer tools fetch them, and they would triple the time this takes.
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` next to `file`; answers the sizes written (0: not written). */
export async function precompressFile(file: string): Promise<{ br: number; gzip: number }> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { br: 0, gzip: 0 };
  if (br.length < body.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < body.length) {
    await writeFile(`${file}.gz`, gz);
    written.gzip = gz.length;
  }
  return written;
}

/** Compresses every text file under `dir` (a few at a time: zlib runs on the thread pool). */
export async function precompressDir(dir: string): Promise<number> {
  const files = await filesUnder(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      if (file && (await stat(file)).size > 0) await precompressFile(file);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files.length;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file (the public folder's included) is in place.
    async closeBundle() {
      // The server's own bundle (dist/ssr) is read from disk, never sent.
      if (config.build.ssr) return;
      const started = performance.now();
      const count = await precompressDir(resolve(config.root, config.build.outDir));
      config.logger.info(
        `precompressed ${count} files (brotli 11, gzip 9) in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
