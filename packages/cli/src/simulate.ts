import type { BotLevel, PieceSet, RaceEdition, Side, Simulation, SimulatedRound, Variant } from '@ubongo/core';
import { BOT_LEVELS, deckFor, HOURGLASS_SECONDS, GAME_ROUNDS, PIECE_SETS, RACE_EDITIONS, simulate } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { parseArgs } from 'node:util';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo simulate`. */
export const SIMULATE_HELP = `Usage: ubongo simulate [options]

Plays a whole game between bots in virtual time and tells it round by round.

  --edition classic|extreme|jewels   the edition (default classic)
  --variant standard|fixed           classic only: fixed scoring (default standard)
  --players N                        1 to 4 (default: one per --bots level, else 4)
  --bots LEVEL,LEVEL,...             one per player: beginner, casual, expert, master (default casual)
  --seed S                           the game's seed (default 1): the same seed, the same game
  --side easy|hard                   the boards' side for everyone (default easy)
  --hourglass SECONDS                20 to 300 (default 60)
  --rounds N                         1 to 9 (default 9)
  --pieces task|box                  the task's pieces only, or the whole set as in the box (default task)
  --json                             one JSON document instead (docs/simulate.md)
  -h, --help                         this help
`;

function integer(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got ${value}`);
  return n;
}

function list(items: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(items)
    .map(([p, g]) => `${p} ${g.length === 0 ? 'nothing' : g.join(' + ')}`)
    .join(', ');
}

function describeRound(sim: Simulation, r: SimulatedRound): string {
  const lines: string[] = [];
  const title = r.tieBreak ? `Tie-break round (round ${r.round})` : `Round ${r.round}`;
  const draw =
    r.die !== undefined
      ? `die ${r.die}`
      : `colours ${Object.entries(r.colours ?? {})
          .map(([p, c]) => `${p} ${c}`)
          .join(', ')}`;
  lines.push(
    `${title}: ${draw}; boards ${Object.entries(r.boards)
      .map(([p, b]) => `${p} ${b}`)
      .join(', ')}`,
  );
  const times = Object.entries(r.solveSeconds)
    .map(([p, t]) => `${p} ${t}s`)
    .join(', ');
  if (r.layout) {
    const laid = Object.entries(r.layout.seconds)
      .map(([p, t]) => `${p} ${t}s`)
      .join(', ');
    const by = r.layout.by === 'everyone' ? 'once everyone had' : 'when the time to lay out ran out';
    lines.push(`  pieces laid out: ${laid || 'nobody'}; the sand was turned ${by}`);
  }
  lines.push(`  bots would need: ${times}`);
  if (r.secondChance) lines.push('  nobody solved in time: the hourglass was turned once more');
  lines.push(r.solved.length === 0 ? '  nobody solved' : `  solved, in order: ${r.solved.join(', ')}`);
  if (r.solved.length > 0) lines.push(`  ${sim.edition === 'jewels' ? 'took' : 'gained'}: ${list(r.gains)}`);
  if (r.moves && Object.keys(r.moves).length > 0) {
    lines.push(
      `  moves: ${Object.entries(r.moves)
        .map(([p, m]) => `${p} row ${m.from} -> ${m.to}`)
        .join(', ')}`,
    );
  }
  if (r.bag && r.marker) {
    const bag = Object.entries(r.bag)
      .map(([g, n]) => `${n} ${g}`)
      .join(', ');
    lines.push(
      `  bag: ${bag}; ${sim.edition === 'extreme' ? 'bank' : 'marker'}: ${r.marker.sapphire} sapphire, ${r.marker.amber} amber`,
    );
  }
  if (r.rows) lines.push(`  jewels left per row: ${r.rows.map((row) => row.length).join(' ')}`);
  return lines.join('\n');
}

