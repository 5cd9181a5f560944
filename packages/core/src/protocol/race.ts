import type { ProposedPlacement } from '../checker.js';
import type { Puzzle } from '../puzzle.js';
import type { PieceSet, Side } from '../deck.js';
import type { BotLevel } from '../game/bot-model.js';
import type { RaceEdition, RaceEvent, RaceView, Variant } from '../game/race.js';
import type { RoundReveal } from '../game/reveal.js';
import type { TrailMove } from '../game/trail.js';
import type { PlayerId } from '../game/types.js';
import type { ReactionId } from '../watch.js';
import type { RatingChange } from './ratings.js';
import type { EmptyBody, Rejected, Timed } from './shared.js';

// The race room: a table of 1 to 4 seats.

/** What the host sets in the lobby. */
export interface RaceSettings {
  readonly edition: RaceEdition;
  readonly variant: Variant;
  readonly hourglassSeconds: number;
  readonly rounds: number;
  /** The pieces each player is handed: the task's, or the whole set as in the box. */
  readonly pieceSet: PieceSet;
  /**
   * A rated game (docs/accounts.md): only people with a username play it, and it moves their
   * rating in its edition; bots may sit there but are not rated. Quick-match tables are casual.
   */
  readonly rated: boolean;
}

/** Options to create or join a race room. */
export interface RaceJoinOptions {
  readonly protocol: number;
  readonly side?: Side;
  /** Watch without a seat. */
  readonly spectate?: boolean;
  /** A quick-match table. */
  readonly public?: boolean;
  readonly settings?: Partial<RaceSettings>;
  /**
   * The key of a seat in a game under way (the lobby's `seatKey`): after a server restart, the
   * person who held it sits back down with it.
   */
  readonly seatKey?: string;
}

/** What a player sends to a race room. */
export interface RaceClientMessages {
  readonly settings: Partial<RaceSettings>;
  readonly 'add-bot': { readonly level: BotLevel; readonly side?: Side };
  readonly 'remove-seat': { readonly seat: number };
  readonly side: { readonly side: Side };
  readonly ready: { readonly ready: boolean };
  readonly start: EmptyBody;
  readonly rematch: EmptyBody;
  /** The board covered, with the moves that covered it (a claim without them is kept but not verified). */
  readonly claim: { readonly placements: readonly ProposedPlacement[]; readonly trail?: readonly TrailMove[] };
  readonly move: { readonly row: number };
  /** Jewel edition, before the first round: where your pawn starts (you may change it until then). */
  readonly place: { readonly row: number };
  /** Extreme with the whole set, before the sand is turned: you have laid out your colour's pieces. */
  readonly 'lay-out': EmptyBody;
  /**
   * How many pieces you have down on your board this round (0 to the task's pieces), for the
   * others to watch: shown, never judged. While the round is played and you have not solved.
   * `placements`: where they lie (each piece with the cells it covers, `down` of them), for those
   * who may see boards (core's `seesBoards`); checked for shape (`laidProblem`), not for a solution.
   */
  readonly progress: { readonly down: number; readonly placements?: readonly ProposedPlacement[] };
  /** A preset reaction (watch.ts's `REACTIONS`) shown beside your seat: seated people only, at most `REACTION_ALLOWANCE`. */
  readonly react: { readonly reaction: ReactionId };
}

/** Who sits in a seat: a person, a bot the host added, or a bot playing on for a person who left. */
export type Occupant =
  | { readonly kind: 'human'; readonly name: string }
  | {
      readonly kind: 'bot';
      readonly level: BotLevel;
      /** The bots are numbered from 1 as they are added. */ readonly number: number;
    }
  | { readonly kind: 'stand-in'; readonly level: BotLevel; /** The person it plays for. */ readonly for: string };

/**
 * A person the rated queue seated at the same table, before its game starts: who it is is told at
 * the start, so that nobody leaves a matched table for the opponent's name (docs/accounts.md).
 */
export interface UnnamedOpponent {
  readonly kind: 'opponent';
}

/** A seat at the table, as the lobby shows it; the client puts it into words. */
export type LobbySeat = (Occupant | UnnamedOpponent) & {
  /** The player's id in the game (`p1`..`p4`), '' before the game starts. */
  readonly id: PlayerId;
  readonly side: Side;
  /** Whether the person has a live connection (bots always do). */
  readonly connected: boolean;
  readonly ready: boolean;
  /** A person's account's public id (their profile's, `#/player/ID`); absent for bots and stand-ins. */
  readonly account?: string;
  /** A person who plays as a guest (no username: a rated game is not for them); absent for bots. */
  readonly guest?: boolean;
  /** A person's username, shown beside the name; absent for a guest and for bots. */
  readonly username?: string;
};

