import type { ProposedPlacement } from '../checker.js';
import type { Deck } from '../deck.js';
import { PIECE_SETS } from '../deck.js';
import { createRng, shuffle } from '../random.js';
import type { Result } from '../result.js';
import { err, ok } from '../result.js';
import type { JewelColour } from './gems.js';
import { JEWEL_COLOURS, noGems } from './gems.js';
import { noJewels } from './race-scoring.js';
import type { RaceAction, RaceConfig, RaceState, Variant } from './race-types.js';
import { CLASSIC_VARIANTS, EDITION_RULES, JEWEL_ROWS, JEWELS_PER_ROW, RACE_EDITIONS } from './race-types.js';
import type { GameError, SeatConfig } from './types.js';
import { GAME_ROUNDS, HOURGLASS_SECONDS } from './types.js';

/** A refusal, as an engine's step returns it. */
export const refuse = (code: GameError['code'], message: string): { ok: false; error: GameError } =>
  err({ code, message });

/** Whether `v` is an integer from `min` to `max`. */
export const isInt = (v: unknown, min: number, max: number): v is number =>
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

/** A new race for a configuration and a seed, or why the configuration is refused. */
export function setup(deck: Deck, config: RaceConfig, seed: number): Result<RaceState, GameError> {
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
