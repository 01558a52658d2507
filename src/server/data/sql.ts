/**
 * SQL written as one tagged template per statement: every `${value}` is sent as a parameter
 * ($1, $2, ... numbered when the statement is sent, across nested fragments), so nobody counts
 * placeholders and no value from a caller ever becomes SQL text.
 *
 *   query<Row>(sql`select id from orders where user_id = ${userId} limit ${limit}`)
 *
 * What may become SQL text: the template's own literal parts, a nested `sql` fragment, an
 * identifier from a closed list (`identifiers`), and `raw` of a string whose type is a literal
 * (a compile-time constant, never a value read at run time).
 *
 * The text of a statement must not depend on its values: on the Postgres server each distinct
 * text is prepared once per connection under a name (`data/db/statement-names.ts`), up to a cap. So a list is
 * one array parameter (`= any(${ids}::uuid[])`), and `list` (one placeholder per item, for
 * `in (...)`) is for short lists whose length is part of the statement's meaning.
 */
import type { Queryable } from './db';

/** What a template may hold besides fragments: bound as parameters, never spliced in as text. */
export type SqlValue =
  | string
  | number
  | bigint
  | boolean
  | Date
  | Uint8Array
  | null
  | readonly string[]
  | readonly number[];

const FRAGMENT = Symbol('sql fragment');

/** A piece of a statement: text with its parameters still unnumbered. */
export interface Sql {
  readonly [FRAGMENT]: true;
  /** Literal text parts; always one more than `values`. */
  readonly strings: readonly string[];
  readonly values: readonly (SqlValue | Sql)[];
}

/** A statement as the database takes it. */
export interface Statement {
  text: string;
  params: unknown[];
}

const fragment = (strings: readonly string[], values: readonly (SqlValue | Sql)[]): Sql => ({
  [FRAGMENT]: true,
  strings,
  values,
});

const isSql = (value: SqlValue | Sql): value is Sql =>
  typeof value === 'object' && value !== null && FRAGMENT in value;

/** The tagged template: `sql\`... ${value} ... ${otherFragment} ...\``. */
export function sql(strings: TemplateStringsArray, ...values: (SqlValue | Sql)[]): Sql {
  return fragment(strings, values);
}

/** Nothing: for an optional part of a statement (`${lock ? sql\`for update\` : empty}`). */
export const empty: Sql = fragment([''], []);

/**
 * Text spliced in as it is. Only a string whose type is a literal: a constant written in the
 * code, never a value that arrives at run time.
 */
export function raw<const Text extends string>(text: string extends Text ? never : Text): Sql {
  return fragment([text], []);
}

/** Fragments one after another, `separator` between them (`, ` by default). */
export function join(parts: readonly Sql[], separator: Sql = raw(', ')): Sql {
  if (parts.length === 0) return empty;
  const values: Sql[] = [];
  parts.forEach((part, index) => {
    if (index > 0) values.push(separator);
    values.push(part);
  });
  return fragment(['', ...values.map(() => '')], values);
}

/** One parameter per item, comma-separated, for `in (${list(values)})`; never empty. */
export function list(values: readonly SqlValue[]): Sql {
  if (values.length === 0) throw new Error('An empty list would make `in ()`, which is not SQL');
  return join(values.map((value) => sql`${value}`));
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A closed list of identifiers (columns, tables) a statement may name by a value known only at
 * run time: the function it answers turns one of `names` into SQL text and refuses anything else.
 */
export function identifiers<const Name extends string>(
  names: readonly Name[],
): (name: Name) => Sql {
  for (const name of names) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  }
  const allowed = new Set<string>(names);
  return (name) => {
    if (!allowed.has(name)) throw new Error(`Not an allowed identifier: ${name}`);
    return fragment([`"${name}"`], []);
  };
}

/** The statement's text with $1, $2, ... in order of appearance, and its parameters. */
export function render(statement: Sql): Statement {
  const params: unknown[] = [];
  const walk = (part: Sql): string => {
    let text = part.strings[0] ?? '';
    part.values.forEach((value, index) => {
      text += isSql(value) ? walk(value) : `$${params.push(value)}`;
      text += part.strings[index + 1] ?? '';
    });
    return text;
  };
  return { text: walk(statement), params };
}

/**
 * The repositories' way to the database: `queryOf(db)` answers a function that sends one
 * statement through `db` (the database, or a transaction's handle) and answers its rows.
 */
export function queryOf(db: Queryable) {
  return <Row = Record<string, unknown>>(statement: Sql): Promise<Row[]> => {
    const { text, params } = render(statement);
    return db.query<Row>(text, params);
  };
}
