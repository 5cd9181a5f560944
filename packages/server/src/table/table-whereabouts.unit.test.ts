import type { FriendPlace } from '@ubongo/core';
import { describe, expect, it } from 'vitest';
import { LocalWhereabouts } from '../friends/whereabouts.js';
import { Table } from './table.js';
import { TableWhereabouts } from './table-whereabouts.js';

/*
 * Where a table says its people are (docs/accounts.md, "Friends"): only those whose connection is
 * at it, so that a table left behind (a finished game's, a dropped connection's) is nobody's place.
 */

describe('a table’s people for their friends', () => {
  it('are at the table while connected there; a seat left behind or waiting for its person is no place', async () => {
    const whereabouts = new LocalWhereabouts(() => 0);
    const place = async (account: string): Promise<FriendPlace | undefined> =>
      (await whereabouts.placesOf([account])).get(account);
    const table = new Table();
    table.sit('a', 'Ana', 'easy', { id: 'acc-a', claimed: true });
    table.sit('b', 'Ben', 'easy', { id: 'acc-b', claimed: true });
    const noted = new TableWhereabouts(() => whereabouts);
    const note = (game: { finished: boolean } | null): void => {
      noted.note('OLD111', { table, game } as unknown as Parameters<TableWhereabouts['note']>[1]);
    };
    note(null);
    expect(await place('acc-a')).toEqual({ kind: 'lobby', code: 'OLD111' });

    // Ben's connection drops: his seat waits for him, and he is not at the table meanwhile.
    const [ana, ben] = table.seats;
    if (!ana || !ben) throw new Error('no seats');
    ben.connected = false;
    note(null);
    expect(await place('acc-b')).toBeUndefined();

    // After a finished game Ana leaves: her seat stays in the standings, but she is not there.
    table.drop(ana, true);
    note({ finished: true });
    expect(await place('acc-a')).toBeUndefined();

    // At a new table, that one is where she is.
    whereabouts.note('NEW222', 'acc-a', { kind: 'lobby', code: 'NEW222' });
    expect(await place('acc-a')).toEqual({ kind: 'lobby', code: 'NEW222' });
  });
});
