import type { Deck, RaceServerMessages, RoundReveal } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import type { RatingStore } from '../rating/ratings.js';
import type { RoomServices } from '../services.js';
import { claimReview } from '../solo/reviews.js';
import type { Whose } from '../solo/solves.js';
import { Solves } from '../solo/solves.js';
import type { Stores } from '../storage/stores.js';
import type { RaceGame } from './race-game.js';
import type { Table } from './table.js';

/** What a race's master needs from the server around it (stores narrowed to what it calls). */
export type RaceMasterServices = Pick<
  RoomServices,
  'attempts' | 'inPlay' | 'decks' | 'seed' | 'log' | 'metrics' | 'arenas' | 'seasons'
> & {
  readonly clock: Pick<GameClock, 'now' | 'timeScale'>;
  readonly stores: Pick<Stores, 'accounts' | 'games' | 'reviews' | 'soloRuns'> & RatingStore;
};

/**
 * What a race's master (race-master.ts) knows of its game as it goes: one object, read and set in
 * place by the master and by the parts it builds once (table-views.ts, game-end.ts, stand-ins.ts).
 */
export interface RaceState {
  game: RaceGame | null;
  solves: Solves | null;
  /** The last round's reveal, until the next round begins. */
  reveal: RoundReveal | null;
  /** The finished game as stored (its ratings too), until the table goes back to its lobby. */
  saved: RaceServerMessages['saved'] | null;
  /** The finished game whose record is stored: the table is kept showing it until a rematch. */
  recorded: RaceGame | null;
  /** The table was kept between games and came back after a restart: it waits for its people (`resumeBy`). */
  restoredTable: boolean;
  saving: Promise<void> | undefined;
  /** A game has started and its journal is being opened: nobody is told until it is. */
  beginning: boolean;
  /** A game has begun at this table (a rated-queue table names its people from then on: table-views.ts). */
  begun: boolean;
  /** A game resumed after a restart: the round it goes on with, until that round is dealt; null otherwise. */
  restartRound: number | null;
  /** A game resumed after a restart waits for its people until this game time; null otherwise. */
  resumeBy: number | null;
  /** Everyone was told the journal cannot be written; cleared once a write holds again. */
  toldNotSaved: boolean;
}

/** A race's state before its first game. */
export function raceState(): RaceState {
  return {
    game: null,
    solves: null,
    reveal: null,
    saved: null,
    recorded: null,
    restoredTable: false,
    saving: undefined,
    beginning: false,
    begun: false,
    restartRound: null,
    resumeBy: null,
    toldNotSaved: false,
  };
}

/** The room a race's master works for. */
export interface RaceRoomOf {
  readonly id: string;
  readonly public: boolean;
  /** A table the rated queue made (rated-room.ts): for how many people, starting with how few, made when. */
  readonly match?: { readonly people: number; readonly least: number; readonly madeAt: number };
}

/**
 * The judge of the solves of `game` at `table` (solves.ts): who plays each seat, and at a rated
 * table the review of claims held for a look.
 */
export function raceSolves(services: RaceMasterServices, deck: Deck, room: string, table: Table, game: string): Solves {
  const whose = (player: string): Whose | undefined => {
    const seat = table.seats.find((s) => s.id === player);
    return seat && { person: seat.occupant.kind === 'human', account: seat.accountId };
  };
  return new Solves(
    services,
    deck,
    room,
    { log: `room ${room}`, flag: ' in a race' },
    whose,
    table.settings.rated ? claimReview(services.stores, services.decks.classic, game) : undefined,
  );
}
