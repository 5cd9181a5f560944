import { atLeastOf, chiSquareCdf, normalCdf } from '../stats.js';
import { BOT_LEVELS, BOT_MODEL, botMedianSeconds } from './bot-model.js';
import { humanFloorSeconds } from './human-floor.js';
import type { Solve } from './trail.js';
import { MAX_TRAIL_MOVES } from './trail.js';

/*
 * Whether a whole run (a solo run's solves, a player's solves in a race) looks like a person's,
 * where the human floor (human-floor.ts, trail.ts) judges each solve alone. A program that waits
 * out the floor passes every solve; what gives it away is the run: times that hug the floors, that
 * do not spread or follow difficulty as a person's do, trails without a hesitation, a pace far
 * beyond the account's own past. docs/accounts.md says what this catches and what it cannot, with
 * the rates measured by plausibility.test.ts.
 *
 * The model of a person's solve time, fitted on the bots' (bot-model.ts, which is the project's
 * model of people at four levels):
 *
 *     ln(seconds) = D(difficulty) - skill + noise,   D(d) = ALPHA + BETA (d - 5),   noise ~ N(0, SIGMA)
 *
 * Each level's log median is a straight line in d, ln(median5) + (d - 5) ln(growth). Fitted by least
 * squares with one slope for all levels over the decks' difficulties (3.5 to 11.5 by halves), the
 * slope BETA is the mean of the levels' ln(growth), 0.2288 a point; ALPHA, the mean of the levels'
 * intercepts at 5, is 3.0708 (21.6 s); the skills are beginner -0.9251, casual -0.3559, expert
 * 0.3325, master 0.9485; SIGMA, the root mean square of the levels' sigmas, is 0.4287. One slope
 * misses a level's own line by at most MODEL_MISFIT, 0.1341, which the pace test allows. The
 * numbers are computed below from BOT_MODEL (a change there moves them), and
 * plausibility.test.ts checks them against these.
 */

/** The difficulties the model is fitted over: the shipped decks' range, by halves. */
const FIT_DIFFICULTIES = Array.from({ length: 17 }, (_, i) => 3.5 + i / 2);

/** The model fitted on `BOT_MODEL` (the comment above says how). */
function fit(): { alpha: number; beta: number; sigma: number; skills: Record<string, number>; misfit: number } {
  const lines = BOT_LEVELS.map((level) => FIT_DIFFICULTIES.map((d) => Math.log(botMedianSeconds(level, d))));
  const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  const dMean = mean(FIT_DIFFICULTIES);
  const sxx = FIT_DIFFICULTIES.reduce((s, d) => s + (d - dMean) ** 2, 0);
  const beta =
    lines.reduce((s, ys) => {
      const yMean = mean(ys);
      return s + ys.reduce((t, y, i) => t + ((FIT_DIFFICULTIES[i] as number) - dMean) * (y - yMean), 0);
    }, 0) /
    (sxx * lines.length);
  const intercepts = lines.map((ys) => mean(ys) - beta * (dMean - 5));
  const alpha = mean(intercepts);
  const skills = Object.fromEntries(BOT_LEVELS.map((level, i) => [level, alpha - (intercepts[i] as number)]));
  const misfit = Math.max(
    ...lines.flatMap((ys, l) =>
      ys.map((y, i) => Math.abs((intercepts[l] as number) + beta * ((FIT_DIFFICULTIES[i] as number) - 5) - y)),
    ),
  );
  const sigma = Math.sqrt(mean(BOT_LEVELS.map((level) => BOT_MODEL[level].sigma ** 2)));
  return { alpha, beta, sigma, skills, misfit };
}

const FIT = fit();

/** The model's task term at difficulty 5: ln of the seconds a player of skill 0 needs (ALPHA). */
export const MODEL_ALPHA = FIT.alpha;
/** How much ln(seconds) grows per point of difficulty (BETA). */
export const MODEL_BETA = FIT.beta;
/** The spread of ln(seconds) about a player's line (SIGMA). */
export const MODEL_SIGMA = FIT.sigma;
/** The most the fitted line misses a level's own line by, in ln(seconds), over the decks' difficulties. */
export const MODEL_MISFIT = FIT.misfit;
/** Each bot level's skill in the model: the fastest, the master's, is the fastest person's. */
export const MODEL_SKILLS = FIT.skills as Readonly<Record<(typeof BOT_LEVELS)[number], number>>;

