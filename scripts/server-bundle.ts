/**
 * A Vite plugin: after the web app's build, the same sources are built once more for Node, from
 * `src/web/entry-server.tsx` into `dist/ssr`, so the server can render the first view of a page
 * with the very components and loaders the browser runs (decision 14). The server imports that
 * output at run time; it never imports the web sources.
 */
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SERVER_ENTRY = 'entry-server.tsx';

export function serverBundle(): Plugin {
  let config: ResolvedConfig;
  return {
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
}
