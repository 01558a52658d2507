import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpFreshCluster } from '../../src/server/data/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PGlite cluster's file (`dumpDataDir`); absent in projects without the setup. */
    pgliteCluster?: string;
  }
}

/**
 * Every API and browser test file opens its own in-memory PGlite, and each of those would run
 * initdb (~2 s on two cores; loading a copy is ~0.5 s). The copy is made here, once per run, and
 * `createTestDatabase` starts every database from it (files run in fresh module graphs, so a
 * copy kept in memory would be made again per file).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'pglite-cluster-'));
  const file = join(folder, 'cluster.tar');
  writeFileSync(file, Buffer.from(await (await dumpFreshCluster()).arrayBuffer()));
  project.provide('pgliteCluster', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
