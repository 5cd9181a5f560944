import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { attemptOf, claim, finished, live, plusOne, solo, started } from './contract/fixtures.js';
import type { DatabaseStores } from './index.js';
import { CorruptRowError, openSqliteStores } from './index.js';

/*
 * A stored value is outside input: each store reads its rows through a parser, and a row changed
 * behind its back (a hand edit, a bad migration, a bug of another version) is an error that names
 * the table and the key, not a value cast into a type it does not have. Each test stores good
 * rows through the store, spoils one straight in the SQLite file, and reads it back.
 */

const open: { stores: DatabaseStores; file: Database.Database }[] = [];
afterEach(async () => {
  for (const { stores, file } of open.splice(0)) {
    file.close();
    await stores.close();
  }
});

/** A store on a new SQLite file, and a connection of its own to that file (WAL: both read and write). */
async function openStores(): Promise<{ stores: DatabaseStores; file: Database.Database }> {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-corrupt-'));
  const stores = await openSqliteStores(dir);
  const opened = { stores, file: new Database(join(dir, 'ubongo.sqlite')) };
  open.push(opened);
  return opened;
}

it('games: a journal entry, a game record or a game under way that is not what was stored', async () => {
  const { stores, file } = await openStores();
  await stores.games.beginGame(live);
  await stores.games.journal(live.id, 0, started);
  await stores.games.journal(live.id, 1, claim);
  file
    .prepare("update journal set entry = json_set(entry, '$.action.type', 'teleport') where game_id = ? and seq = 1")
    .run(live.id);
  const resumed = stores.games.liveGames();
  await expect(resumed).rejects.toThrow(CorruptRowError);
  await expect(resumed).rejects.toThrow(/^journal \(game ABC123-1, seq 1\): entry\.action\.type: /);
  // Set apart, it is read through the same parser.
  await stores.games.voidJournal(live.id, 1);
  await expect(stores.games.voidedEntries()).rejects.toThrow(
    /^journal \(game ABC123-1, seq 1\): entry\.action\.type: /,
  );

  file.prepare("update live_games set seats = json_set(seats, '$[1].side', 'sideways') where id = ?").run(live.id);
  file.prepare('delete from journal').run();
  await expect(stores.games.liveGames()).rejects.toThrow(/^live_games \(id ABC123-1\): seats\.1\.side: /);
  // Asked to, the store leaves a game it cannot read out and says which; the others come back.
  const other = { ...live, id: 'XYZ789-1', room: 'XYZ789', startedAt: live.startedAt + 1 };
  await stores.games.beginGame(other);
  const skipped: string[] = [];
  const readable = await stores.games.liveGames((id, e) => skipped.push(`${id}: ${e.message}`));
  expect(readable.map((j) => j.game.id)).toEqual([other.id]);
  expect(skipped).toHaveLength(1);
  expect(skipped[0]).toMatch(/^ABC123-1: live_games \(id ABC123-1\): seats\.1\.side: /);

  await stores.games.saveGame(finished);
  expect(await stores.games.game(finished.id)).toEqual(finished);
  file.prepare('update games set seats = \'[{"id": "p1"\' where id = ?').run(finished.id);
  await expect(stores.games.game(finished.id)).rejects.toThrow(/^games \(id ABC123-1\): seats: not JSON/);
  file
    .prepare("update games set seats = ?, result = json_set(result, '$.scores.p1', 'three') where id = ?")
    .run(JSON.stringify(finished.seats), finished.id);
  await expect(stores.games.game(finished.id)).rejects.toThrow(/^games \(id ABC123-1\): result\.scores\.p1: /);
  // A number column holding text (SQLite keeps what it is given) is as corrupt.
  file
    .prepare("update games set result = ?, started_at = 'noon' where id = ?")
    .run(JSON.stringify(finished.result), finished.id);
  await expect(stores.games.game(finished.id)).rejects.toThrow(/^games \(id ABC123-1\): started_at: /);
});

it('solo runs: a puzzle of a run, or its mode, that is not what was stored', async () => {
  const { stores, file } = await openStores();
  const puzzles = [{ board: 'C01', side: 'easy', key: '3', outcome: 'solved', ms: 4200 }] as const;
  await stores.soloRuns.saveSolo(solo({ accountId: 'a1', puzzles }));
  await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: 2 }));
  expect(await stores.soloRuns.soloResultsOf('a1')).toHaveLength(2);
  file.prepare("update solo_results set puzzles = json_set(puzzles, '$[0].outcome', 'won') where id = 1").run();
  await expect(stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).rejects.toThrow(CorruptRowError);
  await expect(stores.soloRuns.soloResultsOf('a1')).rejects.toThrow(/^solo_results \(id 1\): puzzles\.0\.outcome: /);
  file.prepare("update solo_results set puzzles = '[]', mode = 'relay' where id = 2").run();
  file.prepare("update solo_results set puzzles = '[]' where id = 1").run();
  await expect(stores.soloRuns.soloResultsOf('a1')).rejects.toThrow(/^solo_results \(id 2\): mode: /);
});

