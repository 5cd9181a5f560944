import type { ProposedPlacement } from '../checker.js';
import { checkSolution } from '../checker.js';
import type { Deck, DeckEdition, DieFace, PieceSet, Side, TaskKey } from '../deck.js';
import { boxSetOf, DIE_FACES, PIECE_SETS, puzzleOf as deckPuzzle } from '../deck.js';
import type { ExtremeColour } from '../extreme.js';
import { EXTREME_COLOURS } from '../extreme.js';
import type { Mutable } from '../draft.js';
import { draft } from '../draft.js';
import type { Puzzle } from '../puzzle.js';
import type { Rng } from '../random.js';
import { createRng, randomInt, shuffle } from '../random.js';
import type { Result } from '../result.js';
import { err, ok } from '../result.js';
import type { Gem, Gems, JewelColour } from './gems.js';
import { drawGem, FIXED_SCORING, gemPoints, JEWEL_COLOURS, noGems } from './gems.js';
import type { Decision } from './decided.js';
import { decisionOf, isNoScore } from './decided.js';
import { claimRefusal } from './refusal.js';
import type { GameError, PlayerId, SeatConfig } from './types.js';
import { GAME_ROUNDS, HOURGLASS_SECONDS } from './types.js';
import type { TrailMove } from './trail.js';

/*
 * The race editions, one engine: classic (docs/rules.md §2), Extreme (§3) and the
 * original jewel-board edition (§4). They share the round: boards dealt, a die rolled or
 * colours drawn, an hourglass with one second chance, players solving in an order. They differ in
 * what solving earns and how the game is won: those differences are data (`EDITION_RULES`), read
 * by exhaustive `switch`es below. The rules are those of docs/rules.md.
 *
 * State is plain JSON. Randomness comes from the generator in the state, time from `now` (ms).
 * apply never changes the state it is given.
 */

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

type Step = Result<{ state: RaceState; events: RaceEvent[] }, GameError>;

const refuse = (code: GameError['code'], message: string): { ok: false; error: GameError } => err({ code, message });

const noJewels = (): Record<JewelColour, number> =>
  Object.fromEntries(JEWEL_COLOURS.map((c) => [c, 0])) as Record<JewelColour, number>;

/** The points of a player in classic and Extreme. */
export function pointsOf(player: PlayerState): number {
  return gemPoints(player.gems);
}

/** A player's jewel counts sorted high to low: the jewel edition's score, compared entry by entry. */
export function jewelScore(player: PlayerState): number[] {
  return JEWEL_COLOURS.map((c) => player.jewels[c]).sort((a, b) => b - a);
}

/** Compares jewel scores: positive when `a` beats `b`. */
export function compareJewelScores(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A player's score in an edition: points, or sorted jewel counts. */
export function scoreOf(edition: RaceEdition, player: PlayerState): number | number[] {
  switch (EDITION_RULES[edition].reward) {
    case 'gems':
      return pointsOf(player);
    case 'jewels':
      return jewelScore(player);
  }
}

/** Compares two scores of one edition: positive when `a` is better. */
function compareScores(a: number | readonly number[], b: number | readonly number[]): number {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : compareJewelScores(typeof a === 'number' ? [a] : a, typeof b === 'number' ? [b] : b);
}

/** The players in the lead: most points, or the best sorted jewel counts. */
export function leaders(state: RaceState): PlayerId[] {
  const scores = state.players.map((p) => scoreOf(state.config.edition, p));
  const best = scores.reduce((a, b) => (compareScores(b, a) > 0 ? b : a));
  return state.players.filter((_, i) => compareScores(scores[i] ?? 0, best) === 0).map((p) => p.id);
}

/** The standings: winners first (a tie-break decides without points), then by score; level players share a place. */
export function standings(state: RaceState): Standing[] {
  const won = (id: PlayerId): number => (state.winners?.includes(id) ? 1 : 0);
  const rows = state.players.map((p) => ({ player: p.id, score: scoreOf(state.config.edition, p) }));
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]): number =>
    won(b.player) - won(a.player) || compareScores(b.score, a.score);
  const sorted = [...rows].sort(compare);
  return sorted.map((row) => {
    const ahead = sorted.filter((other) => compare(other, row) < 0).length;
    const level = sorted.filter((other) => other !== row && compare(other, row) === 0).length;
    return { player: row.player, place: ahead + 1, tied: level > 0, score: row.score };
  });
}

