// npm run bench (second part): generating and verifying both shipped decks from scratch.
// There is no peer to run beside; the figures are printed against the goals of the decks issue.
import { DECK_EDITIONS, generateDeck, SHIPPED_DECK_SEED, verifyDeck } from '@ubongo/core';

let generateMs = 0;
let verifyMs = 0;
for (const edition of DECK_EDITIONS) {
  let start = performance.now();
  const deck = generateDeck(edition, SHIPPED_DECK_SEED);
  const generated = performance.now() - start;
  start = performance.now();
  const report = verifyDeck(deck);
  const verified = performance.now() - start;
  if (report.problems.length > 0) throw new Error(`${edition}: ${report.problems.length} problems`);
  generateMs += generated;
  verifyMs += verified;
  console.log(
    `${edition.padEnd(8)} deck: generated in ${generated.toFixed(0).padStart(5)} ms, verified (${report.tasks} tasks) in ${verified.toFixed(0).padStart(4)} ms`,
  );
}
console.log(
  `both decks: generated in ${generateMs.toFixed(0)} ms (goal: under 10000), verified in ${verifyMs.toFixed(0)} ms (goal: under 1000)`,
);
