/**
 * A Vite plugin: the browser's entry chunk starts with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 136 and later; to other browsers a comment). Nearly
 * all of the entry runs while the first view hydrates (React, the router, the layout), and V8
 * otherwise compiles each function on the main thread when it is first called, inside the
 * app's own tasks. With the hint it compiles them with the file: in Wings traces on this
 * machine, the JavaScript in the app's tasks of 4 ms or more fell from 76-131 ms to 40-61 ms,
 * for one compile of 10-16 ms (docs/performance.md).
 *
 * Added after minification (which drops comments) and after Vite's own first line (its list of
 * preload dependencies): the hint counts only as the file's first line. Its source map, already
 * in the bundle as an asset, gets an empty line in front.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHint(): Plugin {
  let ssr = false;
  return {
    name: 'compile-hint',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
