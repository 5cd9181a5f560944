import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { cachingStatements } from './sqlite.js';

const open: Database.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function database(): Database.Database {
  const db = new Database(':memory:');
  open.push(db);
  db.exec('create table t (n integer)');
  db.exec('insert into t values (1), (2), (3)');
  return db;
}

it('prepares a statement once and hands it out again', () => {
  const db = cachingStatements(database());
  const a = db.prepare('select n from t where n > ?');
  expect(db.prepare('select n from t where n > ?')).toBe(a);
  expect(a.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  expect(db.prepare('select n from t where n > ?').all([2])).toEqual([{ n: 3 }]);
  expect(db.prepare('select n from t where n < ?')).not.toBe(a);
});

it('keeps only the most recently used statements', () => {
  const db = cachingStatements(database(), 2);
  const one = db.prepare('select 1');
  const two = db.prepare('select 2');
  expect(db.prepare('select 1')).toBe(one);
  db.prepare('select 3');
  // 'select 2' was the least recently used: dropped, prepared anew.
  expect(db.prepare('select 1')).toBe(one);
  expect(db.prepare('select 2')).not.toBe(two);
});

it('does not hand out a statement still reading rows', () => {
  const db = cachingStatements(database());
  const reading = db.prepare('select n from t');
  const rows = reading.iterate([]);
  expect(rows.next().value).toEqual({ n: 1 });
  const other = db.prepare('select n from t');
  expect(other).not.toBe(reading);
  expect(other.all([])).toHaveLength(3);
  expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  expect(db.prepare('select n from t')).toBe(reading);
});
