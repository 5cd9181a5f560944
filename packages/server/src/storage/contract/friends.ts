import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/**
 * What every `Friends` store must do: one link a direction, replaced by the next (a block takes a
 * follow's place), dropped on its own; an account's links, from it and to it, oldest first.
 */
export function friendsContract(name: string, open: Opener<'friends'>): void {
  describe(`${name}: friends`, () => {
    it('keeps one link a direction, replaces it, drops it, and lists an account’s links oldest first', async () => {
      const stores = await open();
      expect(await stores.friends.accountLinks('a1')).toEqual([]);
      await stores.friends.setAccountLink({ from: 'a1', to: 'a2', kind: 'follow', at: 10 });
      await stores.friends.setAccountLink({ from: 'a2', to: 'a1', kind: 'follow', at: 20 });
      await stores.friends.setAccountLink({ from: 'a3', to: 'a1', kind: 'follow', at: 5 });
      await stores.friends.setAccountLink({ from: 'a3', to: 'a2', kind: 'follow', at: 6 });
      expect(await stores.friends.accountLinks('a1')).toEqual([
        { from: 'a3', to: 'a1', kind: 'follow', at: 5 },
        { from: 'a1', to: 'a2', kind: 'follow', at: 10 },
        { from: 'a2', to: 'a1', kind: 'follow', at: 20 },
      ]);
      // The same link again: replaced, not doubled; a block takes the follow's place.
      await stores.friends.setAccountLink({ from: 'a1', to: 'a2', kind: 'follow', at: 11 });
      await stores.friends.setAccountLink({ from: 'a1', to: 'a3', kind: 'block', at: 30 });
      await stores.friends.setAccountLink({ from: 'a1', to: 'a3', kind: 'block', at: 31 });
      await stores.friends.setAccountLink({ from: 'a2', to: 'a1', kind: 'block', at: 40 });
      expect(await stores.friends.accountLinks('a1')).toEqual([
        { from: 'a3', to: 'a1', kind: 'follow', at: 5 },
        { from: 'a1', to: 'a2', kind: 'follow', at: 11 },
        { from: 'a1', to: 'a3', kind: 'block', at: 31 },
        { from: 'a2', to: 'a1', kind: 'block', at: 40 },
      ]);
      await stores.friends.dropAccountLink('a3', 'a1');
      await stores.friends.dropAccountLink('a1', 'a9');
      expect(await stores.friends.accountLinks('a3')).toEqual([
        { from: 'a3', to: 'a2', kind: 'follow', at: 6 },
        { from: 'a1', to: 'a3', kind: 'block', at: 31 },
      ]);
      expect(await stores.friends.accountLinks('a9')).toEqual([]);
      await stores.close();
    });
  });
}
