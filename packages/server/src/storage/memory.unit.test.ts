import { expect, it } from 'vitest';
import { allStoresContract } from './contract/all.js';
import { game } from './contract/fixtures.js';
import { openMemoryStores } from './memory.js';

// The stores' contract suites over memory: no file, no database (storage.test.ts runs them over
// SQLite and PostgreSQL).
it("memory stores are their owner's, a lone process's by default", () => {
  expect(openMemoryStores().owner).toBe('');
  expect(openMemoryStores('localhost:8080/p1').owner).toBe('localhost:8080/p1');
});
allStoresContract('memory', () => Promise.resolve(openMemoryStores()));

it('memory stores say they are closed when used after close', async () => {
  const stores = openMemoryStores();
  await stores.close();
  await expect(stores.games.game(game.id)).rejects.toThrow('storage is closed');
  await expect(stores.soloRuns.records({ from: 'anyone', mode: 'count' })).rejects.toThrow('storage is closed');
});
