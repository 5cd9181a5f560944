import { botMedianSeconds } from './game/bot-model.js';
import { calibratedDifficulty } from './calibration.js';
import type { Deck, DeckEdition, Side, TaskRef } from './deck.js';
import { SIDES } from './deck.js';

/*
 * The campaign (docs/decks.md, "The campaign"): the tasks of both decks as levels of rising
 * difficulty, in worlds. Its order is the published calibration's (calibratedDifficulty), never
 * the live database's, so a level is the same task for every player until a calibration is
 * published again.
 *
 * How the tasks are picked: the square deck's tasks easier than CAMPAIGN_EXTREME_FROM make the
 * first worlds (at most CAMPAIGN_CLASSIC_WORLDS of them, taken evenly through that range when
 * there are more tasks than places); the Extreme deck's tasks at CAMPAIGN_EXTREME_FROM or harder
 * make the Extreme worlds after them (as many whole worlds as they fill, taken evenly). Within
 * each part the tasks go by calibrated difficulty, ties broken by edition, board, side and key,
 * so the whole campaign never goes down in difficulty.
 */

/** Levels in a world. */
export const CAMPAIGN_WORLD_SIZE = 24;
/** At most this many worlds on the classic deck. */
export const CAMPAIGN_CLASSIC_WORLDS = 12;
/** The calibrated difficulty where the campaign leaves the classic deck for the Extreme deck. */
export const CAMPAIGN_EXTREME_FROM = 8;

/** A level's star thresholds: a verified solve within `three` ms earns 3 stars, within `two` 2, else 1. */
export interface StarThresholds {
  /** The expert bot's median time on the task (ms, whole seconds). */
  readonly three: number;
  /** The casual bot's median time on the task (ms, whole seconds). */
  readonly two: number;
}

/** One level of the campaign. */
export interface CampaignLevel {
  /** From 1. */
  readonly number: number;
  /** From 1. */
  readonly world: number;
  readonly edition: DeckEdition;
  readonly task: TaskRef;
  /** Its calibrated difficulty. */
  readonly difficulty: number;
  readonly stars: StarThresholds;
}

/** A level's star thresholds from the bot model at its difficulty (whole seconds, at least one). */
export function starThresholds(difficulty: number): StarThresholds {
  const ms = (s: number): number => Math.max(1, Math.round(s)) * 1000;
  return { three: ms(botMedianSeconds('expert', difficulty)), two: ms(botMedianSeconds('casual', difficulty)) };
}

/** Stars a verified solve in `ms` earns on a level (1 to 3); an unsolved or unverified run earns 0. */
export function starsFor(thresholds: StarThresholds, ms: number, verifiedSolve: boolean): 0 | 1 | 2 | 3 {
  if (!verifiedSolve) return 0;
  return ms <= thresholds.three ? 3 : ms <= thresholds.two ? 2 : 1;
}

interface Candidate {
  readonly edition: DeckEdition;
  readonly task: TaskRef;
  readonly difficulty: number;
}

const sideOrder = (side: Side): number => SIDES.indexOf(side);
const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The campaign's order: calibrated difficulty, then edition, board, side, key. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.difficulty - b.difficulty ||
    text(a.edition, b.edition) ||
    text(a.task.board, b.task.board) ||
    sideOrder(a.task.side) - sideOrder(b.task.side) ||
    text(a.task.key, b.task.key)
  );
}

function candidates(deck: Deck): Candidate[] {
  const all: Candidate[] = [];
  for (const board of deck.boards)
    for (const side of SIDES)
      for (const t of board.sides[side].tasks) {
        const task = { board: board.id, side, key: t.key };
        all.push({ edition: deck.edition, task, difficulty: calibratedDifficulty(deck, task) });
      }
  return all.sort(compareCandidates);
}

/** `count` of `sorted`, taken evenly from first to last (all of them when there are no more). */
function evenly<T>(sorted: readonly T[], count: number): T[] {
  if (count >= sorted.length) return [...sorted];
  if (count <= 1) return sorted.slice(0, count);
  return Array.from({ length: count }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / (count - 1))] as T);
}

/** The campaign's levels, from the classic and the Extreme decks. */
export function campaignLevels(decks: Readonly<Record<DeckEdition, Deck>>): CampaignLevel[] {
  const classicPool = candidates(decks.classic).filter((c) => c.difficulty < CAMPAIGN_EXTREME_FROM);
  const extremePool = candidates(decks.extreme).filter((c) => c.difficulty >= CAMPAIGN_EXTREME_FROM);
  const whole = (n: number): number => Math.floor(n / CAMPAIGN_WORLD_SIZE) * CAMPAIGN_WORLD_SIZE;
  const picked = [
    ...evenly(classicPool, Math.min(CAMPAIGN_CLASSIC_WORLDS * CAMPAIGN_WORLD_SIZE, whole(classicPool.length))),
    ...evenly(extremePool, whole(extremePool.length)),
  ];
  return picked.map((c, i) => ({
    number: i + 1,
    world: Math.floor(i / CAMPAIGN_WORLD_SIZE) + 1,
    edition: c.edition,
    task: c.task,
    difficulty: c.difficulty,
    stars: starThresholds(c.difficulty),
  }));
}
