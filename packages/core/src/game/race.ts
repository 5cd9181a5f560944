import { normalize } from '../cells.js';
import type { ProposedPlacement } from '../checker.js';
import { checkSolution } from '../checker.js';
import type { Deck, DeckTask, DieFace, Side, TaskKey } from '../deck.js';
import { DIE_FACES } from '../deck.js';
import type { ExtremeColour } from '../extreme.js';
import { EXTREME_COLOURS } from '../extreme.js';
import type { Cell } from '../grid.js';
import type { Puzzle } from '../puzzle.js';
import type { Rng } from '../random.js';
import { createRng, randomInt, shuffle } from '../random.js';
import type { Result } from '../result.js';
import { err, ok } from '../result.js';
import type { Gem, Gems, JewelColour } from './gems.js';
import { drawGem, gemPoints, JEWEL_COLOURS, noGems } from './gems.js';
import type { GameError, PlayerId, SeatConfig } from './types.js';
import { GAME_ROUNDS, HOURGLASS_SECONDS } from './types.js';

/*
 * The race editions, one engine: classic (RULES.md section 2), Extreme (section 3) and the
 * original jewel-board edition (section 4). They share the round: boards dealt, a die rolled or
 * colours drawn, an hourglass with one second chance, players solving in an order. They differ in
 * what solving earns and how the game is won; those differences are the `switch`es below.
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
  /** Jewel edition: each pawn's starting row (0-5); random when absent. */
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
  /** The pawn's row, 0 to 5 (jewel edition). */
  readonly pawn: number;
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

