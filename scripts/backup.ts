/**
 * `npm run backup -- [file]`: backs up the store's database, the one `npm start` would use with
 * the same environment. PGlite (no DATABASE_URL): the data folder, as a gzipped tarball; the store
 * must be stopped (the folder's lock says so). PostgreSQL: pg_dump of the store's schema, while
 * the store runs. Without a file name, a new one in backups/ named by the time. Prints the file.
 * docs/operations.md has the design and the restore.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../src/server/config';
import { describeSize, describeSummary, timestamp } from './backup/common';
import { backupPglite } from './backup/pglite';
import { backupPostgres, defaultPostgresName } from './backup/postgres';
import { runCli } from './backup/cli';

const USAGE = `Usage: npm run backup -- [file]

Backs up the store's database (DATA_DIR's PGlite folder, or DATABASE_URL's schema) to file,
by default backups/<kind>-<time>.<ext>. PGlite: stop the store first.`;

await runCli(USAGE, 1, async ([given]) => {
  const config = loadConfig();
  const database = config.database;
  const file =
    given ??
    join(
      'backups',
      database.kind === 'pglite'
        ? `pglite-${timestamp()}.tar.gz`
        : await defaultPostgresName(database),
    );
  if (given === undefined) mkdirSync(dirname(file), { recursive: true });
  else if (!existsSync(dirname(file)))
    throw new Error(`The folder ${dirname(file)} does not exist.`);

  let what: string;
  if (database.kind === 'pglite') {
    if (!database.dataDir) throw new Error('PGlite in memory has nothing to back up.');
    const done = await backupPglite(database.dataDir, file);
    what = `${database.dataDir} (${done.summary ? describeSummary(done.summary) : 'no store tables yet'})`;
  } else {
    const done = await backupPostgres(database, file);
    const held = done.summary ? describeSummary(done.summary) : 'no store tables yet';
    what = `schema ${done.schema} of database ${done.database} (${held})`;
  }
  console.log(`Backed up ${what}\nto ${file} (${describeSize(statSync(file).size)}).`);
});
