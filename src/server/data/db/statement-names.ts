import type pg from 'pg';

/** A statement and its parameters as node-postgres runs them, named when it has parameters. */
export type Prepare = (sql: string, params: readonly unknown[]) => pg.QueryConfig;

/**
 * Distinct statements named (prepared) per pool at most. The app's statements are fixed texts
 * (a few dozen), so the cap is only a guard against a future statement built with a varying
 * text, which would otherwise leave a prepared statement per variant on every connection.
 */
const MAX_PREPARED = 300;

/**
 * A statement with parameters gets a name, so each connection parses and plans it once and then
 * only binds and executes it (node-postgres prepares a named statement on a connection the first
 * time it runs there). Statements without parameters stay unnamed: they are the migrations' DDL
 * and a few fixed reads, and a prepared `select *` would fail once a migration adds a column.
 */
export function preparedStatements(): Prepare {
  const names = new Map<string, string>();
  return (sql, params) => {
    if (params.length === 0) return { text: sql };
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `q${names.size + 1}`;
      names.set(sql, name);
    }
    return { text: sql, values: [...params], ...(name ? { name } : {}) };
  };
}