/** The simulation told round by round, for people. */
export function describeSimulation(sim: Simulation): string {
  const out: string[] = [];
  const who = sim.players.map((p) => `${p.id} (${p.bot})`).join(', ');
  out.push(
    `${sim.edition}${sim.edition === 'classic' ? ` (${sim.variant})` : ''}, ${sim.side} side${sim.pieceSet === 'box' ? ', the whole set' : ''}, seed ${sim.seed}: ${who}`,
  );
  out.push('');
  for (const r of sim.rounds) out.push(describeRound(sim, r), '');
  out.push('Final standings:');
  const ranked = [...sim.players].sort((a, b) => {
    const x = sim.final.scores[a.id];
    const y = sim.final.scores[b.id];
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    const xs = (x ?? []) as readonly number[];
    const ys = (y ?? []) as readonly number[];
    for (let i = 0; i < xs.length; i++) if ((ys[i] ?? 0) !== (xs[i] ?? 0)) return (ys[i] ?? 0) - (xs[i] ?? 0);
    return 0;
  });
  for (const p of ranked) {
    const score = sim.final.scores[p.id];
    const holdings = Object.entries(sim.final.holdings[p.id] ?? {})
      .filter(([, n]) => n > 0)
      .map(([g, n]) => `${n} ${g}`)
      .join(', ');
    const shown = typeof score === 'number' ? `${score} points` : `jewels by colour ${(score ?? []).join(',')}`;
    out.push(`  ${p.id} (${p.bot}): ${shown}${holdings ? ` — ${holdings}` : ''}`);
  }
  const winners = sim.final.winners.join(' and ');
  out.push(
    sim.final.winners.length === 0
      ? 'nobody scored: nobody wins'
      : sim.final.shared
        ? `${winners} share the victory`
        : `${winners} wins`,
  );
  return out.join('\n') + '\n';
}

/** `ubongo simulate ...` */
export function simulateCommand(args: string[], io: Io): number {
  const { values } = parseArgs({
    args,
    options: {
      edition: { type: 'string' },
      variant: { type: 'string' },
      players: { type: 'string' },
      bots: { type: 'string' },
      seed: { type: 'string' },
      side: { type: 'string' },
      hourglass: { type: 'string' },
      rounds: { type: 'string' },
      pieces: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SIMULATE_HELP);
    return EXIT.ok;
  }
  const edition = (values.edition ?? 'classic') as RaceEdition;
  if (!RACE_EDITIONS.includes(edition))
    throw new UsageError(`--edition must be classic, extreme or jewels, got ${edition}`);
  const variantName = values.variant ?? 'standard';
  if (variantName !== 'standard' && variantName !== 'fixed') {
    throw new UsageError(`--variant must be standard or fixed, got ${variantName}`);
  }
  const variant: Variant = variantName;
  if (variant === 'fixed' && edition !== 'classic')
    throw new UsageError('--variant fixed is for the classic edition only');
  const levels = values.bots?.split(',').map((b) => b.trim());
  for (const l of levels ?? [])
    if (!BOT_LEVELS.includes(l as BotLevel))
      throw new UsageError(`unknown bot level ${l}; levels: ${BOT_LEVELS.join(', ')}`);
  const players = integer(values.players, 'players', 1, 4, levels?.length ?? 4);
  if (levels && levels.length !== players)
    throw new UsageError(`--bots names ${levels.length} levels for ${players} players`);
  const bots = (levels ?? Array<string>(players).fill('casual')) as BotLevel[];
  const sideName = values.side ?? 'easy';
  if (sideName !== 'easy' && sideName !== 'hard') throw new UsageError(`--side must be easy or hard, got ${sideName}`);
  const side: Side = sideName;
  const seed = integer(values.seed, 'seed', 0, 0xffffffff, 1);
  const hourglassSeconds = integer(
    values.hourglass,
    'hourglass',
    HOURGLASS_SECONDS.min,
    HOURGLASS_SECONDS.max,
    HOURGLASS_SECONDS.default,
  );
  const rounds = integer(values.rounds, 'rounds', GAME_ROUNDS.min, GAME_ROUNDS.max, GAME_ROUNDS.default);
  const pieceSet = (values.pieces ?? 'task') as PieceSet;
  if (!PIECE_SETS.includes(pieceSet)) throw new UsageError(`--pieces must be task or box, got ${pieceSet}`);
  const deck = shippedDeck(deckFor(edition));
  const sim = simulate({ edition, variant, bots, seed, side, hourglassSeconds, rounds, pieceSet }, deck);
  io.out(values.json ? `${JSON.stringify(sim, null, 2)}\n` : describeSimulation(sim));
  return EXIT.ok;
}
