// npm run model:check: how well the time model (packages/core/src/time-model.ts) recovers tasks'
// true difficulty from simulated first attempts (core's recoveryCheck, seeded), against the static
// difficulty alone, as attempts per task grow. docs/decks.md, "Difficulty from solve times".
import { DECK_EDITIONS, recoveryCheck, SIDES } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';

const statics = DECK_EDITIONS.flatMap((e) =>
  shippedDeck(e).boards.flatMap((b) => SIDES.flatMap((s) => b.sides[s].tasks.map((t) => t.difficulty))),
);
const cell = (r: { rmse: number; spearman: number }): string =>
  `${r.rmse.toFixed(2).padStart(5)} ${r.spearman.toFixed(3).padStart(6)}`;
console.log(
  `${statics.length} tasks, 400 simulated solvers, times censored at 2:00, truth 1.5 points from the static difficulty`,
);
console.log('attempts/task   static (rmse, rho)   online (rmse, rho)   batch (rmse, rho)');
for (const n of [5, 20, 100]) {
  const f = recoveryCheck(1, statics, { attemptsPerTask: n });
  console.log(
    `${String(n).padStart(13)}   ${cell(f.prior).padEnd(19)}  ${cell(f.online).padEnd(19)}  ${cell(f.batch)}`,
  );
}
