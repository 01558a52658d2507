/**
 * Vite plugins for the first view (decision 14). `serverBundle`: after the web app's build, the
 * same sources are built once more for Node, from `src/web/entry-server.tsx` into `dist/ssr`, so
 * the server renders a page with the very components and loaders the browser runs; the server
 * imports that output at run time, never the web sources. `inlineScript`: a module imported
 * with `?inline-script` is bundled and minified for a classic `<script>` and imported as its
 * text, which the server puts in the page and allows by its hash.
 */
import { build as esbuild } from 'esbuild';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SERVER_ENTRY = 'entry-server.tsx';
const INLINE_SCRIPT = '?inline-script';

function inlineScript(): Plugin {
  return {
    name: 'inline-script',
    async load(id) {
      if (!id.endsWith(INLINE_SCRIPT)) return null;
      const { outputFiles } = await esbuild({
        entryPoints: [id.slice(0, -INLINE_SCRIPT.length)],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        logLevel: 'warning',
      });
      const code = outputFiles[0]?.text.trim() ?? '';
      // The page holds it inside <script>: a `</script` in it would end the element early.
      if (/<\/script/i.test(code)) throw new Error(`${id} cannot be inlined`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

export function serverBundle(): Plugin[] {
  let config: ResolvedConfig;
  const bundle: Plugin = {
    name: 'server-bundle',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: SERVER_ENTRY,
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          sourcemap: false,
          manifest: false,
          copyPublicDir: false,
        },
      });
      config.logger.info('server bundle for the first view written to dist/ssr');
    },
  };
  return [inlineScript(), bundle];
}
