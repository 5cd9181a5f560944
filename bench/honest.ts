// npm run bench:honest -- [--runs N] [--profiles beginner,regular,improver,phone] [--forgeries N]
//   [--time-scale S] [--parallel P] [--minutes M] [--seed N] [--out FILE] [--shots DIR]
// Issue 45's measure of the plausibility model with players it was not fitted on: scripted people
// (bench/honest-profiles.ts) play solo count runs through the web client in Debian's Chromium, with
// real mouse events at a desktop's size or real touch events at a phone's, at their own pace; and
// forgers (bench/honest-forgers.ts) claim runs over a socket. Each run's verdict is read from the
// server's stores: held (off every board), flagged (listed, with the model's flags) or listed
// clean; a forgery's also whether it is listed as reviewed. The game server runs in this process
// (a fresh SQLite folder, the built client), game time S times faster than real (5 unless said):
// the players' pauses are drawn in game time and waited out S times shorter (docs/accounts.md,
// "Measured with honest players in Chromium"). N runs per profile (10), N forged runs per kind
// (--forgeries, N unless said), P runs played at once (2), the profile with the fewest runs next;
// none started after M minutes (--minutes, no end unless said). Prints a table and writes JSON.
import { createRng } from '@ubongo/core';
import { startServer } from '@ubongo/server';
import { launchChromium } from '@ubongo/test-support/chromium';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ForgedOutcome } from './honest-forgers.js';
import { forge, FORGERIES } from './honest-forgers.js';
import type { Bench, RunOutcome } from './honest-profiles.js';
import { playProfiles, PROFILES } from './honest-profiles.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    profiles: { type: 'string', default: PROFILES.map((p) => p.name).join(',') },
    forgeries: { type: 'string' },
    'time-scale': { type: 'string', default: '5' },
    parallel: { type: 'string', default: '2' },
    seed: { type: 'string', default: '45' },
    minutes: { type: 'string', default: 'Infinity' },
    out: { type: 'string', default: 'honest.json' },
    shots: { type: 'string', default: '/tmp/honest-shots' },
  },
});
const runs = Number(values.runs);
const forgeries = Number(values.forgeries ?? values.runs);
const timeScale = Number(values['time-scale']);
const parallel = Math.max(1, Number(values.parallel));
const profiles = values.profiles.split(',').filter((name) => name !== '');
for (const name of profiles)
  if (!PROFILES.some((p) => p.name === name))
    throw new Error(`--profiles: no profile ${name} (${PROFILES.map((p) => p.name).join(', ')})`);
if (!(runs >= 0 && forgeries >= 0 && timeScale > 0))
  throw new Error('--runs, --forgeries and --time-scale are numbers');

const WEB_DIST = fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));
if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web client built in ${WEB_DIST}: npm run build`);
const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-honest-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  timeScale,
  webDir: WEB_DIST,
  log: () => undefined,
  // Every player plays from this one address: its budgets are lifted.
  limits: { roomsPerMinute: 10_000, guestsPerMinute: 10_000, claimsPerMinute: 10_000, apiPointsPerMinute: 1_000_000 },
});
const url = `http://127.0.0.1:${server.port}`;
const browser = await launchChromium();
const started = Date.now();
const deadline = started + Number(values.minutes) * 60_000;
const tag = started.toString(36).slice(-5);
const seed = Number(values.seed);
const failures: { profile: string; error: string }[] = [];
const seconds = (): string => ((Date.now() - started) / 1000).toFixed(0);

const bench: Bench = {
  server,
  url,
  browser,
  timeScale,
  seed,
  shots: values.shots,
  tag,
  deadline,
  failed: (profile, e) => {
    failures.push({ profile, error: String(e) });
    console.log(`[${seconds()} s] ${profile}: a run failed at the page (left out): ${String(e).split('\n')[0] ?? ''}`);
  },
  progress: (o) => {
    const verdict = o.review === 'held' || !o.verified ? 'HELD' : o.reasons.length > 0 ? 'flagged' : 'clean';
    const mean = o.solves.reduce((s, x) => s + x, 0) / Math.max(1, o.solves.length);
    console.log(
      `[${seconds()} s] ${o.profile} run ${o.run}: ${verdict}${o.listed ? ', listed' : ''}; mean solve ${mean.toFixed(1)} s game, ${o.realSeconds.toFixed(0)} s real${o.reasons.length > 0 ? `; ${o.reasons.join(' | ')}` : ''}`,
    );
  },
};

