import type { PuzzleSpec } from '@ubongo/core';
import { describe, expect, it } from 'vitest';
import type { PlayerBoard } from '../../boards/store.js';
import type { Stores } from '../stores.js';
import type { Opener } from './fixtures.js';
import { solo } from './fixtures.js';

const spec: PuzzleSpec = {
  grid: 'square',
  region: ['..##', '####', '####', '###.', '##..'],
  pieces: ['L4', 'T4', 'P5', 'I2'],
};

const made = (over: Partial<PlayerBoard> = {}): Omit<PlayerBoard, 'hiddenAt'> => ({
  id: 'abcdefgh',
  accountId: 'a1',
  name: 'Stairs',
  grid: 'square',
  spec,
  solutions: 4,
  difficulty: 8.5,
  createdAt: 1000,
  ...over,
});

/** A claimed account. */
async function claimed(stores: Pick<Stores, 'accounts'>, id: string, name: string): Promise<void> {
  await stores.accounts.createAccount({ id, secretHash: 'ab', name, username: null, passwordHash: null, createdAt: 1 });
  await stores.accounts.claimAccount(id, name.toLowerCase(), name.toLowerCase(), 'h', name.toLowerCase());
}

/**
 * What every `PlayerBoards` must do: a board kept once under its id and read back whole; counted by
 * account since a time; listed newest first; hidden and shown; its times board the fastest listed run
 * of each claimed account not banned, a held or rejected run off it.
 */
export function boardsContract(name: string, open: Opener<'accounts' | 'boards' | 'reviews' | 'soloRuns'>): void {
  describe(`${name}: player boards`, () => {
    it('keeps a board once, reads it back, counts and lists them, hides one', async () => {
      const stores = await open();
      expect(await stores.boards.saveBoard(made())).toBe(true);
      expect(await stores.boards.saveBoard(made({ name: 'again' }))).toBe(false);
      expect(await stores.boards.board('abcdefgh')).toEqual({ ...made(), hiddenAt: null });
      expect(await stores.boards.board('zzzzzzzz')).toBeUndefined();
      const hex: PuzzleSpec = {
        grid: 'hex',
        region: [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ],
        pieces: ['red-1'],
      };
      await stores.boards.saveBoard(made({ id: 'bbbbbbbb', createdAt: 2000, grid: 'hex', spec: hex }));
      await stores.boards.saveBoard(made({ id: 'cccccccc', accountId: 'a2', createdAt: 3000 }));
      expect(await stores.boards.boardsMadeSince('a1', 1000)).toBe(2);
      expect(await stores.boards.boardsMadeSince('a1', 1001)).toBe(1);
      expect(await stores.boards.boardsMadeSince('a3', 0)).toBe(0);
      expect((await stores.boards.boardList(10)).map((b) => b.id)).toEqual(['cccccccc', 'bbbbbbbb', 'abcdefgh']);
      expect((await stores.boards.boardList(1)).map((b) => b.id)).toEqual(['cccccccc']);
      expect((await stores.boards.board('bbbbbbbb'))?.spec).toEqual(hex);
      expect(await stores.boards.hideBoard('bbbbbbbb', 5000)).toBe(true);
      expect(await stores.boards.hideBoard('nothere0', 5000)).toBe(false);
      expect((await stores.boards.board('bbbbbbbb'))?.hiddenAt).toBe(5000);
      await stores.boards.hideBoard('bbbbbbbb', null);
      expect((await stores.boards.board('bbbbbbbb'))?.hiddenAt).toBeNull();
      await stores.close();
    });

    it('lists each account’s fastest listed run, claimed and not banned, fastest first', async () => {
      const stores = await open();
      await claimed(stores, 'a1', 'Ana');
      await claimed(stores, 'a2', 'Bea');
      await claimed(stores, 'a3', 'Cy');
      await stores.accounts.createAccount({
        id: 'g1',
        secretHash: 'ab',
        name: 'Guest',
        username: null,
        passwordHash: null,
        createdAt: 1,
      });
      await stores.boards.saveBoard(made());
      const run = (accountId: string, at: number, review: 'none' | 'held' = 'none') =>
        stores.soloRuns.saveSolo(solo({ accountId, finishedAt: at, review }));
      const times: [string, number, number][] = [];
      for (const [account, ms, review] of [
        ['a1', 5000, 'none'],
        ['a1', 4000, 'none'],
        ['a2', 3000, 'none'],
        ['a3', 1000, 'held'],
        ['a3', 6000, 'none'],
        ['g1', 500, 'none'],
      ] as const) {
        const id = await run(account, ms, review);
        times.push([account, id, ms]);
        await stores.boards.saveBoardTime({ board: 'abcdefgh', accountId: account, run: id, ms, at: ms });
      }
      // Saved twice: kept once.
      const [, first] = times[0] ?? ['', 0];
      await stores.boards.saveBoardTime({ board: 'abcdefgh', accountId: 'a1', run: first, ms: 5000, at: 9 });
      await stores.boards.saveBoardTime({ board: 'other000', accountId: 'a1', run: 99, ms: 10, at: 9 });
      const board = await stores.boards.boardTimes('abcdefgh', 10);
      expect(board.map((e) => [e.accountId, e.ms, e.reviewed])).toEqual([
        ['a2', 3000, false],
        ['a1', 4000, false],
        ['a3', 6000, false],
      ]);
      expect(board[0]).toMatchObject({ name: 'Bea', username: 'bea' });
      expect((await stores.boards.boardTimes('abcdefgh', 1)).map((e) => e.accountId)).toEqual(['a2']);
      const cyFast = times.find(([a, , ms]) => a === 'a3' && ms === 1000)?.[1] ?? 0;
      await stores.reviews.decide(`run-${cyFast}`, 'approved');
      const bea = times.find(([a]) => a === 'a2')?.[1] ?? 0;
      await stores.reviews.decide(`run-${bea}`, 'rejected');
      await stores.reviews.ban('a1', 99);
      expect((await stores.boards.boardTimes('abcdefgh', 10)).map((e) => [e.accountId, e.ms, e.reviewed])).toEqual([
        ['a3', 1000, true],
      ]);
      await stores.close();
    });
  });
}
