import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ServerProcess, freePort } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder a server made and left cleanly: copied, never used in place. */
    pgliteTemplate: string;
  }
}

/**
 * The fault suite runs the compiled server, so dist/ must be current (`npm test` has just built
 * it; `npm run test:faults` alone may not have). And a first start on a new PGlite folder
 * (initdb, migrations, seed) costs some 15 s on this machine, so one is made here, once, and
 * every test that needs a PGlite folder starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // Not vitest's NODE_ENV=test: Vite would build React's development JSX runtime into dist/.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const build = spawnSync(process.execPath, ['scripts/build.js', '--if-changed'], {
    stdio: 'inherit',
    env,
  });
  if (build.status !== 0) throw new Error('the build failed');

  const root = mkdtempSync(join(tmpdir(), 'faults-template-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const server = await ServerProcess.start({
      port: await freePort(),
      env: { DATA_DIR: root, LOG_LEVEL: 'warn' },
      readyTimeoutMs: 180_000,
    });
    const exit = await server.stop();
    if (exit.code !== 0) throw new Error(`the template's server exited ${String(exit.code)}`);
  } catch (error) {
    // No teardown runs after a failed setup.
    remove();
    throw error;
  }
  project.provide('pgliteTemplate', join(root, 'pglite'));
  return remove;
}
