import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, STAMP_FILE, buildReason, hashInputs } from '../../scripts/build-stamp.js';

// A project in miniature: two inputs (a folder and a file) and two outputs, in a temp folder.
const inputs = ['src', 'vite.config.ts'];
const outputs = ['dist/web/index.html', 'dist/server/main.js'];

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};
/** What scripts/build.js does once a build succeeds: the outputs, then the inputs' hash. */
const build = () => {
  for (const output of outputs) write(output, 'built');
  write(STAMP_FILE, JSON.stringify({ hash: hashInputs(root, inputs) }));
};
const reason = () => buildReason(root, { inputs, outputs });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  write('src/server/main.ts', 'listen()');
  write('src/web/index.html', '<main></main>');
  write('vite.config.ts', 'export default {}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('asks for a build when nothing was ever built', () => {
    expect(reason()).toBe('no build stamp');
  });

  it('skips the build when no input changed since the last one', () => {
    build();
    expect(reason()).toBeNull();
    // Same bytes written again (a checkout, a copy): still current.
    write('src/server/main.ts', 'listen()');
    expect(reason()).toBeNull();
  });

  it('builds again when a source changes, is added or removed', () => {
    build();
    write('src/server/main.ts', 'listen(3000)');
    expect(reason()).toBe('the sources changed since the last build');

    build();
    write('src/web/new.ts', 'export {}');
    expect(reason()).toBe('the sources changed since the last build');

    build();
    rmSync(join(root, 'src/web/new.ts'));
    expect(reason()).toBe('the sources changed since the last build');
  });

  it('builds again when a file is renamed with the same bytes', () => {
    build();
    rmSync(join(root, 'src/web/index.html'));
    write('src/web/home.html', '<main></main>');
    expect(reason()).toBe('the sources changed since the last build');
  });

  it('builds again when a top-level input changes', () => {
    build();
    write('vite.config.ts', 'export default { base: "/" }');
    expect(reason()).toBe('the sources changed since the last build');
  });

  it('builds again when an output is gone, even with a current stamp', () => {
    build();
    rmSync(join(root, 'dist/server/main.js'));
    expect(reason()).toBe('dist/server/main.js is missing');
  });

  it('ignores files outside the inputs', () => {
    build();
    write('README.md', 'notes');
    write('dist/web/extra.js', 'built');
    expect(reason()).toBeNull();
  });
});

describe('the build’s inputs', () => {
  it('name every script the build configuration and the build script import', () => {
    // A plugin left out of the list would not trigger a build when it changes: `npm start`
    // would go on serving what the old one made.
    const imported = ['vite.config.ts', 'scripts/build.js'].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '\.\/(?:scripts\/)?([\w-]+)(?:\.js)?'/g)].map(
        (match) => match[1],
      ),
    );
    expect(imported).toContain('compile-hint');
    for (const name of imported) {
      expect(
        BUILD_INPUTS.some((input) => input.replace(/\.[jt]s$/, '') === `scripts/${name}`),
        name,
      ).toBe(true);
    }
  });
});
