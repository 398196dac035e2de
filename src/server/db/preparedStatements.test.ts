import { describe, expect, it } from 'vitest';
import { StatementNames } from './preparedStatements.ts';

const PAGE = 'select * from epics where group_id = $1 limit $2';

describe('StatementNames', () => {
  it('names a statement from its third run, and the same text always by the same name', () => {
    const names = new StatementNames();
    expect(names.nameOf(PAGE)).toBeUndefined();
    expect(names.nameOf(PAGE)).toBeUndefined();
    const name = names.nameOf(PAGE);
    expect(name).toMatch(/^pt_[\w-]{40}$/);
    expect(names.nameOf(PAGE)).toBe(name);
    expect(new StatementNames().nameOf(PAGE)).toBeUndefined();
  });

  it('gives different texts different names within PostgreSQL’s 63-byte identifiers', () => {
    const names = new StatementNames();
    const other = `${PAGE} offset $3`;
    for (let run = 0; run < 3; run++) {
      names.nameOf(PAGE);
      names.nameOf(other);
    }
    const first = names.nameOf(PAGE);
    const second = names.nameOf(other);
    expect(first).not.toBe(second);
    expect(Buffer.byteLength(first ?? '')).toBeLessThanOrEqual(63);
  });

  it('never names transaction control, settings or DDL', () => {
    const names = new StatementNames();
    for (const text of ['begin', 'commit', 'set local statement_timeout = 100', 'create table t (id int)']) {
      for (let run = 0; run < 5; run++) expect(names.nameOf(text)).toBeUndefined();
    }
    for (let run = 0; run < 2; run++) names.nameOf('  WITH x AS (select 1) select * from x');
    expect(names.nameOf('  WITH x AS (select 1) select * from x')).toBeDefined();
  });

  it('stops naming new texts at its limit, and keeps the names it gave', () => {
    const names = new StatementNames();
    const named: string[] = [];
    for (let index = 0; index < 300; index++) {
      const text = `select ${index}`;
      names.nameOf(text);
      names.nameOf(text);
      const name = names.nameOf(text);
      if (name) named.push(text);
    }
    expect(named).toHaveLength(256);
    expect(names.nameOf('select 0')).toBeDefined();
    expect(names.nameOf('select 299')).toBeUndefined();
  });
});
