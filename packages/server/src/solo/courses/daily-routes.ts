import type { DailyAnswer } from '@ubongo/core';
import {
  DAILY_EPOCH,
  dailyDateAdd,
  dailyDateOf,
  dailyDayOf,
  dailyOverAt,
  isDailyDate,
  puzzleOf,
  taskOf,
} from '@ubongo/core';
import { z } from 'zod';
import { attemptView, dailyTaskOn, streakOf, yesterdayOf } from './daily.js';
import type { Http, HttpOptions } from '../../http/http-common.js';
import { Refused } from '../../http/http-common.js';
import type { Stores } from '../../storage/stores.js';
import { route } from '../../http/route.js';

const dateParams = z.object({
  date: z.string().refine(isDailyDate, { error: 'date is a day, YYYY-MM-DD' }),
});

const boardQuery = z.object({
  top: z
    .string()
    .regex(/^([1-9]|[1-9]\d|100)$/, { error: 'top is 1 to 100' })
    .optional(),
  cursor: z
    .string()
    .regex(/^(0|[1-9]\d{0,5})$/, { error: 'cursor is the next of a page before' })
    .optional(),
});

const archiveQuery = z.object({
  before: z.string().refine(isDailyDate, { error: 'before is a day, YYYY-MM-DD' }).optional(),
  top: z
    .string()
    .regex(/^([1-9]|[1-5]\d|60)$/, { error: 'top is 1 to 60' })
    .optional(),
});

/** The daily puzzle's routes (docs/protocol.md): today, a day's board, a past day's solution. */
export function dailyRoutes(
  app: Http,
  options: Omit<HttpOptions, 'stores'> & { readonly stores: Pick<Stores, 'daily'> },
): void {
  const { stores, decks, clock } = options;
  const today = (): string => dailyDateOf(clock.date());

  route(app, 'GET /api/daily', {}, async ({ me }) => {
    const date = today();
    // Yesterday's solution is out an hour into today (DAILY_GRACE_MS): until then, no day's is shown.
    const before = yesterdayOf(date);
    const answer: DailyAnswer = { date, yesterday: before && clock.date() >= dailyOverAt(before) ? before : null };
    if (!me) return answer;
    return {
      ...answer,
      attempt: await attemptView(stores, me.account.id, date),
      streak: await streakOf(stores, me.account.id, date),
    };
  });

  // The archive: the days that are over (an hour into the next), newest first, before `before`.
  route(app, 'GET /api/daily/archive', { querystring: archiveQuery }, async ({ query, me }) => {
    const now = clock.date();
    let newest = dailyDateAdd(today(), -1);
    if (now < dailyOverAt(newest)) newest = dailyDateAdd(newest, -1);
    if (query.before !== undefined && query.before > today())
      throw new Refused(400, `before is ${query.before}, a day to come: the archive holds past days only`);
    const from = query.before === undefined ? newest : [newest, dailyDateAdd(query.before, -1)].sort()[0];
    const size = query.top === undefined ? 30 : Number(query.top);
    const dates: string[] = [];
    for (let d = from ?? newest; dates.length < size && d >= DAILY_EPOCH; d = dailyDateAdd(d, -1)) dates.push(d);
    const days = await Promise.all(
      dates.map(async (date) => {
        const daily = await dailyTaskOn(decks, stores, date);
        if (!daily) throw new Error(`the schedule has no task on ${date}`);
        const base = { date, edition: daily.edition, task: daily.task };
        if (!me) return base;
        const attempt = await stores.daily.dailyAttempt(me.account.id, date);
        return { ...base, attempt: attempt ? { solved: attempt.solved, ms: attempt.ms, run: attempt.run } : null };
      }),
    );
    const last = dates.at(-1);
    return { days, next: last !== undefined && last > DAILY_EPOCH ? last : null };
  });

  route(
    app,
    'GET /api/daily/:date/board',
    { params: dateParams, querystring: boardQuery },
    async ({ params, query }) => {
      const { date } = params;
      if (!dailyDayOf(date).ok || date > today()) throw new Refused(404, `no daily puzzle on ${date}`);
      const size = query.top === undefined ? 20 : Number(query.top);
      const skip = query.cursor === undefined ? 0 : Number(query.cursor);
      const entries = await stores.daily.dailyBoard(date, { top: size + 1, offset: skip });
      return {
        date,
        entries: entries.slice(0, size).map((e, i) => ({
          place: skip + i + 1,
          account: e.accountId,
          player: e.name,
          username: e.username,
          run: e.run,
          ms: e.ms,
          reviewed: e.reviewed,
        })),
        next: entries.length > size ? String(skip + size) : null,
      };
    },
  );

  route(app, 'GET /api/daily/:date/solution', { params: dateParams }, async ({ params }) => {
    const { date } = params;
    // Today's (and a day to come) is never given away: a day's is, once the day is over.
    if (!dailyDayOf(date).ok) throw new Refused(404, `no daily puzzle on ${date}`);
    if (clock.date() < dailyOverAt(date)) throw new Refused(403, `the daily puzzle of ${date} is not over yet`);
    const daily = await dailyTaskOn(decks, stores, date);
    if (!daily) throw new Refused(404, `no daily puzzle on ${date}`);
    const deck = decks[daily.edition];
    return {
      date,
      edition: daily.edition,
      task: daily.task,
      puzzle: puzzleOf(deck, daily.task),
      solution: taskOf(deck, daily.task).solution,
    };
  });
}