/** The round being played, or the last one. */
export interface RoundState {
  readonly number: number;
  readonly tieBreak: boolean;
  readonly deals: readonly Deal[];
  readonly die?: DieFace;
  readonly roller: PlayerId;
  readonly deadline: number;
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
  | { readonly type: 'claim'; readonly player: PlayerId; readonly placements: readonly ProposedPlacement[] }
  | { readonly type: 'move'; readonly player: PlayerId; readonly row: number }
  | { readonly type: 'tick' };

/** What happened, for the players to be told. */
export type RaceEvent =
  | {
      readonly type: 'round-started';
      readonly round: number;
      readonly tieBreak: boolean;
      readonly die?: DieFace;
      readonly roller: PlayerId;
      readonly deals: readonly Deal[];
      readonly deadline: number;
    }
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
  | { readonly type: 'second-chance'; readonly deadline: number }
  | { readonly type: 'round-ended'; readonly record: RoundRecord }
  | { readonly type: 'tie-break'; readonly players: readonly PlayerId[]; readonly attempt: number }
  | { readonly type: 'game-ended'; readonly winners: readonly PlayerId[]; readonly shared: boolean };

/** How a finished race came out. */
export interface RaceResult {
  /** The winners: one, or several who share the victory. */
  readonly winners: readonly PlayerId[];
  /** Points (classic, Extreme), or jewel counts sorted high to low (jewel edition). */
  readonly scores: Readonly<Record<PlayerId, number | readonly number[]>>;
  /** Tie-break rounds played. */
  readonly tieBreakRounds: number;
}

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
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

/** The players in the lead: most points, or the best sorted jewel counts. */
export function leaders(state: RaceState): PlayerId[] {
  if (state.config.edition === 'jewels') {
    const best = state.players.map(jewelScore).reduce((a, b) => (compareJewelScores(b, a) > 0 ? b : a));
    return state.players.filter((p) => compareJewelScores(jewelScore(p), best) === 0).map((p) => p.id);
  }
  const best = Math.max(...state.players.map(pointsOf));
  return state.players.filter((p) => pointsOf(p) === best).map((p) => p.id);
}

/** What is wrong with a configuration, if anything. It may come from outside, so nothing is taken on trust. */
function checkConfig(config: RaceConfig): string | undefined {
  const raw = config as unknown as Record<string, unknown>;
  const { edition, variant, hourglassSeconds, rounds, startRows } = raw;
  const players: unknown = raw['players'];
  const isInt = (v: unknown, min: number, max: number): boolean =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  if (typeof edition !== 'string' || !(RACE_EDITIONS as readonly string[]).includes(edition)) {
    return `unknown edition ${typeof edition === 'string' ? edition : typeof edition}`;
  }
  if (variant !== 'standard' && (variant !== 'fixed' || edition !== 'classic')) {
    return 'the variant is standard, or fixed (classic edition only)';
  }
  if (!Array.isArray(players) || players.length < 1 || players.length > 4) return 'a game has 1 to 4 players';
  const seats = players as { id?: unknown; side?: unknown }[];
  if (
    seats.some(
      (p: unknown) =>
        typeof p !== 'object' ||
        p === null ||
        typeof (p as { id?: unknown }).id !== 'string' ||
        (p as { id: string }).id.length === 0 ||
        ((p as { side?: unknown }).side !== 'easy' && (p as { side?: unknown }).side !== 'hard'),
    )
  ) {
    return 'every player needs an id and a side (easy or hard)';
  }
  if (new Set(seats.map((p) => p.id)).size !== seats.length) return 'player ids must differ';
  if (!isInt(hourglassSeconds, HOURGLASS_SECONDS.min, HOURGLASS_SECONDS.max)) {
    return `the hourglass runs ${HOURGLASS_SECONDS.min} to ${HOURGLASS_SECONDS.max} seconds`;
  }
  if (!isInt(rounds, GAME_ROUNDS.min, GAME_ROUNDS.max))
    return `a game has ${GAME_ROUNDS.min} to ${GAME_ROUNDS.max} rounds`;
  if (
    startRows !== undefined &&
    (!Array.isArray(startRows) ||
      startRows.length !== seats.length ||
      startRows.some((r) => !isInt(r, 0, JEWEL_ROWS - 1)))
  ) {
    return `startRows needs one row from 0 to ${JEWEL_ROWS - 1} per player`;
  }
  return undefined;
}

/** A referee for one deck: classic and jewel games use the classic deck, Extreme games the Extreme deck. */
export interface RaceEngine {
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

/** What a player sees: everything public, their own task in full, nothing of the generator or the deck order. */
export interface RaceView {
  readonly edition: RaceEdition;
  readonly variant: Variant;
  readonly phase: RaceState['phase'];
  readonly you: PlayerId | null;
  readonly hourglassSeconds: number;
  readonly rounds: number;
  readonly players: readonly (PlayerState & { readonly points: number })[];
  readonly bagSize: number;
  readonly marker: RaceState['marker'];
  readonly rows: RaceState['rows'];
  readonly round: RoundState | null;
  /** Your task this round: the region and the pieces. */
  readonly task: { readonly region: readonly Cell[]; readonly pieces: readonly string[] } | null;
  readonly history: readonly RoundRecord[];
  readonly tieBreak: RaceState['tieBreak'];
  readonly winners: readonly PlayerId[] | null;
}

/** The race engine for a deck. */
export function raceEngine(deck: Deck): RaceEngine {
  const boards = new Map(deck.boards.map((b) => [b.id, b] as const));

  const taskOf = (deal: Deal): DeckTask => {
    const task = boards.get(deal.board)?.sides[deal.side].tasks.find((t) => t.key === deal.key);
    if (!task) throw new Error(`no task ${deal.key} on ${deal.board} ${deal.side}`);
    return task;
  };

  const puzzleOf = (deal: Deal): Puzzle => {
    const side = boards.get(deal.board)?.sides[deal.side];
    if (!side) throw new Error(`no board ${deal.board}`);
    return {
      grid: deck.grid,
      region: side.region,
      pieces: taskOf(deal).pieces.map((id) => ({ id, cells: normalize(deck.pieces[id] ?? []) })),
    };
  };

  function setup(config: RaceConfig, seed: number): Result<RaceState, GameError> {
    const problem = checkConfig(config);
    if (problem) return refuse('config/invalid', problem);
    const expected = config.edition === 'extreme' ? 'extreme' : 'classic';
    if (deck.edition !== expected)
      return refuse('config/invalid', `the ${config.edition} edition plays the ${expected} deck`);
    const rng = createRng(seed);
    const jewels = config.edition === 'jewels';
    // Classic: 58 gems, 9 sapphires and 9 ambers on the marker. Extreme: 54 stones, same bank.
    const bag: Gems =
      config.edition === 'classic'
        ? { ruby: 10, sapphire: 10, emerald: 10, amber: 10 }
        : { ruby: 9, sapphire: 9, emerald: 9, amber: 9 };
    const allJewels = JEWEL_COLOURS.flatMap((c) => Array<JewelColour>(JEWELS_PER_ROW).fill(c));
    const placed = jewels ? shuffle(rng, allJewels) : [];
    const rows = jewels
      ? Array.from({ length: JEWEL_ROWS }, (_, r) => placed.slice(r * JEWELS_PER_ROW, (r + 1) * JEWELS_PER_ROW))
      : [];
    const players = config.players.map((p, i) => ({
      id: p.id,
      side: p.side,
      gems: noGems(),
      jewels: noJewels(),
      pawn: jewels ? (config.startRows?.[i] ?? randomInt(rng, JEWEL_ROWS)) : 0,
    }));
    return ok({
      config,
      rng,
      phase: 'waiting',
      players,
      bag: jewels ? noGems() : bag,
      marker: jewels ? { sapphire: 0, amber: 0 } : { sapphire: 9, amber: 9 },
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
    if (s.config.edition === 'extreme') {
      // Each player draws a colour hexagon from the bag.
      keys = shuffle(s.rng, EXTREME_COLOURS).slice(0, participants.length) as ExtremeColour[];
    } else {
      die = DIE_FACES[randomInt(s.rng, DIE_FACES.length)] as DieFace;
      keys = participants.map(() => die as DieFace);
    }
    const deals = participants.map((player, i) => ({
      player,
      board: dealt[i] as string,
      side: sideOf(player),
      key: keys[i] as TaskKey,
    }));
    // The roller: the first player, then each round the next to the left.
    const roller = s.players[(number - 1) % s.players.length]?.id ?? '';
    const deadline = now + s.config.hourglassSeconds * 1000;
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
    });
  }

  function finish(s: Mutable<RaceState>, winners: PlayerId[], shared: boolean, events: RaceEvent[]): void {
    s.phase = 'finished';
    s.winners = winners;
    events.push({ type: 'game-ended', winners, shared });
  }

  function endRound(s: Mutable<RaceState>, events: RaceEvent[]): void {
    const round = s.round as Mutable<RoundState>;
    const { edition } = s.config;
    if (!round.tieBreak && edition !== 'jewels') {
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
    if (top.length === 1 || edition === 'jewels' || s.players.length === 1) {
      finish(s, top, top.length > 1, events);
      return;
    }
    s.tieBreak = { players: top, attempts: 0 };
    events.push({ type: 'tie-break', players: top, attempt: 1 });
  }

  function claim(
    s: Mutable<RaceState>,
    player: PlayerId,
    placements: unknown,
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
    if (!check.ok) {
      const first = check.error[0];
      return {
        code: first?.code ?? 'claim/malformed',
        message: first?.message ?? 'not a solution',
        problems: check.error,
      };
    }
    round.solved.push(player);
    const position = round.solved.length;
    const me = s.players.find((p) => p.id === player) as Mutable<PlayerState>;
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
      gain(gem);
    };
    const fromBag = (gem: Gem): void => {
      if (s.bag[gem] === 0) return;
      s.bag[gem]--;
      gain(gem);
    };
    let moveUpTo: number | undefined;
    if (round.tieBreak) {
      // The first to solve wins the tie-break; nothing is handed out.
    } else if (s.config.edition === 'jewels') {
      moveUpTo = JEWEL_MOVES[position - 1] ?? 0;
    } else if (s.config.edition === 'extreme' && round.secondChance) {
      // Extreme's second chance: the first solver stops everybody and gets one stone from the bag.
      gain(drawGem(s.bag, s.rng));
    } else if (s.config.variant === 'fixed') {
      // Fixed scoring: a ruby, a sapphire, an emerald, an amber by solving order; no draw.
      const gem = (['ruby', 'sapphire', 'emerald', 'amber'] as const)[position - 1];
      if (gem) fromBag(gem);
    } else {
      if (position === 1) fromMarker('sapphire');
      if (position === 2) fromMarker('amber');
      gain(drawGem(s.bag, s.rng));
    }
    round.gains[player] = gains;
    events.push({ type: 'solved', player, position, gains, ...(moveUpTo === undefined ? {} : { moveUpTo }) });
    const everyone = round.deals.length;
    const stop = round.tieBreak || (s.config.edition === 'extreme' && round.secondChance);
    if (stop || (s.config.edition !== 'jewels' && round.solved.length === everyone)) endRound(s, events);
    return undefined;
  }

  function move(
    s: Mutable<RaceState>,
    player: PlayerId,
    row: unknown,
    now: number,
    events: RaceEvent[],
  ): GameError | undefined {
    const round = s.round as Mutable<RoundState>;
    if (s.config.edition !== 'jewels')
      return { code: 'action/wrong-phase', message: 'pawns move in the jewel edition only' };
    const position = round.solved.indexOf(player);
    if (!round.deals.some((d) => d.player === player))
      return { code: 'action/not-in-game', message: `${player} has no board this round` };
    if (position < 0) return { code: 'action/not-solved', message: 'solve the puzzle before moving the pawn' };
    if (round.moved.includes(player))
      return { code: 'action/already-moved', message: `${player} has already moved and taken jewels` };
    if (now > round.deadline) return { code: 'claim/too-late', message: 'the sand has run out' };
    if (typeof row !== 'number' || !Number.isInteger(row) || row < 0 || row >= JEWEL_ROWS) {
      return { code: 'action/malformed', message: `row must be an integer from 0 to ${JEWEL_ROWS - 1}` };
    }
    const me = s.players.find((p) => p.id === player) as Mutable<PlayerState>;
    const allowed = JEWEL_MOVES[position] ?? 0;
    if (Math.abs(row - me.pawn) > allowed) {
      return {
        code: 'action/too-far',
        message: `the pawn may move at most ${allowed} space${allowed === 1 ? '' : 's'} from row ${me.pawn}`,
      };
    }
    const from = me.pawn;
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
    if (round.solved.length === 0 && !round.secondChance && !round.tieBreak) {
      // Nobody solved: the hourglass is turned once more, from when it ran out.
      round.secondChance = true;
      round.deadline += s.config.hourglassSeconds * 1000;
      if (s.config.edition === 'extreme') {
        // Extreme: nobody will take the bank's sapphire and amber now; they go into the bag before
        // the second chance, so its first solver draws from them too (Italian rulebook).
        for (const gem of ['sapphire', 'amber'] as const) {
          if (s.marker[gem] > 0) {
            s.marker[gem]--;
            s.bag[gem]++;
          }
          round.fromMarker.push(gem);
        }
      }
      events.push({ type: 'second-chance', deadline: round.deadline });
      if (now >= round.deadline) endRound(s, events);
      return;
    }
    endRound(s, events);
  }

  function apply(state: RaceState, action: RaceAction, now: number): Step {
    // Actions come from the network: checked as the unknown values they are.
    const raw: unknown = action;
    if (typeof raw !== 'object' || raw === null || typeof (raw as { type?: unknown }).type !== 'string') {
      return refuse('action/malformed', 'an action is an object with a type');
    }
    if (!Number.isFinite(now)) return refuse('action/malformed', 'the time must be a number');
    if (state.phase === 'finished') return refuse('action/finished', 'the game is over');
    const s = JSON.parse(JSON.stringify(state)) as Mutable<RaceState>;
    const events: RaceEvent[] = [];
    const a = action as { type: string; player?: unknown; placements?: unknown; row?: unknown };
    switch (a.type) {
      case 'start-round':
        if (s.phase !== 'waiting') return refuse('action/wrong-phase', 'a round is being played');
        startRound(s, now, events);
        break;
      case 'tick':
        if (s.phase === 'playing') tick(s, now, events);
        break;
      case 'claim':
      case 'move': {
        if (typeof a.player !== 'string') return refuse('action/malformed', 'the action needs a player');
        if (!s.players.some((p) => p.id === a.player))
          return refuse('action/not-in-game', `${a.player} is not in this game`);
        if (s.phase !== 'playing') return refuse('action/wrong-phase', 'no round is being played');
        // A claim that comes after the sand ran out but before the referee's tick: the tick is
        // due, so it happens first (it may turn the hourglass for a second chance).
        if (now > (s.round?.deadline ?? Infinity)) {
          tick(s, now, events);
          // tick() may end the round; read the phase afresh (the checker cannot see that).
          if ((s as RaceState).phase !== 'playing') return refuse('claim/too-late', 'the sand has run out');
        }
        const error =
          a.type === 'claim' ? claim(s, a.player, a.placements, now, events) : move(s, a.player, a.row, now, events);
        if (error) return err(error);
        break;
      }
      default:
        return refuse('action/malformed', `unknown action ${a.type}`);
    }
    return ok({ state: s, events });
  }

  function view(state: RaceState, player: PlayerId | null): RaceView {
    const deal = state.round?.deals.find((d) => d.player === player);
    const task =
      deal && state.phase === 'playing' ? { region: puzzleOf(deal).region, pieces: taskOf(deal).pieces } : null;
    return {
      edition: state.config.edition,
      variant: state.config.variant,
      phase: state.phase,
      you: player,
      hourglassSeconds: state.config.hourglassSeconds,
      rounds: state.config.rounds,
      players: state.players.map((p) => ({ ...p, points: pointsOf(p) })),
      bagSize: state.bag.ruby + state.bag.sapphire + state.bag.emerald + state.bag.amber,
      marker: state.marker,
      rows: state.rows,
      round: state.round,
      task,
      history: state.history,
      tieBreak: state.tieBreak,
      winners: state.winners,
    };
  }

  function result(state: RaceState): RaceResult | undefined {
    if (state.phase !== 'finished' || !state.winners) return undefined;
    const jewels = state.config.edition === 'jewels';
    return {
      winners: state.winners,
      scores: Object.fromEntries(state.players.map((p) => [p.id, jewels ? jewelScore(p) : pointsOf(p)])),
      tieBreakRounds: state.history.filter((r) => r.tieBreak).length,
    };
  }

  return { setup, apply, view, result, puzzleOf };
}
