import type { Deck } from '../deck.js';
import { findTask } from '../deck.js';
import type { Mutable } from '../draft.js';
import { draft } from '../draft.js';
import type { Rng } from '../random.js';
import { createRng } from '../random.js';
import { solveFirst } from '../solver.js';
import type { BotLevel } from './bot-model.js';
import { BOT_FIND_SECONDS, botSolveSeconds } from './bot-model.js';
import { botJewelRow, botStartRow } from './bots.js';
import type { RaceAction, RaceEngine, RaceEvent, RaceState } from './race.js';
import { EDITION_RULES, raceEngine } from './race.js';
import type { PlayerId } from './types.js';

/*
 * The referee's timing, as pure functions of the game: when the next round starts, when the sand
 * runs out, and when each bot claims its board and (jewel edition) moves its pawn. The game server
 * and `ubongo simulate` both run a game through these, the server on its clock and the simulator
 * in virtual time, so each timing and seeding fact lives here once (docs/rules.md section 8).
 *
 * The referee's state is plain JSON beside the game's: the bots' own generator (apart from the
 * game's, so that bots cannot read the game's dice) and their plans for the round.
 */

/** Game-time pause between the end of a round and the start of the next. */
export const ROUND_PAUSE_MS = 5_000;
/** How long a bot takes to move its pawn and take jewels after solving (jewel edition). */
export const BOT_MOVE_MS = 1_500;
/** Jewel edition: how long the players have to put their pawns on the board before the first round. */
export const PLACING_MS = 15_000;
/** How long a bot takes to put its pawn down. */
export const BOT_PLACE_MS = 1_000;
/** Once every pawn is down, the first round starts this much later, not at the end of the choosing time. */
export const ALL_PLACED_MS = 1_500;
/** The least time a bot takes to lay out its pieces (Extreme with the whole set). */
export const BOT_LAY_OUT_MIN_MS = 1_000;
/** The level of a bot that takes over the seat of a person who left. */
export const STAND_IN_LEVEL: BotLevel = 'casual';

/** The bots' generator's seed, from the game's seed. */
export function botSeed(gameSeed: number): number {
  return gameSeed ^ 0x5bd1e995;
}

/** What the referee keeps beside the game: who the bots are and what they will do when. */
export interface RefereeState {
  /** The bots' generator. */
  readonly rng: Rng;
  /** The seats bots play, with their levels. */
  readonly bots: Readonly<Record<PlayerId, BotLevel>>;
  /** When (game ms) each bot of this round will claim its board; drawn when the round starts. */
  readonly claims: Readonly<Record<PlayerId, number>>;
  /** When each bot that has solved will move its pawn (jewel edition). */
  readonly moves: Readonly<Record<PlayerId, number>>;
  /** When each bot puts its pawn down before the first round (jewel edition). */
  readonly places: Readonly<Record<PlayerId, number>>;
  /** When each bot of this round has laid out its pieces (Extreme with the whole set, before the sand). */
  readonly layouts: Readonly<Record<PlayerId, number>>;
  /** When the next round starts, while the game waits for it. */
  readonly nextRoundAt: number | null;
}

/** Something the referee will do: the action, and the game time it is due. */
export interface Planned {
  readonly at: number;
  readonly action: RaceAction;
}

/** The referee of one deck's races. */
export interface Referee {
  /**
   * A referee for `game`, set up with `gameSeed`, from `now`: the first round is due at once, or
   * in a jewel game whose pawns are not yet down, once the players have had `PLACING_MS` to place
   * them (the bots place theirs first).
   */
  start(game: RaceState, gameSeed: number, bots: Readonly<Record<PlayerId, BotLevel>>, now: number): RefereeState;
  /** After the game changed at `now` with `events`: bots' times drawn at a round's start, moves planned, the pause. */
  observe(ref: RefereeState, game: RaceState, events: readonly RaceEvent[], now: number): RefereeState;
  /** A bot takes over a seat at `now` (a person left mid-game): it plays on from where the person was. */
  standIn(ref: RefereeState, game: RaceState, player: PlayerId, now: number): RefereeState;
  /**
   * A game resumed at `now` after a server restart, waiting between rounds (or before the first):
   * the next round is due a pause from now (the time to place pawns, before a jewel game's first
   * round), and bots still to place their pawns place them anew.
   */
  resume(ref: RefereeState, game: RaceState, now: number): RefereeState;
  /** What the referee plans to do in a bot's seat drops out (its action was refused, which should not happen). */
  drop(ref: RefereeState, action: RaceAction): RefereeState;
  /** The next action due, or null when the game is over. */
  next(ref: RefereeState, game: RaceState): Planned | null;
}

