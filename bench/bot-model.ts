// npm run bot-model: the bots' solve-time distribution per level, on every task of the shipped decks.
import { BOT_LEVELS, BOT_MODEL, botSolveSeconds, createRng, SIDES } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';

const rng = createRng(2026);
const DRAWS = 20;
const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

console.log('Bot model: time = median5 * growth^(difficulty - 5) * exp(sigma * N(0,1))');
for (const level of BOT_LEVELS) {
  const m = BOT_MODEL[level];
  console.log(`  ${level.padEnd(8)} median5 ${m.median5} s, growth ${m.growth} per point, sigma ${m.sigma}`);
}
console.log(`\nSolve times in seconds over every task of each deck side, ${DRAWS} draws per task:`);
console.log(
  `${'deck side'.padEnd(14)} ${'level'.padEnd(9)} ${'p10'.padStart(6)} ${'p50'.padStart(6)} ${'p90'.padStart(6)}  in 60 s  in 120 s`,
);
for (const edition of ['classic', 'extreme'] as const) {
  const deck = shippedDeck(edition);
  for (const side of SIDES) {
    const difficulties = deck.boards.flatMap((b) => b.sides[side].tasks.map((t) => t.difficulty));
    for (const level of BOT_LEVELS) {
      const times = difficulties
        .flatMap((d) => Array.from({ length: DRAWS }, () => botSolveSeconds(level, d, rng)))
        .sort((a, b) => a - b);
      const within = (s: number): string =>
        `${((100 * times.filter((t) => t <= s).length) / times.length).toFixed(0)}%`.padStart(7);
      const q = (p: number): string => quantile(times, p).toFixed(1).padStart(6);
      console.log(
        `${`${edition} ${side}`.padEnd(14)} ${level.padEnd(9)} ${q(0.1)} ${q(0.5)} ${q(0.9)}  ${within(60)}  ${within(120)}`,
      );
    }
  }
}
