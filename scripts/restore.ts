/**
 * `npm run restore -- file`: replaces the store's database with a backup `npm run backup` wrote.
 * PGlite: the store must be stopped; the folder it replaces is kept beside it
 * (<dataDir>.before-restore-<time>). PostgreSQL: works while the store runs (restart it after);
 * the schema it replaces is first backed up beside the file restored. A PGlite backup restored
 * with DATABASE_URL set moves that store to PostgreSQL (scripts/backup/pglite-to-postgres.ts).
 * docs/operations.md.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../src/server/config';
import { backupKindOf, describeSummary, expectKind, timestamp } from './backup/common';
import { runCli } from './backup/cli';
import { restorePglite } from './backup/pglite';
import { movePgliteToPostgres } from './backup/pglite-to-postgres';
import { restorePostgres } from './backup/postgres';

const newest = existsSync('backups')
  ? readdirSync('backups')
      .filter((name) => /\.(dump|tar\.gz)$/.test(name))
      .sort()
      .slice(-5)
      .map((name) => `  backups/${name}`)
  : [];

const USAGE = `Usage: npm run restore -- file

Replaces the store's database (DATA_DIR's PGlite folder, or DATABASE_URL's schema) with the
backup in file. PGlite: stop the store first.${newest.length > 0 ? `\n\nNewest backups:\n${newest.join('\n')}` : ''}`;

await runCli(USAGE, 1, async ([file]) => {
  if (file === undefined) throw new Error(`Name the backup to restore.\n\n${USAGE}`);
  const config = loadConfig();
  const database = config.database;
  const kind = backupKindOf(file);
  if (kind === 'pglite' && database.kind === 'postgres') {
    // A PGlite store moving to PostgreSQL (docs/deploy.md, two processes).
    const previousName = `postgres-before-restore-${timestamp()}.dump`;
    const done = await movePgliteToPostgres(database, file, dirname(file), previousName);
    console.log(`Restored ${file}\ninto PostgreSQL (${describeSummary(done.summary)}).`);
    if (done.previous) {
      console.log(
        `The schema as it was is backed up in ${done.previous} (npm run restore it to undo).`,
      );
    }
    return;
  }
  expectKind(file, kind, database.kind);

  if (database.kind === 'pglite') {
    if (!database.dataDir) throw new Error('PGlite in memory cannot be restored into.');
    const done = await restorePglite(database.dataDir, file);
    console.log(`Restored ${file}\ninto ${database.dataDir} (${describeSummary(done.summary)}).`);
    if (done.previous) {
      console.log(
        `The folder it replaced is kept at ${done.previous}: to undo, stop the store and move it ` +
          `back in place of ${database.dataDir}; remove it once you are sure.`,
      );
    }
    return;
  }
  const done = await restorePostgres(database, file, dirname(file));
  const held = done.summary ? describeSummary(done.summary) : 'no store tables';
  console.log(
    `Restored ${file}\ninto schema ${done.schema} of database ${done.database} (${held}).`,
  );
  if (done.previous) {
    console.log(
      `The schema as it was is backed up in ${done.previous} (npm run restore it to undo).`,
    );
  }
  if (done.storeConnections > 0) {
    console.log(
      `${done.storeConnections} connections of running store processes are open: restart ` +
        `those processes, so their order streams follow the restored order log.`,
    );
  }
});