let honest: RunOutcome[] = [];
let forged: { outcomes: ForgedOutcome[]; reviewedOnBoard: number } = { outcomes: [], reviewedOnBoard: 0 };
try {
  // The profiles, `parallel` at a time, each its runs one after another; the forgers meanwhile
  // (they wait out their claims, and need no browser).
  // Caught at once (a rejection left waiting would end the process), thrown once the players are done.
  const forging = forge(server, url, { runs: forgeries, deadline, timeScale, tag }, createRng(seed + 100)).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  honest = await playProfiles(
    bench,
    PROFILES.filter((p) => profiles.includes(p.name)),
    runs,
    parallel,
  );
  const done = await forging;
  if ('error' in done) throw done.error;
  forged = done.value;
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const isHeld = (o: { review: string; verified: boolean }): boolean => o.review === 'held' || !o.verified;
const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
/** The rules a run's reasons name (each reason starts with its signal's name), and `unverified` for a solve judged not a person's. */
const signalsOf = (runs: readonly { reasons: readonly string[]; verified: boolean }[]): string =>
  [
    ...new Set(
      runs.flatMap((o) => [...(o.verified ? [] : ['unverified']), ...o.reasons.map((r) => /^(\w+)/.exec(r)?.[1] ?? r)]),
    ),
  ].join(', ');

console.log(`\nhonest players in Chromium, game time x${timeScale} (${seconds()} s in all)`);
console.log('profile    runs  held        flagged     listed      mean solve (game s)  flags seen');
const table = profiles.map((name) => {
  const mine = honest.filter((o) => o.profile === name);
  const held = mine.filter(isHeld).length;
  const flagged = mine.filter((o) => !isHeld(o) && o.reasons.length > 0).length;
  const listed = mine.filter((o) => o.listed).length;
  const solves = mine.flatMap((o) => o.solves);
  const mean = solves.reduce((s, x) => s + x, 0) / Math.max(1, solves.length);
  const flags = signalsOf(mine);
  console.log(
    `${name.padEnd(10)} ${String(mine.length).padStart(4)}  ${`${held} ${pct(held, mine.length)}`.padEnd(11)} ${`${flagged} ${pct(flagged, mine.length)}`.padEnd(11)} ${`${listed} ${pct(listed, mine.length)}`.padEnd(11)} ${mean.toFixed(1).padStart(8)}             ${flags}`,
  );
  return { profile: name, runs: mine.length, held, flagged, listed, meanSolveSeconds: mean, flags };
});
console.log('\nforgeries (count 5 easy, over a socket)');
console.log('forgery        runs  held        listed      listed reviewed  why');
const forgedTable = FORGERIES.map((forgery) => {
  const mine = forged.outcomes.filter((o) => o.forgery === forgery);
  const held = mine.filter(isHeld).length;
  const listed = mine.filter((o) => o.listed).length;
  const reviewed = mine.filter((o) => o.listed && o.reviewed).length;
  const why = signalsOf(mine);
  console.log(
    `${forgery.padEnd(14)} ${String(mine.length).padStart(4)}  ${`${held} ${pct(held, mine.length)}`.padEnd(11)} ${`${listed} ${pct(listed, mine.length)}`.padEnd(11)} ${String(reviewed).padStart(15)}  ${why}`,
  );
  return { forgery, runs: mine.length, held, listed, reviewed, why };
});
console.log(`forged runs shown reviewed on the public board (GET /api/records): ${forged.reviewedOnBoard}`);
console.log(`honest runs the page failed (left out): ${failures.length}`);
writeFileSync(
  values.out,
  `${JSON.stringify({ timeScale, seed: Number(values.seed), honest: table, forged: forgedTable, reviewedOnBoard: forged.reviewedOnBoard, failures, runs: honest, forgedRuns: forged.outcomes }, null, 2)}\n`,
);
console.log(`written: ${values.out}`);
