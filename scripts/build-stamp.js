// Whether dist/ was built from the sources as they are now (`npm start` skips the build then).
// Plain JavaScript, so the check costs a node start and no TypeScript transpiler; its types are
// in build-stamp.d.ts. The decision is a hash of the inputs' contents, not their times: a
// checkout, a copy or `touch` that leaves the bytes alone does not cost a build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything a build reads: the web app and the server (src/, index.html included), the build's
 * own configuration and scripts, and the dependency versions. Folders are read whole.
 */
export const BUILD_INPUTS = [
  'src',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.js',
  'scripts/build-stamp.js',
  'scripts/compile-hint.ts',
  'scripts/precompress.ts',
  'scripts/server-bundle.ts',
];

/** What `npm start` runs and serves; a build is due when one of them is missing. */
export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/server/main.js'];

export const STAMP_FILE = 'dist/build-stamp.json';

/** The input files under `root`, relative paths with '/', sorted; missing inputs are skipped. */
export function listInputs(root, inputs = BUILD_INPUTS) {
  const files = [];
  const walk = (relative) => {
    const absolute = join(root, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute)) walk(`${relative}/${name}`);
    } else {
      files.push(relative);
    }
  };
  for (const input of inputs) walk(input);
  return files.sort();
}

/** One hash over every input's path and bytes: a rename, an edit, a new or a removed file change it. */
export function hashInputs(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const file of listInputs(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash the last complete build recorded, or null (never built, or interrupted). */
export function readStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
    return typeof stamp.hash === 'string' ? stamp.hash : null;
  } catch {
    return null;
  }
}

/**
 * Why a build is due, or null when dist/ is current: its stamp holds the inputs' hash and every
 * output is there.
 */
export function buildReason(root, options = {}) {
  const inputs = options.inputs ?? BUILD_INPUTS;
  const outputs = options.outputs ?? BUILD_OUTPUTS;
  const stamp = readStamp(root);
  if (stamp === null) return 'no build stamp';
  const missing = outputs.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  if (stamp !== hashInputs(root, inputs)) return 'the sources changed since the last build';
  return null;
}
