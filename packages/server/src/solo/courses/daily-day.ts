import type { DeckEdition, Deck } from '@ubongo/core';
import { dailyDateOf } from '@ubongo/core';
import type { SoloRecord } from '../store.js';
import type { Stores } from '../../storage/stores.js';
import { dailyTaskOn } from './daily.js';

/*
 * The day a daily run was played on, by the daily's own clock. The daily's day is the wall clock's
 * (`clock.date()`, at real pace whatever the time scale), while a stored run's times are game time:
 * the two part after a step of the wall clock, so a run's day is not read from its finish alone.
 */

const DAY = 86_400_000;

/**
 * The day whose daily task `run` played, among the days its game-time finish may fall near (one
 * either side); the latest of those when none matches, so that a run is never shown sooner than
 * its day allows.
 */
export async function dailyDayOfRun(
  decks: Readonly<Record<DeckEdition, Deck>>,
  stores: Pick<Stores, 'daily'>,
  run: Pick<SoloRecord, 'finishedAt' | 'puzzles'>,
): Promise<string> {
  const near = [1, 0, -1].map((d) => dailyDateOf(run.finishedAt + d * DAY));
  const played = run.puzzles?.[0];
  for (const day of near) {
    const daily = played && (await dailyTaskOn(decks, stores, day));
    if (daily && daily.task.board === played.board && daily.task.side === played.side && daily.task.key === played.key)
      return day;
  }
  return near[0] ?? dailyDateOf(run.finishedAt);
}
