import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRecord, SoloRecord, Storage } from './storage.js';
import { SqliteStorage } from './storage.js';

const game: GameRecord = {
  id: 'ABC123-1',
  config: {
    edition: 'classic',
    variant: 'standard',
    players: [{ id: 'p1', side: 'easy' }],
    hourglassSeconds: 60,
    rounds: 1,
  },
  seed: 42,
  seats: [{ id: 'p1', name: 'Ana', kind: 'human' }],
  actions: [{ at: 1000, action: { type: 'start-round' } }],
  result: undefined,
  startedAt: 1000,
  finishedAt: 2000,
};

const solo = (over: Partial<SoloRecord>): SoloRecord => ({
  player: 'Zoe',
  mode: 'timed',
  limit: 5,
  side: 'easy',
  solved: 3,
  skipped: 0,
  ms: 300_000,
  seed: 1,
  finishedAt: 1,
  ...over,
});

/**
 * What every Storage must do. Run here against SQLite; another implementation (PostgreSQL, say)
 * runs the same suite.
 */
function storageContract(name: string, open: () => Promise<Storage>): void {
  describe(`${name} storage`, () => {
    it('stores a game and gives it back; saving again replaces it', async () => {
      const storage = await open();
      await storage.saveGame(game);
      expect(await storage.game(game.id)).toEqual(game);
      const finished = { ...game, result: { winners: ['p1'], scores: { p1: 3 }, tieBreakRounds: 0 } };
      await storage.saveGame(finished);
      expect(await storage.game(game.id)).toEqual(finished);
      expect(await storage.game('nope')).toBeUndefined();
      await storage.close();
    });

    it('lists timed records by most solved, then fastest; count records by time, complete runs only', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'A', solved: 3, ms: 300_000 }));
      await storage.saveSolo(solo({ player: 'B', solved: 5, ms: 300_000 }));
      await storage.saveSolo(solo({ player: 'C', solved: 5, ms: 299_000 }));
      await storage.saveSolo(solo({ player: 'D', solved: 9, side: 'hard' }));
      await storage.saveSolo(solo({ player: 'E', mode: 'count', solved: 5, ms: 90_000 }));
      await storage.saveSolo(solo({ player: 'F', mode: 'count', solved: 5, ms: 80_000 }));
      await storage.saveSolo(solo({ player: 'G', mode: 'count', solved: 4, ms: 10_000 }));
      expect((await storage.records({ mode: 'timed', side: 'easy' })).map((r) => r.player)).toEqual(['C', 'B', 'A']);
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['D', 'C', 'B', 'A']);
      expect((await storage.records({ mode: 'timed', top: 2 })).map((r) => r.player)).toEqual(['D', 'C']);
      expect((await storage.records({ mode: 'count', limit: 5 })).map((r) => r.player)).toEqual(['F', 'E']);
      expect(await storage.records({ mode: 'count', limit: 10 })).toEqual([]);
      await storage.close();
    });
  });
}

storageContract('SQLite', () => SqliteStorage.open(mkdtempSync(join(tmpdir(), 'ubongo-storage-'))));

it('SQLite keeps what it stored when opened again on the same folder (migrations run once)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  const first = await SqliteStorage.open(dir);
  await first.saveGame(game);
  await first.saveSolo(solo({}));
  await first.close();
  const second = await SqliteStorage.open(dir);
  expect(await second.game(game.id)).toEqual(game);
  expect(await second.records({ mode: 'timed' })).toHaveLength(1);
  await second.close();
});
