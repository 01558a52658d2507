import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the versioned SQL files in migrations/ (NNN_name.sql) that have not run yet, each in
 * its own transaction, in order. An advisory lock keeps two processes starting together on one
 * Postgres from applying the same file twice.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  )`);
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
  // Most starts find every file applied: one read says so, instead of a locked transaction per
  // file. A file missing here is still checked again under the lock below.
  const done = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).map(
      (row) => row.version,
    ),
  );
  const applied: string[] = [];
  for (const file of files.filter((name) => !done.has(name))) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(727274)');
      // A migration's changes to the menu are not the owner's: kept out of its history (021).
      await tx.query("select set_config('app.menu_history', 'off', true)");
      const done = await tx.query('select 1 from schema_migrations where version = $1', [file]);
      if (done.length > 0) return false;
      const sql = readFileSync(MIGRATIONS_DIR + file, 'utf8');
      // Each file is split on statement ends so it runs inside this transaction on both drivers.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends. Migrations keep one statement per `;\n`. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
