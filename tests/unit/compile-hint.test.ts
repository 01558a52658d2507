/**
 * The compile hint (scripts/compile-hint.ts) on a bundle as Vite hands it over: the entry chunk
 * gains the hint as its first line and its source map an empty line in front, so every mapping
 * still points at its source; other chunks and the server's build are left as they were.
 */
import type { Rollup, Plugin, ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHint } from '../../scripts/compile-hint';

const chunk = (fileName: string, isEntry: boolean, code: string) =>
  ({ type: 'chunk', fileName, isEntry, code }) as Rollup.OutputChunk;
const mapOf = (fileName: string, mappings: string) =>
  ({
    type: 'asset',
    fileName: `${fileName}.map`,
    source: JSON.stringify({ version: 3, mappings, sources: ['main.tsx'] }),
  }) as Rollup.OutputAsset;

function run(plugin: Plugin, bundle: Rollup.OutputBundle, ssr = false) {
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ build: { ssr } } as ResolvedConfig);
  const hook = plugin.generateBundle as {
    order: string;
    handler: (options: Rollup.NormalizedOutputOptions, bundle: Rollup.OutputBundle) => void;
  };
  expect(hook.order).toBe('post');
  hook.handler({} as Rollup.NormalizedOutputOptions, bundle);
}

function bundle(): Rollup.OutputBundle {
  return {
    'assets/index-a1.js': chunk('assets/index-a1.js', true, 'const a=1;\nexport{a};'),
    'assets/index-a1.js.map': mapOf('assets/index-a1.js', 'AAAA;AACA'),
    'assets/cart-b2.js': chunk('assets/cart-b2.js', false, 'const b=2;'),
    'assets/cart-b2.js.map': mapOf('assets/cart-b2.js', 'AAAA'),
  };
}

const code = (output: Rollup.OutputBundle, name: string) =>
  (output[name] as Rollup.OutputChunk).code;
const mappings = (output: Rollup.OutputBundle, name: string) =>
  (JSON.parse((output[name] as Rollup.OutputAsset).source as string) as { mappings: string })
    .mappings;

describe('the compile hint', () => {
  it('starts the entry chunk, whose source map moves down a line with it', () => {
    const output = bundle();
    run(compileHint(), output);
    expect(code(output, 'assets/index-a1.js')).toBe(`${COMPILE_HINT}\nconst a=1;\nexport{a};`);
    expect(mappings(output, 'assets/index-a1.js.map')).toBe(';AAAA;AACA');
  });

  it('leaves the other chunks and their maps alone', () => {
    const output = bundle();
    run(compileHint(), output);
    expect(code(output, 'assets/cart-b2.js')).toBe('const b=2;');
    expect(mappings(output, 'assets/cart-b2.js.map')).toBe('AAAA');
  });

  it('leaves the server’s build alone', () => {
    const output = bundle();
    run(compileHint(), output, true);
    expect(code(output, 'assets/index-a1.js')).toBe('const a=1;\nexport{a};');
    expect(mappings(output, 'assets/index-a1.js.map')).toBe('AAAA;AACA');
  });
});
