import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../accounts/store.js';
import type { RoomServices } from '../../services.js';
import { openMemoryStores } from '../../storage/memory.js';
import { MovableClock } from '../../test-clock.js';
import { archiveCourse, archiveRefusal } from './archive.js';
import { dailyTaskOn } from './daily.js';

/*
 * The daily archive (docs/courses.md, "The daily archive"): a past day's task played again,
 * unranked, with the in-memory store and a clock the test sets. No server, no socket.
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };
const ana = { id: 'ana', name: 'Ana' } as Account;

/** What the course is handed: the decks, the store and a clock whose date is `iso`. */
function services(iso: string) {
  const stores = openMemoryStores();
  const clock = new MovableClock(1, 0, Date.parse(iso));
  // The archive reads the decks, the daily store and the clock, no more.
  return { stores, clock, decks } as unknown as RoomServices;
}

describe('the daily archive', () => {
  it('plays a day once it is over, never today, a day to come or before the first', () => {
    const at = services('2026-03-10T00:30:00Z');
    expect(archiveRefusal('2026-03-08', at)).toBeUndefined();
    // Yesterday is over an hour into today.
    expect(archiveRefusal('2026-03-09', at)).toBe(
      'the daily puzzle of 2026-03-09 is still being played: play it from the daily puzzle',
    );
    expect(archiveRefusal('2026-03-09', services('2026-03-10T01:00:00Z'))).toBeUndefined();
    expect(archiveRefusal('2026-03-10', at)).toBe(
      'the daily puzzle of 2026-03-10 is still being played: play it from the daily puzzle',
    );
    expect(archiveRefusal('2026-03-11', at)).toBe('the daily puzzle of 2026-03-11 is not out yet');
    expect(archiveRefusal('2025-12-31', at)).toBe('there is no daily puzzle on 2025-12-31');
  });

  it('deals that day’s task, and refuses a day to come with its reason', async () => {
    const at = services('2026-03-10T12:00:00Z');
    const plan = await archiveCourse.plan({ kind: 'archive', date: '2026-02-14' }, { account: ana }, at);
    const daily = await dailyTaskOn(decks, at.stores, '2026-02-14');
    expect(plan.ok && plan.value).toMatchObject({
      edition: daily?.edition,
      mode: 'count',
      limit: 1,
      tasks: [daily?.task],
    });
    expect(await archiveCourse.plan({ kind: 'archive', date: '2026-03-12' }, { account: ana }, at)).toEqual({
      ok: false,
      error: 'the daily puzzle of 2026-03-12 is not out yet',
    });
    expect((await archiveCourse.plan({ kind: 'archive', date: '2026-02-14' }, { account: undefined }, at)).ok).toBe(
      false,
    );
  });

  it('counts for nothing: no attempt of the day, no place, no board', async () => {
    const at = services('2026-03-10T12:00:00Z');
    const course = { kind: 'archive', date: '2026-02-14' } as const;
    const plan = await archiveCourse.plan(course, { account: ana }, at);
    if (!plan.ok) throw new Error(plan.error);
    const task = plan.value.tasks[0];
    if (!task) throw new Error('no task');
    const outcome = await archiveCourse.recorded?.(
      course,
      plan.value,
      { account: ana },
      {
        id: 1,
        result: { mode: 'count', limit: 1, side: task.side, solved: 1, skipped: 0, ms: 41_000 },
        puzzles: [{ ...task, outcome: 'solved', ms: 41_000 }],
        verified: true,
        held: false,
        finishedAt: at.clock.now(),
      },
      at,
    );
    expect(outcome).toEqual({
      kind: 'daily',
      date: '2026-02-14',
      counted: false,
      solved: true,
      ms: 41_000,
      place: null,
      streak: 0,
    });
    expect(await at.stores.daily.dailyAttempt('ana', '2026-02-14')).toBeUndefined();
    expect(await at.stores.daily.dailyBoard('2026-02-14', { top: 10 })).toEqual([]);
  });
});
