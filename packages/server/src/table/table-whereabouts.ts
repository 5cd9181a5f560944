import type { Whereabouts } from '../friends/whereabouts.js';
import type { RaceMaster } from './race-master.js';

/**
 * Where a table's people are, for their friends (whereabouts.ts): in its lobby (a finished game's
 * table too) or in its game. Only a seat with its person's connection live counts: a seat kept
 * after its person left (a finished game's standings) or waiting for them to come back (a dropped
 * connection, a restart) is no place of theirs, so that an invitation goes to the table they are
 * at now, never to one they left behind.
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
      if (seat.occupant.kind === 'human' && seat.accountId !== undefined && seat.connected && seat.sessionId)
        here.add(seat.accountId);
    for (const account of this.#noted) if (!here.has(account)) whereabouts.leave(room, account);
    for (const account of here) whereabouts.note(room, account, place);
    this.#noted = here;
  }
}