/** A plan without one player's entry. */
const without = (plans: Record<PlayerId, number>, player: PlayerId): Record<PlayerId, number> =>
  Object.fromEntries(Object.entries(plans).filter(([p]) => p !== player));

/** Seconds a bot takes to find its task's pieces in the whole set (none when handed only those). */
function findingSeconds(deck: Deck, game: RaceState, player: PlayerId, level: BotLevel): number {
  const deal = game.round?.deals.find((d) => d.player === player);
  if (!deal || game.config.pieceSet !== 'box') return 0;
  return BOT_FIND_SECONDS[level] * (findTask(deck, deal)?.pieces.length ?? 0);
}

/** Draws a bot's claim time for its deal this round, from `from`. */
function planClaim(deck: Deck, r: Mutable<RefereeState>, game: RaceState, player: PlayerId, from: number): void {
  const deal = game.round?.deals.find((d) => d.player === player);
  const level = r.bots[player];
  if (!deal || level === undefined) return;
  const task = findTask(deck, deal);
  const seconds = botSolveSeconds(level, task?.difficulty ?? 5, r.rng);
  // With the whole set in front of it, a bot first finds the task's pieces while the sand runs,
  // as a person would; in Extreme it has laid them out before the sand was turned (§3.6).
  const inRace = EDITION_RULES[game.config.edition].findPieces === 'in-race';
  const finding = inRace ? findingSeconds(deck, game, player, level) : 0;
  r.claims[player] = from + Math.round((seconds + finding) * 1000);
}

/** When a bot will have laid out its pieces, from `from`: its time to find them, a second at least. */
function planLayout(deck: Deck, r: Mutable<RefereeState>, game: RaceState, player: PlayerId, from: number): void {
  const level = r.bots[player];
  if (level === undefined || !game.round?.layout || game.round.layout.done.includes(player)) return;
  r.layouts[player] = from + Math.max(BOT_LAY_OUT_MIN_MS, Math.round(findingSeconds(deck, game, player, level) * 1000));
}

/** What one of the game's events changes in the bots' plans and the next round's time. */
function observeEvent(deck: Deck, r: Mutable<RefereeState>, game: RaceState, event: RaceEvent, now: number): void {
  switch (event.type) {
    case 'round-started':
      r.nextRoundAt = null;
      r.claims = {};
      r.moves = {};
      r.places = {};
      r.layouts = {};
      // In seat order, so that the same seed draws the same times. With pieces to lay out
      // first, the bots' claims are drawn when the sand is turned.
      for (const deal of event.deals) {
        if (event.layout) planLayout(deck, r, game, deal.player, now);
        else planClaim(deck, r, game, deal.player, now);
      }
      break;
    case 'laid-out':
      r.layouts = without(r.layouts, event.player);
      break;
    case 'sand-turned': {
      r.layouts = {};
      const turned = event.deadline - game.config.hourglassSeconds * 1000;
      for (const deal of game.round?.deals ?? []) planClaim(deck, r, game, deal.player, turned);
      break;
    }
    case 'solved':
      r.claims = without(r.claims, event.player);
      if (event.moveUpTo !== undefined && r.bots[event.player] !== undefined) r.moves[event.player] = now + BOT_MOVE_MS;
      break;
    case 'moved':
      r.moves = without(r.moves, event.player);
      break;
    case 'placed':
      r.places = without(r.places, event.player);
      break;
    case 'round-ended':
      r.claims = {};
      r.moves = {};
      r.layouts = {};
      r.nextRoundAt = now + ROUND_PAUSE_MS;
      break;
    case 'game-ended':
      r.nextRoundAt = null;
      break;
    case 'second-chance':
    case 'tie-break':
      break;
  }
}

