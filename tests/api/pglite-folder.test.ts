import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/data/db';
import { testDbKind } from '../support/test-app';

// A data folder on disk is PGlite's alone (the Postgres project has nothing to add here).
describe.runIf(testDbKind() === 'pglite')('a PGlite data folder', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'pglite-folder-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('is created whole by a child process, then opened, and keeps what was written', async () => {
    const dataDir = join(parent, 'data', 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    // Created in a staging folder and renamed into place: nothing else is left beside it.
    expect(readdirSync(join(parent, 'data'))).toEqual(['pglite']);
    await first.exec('create table kept (note text); insert into kept values ($$hello$$);');
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await second.query('select note from kept')).toEqual([{ note: 'hello' }]);
    expect(await second.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    await second.close();
  });

  it('is created in an empty folder that already exists', async () => {
    const dataDir = join(parent, 'pglite');
    mkdirSync(dataDir);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    await db.close();
    expect(readdirSync(parent)).toEqual(['pglite']);
  });
});