/** The model's task term: the expected ln(seconds) of a skill-0 player at difficulty `d`. */
export function taskTerm(difficulty: number): number {
  return MODEL_ALPHA + MODEL_BETA * (difficulty - 5);
}

/** What the model looks at: signals of a run that is not a person's, each a test of its own. */
export const SIGNALS = ['pace', 'floor', 'spread', 'difficulty', 'bare', 'regular', 'history', 'reused'] as const;
/** One of the model's tests. */
export type Signal = (typeof SIGNALS)[number];

/**
 * The chance at which each test holds an honest run: a run is held when what it shows would
 * happen to a person less often than this (one in a thousand). Six tests so: at most 0.6% of
 * honest runs held by them together, fewer as they are conservative; the seventh, `regular`, is a
 * threshold measured against honest trails (the measured rates are in docs/accounts.md).
 */
export const HOLD_CHANCE = 0.001;
/** Within what share over its floor a solve "hugs" the floor. */
export const FLOOR_BAND = 0.25;
/** The most a person's solve is made with no hesitation at all (a bare trail: one place per piece, nothing else). */
export const BARE_TRAIL_CHANCE = 0.1;
/** Below this spread of ln(gap) between a trail's moves (pooled over the run's trails), a hand is inhumanly regular. */
export const REGULAR_GAP_SPREAD = 0.45;
/**
 * Below this spread of ln(gap) a trail's moves are machine-even: gaps within about a tenth of one
 * another over `REGULAR_MIN_GAPS` gaps or more. Honest hands measured (plausibility.test.ts) never
 * come near 0.45; this is a quarter of that, what a timer with a little jitter makes: a hold, not a flag.
 */
export const MACHINE_GAP_SPREAD = 0.1;
/** The fewest moves of a trail whose timings, repeated in another solve, show a trail reused (three gaps). */
export const REUSED_MIN_MOVES = 4;
/** Gaps (degrees of freedom) the regularity test needs. */
export const REGULAR_MIN_GAPS = 8;
/** How much faster than its own past an account may honestly become at once: ln(1.5), half as fast again. */
export const HISTORY_GAIN = Math.log(1.5);
/** The past solves an account needs before its history is compared with. */
export const HISTORY_MIN_SOLVES = 10;

/** A past solve of the account: its time (ms, the server's) and its task's difficulty. */
export interface PastSolve {
  readonly took: number;
  readonly difficulty: number;
}

/** One reason a run is not plausible: which test, and what it saw. */
export interface Finding {
  readonly signal: Signal;
  readonly reason: string;
}

/** A run judged as a whole: plausible, or held with its reasons. */
export type RunVerdict =
  { readonly plausible: true } | { readonly plausible: false; readonly findings: readonly Finding[] };

const SIGMA_MIN = Math.min(...BOT_LEVELS.map((l) => BOT_MODEL[l].sigma));
const SIGMA_MAX = Math.max(...BOT_LEVELS.map((l) => BOT_MODEL[l].sigma));
const BETA_MIN = Math.min(...BOT_LEVELS.map((l) => Math.log(BOT_MODEL[l].growth)));
const MASTER = BOT_MODEL.master;

const lnSeconds = (ms: number): number => Math.log(Math.max(ms, 1) / 1000);
const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const odds = (p: number): string => (p < 1e-6 ? 'under one in a million' : `one in ${Math.round(1 / p)}`);

/** The skill a set of solves shows: the mean of D(d) - ln(seconds), the model's estimate. */
export function skillOf(solves: readonly PastSolve[]): number {
  return mean(solves.map((s) => taskTerm(s.difficulty) - lnSeconds(s.took)));
}

