import type { Deck, PieceSet, Side } from '../deck.js';
import type { BotLevel } from './bot-model.js';
import type { Gem, Gems, JewelColour } from './gems.js';
import type { RaceEdition, RaceState, Variant } from './race.js';
import { raceEngine, scoreOf } from './race.js';
import { referee } from './referee.js';
import type { PlayerId } from './types.js';
import { HOURGLASS_SECONDS, GAME_ROUNDS } from './types.js';

/** What to simulate: a whole game between bots. */
export interface SimulateOptions {
  readonly edition: RaceEdition;
  readonly variant: Variant;
  /** One level per player (1 to 4 players). */
  readonly bots: readonly BotLevel[];
  readonly seed: number;
  readonly side: Side;
  readonly hourglassSeconds?: number;
  readonly rounds?: number;
  /** The task's pieces only (the default), or the whole set as in the box (docs/rules.md §1.8, §3.6). */
  readonly pieceSet?: PieceSet;
}

/** One round of a simulated game (docs/simulate.md). */
export interface SimulatedRound {
  readonly round: number;
  readonly tieBreak: boolean;
  readonly secondChance: boolean;
  readonly die?: string;
  readonly colours?: Readonly<Record<PlayerId, string>>;
  readonly boards: Readonly<Record<PlayerId, string>>;
  /**
   * Extreme with the whole set: seconds each player took to lay out their pieces before the sand
   * was turned, and whether it was turned because everyone had (`everyone`) or the time ran out.
   */
  readonly layout?: { readonly seconds: Readonly<Record<PlayerId, number>>; readonly by: 'everyone' | 'time' };
  /** Seconds each player took, as the bot model drew it (unsolved players too: they ran out of sand). */
  readonly solveSeconds: Readonly<Record<PlayerId, number>>;
  readonly solved: readonly PlayerId[];
  readonly gains: Readonly<Record<PlayerId, readonly (Gem | JewelColour)[]>>;
  readonly bag?: Gems;
  readonly marker?: { readonly sapphire: number; readonly amber: number };
  readonly moves?: Readonly<Record<PlayerId, { readonly from: number; readonly to: number }>>;
  readonly rows?: readonly (readonly JewelColour[])[];
}

/** A simulated game, as `ubongo simulate --json` prints it. */
export interface Simulation {
  readonly edition: RaceEdition;
  readonly variant: Variant;
  readonly seed: number;
  readonly side: Side;
  readonly pieceSet: PieceSet;
  readonly players: readonly { readonly id: PlayerId; readonly bot: BotLevel }[];
  readonly rounds: readonly SimulatedRound[];
  readonly final: {
    readonly holdings: Readonly<Record<PlayerId, Readonly<Record<string, number>>>>;
    readonly scores: Readonly<Record<PlayerId, number | readonly number[]>>;
    readonly winners: readonly PlayerId[];
    readonly shared: boolean;
  };
}

/**
 * Plays a whole game between bots in virtual time, refereed as the server referees (referee.ts):
 * the referee's start-round and tick, and each bot's claim (with a placement the solver found)
 * and, in the jewel edition, its pawn move. The same options give the same game.
 */
export function simulate(options: SimulateOptions, deck: Deck): Simulation {
  const engine = raceEngine(deck);
  const judge = referee(deck);
  const players = options.bots.map((bot, i) => ({ id: `p${i + 1}`, bot }));
  const setup = engine.setup(
    {
      edition: options.edition,
      variant: options.variant,
      players: players.map((p) => ({ id: p.id, side: options.side })),
      hourglassSeconds: options.hourglassSeconds ?? HOURGLASS_SECONDS.default,
      rounds: options.rounds ?? GAME_ROUNDS.default,
      ...(options.pieceSet === undefined ? {} : { pieceSet: options.pieceSet }),
    },
    options.seed,
  );
  if (!setup.ok) throw new RangeError(setup.error.message);
  let state: RaceState = setup.value;
  let ref = judge.start(state, options.seed, Object.fromEntries(players.map((p) => [p.id, p.bot])), 0);
  const rounds: SimulatedRound[] = [];
  let seconds: Record<PlayerId, number> = {};
  let layout: { started: number; seconds: Record<PlayerId, number>; by?: 'everyone' | 'time' } | null = null;
  const tenths = (ms: number): number => Math.round(ms / 100) / 10;
  let shared = false;
  const jewels = options.edition === 'jewels';

  for (let planned = judge.next(ref, state); planned; planned = judge.next(ref, state)) {
    const { at, action } = planned;
    const step = engine.apply(state, action, at);
    if (!step.ok) throw new Error(`the simulator's own ${action.type} was refused: ${step.error.message}`);
    state = step.value.state;
    ref = judge.observe(ref, state, step.value.events, at);
    for (const event of step.value.events) {
      switch (event.type) {
        case 'round-started':
          // Seconds each player took, as the bot model drew them.
          seconds = Object.fromEntries(Object.entries(ref.claims).map(([p, t]) => [p, (t - at) / 1000]));
          layout = event.layout ? { started: at, seconds: {} } : null;
          break;
        case 'laid-out':
          if (layout) layout.seconds[event.player] = tenths(at - layout.started);
          break;
        case 'sand-turned': {
          // The bots' solving times are drawn as the sand is turned, and count from then.
          const turned = event.deadline - state.config.hourglassSeconds * 1000;
          seconds = Object.fromEntries(Object.entries(ref.claims).map(([p, t]) => [p, (t - turned) / 1000]));
          if (layout) layout.by = event.by;
          break;
        }
        case 'round-ended': {
          const record = event.record;
          rounds.push({
            round: record.round,
            tieBreak: record.tieBreak,
            secondChance: record.secondChance,
            ...(record.die === undefined ? {} : { die: record.die }),
            ...(options.edition === 'extreme'
              ? { colours: Object.fromEntries(record.deals.map((d) => [d.player, d.key])) }
              : {}),
            boards: Object.fromEntries(record.deals.map((d) => [d.player, `${d.board} ${d.side}`])),
            ...(layout?.by ? { layout: { seconds: layout.seconds, by: layout.by } } : {}),
            solveSeconds: Object.fromEntries(Object.entries(seconds).map(([p, s]) => [p, Math.round(s * 10) / 10])),
            solved: record.solved,
            gains: record.gains,
            ...(jewels ? { moves: record.moves, rows: record.rows } : { bag: record.bag, marker: record.marker }),
          });
          break;
        }
        case 'game-ended':
          shared = event.shared;
          break;
        case 'solved':
        case 'moved':
        case 'placed':
        case 'second-chance':
        case 'tie-break':
          break;
      }
    }
  }
  return {
    edition: options.edition,
    variant: options.variant,
    seed: options.seed,
    side: options.side,
    pieceSet: options.pieceSet ?? 'task',
    players,
    rounds,
    final: {
      holdings: Object.fromEntries(state.players.map((p) => [p.id, jewels ? p.jewels : p.gems])),
      scores: Object.fromEntries(state.players.map((p) => [p.id, scoreOf(options.edition, p)])),
      winners: state.winners ?? [],
      shared,
    },
  };
}
