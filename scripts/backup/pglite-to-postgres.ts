/**
 * A PGlite store moved to PostgreSQL (`npm run restore -- <pglite backup>` with DATABASE_URL
 * set): the way from one process to two (docs/deploy.md). pg_dump cannot read a PGlite folder,
 * so the rows are copied, table by table, from the backup opened in a PGlite of its own into the
 * store's schema, which this release's migrations create: both ends then have the same tables.
 * Everything is written in one transaction, the schema's user triggers off (the menu history
 * would record each copied row as an owner's change), parents before children, and every
 * sequence is set where the PGlite store's was, so the next order number follows the last.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_START_PARAMS } from '../../src/server/data/db';
import { migrate } from '../../src/server/data/migrate';
import { BackupError, SUMMARY_SQL, isDataFolderTarball, type StoreSummary } from './common';
import { backupPostgres, type PostgresConfig } from './postgres';

export interface MoveToPostgres {
  summary: StoreSummary;
  /** The backup of the schema as it was, or null when it held no order yet. */
  previous: string | null;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables in an order that puts each one after those its foreign keys point at. */
function parentsFirst(tables: string[], references: { child: string; parent: string }[]) {
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((edge) => edge.child === table)) {
      if (parent !== table) visit(parent, path);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export async function movePgliteToPostgres(
  config: PostgresConfig,
  file: string,
  previousDir: string,
  previousName: string,
): Promise<MoveToPostgres> {
  const bytes = readFileSync(file);
  if (!isDataFolderTarball(bytes)) {
    throw new BackupError(`${file} is a gzip file but not a PGlite data folder backup.`);
  }
  // The schema as this release has it (what `npm start` would make on a new database).
  const target = await openDatabase({ ...config, applicationName: 'pizza-store-restore' });
  try {
    await migrate(target);
  } finally {
    await target.close();
  }

  const staging = mkdtempSync(join(tmpdir(), 'pizza-store-move-'));
  const source = new PGlite(staging, {
    loadDataDir: new Blob([bytes]),
    startParams: PGLITE_START_PARAMS,
  });
  const client = new pg.Client({
    connectionString: config.url,
    application_name: 'pizza-store-restore',
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  try {
    await source.waitReady;
    await client.connect();
    const versions = async (query: (sql: string) => Promise<{ version: string }[]>) =>
      (await query('select version from schema_migrations order by 1')).map((r) => r.version);
    const from = await versions(async (sql) => (await source.query<{ version: string }>(sql)).rows);
    const to = await versions(async (sql) => (await client.query<{ version: string }>(sql)).rows);
    if (from.join() !== to.join()) {
      throw new BackupError(
        `${file} was written by another release of the store (its tables differ from this one's): ` +
          `start the PGlite store once with this release, back it up again, and restore that.`,
      );
    }
    const held = await client.query<{ n: number }>('select count(*)::int as n from orders');
    let previous: string | null = null;
    if ((held.rows[0]?.n ?? 0) > 0) {
      previous = join(previousDir, previousName);
      await backupPostgres(config, previous);
    }

    const tables = (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
      )
    ).rows.map((row) => row.name);
    const references = (
      await client.query<{ child: string; parent: string }>(
        `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
         where c.contype = 'f' and n.nspname = current_schema()`,
      )
    ).rows;
    const all = tables.map(quote).join(', ');
    await client.query('begin');
    try {
      await client.query(`set local lock_timeout = '30s'`);
      for (const table of tables)
        await client.query(`alter table ${quote(table)} disable trigger user`);
      await client.query(`truncate ${all}`);
      for (const table of parentsFirst(tables, references)) {
        const columns = (
          await client.query<{ name: string }>(
            `select attname as name from pg_attribute
             where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
             order by attnum`,
            [quote(table)],
          )
        ).rows.map((row) => quote(row.name));
        const rows = await source.query<{ rows: unknown }>(
          `select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as rows from ${quote(table)} t`,
        );
        const list = columns.join(', ');
        // to_jsonb writes each value as its type's text, which the record's types read back.
        await client.query(
          `insert into ${quote(table)} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::${quote(table)}, $1::jsonb)`,
          [JSON.stringify(rows.rows[0]?.rows ?? [])],
        );
      }
      const sequences = await source.query<{ name: string; value: string | null }>(
        `select sequencename as name, last_value::text as value from pg_sequences
         where schemaname = current_schema()`,
      );
      for (const { name, value } of sequences.rows) {
        if (value !== null)
          await client.query('select setval($1::regclass, $2::bigint)', [quote(name), value]);
      }
      for (const table of tables)
        await client.query(`alter table ${quote(table)} enable trigger user`);
      // Running stores forget the menu and settings they hold (migration 006's notify).
      await client.query(
        `select pg_notify('store_changed', 'menu-rows'), pg_notify('store_changed', 'store-rows')`,
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupError(`${reason}\nThe restore was rolled back: the schema is unchanged.`);
    }
    const summary = (await client.query<StoreSummary>(SUMMARY_SQL)).rows[0];
    if (!summary) throw new BackupError('The restored schema holds no store tables.');
    return { summary, previous };
  } finally {
    await client.end().catch(() => undefined);
    await source.close();
    rmSync(staging, { recursive: true, force: true });
  }
}
