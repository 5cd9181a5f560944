import type { ProposedPlacement } from '../checker.js';
import type { Deck, DeckEdition, DieFace, PieceSet, Side, TaskKey } from '../deck.js';
import type { Puzzle } from '../puzzle.js';
import type { Rng } from '../random.js';
import type { Result } from '../result.js';
import type { Decision } from './decided.js';
import type { Gem, Gems, JewelColour } from './gems.js';
import type { TrailMove } from './trail.js';
import type { GameError, PlayerId, SeatConfig } from './types.js';

/** The editions that are races between players. */
export const RACE_EDITIONS = ['classic', 'extreme', 'jewels'] as const;
/** `classic`, `extreme` or `jewels`. */
export type RaceEdition = (typeof RACE_EDITIONS)[number];

/** Variants of the classic game: standard (gem bag) or fixed scoring (Polish rulebook). */
export const CLASSIC_VARIANTS = ['standard', 'fixed'] as const;
/** `standard` or `fixed`. */
export type Variant = (typeof CLASSIC_VARIANTS)[number];

/** The first solver's pawn may move 3 spaces, the second 2, the third 1, the fourth 0. */
export const JEWEL_MOVES = [3, 2, 1, 0] as const;
/** Jewel rows on the game board, and holes per row. */
export const JEWEL_ROWS = 6;
/** Holes per jewel row. */
export const JEWELS_PER_ROW = 12;
/** A tie-break round is played, and replayed at most 3 times, before tied players share the win. */
export const TIE_BREAK_ATTEMPTS = 4;
/**
 * Extreme with the whole set: the players' time to lay out their colour's pieces before the sand is
 * turned; it is turned sooner once all have (docs/rules.md §3.6).
 */
export const LAYOUT_MS = 30_000;

/** What sets an edition apart (docs/rules.md §2 to §4). */
export interface EditionRules {
  /** The deck its boards come from. */
  readonly deck: DeckEdition;
  /** How each player's task is chosen: one roll of the die for all, or a colour hexagon each. */
  readonly task: 'die' | 'colour';
  /** What solving earns: gems by solving order (with a round marker), or a pawn move and two jewels. */
  readonly reward: 'gems' | 'jewels';
  /** The gems in the bag at the start, the marker's 9 sapphires and 9 ambers apart. */
  readonly bag: Readonly<Gems>;
  /** The second hourglass: everyone plays on, or the first to solve stops everyone and draws one stone. */
  readonly secondChance: 'play-on' | 'first-stops';
  /**
   * Playing with the whole set: the pieces are found while the sand runs (`in-race`), or laid out
   * by everyone before it is turned (`before-sand`, Extreme: docs/rules.md §3.6).
   */
  readonly findPieces: 'in-race' | 'before-sand';
  /** Leaders level at the end: tie-break rounds, or a shared victory. */
  readonly tie: 'tie-break' | 'shared';
  /** The variants offered. */
  readonly variants: readonly Variant[];
}

/** The rules of each race edition, as data. */
export const EDITION_RULES = {
  classic: {
    deck: 'classic',
    task: 'die',
    reward: 'gems',
    bag: { ruby: 10, sapphire: 10, emerald: 10, amber: 10 },
    secondChance: 'play-on',
    findPieces: 'in-race',
    tie: 'tie-break',
    variants: CLASSIC_VARIANTS,
  },
  extreme: {
    deck: 'extreme',
    task: 'colour',
    reward: 'gems',
    bag: { ruby: 9, sapphire: 9, emerald: 9, amber: 9 },
    secondChance: 'first-stops',
    findPieces: 'before-sand',
    tie: 'tie-break',
    variants: ['standard'],
  },
  jewels: {
    deck: 'classic',
    task: 'die',
    reward: 'jewels',
    bag: { ruby: 0, sapphire: 0, emerald: 0, amber: 0 },
    secondChance: 'play-on',
    findPieces: 'in-race',
    tie: 'shared',
    variants: ['standard'],
  },
} as const satisfies Record<RaceEdition, EditionRules>;

