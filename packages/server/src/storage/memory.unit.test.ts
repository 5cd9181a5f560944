import { expect, it } from 'vitest';
import { allStoresContract } from './contract/all.js';
import { game } from './contract/fixtures.js';
import { MemoryStorage } from './memory.js';

// The stores' contract suites over memory: no file, no database (storage.test.ts runs them over
// SQLite and PostgreSQL).
it("memory storage is its owner's, a lone process's by default", () => {
  expect(new MemoryStorage().owner).toBe('');
  expect(new MemoryStorage('localhost:8080/p1').owner).toBe('localhost:8080/p1');
});
allStoresContract('memory', () => Promise.resolve(new MemoryStorage()));

it('memory storage says it is closed when used after close', async () => {
  const storage = new MemoryStorage();
  await storage.close();
  await expect(storage.game(game.id)).rejects.toThrow('storage is closed');
  await expect(storage.records({ from: 'anyone', mode: 'count' })).rejects.toThrow('storage is closed');
});
