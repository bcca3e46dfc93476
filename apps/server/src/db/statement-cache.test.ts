import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  it('hands out the same prepared statement for the same SQL, with fresh results each run', () => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (n integer)');
    const db = withStatementCache(raw);
    const select = db.prepare('select count(*) as c from t');
    expect(db.prepare('select count(*) as c from t')).toBe(select);
    db.prepare('insert into t (n) values (?)').run([1]);
    expect(db.prepare('select count(*) as c from t').all([])).toEqual([{ c: 1 }]);
    db.close();
  });

  it('prepares a second statement while the cached one is still streaming rows', () => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const db = withStatementCache(raw);
    const sql = 'select n from t order by n';
    const streaming = db.prepare(sql).iterate([]);
    streaming.next();
    expect(db.prepare(sql).all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...streaming]).toEqual([{ n: 2 }, { n: 3 }]);
    db.close();
  });

  it('keeps at most the given number of statements, dropping the least recently used', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
    db.close();
  });
});