/** The deck an edition plays: classic and jewel games the classic deck, Extreme games the Extreme deck. */
export function deckFor(edition: RaceEdition): DeckEdition {
  return EDITION_RULES[edition].deck;
}

/** How a race is set up. */
export interface RaceConfig {
  /** Which edition. */
  readonly edition: RaceEdition;
  /** Classic only: `fixed` for the fixed-scoring variant. */
  readonly variant: Variant;
  /** The seats, 1 to 4, each with its side. */
  readonly players: readonly SeatConfig[];
  /** Seconds per hourglass, 20 to 300. */
  readonly hourglassSeconds: number;
  /** Regular rounds, 1 to 9. */
  readonly rounds: number;
  /** The pieces each player is handed: the task's only (the default), or the whole set as in the box. */
  readonly pieceSet?: PieceSet;
  /** Jewel edition: each pawn's starting row (0-5); placed by the players when absent. */
  readonly startRows?: readonly number[];
}

/** One player's board for a round: which board, which side, which task (die face or colour). */
export interface Deal {
  /** The player. */
  readonly player: PlayerId;
  /** The board's id in the deck. */
  readonly board: string;
  /** The side played. */
  readonly side: Side;
  /** The die face or colour that selects the task. */
  readonly key: TaskKey;
}

/** What one player holds. */
export interface PlayerState {
  /** The player's id. */
  readonly id: PlayerId;
  /** The side the player plays. */
  readonly side: Side;
  /** Gems or stones (classic, Extreme). */
  readonly gems: Gems;
  /** Jewels by colour (jewel edition). */
  readonly jewels: Record<JewelColour, number>;
  /**
   * The pawn's row, 0 to 5 (jewel edition); null before the first round while the player has not
   * placed it (docs/rules.md §4.2). 0 in the other editions.
   */
  readonly pawn: number | null;
  /** Jewel edition: whether the player chose the pawn's start row, or it was drawn for them. */
  readonly placedBy: 'choice' | 'lot' | null;
}

/** What happened in a finished round, as the simulator and replays show it. */
export interface RoundRecord {
  /** The round's number (tie-break rounds continue the count). */
  readonly round: number;
  /** Whether this was a tie-break round. */
  readonly tieBreak: boolean;
  /** Whether the hourglass was turned a second time. */
  readonly secondChance: boolean;
  /** The die face (classic, jewels). */
  readonly die?: DieFace;
  /** The boards dealt. */
  readonly deals: readonly Deal[];
  /** Who solved, in order. */
  readonly solved: readonly PlayerId[];
  /** What each solver gained. */
  readonly gains: Readonly<Record<PlayerId, readonly (Gem | JewelColour)[]>>;
  /** The bag after the round. */
  readonly bag: Gems;
  /** The round marker (the bank in Extreme) after the round. */
  readonly marker: { readonly sapphire: number; readonly amber: number };
  /** Jewel edition: pawn moves. */
  readonly moves: Readonly<Record<PlayerId, { readonly from: number; readonly to: number }>>;
  /** Jewel edition: the jewels left in each row after the round, front first. */
  readonly rows: readonly (readonly JewelColour[])[];
}

/**
 * Extreme with the whole set, before the sand is turned: the players lay out their colour's pieces
 * (docs/rules.md §3.6).
 */
export interface RoundLayout {
  /** When the time to lay out ends and the sand is turned anyway (game ms). */
  readonly until: number;
  /** Who has laid out their pieces, in order. */
  readonly done: readonly PlayerId[];
}

