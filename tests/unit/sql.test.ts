import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/data/db';
import {
  empty,
  identifiers,
  join,
  list,
  queryOf,
  raw,
  render,
  sql,
} from '../../src/server/data/sql';

describe('sql', () => {
  it('sends every value as a parameter, numbered in order', () => {
    const at = new Date('2026-11-24T23:00:00Z');
    expect(
      render(sql`update orders set status = ${'ready'}, updated_at = ${at} where id = ${'o1'}`),
    ).toEqual({
      text: 'update orders set status = $1, updated_at = $2 where id = $3',
      params: ['ready', at, 'o1'],
    });
  });

  it('numbers parameters across nested fragments, however deep, in the order they appear', () => {
    const step = (status: string) =>
      sql`insert into order_steps (order_id, status) select ${'o1'}, ${status}`;
    const inner = sql`select ${3} where ${sql`x = ${4} and ${sql`y = ${5}`}`}`;
    const statement = render(
      sql`with a as (${step('accepted')}), b as (${inner}) select ${6} from a ${empty}where ${7}`,
    );
    expect(statement.text).toBe(
      'with a as (insert into order_steps (order_id, status) select $1, $2), ' +
        'b as (select $3 where x = $4 and y = $5) select $6 from a where $7',
    );
    expect(statement.params).toEqual(['o1', 'accepted', 3, 4, 5, 6, 7]);
  });

  it('numbers a fragment used twice as two sets of parameters', () => {
    const cond = sql`a = ${1}`;
    expect(render(sql`${cond} or ${cond}`)).toEqual({ text: 'a = $1 or a = $2', params: [1, 1] });
  });

  it('binds an array as one parameter, for = any(...)', () => {
    const ids = ['a', 'b', 'c'];
    expect(render(sql`select * from orders where id = any(${ids}::uuid[])`)).toEqual({
      text: 'select * from orders where id = any($1::uuid[])',
      params: [ids],
    });
  });

  it('the text depends on the statement, never on its values (one prepared name each)', () => {
    const byUser = (userId: string, limit: number) =>
      render(sql`select id from orders where user_id = ${userId} limit ${limit}`);
    expect(byUser('u1', 5).text).toBe(byUser(`'); drop table orders; --`, 50).text);
  });

  it('a value that looks like SQL stays a value', () => {
    const evil = `x' or '1'='1`;
    expect(render(sql`select 1 where name = ${evil}`)).toEqual({
      text: 'select 1 where name = $1',
      params: [evil],
    });
  });

  it('lists one parameter per item for in (...), and refuses an empty list', () => {
    expect(render(sql`where status in (${list(['ready', 'completed'])}) and n = ${9}`)).toEqual({
      text: 'where status in ($1, $2) and n = $3',
      params: ['ready', 'completed', 9],
    });
    expect(() => list([])).toThrow(/empty list/);
  });

  it('joins fragments with a separator, numbering straight through', () => {
    const sets = [sql`a = ${1}`, sql`b = ${2}`, sql`c = ${3}`];
    expect(render(sql`update t set ${join(sets)} where id = ${4}`)).toEqual({
      text: 'update t set a = $1, b = $2, c = $3 where id = $4',
      params: [1, 2, 3, 4],
    });
    expect(render(join([sql`x`, sql`y`], raw(' and ')))).toEqual({
      text: 'x and y',
      params: [],
    });
    expect(render(sql`select 1${join([])}`).text).toBe('select 1');
  });

  it('names identifiers only from a closed list', () => {
    const column = identifiers(['open_mode', 'weekly_hours']);
    expect(render(sql`update s set ${column('open_mode')} = ${'forced-open'}`)).toEqual({
      text: 'update s set "open_mode" = $1',
      params: ['forced-open'],
    });
    // A name outside the list never becomes text, even when the types are bypassed.
    const outside: string = 'pause_until';
    expect(() => column(outside as 'open_mode')).toThrow(/Not an allowed identifier/);
    expect(() => identifiers(['ok', 'drop table x'])).toThrow(/Not a plain SQL identifier/);
  });

  it('splices only literal constants with raw', () => {
    const MARK = '/* acceptance sweep */';
    expect(render(sql`${raw(MARK)} select ${1}`)).toEqual({
      text: '/* acceptance sweep */ select $1',
      params: [1],
    });
    const fromRuntime: string = String(Date.now());
    // @ts-expect-error a string only known at run time is never raw SQL
    raw(fromRuntime);
  });

  it('queryOf sends the rendered statement through the handle it was given', async () => {
    const seen: { text: string; params: readonly unknown[] | undefined }[] = [];
    const handle: Queryable = {
      query: <Row>(text: string, params?: readonly unknown[]) => {
        seen.push({ text, params });
        return Promise.resolve([{ id: 'o1' }] as Row[]);
      },
    };
    const query = queryOf(handle);
    await expect(
      query<{ id: string }>(sql`select id from orders where id = ${'o1'}`),
    ).resolves.toEqual([{ id: 'o1' }]);
    expect(seen).toEqual([{ text: 'select id from orders where id = $1', params: ['o1'] }]);
  });
});
