import type { Deck, Side } from '../deck.js';
import type { Rng } from '../random.js';
import { createRng } from '../random.js';
import { solveFirst } from '../solver.js';
import type { BotLevel } from './bots.js';
import { botJewelRow, botSolveSeconds } from './bots.js';
import type { Gem, Gems, JewelColour } from './gems.js';
import type { Deal, RaceAction, RaceEdition, RaceEvent, RaceState, Variant } from './race.js';
import { jewelScore, pointsOf, raceEngine } from './race.js';
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
}

/** One round of a simulated game (docs/simulate.md). */
export interface SimulatedRound {
  readonly round: number;
  readonly tieBreak: boolean;
  readonly secondChance: boolean;
  readonly die?: string;
  readonly colours?: Readonly<Record<PlayerId, string>>;
  readonly boards: Readonly<Record<PlayerId, string>>;
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
  readonly players: readonly { readonly id: PlayerId; readonly bot: BotLevel }[];
  readonly rounds: readonly SimulatedRound[];
  readonly final: {
    readonly holdings: Readonly<Record<PlayerId, Readonly<Record<string, number>>>>;
    readonly scores: Readonly<Record<PlayerId, number | readonly number[]>>;
    readonly winners: readonly PlayerId[];
    readonly shared: boolean;
  };
}

// The pause between rounds in virtual time, and how long a jewel-edition bot takes to move and take.
const BETWEEN_ROUNDS_MS = 5_000;
const MOVE_MS = 1_500;

/**
 * Plays a whole game between bots in virtual time, through the engine's actions only: the
 * referee's start-round and tick, and each bot's claim (with a placement the solver found) and,
 * in the jewel edition, its pawn move. The same options give the same game.
 */
export function simulate(options: SimulateOptions, deck: Deck): Simulation {
  const engine = raceEngine(deck);
  const players = options.bots.map((bot, i) => ({ id: `p${i + 1}`, bot }));
  const setup = engine.setup(
    {
      edition: options.edition,
      variant: options.variant,
      players: players.map((p) => ({ id: p.id, side: options.side })),
      hourglassSeconds: options.hourglassSeconds ?? HOURGLASS_SECONDS.default,
      rounds: options.rounds ?? GAME_ROUNDS.default,
    },
    options.seed,
  );
  if (!setup.ok) throw new RangeError(setup.error.message);
  let state: RaceState = setup.value;
  // The bots' own generator, apart from the game's, so that bots cannot read the game's dice.
  const botRng: Rng = createRng(options.seed ^ 0x5bd1e995);
  const levelOf = new Map(players.map((p) => [p.id, p.bot] as const));
  const difficultyOf = (deal: Deal): number =>
    deck.boards.find((b) => b.id === deal.board)?.sides[deal.side].tasks.find((t) => t.key === deal.key)?.difficulty ??
    5;

  let now = 0;
  let gameEvents: RaceEvent[] = [];
  const act = (action: RaceAction, at: number): void => {
    const step = engine.apply(state, action, at);
    if (!step.ok) throw new Error(`the simulator's own ${action.type} was refused: ${step.error.message}`);
    state = step.value.state;
    gameEvents = step.value.events;
  };
  const rounds: SimulatedRound[] = [];
  // A function, not a comparison, since `act` changes `state` behind the type checker's back.
  const isPlaying = (): boolean => state.phase === 'playing';

  while (state.phase !== 'finished') {
    act({ type: 'start-round' }, now);
    const round = state.round;
    if (!round) throw new Error('a round should have started');
    const start = now;
    const seconds = new Map(
      round.deals.map(
        (d) => [d.player, botSolveSeconds(levelOf.get(d.player) ?? 'casual', difficultyOf(d), botRng)] as const,
      ),
    );
    // Claims in the order the bots finish; the sand runs out at the deadline (perhaps twice).
    const queue = [...round.deals].sort((a, b) => (seconds.get(a.player) ?? 0) - (seconds.get(b.player) ?? 0));
    while (state.phase === 'playing') {
      const current = state.round;
      if (!current) break;
      const next = queue[0];
      const at = next ? start + Math.round((seconds.get(next.player) ?? 0) * 1000) : Infinity;
      if (next && at <= current.deadline) {
        queue.shift();
        const found = solveFirst(engine.puzzleOf(next)).solution;
        if (!found) throw new Error(`task ${next.board} ${next.side} ${next.key} has no solution`);
        act({ type: 'claim', player: next.player, placements: found }, at);
        if (options.edition === 'jewels' && isPlaying() && at + MOVE_MS <= (state.round?.deadline ?? 0)) {
          act({ type: 'move', player: next.player, row: botJewelRow(state, next.player) }, at + MOVE_MS);
        }
      } else {
        act({ type: 'tick' }, current.deadline);
      }
      now = Math.max(now, state.round?.deadline ?? now);
    }
    const record = state.history.at(-1);
    if (!record) throw new Error('a finished round should be recorded');
    const jewels = options.edition === 'jewels';
    rounds.push({
      round: record.round,
      tieBreak: record.tieBreak,
      secondChance: record.secondChance,
      ...(record.die === undefined ? {} : { die: record.die }),
      ...(options.edition === 'extreme'
        ? { colours: Object.fromEntries(record.deals.map((d) => [d.player, d.key])) }
        : {}),
      boards: Object.fromEntries(record.deals.map((d) => [d.player, `${d.board} ${d.side}`])),
      solveSeconds: Object.fromEntries([...seconds].map(([p, s]) => [p, Math.round(s * 10) / 10])),
      solved: record.solved,
      gains: record.gains,
      ...(jewels ? { moves: record.moves, rows: record.rows } : { bag: record.bag, marker: record.marker }),
    });
    now += BETWEEN_ROUNDS_MS;
  }
  const ended = gameEvents.find((e) => e.type === 'game-ended');
  const jewels = options.edition === 'jewels';
  return {
    edition: options.edition,
    variant: options.variant,
    seed: options.seed,
    side: options.side,
    players,
    rounds,
    final: {
      holdings: Object.fromEntries(state.players.map((p) => [p.id, jewels ? p.jewels : p.gems])),
      scores: Object.fromEntries(state.players.map((p) => [p.id, jewels ? jewelScore(p) : pointsOf(p)])),
      winners: state.winners ?? [],
      shared: ended?.type === 'game-ended' ? ended.shared : false,
    },
  };
}