/** The round being played, or the last one. */
export interface RoundState {
  readonly number: number;
  readonly tieBreak: boolean;
  readonly deals: readonly Deal[];
  readonly die?: DieFace;
  readonly roller: PlayerId;
  /** When the sand runs out; while the players lay out their pieces, the end of that time (`layout.until`). */
  readonly deadline: number;
  /** Present while the players lay out their pieces and the sand is not yet turned. */
  readonly layout?: RoundLayout;
  readonly secondChance: boolean;
  readonly solved: readonly PlayerId[];
  readonly moved: readonly PlayerId[];
  readonly gains: Readonly<Record<PlayerId, readonly (Gem | JewelColour)[]>>;
  readonly moves: Readonly<Record<PlayerId, { readonly from: number; readonly to: number }>>;
  /**
   * The marker's gems that have left it this round: taken by a solver, or (Extreme's second
   * chance) put into the bag early. The others go into the bag at the round's end.
   */
  readonly fromMarker: readonly ('sapphire' | 'amber')[];
  /** Who took a gem from the marker this round, and which: it is the first of their gains. */
  readonly markerTakers: Readonly<Record<PlayerId, 'sapphire' | 'amber'>>;
}

/** The whole state of a race. Plain JSON; `rng` and `deck` are hidden from players' views. */
export interface RaceState {
  readonly config: RaceConfig;
  readonly rng: Rng;
  /** `waiting` between rounds (start-round comes next), `playing`, or `finished`. */
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly players: readonly PlayerState[];
  readonly bag: Gems;
  readonly marker: { readonly sapphire: number; readonly amber: number };
  readonly rows: readonly (readonly JewelColour[])[];
  /** Board ids still to deal, in order; used ones go to `discard`. */
  readonly deck: readonly string[];
  readonly discard: readonly string[];
  readonly round: RoundState | null;
  /** Regular rounds finished. */
  readonly played: number;
  readonly history: readonly RoundRecord[];
  readonly tieBreak: { readonly players: readonly PlayerId[]; readonly attempts: number } | null;
  readonly winners: readonly PlayerId[] | null;
}

/** What a race accepts. `start-round` and `tick` come from the referee (the server or simulator). */
export type RaceAction =
  | { readonly type: 'start-round' }
  | {
      readonly type: 'claim';
      readonly player: PlayerId;
      readonly placements: readonly ProposedPlacement[];
      /** How the board was solved (trail.ts), kept with the game for replays; the race does not read it. */
      readonly trail?: readonly TrailMove[];
    }
  | { readonly type: 'move'; readonly player: PlayerId; readonly row: number }
  | { readonly type: 'tick' }
  | { readonly type: 'place'; readonly player: PlayerId; readonly row: number }
  /** Extreme with the whole set: the player has laid out their colour's pieces (docs/rules.md §3.6). */
  | { readonly type: 'lay-out'; readonly player: PlayerId };

/** What happened, for the players to be told. */
export type RaceEvent =
  | {
      readonly type: 'round-started';
      readonly round: number;
      readonly tieBreak: boolean;
      readonly die?: DieFace;
      readonly roller: PlayerId;
      readonly deals: readonly Deal[];
      /** When the sand runs out; with `layout`, when the time to lay out the pieces ends. */
      readonly deadline: number;
      /** Extreme with the whole set: the players lay out their pieces first; the sand is not turned yet. */
      readonly layout?: true;
    }
  | { readonly type: 'laid-out'; readonly player: PlayerId }
  /** The sand is turned: everyone has laid out their pieces, or the time to do so ran out. */
  | { readonly type: 'sand-turned'; readonly deadline: number; readonly by: 'everyone' | 'time' }
  | {
      readonly type: 'solved';
      readonly player: PlayerId;
      readonly position: number;
      readonly gains: readonly Gem[];
      readonly moveUpTo?: number;
    }
  | {
      readonly type: 'moved';
      readonly player: PlayerId;
      readonly from: number;
      readonly to: number;
      readonly took: readonly JewelColour[];
    }
  | {
      readonly type: 'placed';
      readonly player: PlayerId;
      readonly row: number;
      /** `choice`: the player put it there; `lot`: the first round started before they did. */
      readonly by: 'choice' | 'lot';
    }
  | { readonly type: 'second-chance'; readonly deadline: number }
  | { readonly type: 'round-ended'; readonly record: RoundRecord }
  | { readonly type: 'tie-break'; readonly players: readonly PlayerId[]; readonly attempt: number }
  | { readonly type: 'game-ended'; readonly winners: readonly PlayerId[]; readonly shared: boolean };