/** The rows a pawn on `pawn` may reach with a move of up to `upTo` spaces. */
export function reachableRows(pawn: number, upTo: number): number[] {
  return Array.from({ length: JEWEL_ROWS }, (_, r) => r).filter((r) => Math.abs(r - pawn) <= upTo);
}

/** How far a player's pawn may move now: only after solving and before moving, in a jewel round. */
function reachOf(state: RaceState, player: PlayerId | null): RaceView['reach'] {
  const round = state.round;
  const me = state.players.find((p) => p.id === player);
  if (!me || !round || state.phase !== 'playing' || round.tieBreak) return null;
  if (EDITION_RULES[state.config.edition].reward !== 'jewels') return null;
  const position = round.solved.indexOf(me.id);
  if (position < 0 || round.moved.includes(me.id)) return null;
  const upTo = JEWEL_MOVES[position] ?? 0;
  return me.pawn === null ? null : { upTo, rows: reachableRows(me.pawn, upTo) };
}

/** Where a player may put the pawn now: before the first round of a jewel game, any row. */
function placeOf(state: RaceState, player: PlayerId | null): RaceView['place'] {
  const me = state.players.find((p) => p.id === player);
  if (!me || state.phase !== 'waiting' || state.round !== null) return null;
  if (EDITION_RULES[state.config.edition].reward !== 'jewels' || me.placedBy === 'lot') return null;
  return { rows: reachableRows(0, JEWEL_ROWS) };
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** What is wrong with a well-shaped configuration, if anything: the ranges and combinations the rules allow. */
function checkConfig(config: RaceConfig): string | undefined {
  const { edition, variant, players, hourglassSeconds, rounds, startRows } = config;
  if (!(EDITION_RULES[edition].variants as readonly Variant[]).includes(variant)) {
    return 'the variant is standard, or fixed (classic edition only)';
  }
  if (players.length < 1 || players.length > 4) return 'a game has 1 to 4 players';
  if (players.some((p) => p.id.length === 0)) return 'every player needs an id and a side (easy or hard)';
  if (new Set(players.map((p) => p.id)).size !== players.length) return 'player ids must differ';
  if (!isInt(hourglassSeconds, HOURGLASS_SECONDS.min, HOURGLASS_SECONDS.max)) {
    return `the hourglass runs ${HOURGLASS_SECONDS.min} to ${HOURGLASS_SECONDS.max} seconds`;
  }
  if (!isInt(rounds, GAME_ROUNDS.min, GAME_ROUNDS.max))
    return `a game has ${GAME_ROUNDS.min} to ${GAME_ROUNDS.max} rounds`;
  if (startRows !== undefined && (startRows.length !== players.length || startRows.some((r) => !isInt(r, 0, 5)))) {
    return `startRows needs one row from 0 to ${JEWEL_ROWS - 1} per player`;
  }
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/**
 * Reads a configuration that comes from outside (a stored game, a file, a message) into the
 * checked type the engine takes, or says what is wrong with it.
 */
export function parseRaceConfig(raw: unknown): Result<RaceConfig, GameError> {
  if (!isObject(raw)) return refuse('config/invalid', 'a configuration is an object');
  const { edition, variant, players, hourglassSeconds, rounds, startRows, pieceSet } = raw;
  if (!isOneOf(RACE_EDITIONS, edition)) {
    return refuse('config/invalid', `unknown edition ${typeof edition === 'string' ? edition : typeof edition}`);
  }
  if (!isOneOf(CLASSIC_VARIANTS, variant)) {
    return refuse('config/invalid', 'the variant is standard, or fixed (classic edition only)');
  }
  if (!Array.isArray(players)) return refuse('config/invalid', 'a game has 1 to 4 players');
  const seats: SeatConfig[] = [];
  for (const p of players as unknown[]) {
    if (!isObject(p) || typeof p['id'] !== 'string' || !isOneOf(['easy', 'hard'] as const, p['side'])) {
      return refuse('config/invalid', 'every player needs an id and a side (easy or hard)');
    }
    seats.push({ id: p['id'], side: p['side'] });
  }
  if (typeof hourglassSeconds !== 'number' || typeof rounds !== 'number') {
    return refuse('config/invalid', 'the hourglass and the rounds are numbers');
  }
  if (pieceSet !== undefined && !isOneOf(PIECE_SETS, pieceSet)) {
    return refuse('config/invalid', 'the piece set is task or box');
  }
  if (startRows !== undefined && (!Array.isArray(startRows) || !startRows.every((r) => typeof r === 'number'))) {
    return refuse('config/invalid', `startRows needs one row from 0 to ${JEWEL_ROWS - 1} per player`);
  }
  const config: RaceConfig = {
    edition,
    variant,
    players: seats,
    hourglassSeconds,
    rounds,
    ...(startRows === undefined ? {} : { startRows: startRows as number[] }),
    ...(pieceSet === undefined ? {} : { pieceSet }),
  };
  const problem = checkConfig(config);
  return problem ? refuse('config/invalid', problem) : ok(config);
}

/** Reads an action that comes from outside (a stored game, a test's fuzz) into the checked type. */
export function parseRaceAction(raw: unknown): Result<RaceAction, GameError> {
  if (!isObject(raw) || typeof raw['type'] !== 'string') {
    return refuse('action/malformed', 'an action is an object with a type');
  }
  const type = raw['type'];
  switch (type) {
    case 'start-round':
    case 'tick':
      return ok({ type });
    case 'claim':
    case 'move':
    case 'place':
    case 'lay-out': {
      const player = raw['player'];
      if (typeof player !== 'string') return refuse('action/malformed', 'the action needs a player');
      if (type === 'lay-out') return ok({ type, player });
      if (type === 'move' || type === 'place') {
        const row = raw['row'];
        if (!isInt(row, 0, JEWEL_ROWS - 1)) {
          return refuse('action/malformed', `row must be an integer from 0 to ${JEWEL_ROWS - 1}`);
        }
        return ok({ type, player, row });
      }
      const placements = raw['placements'];
      if (!Array.isArray(placements)) return refuse('action/malformed', 'a claim lists its placements');
      // The placements' contents are the checker's to judge, problem by problem.
      return ok({ type, player, placements: placements as ProposedPlacement[] });
    }
    default:
      return refuse('action/malformed', `unknown action ${type}`);
  }
}

/** The race engine for a deck. */
export function raceEngine(deck: Deck): RaceEngine {
  const puzzleOf = (deal: Deal): Puzzle => deckPuzzle(deck, deal);

  function setup(config: RaceConfig, seed: number): Result<RaceState, GameError> {
    const problem = checkConfig(config);
    if (problem) return refuse('config/invalid', problem);
    const rules = EDITION_RULES[config.edition];
    if (deck.edition !== rules.deck)
      return refuse('config/invalid', `the ${config.edition} edition plays the ${rules.deck} deck`);
    const rng = createRng(seed);
    let rows: JewelColour[][] = [];
    let marker = { sapphire: 0, amber: 0 };
    switch (rules.reward) {
      case 'gems':
        // The round marker (the bank in Extreme): 9 sapphires and 9 ambers.
        marker = { sapphire: 9, amber: 9 };
        break;
      case 'jewels': {
        const placed = shuffle(
          rng,
          JEWEL_COLOURS.flatMap((c) => Array<JewelColour>(JEWELS_PER_ROW).fill(c)),
        );
        rows = Array.from({ length: JEWEL_ROWS }, (_, r) => placed.slice(r * JEWELS_PER_ROW, (r + 1) * JEWELS_PER_ROW));
        break;
      }
    }
    const players = config.players.map((p, i) => ({
      id: p.id,
      side: p.side,
      gems: noGems(),
      jewels: noJewels(),
      // Jewel pawns start where the configuration says, or where their players put them before
      // the first round (null until then); a pawn nobody placed is put on a row drawn by lot.
      pawn: rules.reward === 'jewels' ? (config.startRows?.[i] ?? null) : 0,
      placedBy: rules.reward === 'jewels' && config.startRows ? ('choice' as const) : null,
    }));
    return ok({
      config,
      rng,
      phase: 'waiting',
      players,
      bag: { ...rules.bag },
      marker,
      rows,
      deck: shuffle(
        rng,
        deck.boards.map((b) => b.id),
      ),
      discard: [],
      round: null,
      played: 0,
      history: [],
      tieBreak: null,
      winners: null,
    });
  }

  function startRound(s: Mutable<RaceState>, now: number, events: RaceEvent[]): void {
    for (const p of s.players) {
      if (p.pawn !== null) continue;
      p.pawn = randomInt(s.rng, JEWEL_ROWS);
      p.placedBy = 'lot';
      events.push({ type: 'placed', player: p.id, row: p.pawn, by: 'lot' });
    }
    const participants = s.tieBreak ? [...s.tieBreak.players] : s.players.map((p) => p.id);
    const number = (s.round?.number ?? 0) + 1;
    const dealt: string[] = [];
    for (let i = 0; i < participants.length; i++) {
      if (s.deck.length === 0) {
        s.deck = shuffle(s.rng, s.discard);
        s.discard = [];
      }
      dealt.push(s.deck.shift() as string);
    }
    const sideOf = (id: PlayerId): Side => s.players.find((p) => p.id === id)?.side ?? 'easy';
    let die: DieFace | undefined;
    let keys: TaskKey[];
    switch (EDITION_RULES[s.config.edition].task) {
      case 'colour':
        // Each player draws a colour hexagon from the bag.
        keys = shuffle(s.rng, EXTREME_COLOURS).slice(0, participants.length) as ExtremeColour[];
        break;
      case 'die': {
        const face = DIE_FACES[randomInt(s.rng, DIE_FACES.length)] as DieFace;
        die = face;
        keys = participants.map(() => face);
        break;
      }
    }
    const deals = participants.map((player, i) => ({
      player,
      board: dealt[i] as string,
      side: sideOf(player),
      key: keys[i] as TaskKey,
    }));
    // The roller: the first player, then each round the next to the left.
    const roller = s.players[(number - 1) % s.players.length]?.id ?? '';
    // Extreme with the whole set: the pieces are laid out first, and the sand is turned after.
    const layingOut = s.config.pieceSet === 'box' && EDITION_RULES[s.config.edition].findPieces === 'before-sand';
    const deadline = now + (layingOut ? LAYOUT_MS : s.config.hourglassSeconds * 1000);
    s.round = {
      number,
      tieBreak: s.tieBreak !== null,
      deals,
      ...(die === undefined ? {} : { die }),
      roller,
      deadline,
      secondChance: false,
      solved: [],
      moved: [],
      gains: {},
      moves: {},
      fromMarker: [],
      markerTakers: {},
      ...(layingOut ? { layout: { until: deadline, done: [] } } : {}),
    };
    s.phase = 'playing';
    events.push({
      type: 'round-started',
      round: number,
      tieBreak: s.tieBreak !== null,
      ...(die === undefined ? {} : { die }),
      roller,
      deals,
      deadline,
      ...(layingOut ? { layout: true as const } : {}),
    });
  }

  /** The sand is turned at `at`, once the pieces are laid out (docs/rules.md §3.6). */
  function turnSand(s: Mutable<RaceState>, at: number, by: 'everyone' | 'time', events: RaceEvent[]): void {
    const round = s.round as Mutable<RoundState>;
    delete round.layout;
    round.deadline = at + s.config.hourglassSeconds * 1000;
    events.push({ type: 'sand-turned', deadline: round.deadline, by });
  }

  function layOut(s: Mutable<RaceState>, player: PlayerId, now: number, events: RaceEvent[]): GameError | undefined {
    const round = s.round as Mutable<RoundState>;
    if (!round.deals.some((d) => d.player === player))
      return { code: 'action/not-in-game', message: `${player} has no board this round` };
    const layout = round.layout;
    if (!layout) return { code: 'action/wrong-phase', message: 'the sand is running: there is nothing to lay out' };
    if (layout.done.includes(player))
      return { code: 'action/already-laid-out', message: `${player} has already laid out their pieces` };
    layout.done.push(player);
    events.push({ type: 'laid-out', player });
    if (layout.done.length === round.deals.length) turnSand(s, now, 'everyone', events);
    return undefined;
  }

  function finish(s: Mutable<RaceState>, winners: PlayerId[], shared: boolean, events: RaceEvent[]): void {
    s.phase = 'finished';
    s.winners = winners;
    events.push({ type: 'game-ended', winners, shared });
  }

  function endRound(s: Mutable<RaceState>, events: RaceEvent[]): void {
    const round = s.round as Mutable<RoundState>;
    const rules = EDITION_RULES[s.config.edition];
    if (!round.tieBreak && rules.reward === 'gems') {
      // The marker loses one sapphire and one amber every round; what the first two solvers did
      // not take goes into the bag (always, in the fixed-scoring variant).
      for (const gem of ['sapphire', 'amber'] as const) {
        if (!round.fromMarker.includes(gem) && s.marker[gem] > 0) {
          s.marker[gem]--;
          s.bag[gem]++;
        }
      }
    }
    for (const deal of round.deals) s.discard.push(deal.board);
    const record: RoundRecord = {
      round: round.number,
      tieBreak: round.tieBreak,
      secondChance: round.secondChance,
      ...(round.die === undefined ? {} : { die: round.die }),
      deals: round.deals,
      solved: round.solved,
      gains: round.gains,
      bag: { ...s.bag },
      marker: { ...s.marker },
      moves: round.moves,
      rows: s.rows.map((r) => [...r]),
    };
    (s.history as RoundRecord[]).push(record);
    s.phase = 'waiting';
    events.push({ type: 'round-ended', record });

    if (round.tieBreak) {
      const tie = s.tieBreak as Mutable<NonNullable<RaceState['tieBreak']>>;
      if (round.solved.length > 0) {
        finish(s, [round.solved[0] as PlayerId], false, events);
        return;
      }
      tie.attempts++;
      if (tie.attempts >= TIE_BREAK_ATTEMPTS) {
        finish(s, [...tie.players], true, events);
        return;
      }
      events.push({ type: 'tie-break', players: tie.players, attempt: tie.attempts + 1 });
      return;
    }
    s.played++;
    if (s.played < s.config.rounds) return;
    const top = leaders(s);
    // Nobody scored anything: nobody won, and there is no tie to break (docs/rules.md §1.9).
    const lead = s.players.find((p) => p.id === top[0]);
    if (lead && isNoScore(scoreOf(s.config.edition, lead))) {
      finish(s, [], false, events);
      return;
    }
    if (top.length === 1 || s.players.length === 1) {
      finish(s, top, false, events);
      return;
    }
    switch (rules.tie) {
      case 'shared':
        finish(s, top, true, events);
        return;
      case 'tie-break':
        s.tieBreak = { players: top, attempts: 0 };
        events.push({ type: 'tie-break', players: top, attempt: 1 });
        return;
    }
  }

  /** What the n-th solver (from 1) of a gem round earns; gains are pushed as they are taken. */
  function reward(s: Mutable<RaceState>, round: Mutable<RoundState>, me: Mutable<PlayerState>, position: number) {
    const gains: Gem[] = [];
    const gain = (gem: Gem | undefined): void => {
      if (gem === undefined) return;
      me.gems[gem]++;
      gains.push(gem);
    };
    const fromMarker = (gem: 'sapphire' | 'amber'): void => {
      if (s.marker[gem] === 0) return;
      s.marker[gem]--;
      round.fromMarker.push(gem);
      round.markerTakers[me.id] = gem;
      gain(gem);
    };
    const fromBag = (gem: Gem): void => {
      if (s.bag[gem] === 0) return;
      s.bag[gem]--;
      gain(gem);
    };
    const rules = EDITION_RULES[s.config.edition];
    if (round.secondChance && rules.secondChance === 'first-stops') {
      // Extreme's second chance: the first solver stops everybody and gets one stone from the bag.
      gain(drawGem(s.bag, s.rng));
      return gains;
    }
    switch (s.config.variant) {
      case 'fixed': {
        // Fixed scoring: a ruby, a sapphire, an emerald, an amber by solving order; no draw.
        const gem = FIXED_SCORING[position - 1];
        if (gem) fromBag(gem);
        break;
      }
      case 'standard':
        if (position === 1) fromMarker('sapphire');
        if (position === 2) fromMarker('amber');
        gain(drawGem(s.bag, s.rng));
        break;
    }
    return gains;
  }

  function claim(
    s: Mutable<RaceState>,
    player: PlayerId,
    placements: readonly ProposedPlacement[],
    now: number,
    events: RaceEvent[],
  ): GameError | undefined {
    const round = s.round as Mutable<RoundState>;
    const deal = round.deals.find((d) => d.player === player);
    if (!deal) return { code: 'action/not-in-game', message: `${player} has no board this round` };
    if (round.solved.includes(player))
      return { code: 'action/already-solved', message: `${player} has already solved this round` };
    if (now > round.deadline) return { code: 'claim/too-late', message: 'the sand has run out' };
    const check = checkSolution(puzzleOf(deal), placements);
    if (!check.ok) return claimRefusal(check.error);
    round.solved.push(player);
    const position = round.solved.length;
    const me = s.players.find((p) => p.id === player) as Mutable<PlayerState>;
    const rules = EDITION_RULES[s.config.edition];
    let gains: Gem[] = [];
    let moveUpTo: number | undefined;
    // The first to solve a tie-break round wins it; nothing is handed out.
    if (!round.tieBreak) {
      switch (rules.reward) {
        case 'jewels':
          moveUpTo = JEWEL_MOVES[position - 1] ?? 0;
          break;
        case 'gems':
          gains = reward(s, round, me, position);
          break;
      }
    }
    round.gains[player] = gains;
    events.push({ type: 'solved', player, position, gains, ...(moveUpTo === undefined ? {} : { moveUpTo }) });
    const stop = round.tieBreak || (round.secondChance && rules.secondChance === 'first-stops');
    // In a jewel round the round ends when every solver has moved; in a gem round when all have solved.
    const allDone = rules.reward === 'gems' && round.solved.length === round.deals.length;
    if (stop || allDone) endRound(s, events);
    return undefined;
  }

  function move(
    s: Mutable<RaceState>,
    player: PlayerId,
    row: number,
    now: number,
    events: RaceEvent[],
  ): GameError | undefined {
    const round = s.round as Mutable<RoundState>;
    if (EDITION_RULES[s.config.edition].reward !== 'jewels')
      return { code: 'action/wrong-phase', message: 'pawns move in the jewel edition only' };
    const position = round.solved.indexOf(player);
    if (!round.deals.some((d) => d.player === player))
      return { code: 'action/not-in-game', message: `${player} has no board this round` };
    if (position < 0) return { code: 'action/not-solved', message: 'solve the puzzle before moving the pawn' };
    if (round.moved.includes(player))
      return { code: 'action/already-moved', message: `${player} has already moved and taken jewels` };
    if (now > round.deadline) return { code: 'claim/too-late', message: 'the sand has run out' };
    if (!isInt(row, 0, JEWEL_ROWS - 1)) {
      return { code: 'action/malformed', message: `row must be an integer from 0 to ${JEWEL_ROWS - 1}` };
    }
    const me = s.players.find((p) => p.id === player) as Mutable<PlayerState>;
    // Every pawn is on the board once a round is played (the first round places the rest by lot).
    const pawn = me.pawn ?? 0;
    const allowed = JEWEL_MOVES[position] ?? 0;
    if (Math.abs(row - pawn) > allowed) {
      return {
        code: 'action/too-far',
        message: `the pawn may move at most ${allowed} space${allowed === 1 ? '' : 's'} from row ${pawn}`,
      };
    }
    const from = pawn;
    me.pawn = row;
    const took = (s.rows[row] as JewelColour[]).splice(0, 2);
    for (const jewel of took) me.jewels[jewel]++;
    round.moved.push(player);
    round.moves[player] = { from, to: row };
    round.gains[player] = took;
    events.push({ type: 'moved', player, from, to: row, took });
    if (round.moved.length === round.deals.length) endRound(s, events);
    return undefined;
  }

  function tick(s: Mutable<RaceState>, now: number, events: RaceEvent[]): void {
    const round = s.round as Mutable<RoundState>;
    if (now < round.deadline) return;
    if (round.layout) {
      // The time to lay out is over: the sand is turned from when it ended, ready or not.
      turnSand(s, round.deadline, 'time', events);
      tick(s, now, events);
      return;
    }
    if (round.solved.length === 0 && !round.secondChance) {
      // Nobody solved: the hourglass is turned once more, from when it ran out; in a tie-break
      // round too (docs/rules.md §2.8), where the first solve wins as before.
      round.secondChance = true;
      round.deadline += s.config.hourglassSeconds * 1000;
      // A tie-break round leaves the bank and the bag alone.
      const bank = round.tieBreak ? 'play-on' : EDITION_RULES[s.config.edition].secondChance;
      switch (bank) {
        case 'first-stops':
          // Extreme: nobody will take the bank's sapphire and amber now; they go into the bag before
          // the second chance, so its first solver draws from them too (Italian rulebook).
          for (const gem of ['sapphire', 'amber'] as const) {
            if (s.marker[gem] > 0) {
              s.marker[gem]--;
              s.bag[gem]++;
            }
            round.fromMarker.push(gem);
          }
          break;
        case 'play-on':
          break;
      }
      events.push({ type: 'second-chance', deadline: round.deadline });
      if (now >= round.deadline) endRound(s, events);
      return;
    }
    endRound(s, events);
  }

  function apply(state: RaceState, action: RaceAction, now: number): Step {
    if (!Number.isFinite(now)) return refuse('action/malformed', 'the time must be a number');
    if (state.phase === 'finished') return refuse('action/finished', 'the game is over');
    const s = draft(state);
    const events: RaceEvent[] = [];
    switch (action.type) {
      case 'start-round':
        if (s.phase !== 'waiting') return refuse('action/wrong-phase', 'a round is being played');
        startRound(s, now, events);
        break;
      case 'tick':
        if (s.phase === 'playing') tick(s, now, events);
        break;
      case 'place': {
        const me = s.players.find((p) => p.id === action.player);
        if (!me) return refuse('action/not-in-game', `${action.player} is not in this game`);
        if (EDITION_RULES[s.config.edition].reward !== 'jewels')
          return refuse('action/wrong-phase', 'pawns are placed in the jewel edition only');
        if (s.phase !== 'waiting' || s.round !== null || me.placedBy === 'lot')
          return refuse('action/wrong-phase', 'pawns are placed before the first round');
        if (!isInt(action.row, 0, JEWEL_ROWS - 1))
          return refuse('action/malformed', `row must be an integer from 0 to ${JEWEL_ROWS - 1}`);
        // Until the first round starts a player may put the pawn elsewhere; several may share a row.
        me.pawn = action.row;
        me.placedBy = 'choice';
        events.push({ type: 'placed', player: me.id, row: action.row, by: 'choice' });
        break;
      }
      case 'lay-out': {
        if (!s.players.some((p) => p.id === action.player))
          return refuse('action/not-in-game', `${action.player} is not in this game`);
        if (s.phase !== 'playing') return refuse('action/wrong-phase', 'no round is being played');
        // After the time to lay out, the tick is due first: the sand has been turned.
        if (now > (s.round?.deadline ?? Infinity)) tick(s, now, events);
        if ((s as RaceState).phase !== 'playing') return refuse('action/wrong-phase', 'the round is over');
        const error = layOut(s, action.player, now, events);
        if (error) return err(error);
        break;
      }
      case 'claim':
      case 'move': {
        if (!s.players.some((p) => p.id === action.player))
          return refuse('action/not-in-game', `${action.player} is not in this game`);
        if (s.phase !== 'playing') return refuse('action/wrong-phase', 'no round is being played');
        // A claim that comes after the sand ran out but before the referee's tick: the tick is
        // due, so it happens first (it may turn the hourglass for a second chance).
        if (now > (s.round?.deadline ?? Infinity)) {
          tick(s, now, events);
          // tick() may end the round; read the phase afresh (the checker cannot see that).
          if ((s as RaceState).phase !== 'playing') return refuse('claim/too-late', 'the sand has run out');
        }
        if (s.round?.layout)
          return refuse('action/wrong-phase', 'the sand is not turned yet: the pieces are being laid out');
        const error =
          action.type === 'claim'
            ? claim(s, action.player, action.placements, now, events)
            : move(s, action.player, action.row, now, events);
        if (error) return err(error);
        break;
      }
    }
    return ok({ state: s, events });
  }

  function view(state: RaceState, player: PlayerId | null): RaceView {
    const deal = state.round?.deals.find((d) => d.player === player);
    return {
      edition: state.config.edition,
      variant: state.config.variant,
      phase: state.phase,
      you: player,
      hourglassSeconds: state.config.hourglassSeconds,
      rounds: state.config.rounds,
      players: state.players.map((p) => ({ ...p, points: pointsOf(p) })),
      standings: standings(state),
      bagSize: state.bag.ruby + state.bag.sapphire + state.bag.emerald + state.bag.amber,
      marker: state.marker,
      rows: state.rows,
      round: state.round,
      task: deal && state.phase === 'playing' ? puzzleOf(deal) : null,
      set: deal && state.phase === 'playing' && state.config.pieceSet === 'box' ? boxSetOf(deck, deal) : null,
      reach: reachOf(state, player),
      place: placeOf(state, player),
      history: state.history,
      tieBreak: state.tieBreak,
      winners: state.winners,
      decided:
        state.phase === 'finished' && state.winners
          ? decisionOf({ standings: standings(state), winners: state.winners, history: state.history })
          : null,
    };
  }

  function result(state: RaceState): RaceResult | undefined {
    if (state.phase !== 'finished' || !state.winners) return undefined;
    return {
      winners: state.winners,
      scores: Object.fromEntries(state.players.map((p) => [p.id, scoreOf(state.config.edition, p)])),
      tieBreakRounds: state.history.filter((r) => r.tieBreak).length,
    };
  }

  return { deck, setup, apply, view, result, puzzleOf };
}
