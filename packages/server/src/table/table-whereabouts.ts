import type { Whereabouts } from '../friends/whereabouts.js';
import type { RaceMaster } from './race-master.js';

/**
 * Where a table's people are, for their friends (whereabouts.ts): in its lobby (a finished game's
 * table too) or in its game. Those no longer seated are said to have left.
 */
export class TableWhereabouts {
  /** The accounts this table last said were at it. */
  #noted = new Set<string>();

  constructor(private readonly whereabouts: () => Pick<Whereabouts, 'note' | 'leave'>) {}

  /** Says who sits at the table `room` now, and where. */
  note(room: string, master: Pick<RaceMaster, 'game' | 'table'>): void {
    const whereabouts = this.whereabouts();
    const game = master.game;
    const place = { kind: game !== null && !game.finished ? 'game' : 'lobby', code: room } as const;
    const here = new Set<string>();
    for (const seat of master.table.seats)
      if (seat.occupant.kind === 'human' && seat.accountId !== undefined) here.add(seat.accountId);
    for (const account of this.#noted) if (!here.has(account)) whereabouts.leave(room, account);
    for (const account of here) whereabouts.note(room, account, place);
    this.#noted = here;
  }
}
