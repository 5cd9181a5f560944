import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { usernameSkeleton } from '../accounts/skeleton.js';
import { migrations, SQLITE_TYPES } from './migrations.js';
import { openSqliteStores } from './sqlite.js';

/*
 * Migration 010 over a real SQLite file written by the migrations before it: every username gets
 * its skeleton, the oldest first; a look-alike already there keeps its username without one, and
 * the skeletons are unique from then on.
 */

it('fills the skeletons of the usernames a database already holds, the oldest first', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-skeletons-'));
  const db = new Kysely<{
    accounts: {
      id: string;
      secret_hash: string;
      name: string;
      username: string | null;
      username_key: string | null;
      password_hash: string | null;
      created_at: number;
    };
  }>({ dialect: new SqliteDialect({ database: new Database(join(dir, 'ubongo.sqlite')) }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations(SQLITE_TYPES)) },
  });
  expect((await migrator.migrateTo('008_live_game_owners')).error).toBeUndefined();
  const row = (id: string, username: string | null, at: number) => ({
    id,
    secret_hash: 'ab',
    name: id,
    username,
    username_key: username?.normalize('NFKC').toLowerCase() ?? null,
    password_hash: username === null ? null : 'scrypt$1',
    created_at: at,
  });
  // Before skeletons: alice, then a Cyrillic look-alike of her claimed later, bob, and a guest.
  await db
    .insertInto('accounts')
    .values([row('late', '\u0430lice', 20), row('first', 'alice', 10), row('bob', 'bob', 15), row('guest', null, 5)])
    .execute();
  await db.destroy();

  const stores = await openSqliteStores(dir);
  try {
    expect((await stores.accounts.accountBySkeleton(usernameSkeleton('alice')))?.id).toBe('first');
    expect((await stores.accounts.accountBySkeleton(usernameSkeleton('bob')))?.id).toBe('bob');
    // The later look-alike keeps its username (and signs in with it), with no skeleton.
    expect((await stores.accounts.account('late'))?.username).toBe('\u0430lice');
    expect((await stores.accounts.accountByUsername('\u0430lice'))?.id).toBe('late');
    // From now on a look-alike of a username there is refused by the database itself.
    expect(await stores.accounts.claimAccount('guest', 'a1ice', 'a1ice', 'scrypt$2', usernameSkeleton('a1ice'))).toBe(
      false,
    );
    expect(await stores.accounts.claimAccount('guest', 'carol', 'carol', 'scrypt$2', usernameSkeleton('carol'))).toBe(
      true,
    );
  } finally {
    await stores.close();
  }
});