/** Whether a solve's trail shows no hesitation at all: one place per piece and nothing else (or no trail). */
export function isBareTrail(solve: Solve): boolean {
  const { trail, pieces } = solve;
  if (trail === undefined || trail.length === 0) return true;
  if (trail.length >= MAX_TRAIL_MOVES) return false;
  const placed = new Set(trail.map((m) => m[2]));
  return trail.length === pieces.length && trail.every((m) => m[1] === 'place') && placed.size === pieces.length;
}

/** The spread of ln(gap) between moves within each trail, pooled, and its degrees of freedom. */
export function gapSpread(solves: readonly Solve[]): { spread: number; gaps: number } {
  let squares = 0;
  let gaps = 0;
  for (const { trail } of solves) {
    if (trail === undefined || trail.length < 2) continue;
    const logs = trail.map((m, i) => Math.log(Math.max(1, m[0] - (i === 0 ? 0 : (trail[i - 1] as typeof m)[0]))));
    const m = mean(logs);
    squares += logs.reduce((s, x) => s + (x - m) ** 2, 0);
    gaps += logs.length - 1;
  }
  return { spread: gaps > 0 ? Math.sqrt(squares / gaps) : Infinity, gaps };
}

/**
 * Judges a run as a whole: the solves of a solo run, or a player's solves so far in a game (a
 * rated claim is judged with the earlier ones: `judgeClaim`), and the account's past solves if
 * known. Each test asks how likely a person would be to show what the run shows, and holds the
 * run below `HOLD_CHANCE`:
 * - pace: the run's skill beyond the master's (the fastest person's), more than the model's misfit
 *   and three standard errors (3.09 SIGMA / sqrt(n));
 * - floor: more solves within `FLOOR_BAND` over their floors than a master would make (each solve's
 *   chance from the master's own distribution, their number Poisson-binomial);
 * - spread: ln(times) about the run's line spread less than the steadiest level's (chi-square, n >= 4);
 * - difficulty: ln(times) not rising with difficulty at the slowest-rising level's slope (n >= 4);
 * - bare: more bare trails (no turn, flip, move back or take-back) than `BARE_TRAIL_CHANCE` each allows;
 * - regular: the gaps between moves too even (`REGULAR_GAP_SPREAD`, over `REGULAR_MIN_GAPS` gaps);
 * - history: the run faster than the account's past solves by more than `HISTORY_GAIN` and three
 *   standard errors (with `HISTORY_MIN_SOLVES` past solves).
 * Only solves count; puzzles set aside or unfinished say nothing of the hand.
 */