it('ratings: an edition no rating is of, a rating that is not a number', async () => {
  const { stores, file } = await openStores();
  const rating = { accountId: 'a1', edition: 'classic' as const, mu: 25, sigma: 8, games: 1, updatedAt: 1 };
  await stores.ratings.saveRatings('g1', [rating]);
  expect(await stores.ratings.ratingsOf('a1')).toEqual([rating]);
  file.prepare("update ratings set edition = 'klassik' where account_id = 'a1'").run();
  await expect(stores.ratings.ratingsOf('a1')).rejects.toThrow(CorruptRowError);
  await expect(stores.ratings.ratingsOf('a1')).rejects.toThrow(/^ratings \(account a1, edition klassik\): edition: /);
  const task = { task: 'classic/C01/easy/1', mu: 25, sigma: 8, attempts: 1, updatedAt: 1 };
  await stores.ratings.savePuzzleRating(task);
  expect(await stores.ratings.puzzleRating(task.task)).toEqual(task);
  file.prepare("update puzzle_ratings set sigma = 'wide'").run();
  await expect(stores.ratings.puzzleRating(task.task)).rejects.toThrow(
    /^puzzle_ratings \(task classic\/C01\/easy\/1\): sigma: /,
  );
  // Counting an attempt reads the task's rating through the same parser.
  await expect(stores.ratings.countAttempts([attemptOf('a2', task.task)], plusOne)).rejects.toThrow(
    /^puzzle_ratings \(task classic\/C01\/easy\/1\): sigma: /,
  );
});

it('solve times: a variance that is not a number, a solved flag that is not 0 or 1', async () => {
  const { stores, file } = await openStores();
  const task = 'classic/C01/easy/1';
  expect(await stores.ratings.countAttempts([attemptOf('a1', task)], plusOne)).toEqual([true]);
  expect(await stores.ratings.timedAttempts('classic/')).toHaveLength(1);
  file.prepare("update task_times set variance = 'wide'").run();
  await expect(stores.ratings.taskTimes('classic/')).rejects.toThrow(
    /^task_times \(task classic\/C01\/easy\/1\): variance: /,
  );
  // Counting an attempt reads the task's belief through the same parser.
  await expect(stores.ratings.countAttempts([attemptOf('a2', task)], plusOne)).rejects.toThrow(
    /^task_times \(task classic\/C01\/easy\/1\): variance: /,
  );
  file.prepare("update solver_times set mean = 'high'").run();
  await expect(stores.ratings.solverTime('a1', 'classic')).rejects.toThrow(
    /^solver_times \(account a1, edition classic\): mean: /,
  );
  file.prepare('update timed_attempts set solved = 2').run();
  await expect(stores.ratings.timedAttempts('classic/')).rejects.toThrow(
    /^timed_attempts \(account a1, task classic\/C01\/easy\/1\): solved: /,
  );
});

it('accounts: a time that is not a number, in an account, a session or a flag', async () => {
  const { stores, file } = await openStores();
  const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
  await stores.accounts.createAccount(account);
  await stores.accounts.createSession({
    tokenHash: 'f00dfeed'.repeat(8),
    accountId: 'a1',
    createdAt: 1,
    expiresAt: 9,
    revokedAt: null,
  });
  await stores.accounts.flagAccount('a1', 'too fast', 5);
  expect(await stores.accounts.account('a1')).toEqual(account);
  // SQLite keeps text in an integer column as text.
  file.prepare("update sessions set expires_at = 'never'").run();
  await expect(stores.accounts.session('f00dfeed'.repeat(8))).rejects.toThrow(CorruptRowError);
  await expect(stores.accounts.session('f00dfeed'.repeat(8))).rejects.toThrow(
    /^sessions \(token_hash f00dfeed\.\.\.\): expires_at: /,
  );
  file.prepare("update account_flags set at = 'today'").run();
  await expect(stores.accounts.flaggedAccounts()).rejects.toThrow(/^account_flags \(account a1\): at: /);
  file.prepare("update accounts set created_at = 'yesterday' where id = 'a1'").run();
  await expect(stores.accounts.account('a1')).rejects.toThrow(/^accounts \(id a1\): created_at: /);
  await expect(stores.accounts.accountByUsername('nobody')).resolves.toBeUndefined();
});

it('friends: a link of a kind there is none of', async () => {
  const { stores, file } = await openStores();
  await stores.friends.setAccountLink({ from: 'a1', to: 'a2', kind: 'follow', at: 5 });
  expect(await stores.friends.accountLinks('a2')).toEqual([{ from: 'a1', to: 'a2', kind: 'follow', at: 5 }]);
  file.prepare("update account_links set kind = 'friend'").run();
  await expect(stores.friends.accountLinks('a2')).rejects.toThrow(/^account_links \(a1 a2\): kind: /);
});