/** The next thing due: a bot's pawn placed or the next round while waiting; a bot's action or the sand's end while playing. */
function nextPlanned(engine: RaceEngine, ref: RefereeState, game: RaceState): Planned | null {
  switch (game.phase) {
    case 'finished':
      return null;
    case 'waiting': {
      // Bots put their pawns down before the first round starts.
      const place = Object.entries(ref.places).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0];
      if (place && (ref.nextRoundAt === null || place[1] <= ref.nextRoundAt)) {
        const [player, at] = place;
        return { at, action: { type: 'place', player, row: botStartRow(game, player) } };
      }
      return ref.nextRoundAt === null ? null : { at: ref.nextRoundAt, action: { type: 'start-round' } };
    }
    case 'playing':
      break;
  }
  const round = game.round;
  if (!round) return null;
  // The earliest of the bots' plans; at the same moment a bot's action comes before the sand's end.
  const plans = [
    ...Object.entries(ref.claims).map(([player, at]) => ({ at, player, kind: 'claim' as const })),
    ...Object.entries(ref.moves).map(([player, at]) => ({ at, player, kind: 'move' as const })),
    ...Object.entries(ref.layouts).map(([player, at]) => ({ at, player, kind: 'lay-out' as const })),
  ].sort((a, b) => a.at - b.at || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  const first = plans[0];
  if (!first || first.at > round.deadline) return { at: round.deadline, action: { type: 'tick' } };
  const deal = round.deals.find((d) => d.player === first.player);
  switch (first.kind) {
    case 'claim': {
      const placements = deal ? (solveFirst(engine.puzzleOf(deal)).solution ?? []) : [];
      return { at: first.at, action: { type: 'claim', player: first.player, placements } };
    }
    case 'move':
      return { at: first.at, action: { type: 'move', player: first.player, row: botJewelRow(game, first.player) } };
    case 'lay-out':
      return { at: first.at, action: { type: 'lay-out', player: first.player } };
  }
}

/** The referee for races on `deck`. */
export function referee(deck: Deck): Referee {
  const engine = raceEngine(deck);
  return {
    start(game, gameSeed, bots, now) {
      const unplaced = game.players.filter((p) => p.pawn === null).map((p) => p.id);
      return {
        rng: createRng(botSeed(gameSeed)),
        bots: { ...bots },
        claims: {},
        moves: {},
        places: Object.fromEntries(unplaced.filter((p) => bots[p] !== undefined).map((p) => [p, now + BOT_PLACE_MS])),
        layouts: {},
        nextRoundAt: unplaced.length > 0 ? now + PLACING_MS : now,
      };
    },

    observe(ref, game, events, now) {
      const r = draft(ref);
      for (const event of events) observeEvent(deck, r, game, event, now);
      // Every pawn down before the first round: no need to wait out the choosing time.
      if (game.phase === 'waiting' && game.round === null && r.nextRoundAt !== null) {
        if (game.players.every((p) => p.pawn !== null)) r.nextRoundAt = Math.min(r.nextRoundAt, now + ALL_PLACED_MS);
      }
      return r;
    },

    standIn(ref, game, player, now) {
      const r = draft(ref);
      r.bots[player] = STAND_IN_LEVEL;
      if (game.players.find((p) => p.id === player)?.pawn === null) r.places[player] = now + BOT_PLACE_MS;
      const round = game.round;
      if (game.phase !== 'playing' || !round) return r;
      if (round.layout) planLayout(deck, r, game, player, now);
      else if (!round.solved.includes(player)) planClaim(deck, r, game, player, now);
      else if (engine.view(game, player).reach) r.moves[player] = now + BOT_MOVE_MS;
      return r;
    },

    resume(ref, game, now) {
      const r = draft(ref);
      if (game.phase !== 'waiting') return r;
      const placing = game.players.some((p) => p.pawn === null);
      r.nextRoundAt = now + (placing ? PLACING_MS : ROUND_PAUSE_MS);
      for (const player of Object.keys(r.places)) r.places[player] = now + BOT_PLACE_MS;
      return r;
    },

    drop(ref, action) {
      const r = draft(ref);
      if (action.type === 'claim') r.claims = without(r.claims, action.player);
      if (action.type === 'move') r.moves = without(r.moves, action.player);
      if (action.type === 'place') r.places = without(r.places, action.player);
      if (action.type === 'lay-out') r.layouts = without(r.layouts, action.player);
      return r;
    },

    next: (ref, game) => nextPlanned(engine, ref, game),
  };
}