export function judgeRun(solves: readonly Solve[], history: readonly PastSolve[] = []): RunVerdict {
  const findings: Finding[] = [];
  const n = solves.length;
  if (n === 0) return { plausible: true };
  const found = (signal: Signal, p: number, reason: string): void => {
    if (p < HOLD_CHANCE) findings.push({ signal, reason: `${reason} (for a person: ${odds(p)})` });
  };
  const skill = skillOf(solves);

  if (n >= 2) {
    const excess = skill - MODEL_SKILLS.master - MODEL_MISFIT;
    const p = normalCdf(-excess / (MODEL_SIGMA / Math.sqrt(n)));
    found('pace', p, `${n} solves at ${Math.exp(excess).toFixed(2)} times the fastest players' pace`);
  }

  const bands = solves.map((s) => {
    const floor = humanFloorSeconds(s.difficulty, s.pieces.length);
    const band = floor * (1 + FLOOR_BAND);
    const chance = normalCdf((Math.log(band) - Math.log(botMedianSeconds('master', s.difficulty))) / MASTER.sigma);
    return { chance, hugs: s.took / 1000 < band };
  });
  const hugging = bands.filter((b) => b.hugs).length;
  if (hugging >= 2)
    found(
      'floor',
      atLeastOf(
        bands.map((b) => b.chance),
        hugging,
      ),
      `${hugging} of ${n} solves within ${FLOOR_BAND * 100}% over the human floor`,
    );

  if (n >= 4) {
    const residuals = solves.map((s) => lnSeconds(s.took) - taskTerm(s.difficulty) + skill);
    const squares = residuals.reduce((t, r) => t + r * r, 0);
    const spread = Math.sqrt(squares / (n - 1));
    found(
      'spread',
      chiSquareCdf(squares / SIGMA_MIN ** 2, n - 1),
      `times spread ${spread.toFixed(3)} in ln(seconds) about the run's pace, a person's ${SIGMA_MIN} or more`,
    );

    const dMean = mean(solves.map((s) => s.difficulty));
    const sxx = solves.reduce((t, s) => t + (s.difficulty - dMean) ** 2, 0);
    if (sxx > 0) {
      const yMean = mean(solves.map((s) => lnSeconds(s.took)));
      const slope = solves.reduce((t, s) => t + (s.difficulty - dMean) * (lnSeconds(s.took) - yMean), 0) / sxx;
      found(
        'difficulty',
        normalCdf((slope - BETA_MIN) / (SIGMA_MAX / Math.sqrt(sxx))),
        `ln(time) rising ${slope.toFixed(3)} a point of difficulty, a person's about ${BETA_MIN.toFixed(3)} or more`,
      );
    }
  }

  const bare = solves.filter(isBareTrail).length;
  if (bare >= 2)
    found(
      'bare',
      atLeastOf(
        solves.map(() => BARE_TRAIL_CHANCE),
        bare,
      ),
      `${bare} of ${n} trails without a turn, a flip or a correction`,
    );

  const { spread, gaps } = gapSpread(solves);
  if (gaps >= REGULAR_MIN_GAPS && spread < REGULAR_GAP_SPREAD)
    findings.push({
      signal: 'regular',
      reason: `moves ${spread.toFixed(3)} apart in ln(ms) over ${gaps} gaps, a hand's ${REGULAR_GAP_SPREAD} or more`,
    });

  if (history.length >= HISTORY_MIN_SOLVES) {
    const gain = skill - skillOf(history) - HISTORY_GAIN;
    const p = normalCdf(-gain / (SIGMA_MAX * Math.sqrt(1 / n + 1 / history.length)));
    found(
      'history',
      p,
      `a pace ${Math.exp(skill - skillOf(history)).toFixed(2)} times the account's own over ${history.length} past solves`,
    );
  }

  return findings.length === 0 ? { plausible: true } : { plausible: false, findings };
}

/** A trail's timings as its gaps between moves (the first from the deal): what a reused trail repeats. */
const gapsOf = (trail: Solve['trail']): string =>
  (trail ?? []).map((m, i, all) => m[0] - (i === 0 ? 0 : (all[i - 1] as typeof m)[0])).join(',');

/**
 * What no person's run shows, so that the run is held (off every board until a person decides):
 * two solves with the same move timings (a trail of `REUSED_MIN_MOVES` or more replayed), or moves
 * machine-even (`MACHINE_GAP_SPREAD`, over `REGULAR_MIN_GAPS` gaps). Everything `judgeRun` finds is
 * a flag for a reviewer, never a hold: a timing model is not proof of a person (docs/accounts.md).
 */
export function impossibleOf(solves: readonly Solve[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let reused = 0;
  for (const { trail } of solves) {
    if (trail === undefined || trail.length < REUSED_MIN_MOVES) continue;
    const gaps = gapsOf(trail);
    if (seen.has(gaps)) reused++;
    seen.add(gaps);
  }
  if (reused > 0)
    findings.push({ signal: 'reused', reason: `${reused + 1} trails or more with the same move timings to the ms` });
  const { spread, gaps } = gapSpread(solves);
  if (gaps >= REGULAR_MIN_GAPS && spread < MACHINE_GAP_SPREAD)
    findings.push({
      signal: 'regular',
      reason: `moves machine-even, ${spread.toFixed(3)} apart in ln(ms) over ${gaps} gaps, under ${MACHINE_GAP_SPREAD}`,
    });
  return findings;
}

/**
 * Judges a claim in a game: the claim with the player's earlier solves of the game (the run so
 * far), and the account's past solves if known.
 */
export function judgeClaim(claim: Solve, earlier: readonly Solve[], history: readonly PastSolve[] = []): RunVerdict {
  return judgeRun([...earlier, claim], history);
}