/** How a finished race came out. */
export interface RaceResult {
  /** The winners: one, several who share the victory, or none when nobody scored (docs/rules.md §1.9). */
  readonly winners: readonly PlayerId[];
  /** Points (classic, Extreme), or jewel counts sorted high to low (jewel edition). */
  readonly scores: Readonly<Record<PlayerId, number | readonly number[]>>;
  /** Tie-break rounds played. */
  readonly tieBreakRounds: number;
}

/** One player's place in the standings. */
export interface Standing {
  /** The player. */
  readonly player: PlayerId;
  /** 1 for the best. Players level on score share a place; a tie-break's winner ranks above the others. */
  readonly place: number;
  /** Whether another player shares this place. */
  readonly tied: boolean;
  /** Points (classic, Extreme), or jewel counts sorted high to low (jewel edition). */
  readonly score: number | readonly number[];
}

/** What a player sees: everything public, their own task in full, nothing of the generator or the deck order. */
export interface RaceView {
  readonly edition: RaceEdition;
  readonly variant: Variant;
  readonly phase: RaceState['phase'];
  readonly you: PlayerId | null;
  readonly hourglassSeconds: number;
  readonly rounds: number;
  readonly players: readonly (PlayerState & { readonly points: number })[];
  /** The players best first, with their places (docs/rules.md §2.7, §4.7: points, or sorted jewel counts). */
  readonly standings: readonly Standing[];
  readonly bagSize: number;
  readonly marker: RaceState['marker'];
  readonly rows: RaceState['rows'];
  readonly round: RoundState | null;
  /** Your task this round, as a checked puzzle: the grid, the white area and the pieces' shapes. */
  readonly task: Puzzle | null;
  /**
   * Playing with the whole set as in the box: the pieces in front of you, the task's among them
   * (a claim uses exactly the task's); null when you are handed the task's pieces only.
   */
  readonly set: Puzzle['pieces'] | null;
  /** Jewel edition: once you have solved and not yet moved, how far your pawn may go and the rows it may reach. */
  readonly reach: { readonly upTo: number; readonly rows: readonly number[] } | null;
  /** Jewel edition, before the first round: the rows you may put your pawn on (every row), else null. */
  readonly place: { readonly rows: readonly number[] } | null;
  readonly history: readonly RoundRecord[];
  readonly tieBreak: RaceState['tieBreak'];
  /** The winners once the game is over: none when nobody scored (docs/rules.md §1.9). */
  readonly winners: readonly PlayerId[] | null;
  /** Once the game is over, what decided it (decided.ts); null before. */
  readonly decided: Decision | null;
}

/** An action's outcome: the new state and what happened, or why it is refused. */
type Step = Result<{ state: RaceState; events: RaceEvent[] }, GameError>;

/** A referee for one deck: classic and jewel games use the classic deck, Extreme games the Extreme deck. */
export interface RaceEngine {
  /** The deck the engine deals from. */
  readonly deck: Deck;
  /** A new game, waiting for its first `start-round`. */
  setup(config: RaceConfig, seed: number): Result<RaceState, GameError>;
  /** Applies an action at time `now` (ms): the new state and what happened, or why not. */
  apply(state: RaceState, action: RaceAction, now: number): Step;
  /** What one player (or a spectator, `null`) may see. */
  view(state: RaceState, player: PlayerId | null): RaceView;
  /** How the game came out, once it is finished. */
  result(state: RaceState): RaceResult | undefined;
  /** The task a deal stands for, as a puzzle. */
  puzzleOf(deal: Deal): Puzzle;
}