/** How the table stands: seats, settings, who hosts, who you are. */
export interface LobbyMessage extends Timed {
  readonly protocol: number;
  /** The room's code, to share. */
  readonly code: string;
  readonly public: boolean;
  /** The host's seat index, -1 for none. */
  readonly host: number;
  /** Your seat index, -1 for a spectator. */
  readonly you: number;
  readonly spectators: number;
  readonly settings: RaceSettings;
  /** Seats still free for a person or a bot. */
  readonly free: number;
  /** The variants the chosen edition offers. */
  readonly variants: readonly Variant[];
  readonly started: boolean;
  /** The game's id for the HTTP API, once started. */
  readonly game: string | null;
  /**
   * A quick-match table that has not started: when it starts by itself (game time), once two
   * people sit at it (sooner when all of them are ready); null otherwise.
   */
  readonly startsAt: number | null;
  /** A quick-match table with one person: from when they are offered to play against bots. */
  readonly offerBotsAt: number | null;
  readonly seats: readonly LobbySeat[];
  /** An arena's table: the arena's id (its page, to go back to after the game; docs/arenas.md). */
  readonly arena?: string;
  /**
   * Your seat's key: kept by the client, it brings you back to the seat after the server restarts
   * (join options' `seatKey`), in a game under way, a lobby or a finished game's table alike. Null
   * for spectators.
   */
  readonly seatKey: string | null;
  /**
   * Why the table cannot start as it stands, for everyone at it; null when it can (and once started).
   */
  readonly blocked: StartBlocked | null;
  /**
   * A game resumed after a server restart waits for its people to come back until this game time
   * (then bots stand in for those who did not), and goes on from the start of the interrupted
   * round. A lobby or a finished game's table kept over a restart waits for its people the same
   * way (those not back by then lose their seats). Null otherwise.
   */
  readonly resumeBy: number | null;
  /**
   * A game resumed after a server restart: the round it goes on with (played from its start),
   * until that round is dealt. Null otherwise.
   */
  readonly restartRound: number | null;
}

/**
 * What keeps a table from starting: people playing as guests at a rated table (their seat
 * indexes: a rated game is for players with a username), or a quick-match table with fewer people
 * than it starts with by itself (`people` of `need`).
 */
export type StartBlocked =
  | { readonly reason: 'guests-at-rated'; readonly seats: readonly number[] }
  | { readonly reason: 'too-few-people'; readonly people: number; readonly need: number };

/**
 * A player's progress in the round being played, as their client last reported it (a bot's, as
 * its board fills: core's `botLaid`): pieces down of the task's pieces. A report, not a fact:
 * shown to everyone at the table, never judged. Whether and in what order they solved is the
 * view's (`round.solved`).
 */
export interface Progress {
  readonly down: number;
  readonly of: number;
  /**
   * Where the pieces lie (a solved player's: the claim's), only to those who may see boards
   * (core's `seesBoards`: watchers, and seated players who have solved or have no board this
   * round); absent for a seated player still at their board, and when the player sent none.
   */
  readonly placements?: readonly ProposedPlacement[];
}

/** Everyone's progress in the round being played, by player id (only those who reported, bots too). */
export type RoundProgress = Readonly<Record<PlayerId, Progress>>;

/** A player's view of the game, and the time to count from. */
export interface RaceViewMessage extends Timed {
  readonly view: RaceView;
  /** The round's progress so far (empty between rounds); `progress` messages bring it up to date. */
  readonly progress: RoundProgress;
  /**
   * Each player's task of the round being played, by player id, to draw their boards: only to
   * those who may see boards (core's `seesBoards`), absent otherwise and between rounds.
   */
  readonly tasks?: Readonly<Record<PlayerId, Puzzle>>;
  /**
   * While the game waits: when the next round starts (game time). Before the first round of a
   * jewel game, the end of the time to place the pawns.
   */
  readonly nextRoundAt: number | null;
}

/** Something the room tells everyone: a person left and a bot plays on in the seat. */
export interface Notice {
  readonly kind: 'replaced';
  /** The seat's id in the game. */
  readonly seat: PlayerId;
  /** Left on purpose, or did not come back in time. */
  readonly reason: 'left' | 'timeout';
  /** The person who left. */
  readonly name: string;
  readonly level: BotLevel;
}

/** What a race room sends. */
export interface RaceServerMessages {
  readonly lobby: LobbyMessage;
  readonly view: RaceViewMessage;
  readonly events: { readonly events: readonly RaceEvent[] };
  readonly notice: Notice;
  /** Someone's progress changed in round `round`: everyone's as it now stands. */
  readonly progress: { readonly round: number; readonly players: RoundProgress };
  /**
   * The finished game is stored under this id (HTTP API). `rated`: it was played at a rated table;
   * then `ratings` holds each rated player's rating before and after it (none when fewer than two
   * rated players sat there, which moves nobody). Sent to everyone when it is stored, and again to
   * whoever comes (back) to the finished table.
   */
  readonly saved: { readonly game: string; readonly rated: boolean; readonly ratings: readonly RatingChange[] };
  /** A round has ended: every board with its placements or a solution (sent again to whoever comes before the next round). */
  readonly reveal: RoundReveal;
  /** The person at seat `seat` (the lobby's seat index) reacted: shown beside their seat for a moment. */
  readonly reaction: { readonly seat: number; readonly reaction: ReactionId };
  readonly rejected: Rejected;
}
