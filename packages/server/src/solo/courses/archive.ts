import type { DailyOutcome, SoloCourse } from '@ubongo/core';
import { dailyDateOf, dailyDayOf, dailyOverAt, err, ok } from '@ubongo/core';
import type { Course } from './course.js';
import type { RoomServices } from '../../services.js';
import { dailyTaskOn, streakOf } from './daily.js';

/*
 * The daily archive (docs/courses.md, "The daily archive"): any past day's daily puzzle, played
 * again as a count run of its one task, unranked. A day may be played so once it is over (an hour
 * into the next, UTC: its solution is out, and no attempt of it is under way); never today's, never
 * a day to come. The run is stored with the dealing 'archive': it takes no day's attempt, is on no
 * day's board and in no streak, and is listed nowhere.
 */

type Archive = Extract<SoloCourse, { kind: 'archive' }>;

/** Why `date` may not be played from the archive at `services`' time, or undefined when it may. */
export function archiveRefusal(date: string, services: Pick<RoomServices, 'clock'>): string | undefined {
  if (!dailyDayOf(date).ok) return `there is no daily puzzle on ${date}`;
  const today = dailyDateOf(services.clock.date());
  if (date > today) return `the daily puzzle of ${date} is not out yet`;
  if (services.clock.date() < dailyOverAt(date))
    return `the daily puzzle of ${date} is still being played: play it from the daily puzzle`;
  return undefined;
}

/** The archive's course: a past day's task, one count run of one task, counted for nothing. */
export const archiveCourse: Course<Archive> = {
  async plan(course, player, services) {
    if (!player.account) return err('sign in to play the daily puzzle');
    const refused = archiveRefusal(course.date, services);
    if (refused !== undefined) return err(refused);
    const daily = await dailyTaskOn(services.decks, services.stores, course.date);
    if (!daily) return err(`there is no daily puzzle on ${course.date}`);
    return ok({
      edition: daily.edition,
      mode: 'count',
      limit: 1,
      side: daily.task.side,
      pieceSet: 'task',
      tasks: [daily.task],
    });
  },

  async recorded(course, _plan, player, stored, services): Promise<DailyOutcome | undefined> {
    const { account } = player;
    if (!account) return undefined;
    const puzzle = stored.puzzles[0];
    return {
      kind: 'daily',
      date: course.date,
      counted: false,
      solved: puzzle?.outcome === 'solved',
      ms: puzzle?.ms ?? stored.result.ms,
      place: null,
      streak: await streakOf(services.stores, account.id, dailyDateOf(services.clock.date())),
    };
  },
};
